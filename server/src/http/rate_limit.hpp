#pragma once
// Token-bucket rate limits per route group, counted per client IP and per wallet address named by
// the request. Buckets live in sharded maps (a short lock per request, never across an await).
// A full shard first forgets full buckets (the same as no bucket), then the least recently used
// half, so memory stays bounded even under a flood of new addresses.
#include <array>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/config.hpp"

namespace perch::http {

using RateClock = std::chrono::steady_clock;

// One bucket: pure arithmetic, unit-tested.
struct TokenBucket {
    double tokens = 0;
    RateClock::time_point updated{};

    // Takes one token under `rule`; when none is left, returns how long until one is there.
    std::optional<std::chrono::milliseconds> take(const RateRule& rule, RateClock::time_point now);
    bool full(const RateRule& rule, RateClock::time_point now) const;
};

struct RateVerdict {
    const RateGroup* group = nullptr;  // the group that refused, or null when allowed
    std::chrono::seconds retry_after{0};
};

class RateLimiter {
  public:
    explicit RateLimiter(std::vector<RateGroup> groups);

    // The first group matching the method and path, or null (not limited).
    const RateGroup* group_of(std::string_view method, std::string_view path) const;
    // Counts one request of `client_ip`, and of `address` when not empty, in their group.
    RateVerdict admit(std::string_view method, std::string_view path, std::string_view client_ip,
                      std::string_view address, RateClock::time_point now = RateClock::now());
    std::size_t bucket_count() const;

  private:
    static constexpr std::size_t kShards = 16;
    static constexpr std::size_t kMaxPerShard = 8192;
    struct Entry {
        TokenBucket bucket;
        const RateRule* rule = nullptr;  // a rule of groups_, which never changes
    };
    struct Shard {
        mutable std::mutex mutex;
        std::unordered_map<std::string, Entry> buckets;
    };
    std::optional<std::chrono::milliseconds> take(const std::string& key, const RateRule& rule,
                                                  RateClock::time_point now);
    static void prune(Shard& shard, RateClock::time_point now);

    std::vector<RateGroup> groups_;
    std::array<Shard, kShards> shards_;
};

}  // namespace perch::http
