#pragma once
// The public status page's numbers, pure: per route and token, how long orders took from their
// deposit to their payout (p50 / p95 / p99) over the last hour, day and week, how many there were,
// and how many were refunded with the median time and cost of a refund. The store reads the
// orders, the API caches and shapes the answer (api/status_api.cpp).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bridge/quote.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

// What became of an order, as far as these numbers care.
enum class FillOutcome { open, completed, refunded, other };

// One order of a window: its route, when its deposit was made and when it ended (its payout or
// refund mined; 0 while open), and what its refund kept back (base units of the deposited token).
struct FillRecord {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    unsigned decimals = 18;
    FillOutcome outcome = FillOutcome::open;
    std::int64_t deposited_at = 0;  // unix seconds
    std::int64_t ended_at = 0;      // unix seconds, 0: not ended
    chain::U256 refund_cost;
};

// The windows every figure is given for; an order belongs to a window by its deposit's time.
struct StatsWindow {
    std::string_view name;
    std::int64_t seconds = 0;
};
inline constexpr std::array<StatsWindow, 3> kStatsWindows{
    {{"1h", 3600}, {"24h", 86400}, {"7d", 7 * 86400}}};

struct WindowStats {
    std::string_view window;
    std::int64_t orders = 0;  // deposited in the window, whatever became of them
    std::int64_t completed = 0;
    // Deposit to payout, seconds, by nearest rank (always one of the observed times); nullopt
    // when nothing completed in the window.
    std::optional<std::int64_t> p50_seconds;
    std::optional<std::int64_t> p95_seconds;
    std::optional<std::int64_t> p99_seconds;
    std::int64_t refunds = 0;
    std::optional<double> refund_median_seconds;  // deposit to refund mined
    // The median refund's cost by nearest rank (one of the costs: no half base units).
    std::optional<chain::U256> refund_median_cost;
};

struct RouteStats {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    unsigned decimals = 18;
    std::array<WindowStats, kStatsWindows.size()> windows;  // in kStatsWindows' order
};

// How long an ended order took (never negative: clocks of a deposit's block and of the payer's
// receipt may disagree by a second).
std::int64_t seconds_taken(const FillRecord& record);

// Per (source, destination, token), ordered by those, every window's figures at `now`. Orders
// deposited after `now` or before the widest window are left out.
std::vector<RouteStats> fill_stats(const std::vector<FillRecord>& records, std::int64_t now);

// The window a quote's live fill time comes from: a day holds enough orders to be stable, and is
// recent enough to follow a slow chain.
inline constexpr std::size_t kQuoteWindow = 1;  // kStatsWindows[1], 24h
// The p50 a quote answers with for this route, from `stats` (nullopt: no order completed on it in
// kQuoteWindow, the route's configured time stands).
std::optional<std::int64_t> quoted_fill_seconds(const std::vector<RouteStats>& stats,
                                                std::int64_t src, std::int64_t dst,
                                                std::string_view token);

// What a refund kept back of its deposit, by the payer's rule (maker/payer.cpp): a token's
// refund costs the route's transaction cost on the source chain, the native coin's the
// transfer's gas budget at the refund's first signed max fee; plus what a reverted swap burned.
chain::U256 refund_cost(const RouteTable& routes, const std::string& token, bool native,
                        std::int64_t source_chain, const chain::U256& max_fee_per_gas,
                        const chain::U256& deduction);

// A chain's head has stopped when no new head came for ten of its blocks, and at least a minute
// (a chain a block a second is not "stopped" for a few slow seconds).
bool head_stopped(std::int64_t seconds_since_new_head, std::int64_t block_time_ms);

}  // namespace perch::bridge
