#pragma once
// A bounded map whose entries expire a fixed time after they were stored. Full, it drops the
// oldest entry (with one time to live for all, also the first to expire). Not thread-safe: the
// owner locks. The time is passed in, so tests need no clock.
#include <chrono>
#include <cstddef>
#include <list>
#include <map>
#include <optional>

namespace perch::names {

template <class Key, class Value>
class TtlCache {
  public:
    using Clock = std::chrono::steady_clock;

    TtlCache(Clock::duration ttl, std::size_t max_entries) : ttl_(ttl), max_entries_(max_entries) {}

    std::optional<Value> find(const Key& key, Clock::time_point now) const {
        auto it = entries_.find(key);
        if (it == entries_.end() || now - it->second.stored >= ttl_) return std::nullopt;
        return it->second.value;
    }

    void put(const Key& key, Value value, Clock::time_point now) {
        if (auto it = entries_.find(key); it != entries_.end()) erase(it);
        drop_expired(now);
        while (!entries_.empty() && entries_.size() >= max_entries_)
            erase(entries_.find(order_.front()));
        if (max_entries_ == 0) return;
        order_.push_back(key);
        entries_.emplace(key, Entry{std::move(value), now, std::prev(order_.end())});
    }

    std::size_t size() const { return entries_.size(); }

  private:
    struct Entry {
        Value value;
        Clock::time_point stored;
        typename std::list<Key>::iterator position;  // in order_
    };
    using Entries = std::map<Key, Entry>;

    void erase(typename Entries::iterator it) {
        order_.erase(it->second.position);
        entries_.erase(it);
    }

    void drop_expired(Clock::time_point now) {
        while (!order_.empty()) {
            auto oldest = entries_.find(order_.front());
            if (now - oldest->second.stored < ttl_) return;
            erase(oldest);
        }
    }

    Clock::duration ttl_;
    std::size_t max_entries_;
    Entries entries_;
    std::list<Key> order_;  // oldest stored first
};

}  // namespace perch::names
