#pragma once
// Storage of the portfolio's watch list and daily snapshots (migration 0021). A visit and the
// cap on watched addresses are checked in one write transaction, so concurrent first visits can
// never push the list past its cap.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

struct WatchedAddress {
    std::string address;  // lower case
    std::int64_t last_visit = 0;
    std::string last_snapshot_day;  // YYYY-MM-DD, or "" before the first snapshot
};

struct PortfolioSnapshot {
    std::string day;  // YYYY-MM-DD (UTC)
    std::int64_t total_usd_cents = 0;
};

class PortfolioStore {
  public:
    virtual ~PortfolioStore() = default;
    // Records a visit at `now`: true when the address is watched (already, or newly), false when
    // it is new and `max_watched` addresses are watched already (nothing changes then).
    virtual Task<bool> visit(std::string address, std::int64_t now, std::int64_t max_watched) = 0;
    virtual Task<std::vector<WatchedAddress>> watched() = 0;
    // Stops watching addresses last visited before `last_visit_before`; how many. Their
    // snapshots stay (history still answers).
    virtual Task<std::int64_t> unwatch_before(std::int64_t last_visit_before) = 0;
    // The day's snapshot, kept once (a second one for the same day changes nothing), and the
    // address marked done for that day, together.
    virtual Task<void> add_snapshot(std::string address, std::string day,
                                    std::int64_t total_usd_cents, std::int64_t taken_at) = 0;
    // An address's snapshots, oldest day first.
    virtual Task<std::vector<PortfolioSnapshot>> history(std::string address) = 0;
};

std::unique_ptr<PortfolioStore> open_portfolio_store(Store& store);

}  // namespace perch::store
