#pragma once
// The maker's public dashboard, pure: completion times per route (median and p95) and volume per
// token over a window, from the completed orders the store reads. The API caches and shapes them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/u256.hpp"

namespace perch::bridge {

// Median of `values`: the middle one, or the mean of the two middle ones; nullopt when empty.
std::optional<double> median(std::vector<std::int64_t> values);
// The p-th percentile (0 < p <= 100) by nearest rank: the smallest value with at least p % of the
// values at or below it, so it is always one of the values; nullopt when empty.
std::optional<std::int64_t> percentile(std::vector<std::int64_t> values, double p);

// One completed order: its route, what it carried and how long it took.
struct CompletedOrder {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    unsigned decimals = 18;
    chain::U256 amount;
    std::int64_t created_at = 0;    // unix seconds, the deposit first seen
    std::int64_t completed_at = 0;  // unix seconds, the payout mined
};

struct RouteTimes {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    std::int64_t completed = 0;
    double median_seconds = 0;
    std::int64_t p95_seconds = 0;
};

// Per (source, destination, token), ordered by those: completion = completed_at − created_at
// (never negative).
std::vector<RouteTimes> route_times(const std::vector<CompletedOrder>& orders);

struct TokenVolume {
    std::string token;
    unsigned decimals = 18;
    chain::U256 amount;  // raw units; saturates rather than wraps
    std::int64_t orders = 0;
};

// The amounts of orders completed at or after `since`, per token (ordered by symbol).
std::vector<TokenVolume> volume_since(const std::vector<CompletedOrder>& orders,
                                      std::int64_t since);

}  // namespace perch::bridge
