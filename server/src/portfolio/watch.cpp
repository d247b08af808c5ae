#include "portfolio/watch.hpp"

#include <chrono>
#include <cstdio>

namespace perch::portfolio {

std::string utc_day(std::int64_t unix_seconds) {
    using namespace std::chrono;
    auto day = floor<days>(sys_seconds{seconds{unix_seconds}});
    year_month_day ymd{day};
    char text[16];
    std::snprintf(text, sizeof text, "%04d-%02u-%02u", static_cast<int>(ymd.year()),
                  static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()));
    return text;
}

bool expired(std::int64_t last_visit, std::int64_t now, std::int64_t expire_days) {
    return now - last_visit > expire_days * kSecondsPerDay;
}

std::vector<std::string> due_for_snapshot(const std::vector<store::WatchedAddress>& watched,
                                          std::int64_t now, std::int64_t expire_days) {
    auto today = utc_day(now);
    std::vector<std::string> out;
    for (const auto& w : watched) {
        // Days compare as text: YYYY-MM-DD sorts as it counts, and "" is before every day.
        if (w.last_snapshot_day < today && !expired(w.last_visit, now, expire_days))
            out.push_back(w.address);
    }
    return out;
}

}  // namespace perch::portfolio
