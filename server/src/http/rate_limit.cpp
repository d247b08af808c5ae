#include "http/rate_limit.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

#include "http/client_ip.hpp"
#include "http/router.hpp"

namespace perch::http {

namespace {

double refill_per_ms(const RateRule& rule) {
    return rule.per_minute / 60000.0;
}

double tokens_at(const TokenBucket& b, const RateRule& rule, RateClock::time_point now) {
    auto elapsed = std::chrono::duration<double, std::milli>(now - b.updated).count();
    return std::min(rule.burst, b.tokens + std::max(0.0, elapsed) * refill_per_ms(rule));
}

}  // namespace

std::optional<std::chrono::milliseconds> TokenBucket::take(const RateRule& rule,
                                                           RateClock::time_point now) {
    if (rule.burst <= 0) return std::nullopt;  // no limit
    tokens = updated == RateClock::time_point{} ? rule.burst : tokens_at(*this, rule, now);
    updated = now;
    if (tokens >= 1) {
        tokens -= 1;
        return std::nullopt;
    }
    auto wait_ms = std::ceil((1 - tokens) / refill_per_ms(rule));
    return std::chrono::milliseconds(static_cast<std::int64_t>(wait_ms));
}

bool TokenBucket::full(const RateRule& rule, RateClock::time_point now) const {
    return tokens_at(*this, rule, now) >= rule.burst;
}

RateLimiter::RateLimiter(std::vector<RateGroup> groups) : groups_(std::move(groups)) {
    // A prefix written "/api//auth/" must still match the normalized "/api/auth/nonce"; a
    // trailing slash stays, since it says "this folder" rather than "any name starting so".
    for (auto& g : groups_) {
        for (auto& prefix : g.paths) {
            bool folder = prefix.ends_with('/');
            prefix = normalize_path(prefix);
            if (folder && prefix != "/") prefix += '/';
        }
    }
}

const RateGroup* RateLimiter::group_of(std::string_view method, std::string_view path) const {
    for (const auto& g : groups_) {
        bool method_ok = g.methods.empty() ||
                         std::find(g.methods.begin(), g.methods.end(), method) != g.methods.end();
        bool path_ok = std::any_of(g.paths.begin(), g.paths.end(),
                                   [&](const std::string& p) { return path.starts_with(p); });
        if (method_ok && path_ok) return &g;
    }
    return nullptr;
}

std::optional<std::chrono::milliseconds> RateLimiter::take(const std::string& key,
                                                           const RateRule& rule,
                                                           RateClock::time_point now) {
    auto& shard = shards_[std::hash<std::string>{}(key) % kShards];
    std::lock_guard lock(shard.mutex);
    if (shard.buckets.size() >= kMaxPerShard && !shard.buckets.contains(key)) prune(shard, now);
    auto& entry = shard.buckets[key];
    entry.rule = &rule;
    return entry.bucket.take(rule, now);
}

// Each prune at least halves the shard, so its cost per request stays constant on average.
void RateLimiter::prune(Shard& shard, RateClock::time_point now) {
    std::erase_if(shard.buckets,
                  [&](const auto& kv) { return kv.second.bucket.full(*kv.second.rule, now); });
    const std::size_t keep = kMaxPerShard / 2;
    if (shard.buckets.size() <= keep) return;
    std::vector<std::pair<RateClock::time_point, const std::string*>> by_age;
    by_age.reserve(shard.buckets.size());
    for (const auto& [key, entry] : shard.buckets) by_age.emplace_back(entry.bucket.updated, &key);
    auto cut = by_age.end() - static_cast<std::ptrdiff_t>(keep);
    std::nth_element(by_age.begin(), cut, by_age.end());
    std::vector<std::string> evict;
    evict.reserve(static_cast<std::size_t>(cut - by_age.begin()));
    for (auto it = by_age.begin(); it != cut; ++it) evict.push_back(*it->second);
    for (const auto& key : evict) shard.buckets.erase(key);
}

RateVerdict RateLimiter::admit(std::string_view method, std::string_view path,
                               std::string_view client_ip, std::string_view address,
                               RateClock::time_point now) {
    const auto* group = group_of(method, path);
    if (!group) return {};
    auto refuse = [&](std::chrono::milliseconds wait) {
        auto seconds = std::chrono::ceil<std::chrono::seconds>(wait);
        return RateVerdict{group, std::max(seconds, std::chrono::seconds(1))};
    };
    if (group->per_ip.burst > 0) {
        if (auto wait = take(group->name + "|ip|" + client_key(client_ip), group->per_ip, now))
            return refuse(*wait);
    }
    if (group->per_address.burst > 0 && !address.empty()) {
        if (auto wait =
                take(group->name + "|addr|" + std::string(address), group->per_address, now))
            return refuse(*wait);
    }
    return {};
}

std::size_t RateLimiter::bucket_count() const {
    std::size_t n = 0;
    for (const auto& shard : shards_) {
        std::lock_guard lock(shard.mutex);
        n += shard.buckets.size();
    }
    return n;
}

struct ConcurrencyCap::State {
    mutable std::mutex mutex;
    std::unordered_map<std::string, std::size_t> held;  // only clients holding at least one
};

ConcurrencyCap::ConcurrencyCap(std::size_t cap) : cap_(cap), state_(std::make_shared<State>()) {}

std::optional<ConcurrencyCap::Slot> ConcurrencyCap::acquire(const std::string& client) {
    if (cap_ == 0) return Slot{};
    std::lock_guard lock(state_->mutex);
    auto& n = state_->held[client];
    if (n >= cap_) return std::nullopt;  // n > 0 here: the entry existed before
    ++n;
    return Slot(state_, client);
}

std::size_t ConcurrencyCap::held(const std::string& client) const {
    std::lock_guard lock(state_->mutex);
    auto it = state_->held.find(client);
    return it == state_->held.end() ? 0 : it->second;
}

void ConcurrencyCap::Slot::release() {
    if (!state_) return;
    std::lock_guard lock(state_->mutex);
    auto it = state_->held.find(key_);
    if (it != state_->held.end() && --it->second == 0) state_->held.erase(it);
    state_.reset();
}

ConcurrencyCap::Slot& ConcurrencyCap::Slot::operator=(Slot&& other) noexcept {
    if (this != &other) {
        release();
        state_ = std::move(other.state_);
        key_ = std::move(other.key_);
    }
    return *this;
}

ConcurrencyCap::Slot::~Slot() {
    release();
}

}  // namespace perch::http
