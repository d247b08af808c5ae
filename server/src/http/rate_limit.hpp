#pragma once
// Token-bucket rate limits per route group, counted per client IP and per wallet address named by
// the request. Buckets live in sharded maps (a short lock per request, never across an await).
// A full shard first forgets full buckets (the same as no bucket), then the least recently used
// half, so memory stays bounded even under a flood of new addresses.
#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
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
    // The groups' path prefixes are normalized as request paths are.
    explicit RateLimiter(std::vector<RateGroup> groups);

    // The first group matching the method and path, or null (not limited).
    const RateGroup* group_of(std::string_view method, std::string_view path) const;
    // Counts one request of `client_ip` (by its client_key: an IPv6 client by its /64), and of
    // `address` when not empty, in their group. `path` is a normalized path (normalize_path).
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

// How many things of one kind (open connections, order streams) each client holds at once. A slot
// is taken when one opens and given back when its Slot is destroyed; a client at its cap gets no
// slot. Safe from any thread: the count lives behind a mutex, held only to add or subtract.
class ConcurrencyCap {
    struct State;

  public:
    class Slot {
      public:
        Slot() = default;
        Slot(Slot&& other) noexcept = default;
        Slot& operator=(Slot&& other) noexcept;
        Slot(const Slot&) = delete;
        Slot& operator=(const Slot&) = delete;
        ~Slot();

      private:
        friend class ConcurrencyCap;
        Slot(std::shared_ptr<State> state, std::string key)
            : state_(std::move(state)), key_(std::move(key)) {}
        void release();
        std::shared_ptr<State> state_;  // null: holds nothing
        std::string key_;
    };

    // cap 0: no cap (every acquire succeeds and counts nothing).
    explicit ConcurrencyCap(std::size_t cap);
    std::size_t cap() const { return cap_; }
    // A slot for `client` (a client_key), or nullopt when the client holds `cap` already.
    std::optional<Slot> acquire(const std::string& client);
    // How many slots `client` holds now.
    std::size_t held(const std::string& client) const;

  private:
    std::size_t cap_;
    std::shared_ptr<State> state_;  // shared with the slots, which may outlive this object
};

}  // namespace perch::http
