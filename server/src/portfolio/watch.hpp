#pragma once
// Which watched addresses get a snapshot (pure): one per address per UTC day, for addresses
// visited within the last `expire_days` days.
#include <cstdint>
#include <string>
#include <vector>

#include "store/portfolio_store.hpp"

namespace perch::portfolio {

inline constexpr std::int64_t kSecondsPerDay = 86400;

// "YYYY-MM-DD" of a unix time (UTC).
std::string utc_day(std::int64_t unix_seconds);

// Whether an address last visited at `last_visit` is no longer watched at `now`.
bool expired(std::int64_t last_visit, std::int64_t now, std::int64_t expire_days);

// The addresses that need the snapshot of the day `now` falls on: watched (not expired) and not
// yet snapshotted that day. In the order given.
std::vector<std::string> due_for_snapshot(const std::vector<store::WatchedAddress>& watched,
                                          std::int64_t now, std::int64_t expire_days);

}  // namespace perch::portfolio
