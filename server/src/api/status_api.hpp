#pragma once
// The public status page's figures shared with the quote: per route and token, fill times over
// the last hour, day and week (bridge/fill_stats.hpp), read from the store at most every few
// seconds whoever asks.
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bridge/fill_stats.hpp"
#include "core/task.hpp"

namespace perch::api {

struct Services;

class FillTimes {
  public:
    using Stats = std::shared_ptr<const std::vector<bridge::RouteStats>>;
    // The figures at most kKeepFor old (the first caller after that reads the store again).
    Task<Stats> current(Services& s);
    // The route's live p50 for a quote (nullopt: no order completed on it in the quote's window).
    Task<std::optional<std::int64_t>> quoted_seconds(Services& s, std::int64_t src,
                                                     std::int64_t dst, std::string token);

    static constexpr std::chrono::seconds kKeepFor{5};

  private:
    std::mutex mutex_;
    Stats stats_;
    std::chrono::steady_clock::time_point read_at_;
};

}  // namespace perch::api
