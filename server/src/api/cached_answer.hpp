#pragma once
// An answer that is the same for every visitor, kept a few seconds: shared by every connection's
// thread. One request at a time rebuilds it when it is older than its time; the others meanwhile
// get the previous answer (only the first requests wait for a build).
#include <boost/json/object.hpp>
#include <chrono>
#include <mutex>
#include <optional>

#include "core/task.hpp"

namespace perch::api {

class CachedAnswer {
  public:
    explicit CachedAnswer(std::chrono::seconds keep_for) : keep_for_(keep_for) {}

    // The kept answer, or build()'s (a callable returning Task<boost::json::object>).
    template <class Build>
    Task<boost::json::object> get(Build build) {
        if (auto kept = take_or_claim()) co_return std::move(*kept);
        std::optional<boost::json::object> built;
        try {
            built = co_await build();
        } catch (...) {
            release();
            throw;
        }
        store(*built);
        co_return std::move(*built);
    }

  private:
    // The kept answer when fresh (or when another request is rebuilding it); otherwise nullopt,
    // and this caller rebuilds.
    std::optional<boost::json::object> take_or_claim() {
        std::lock_guard lock(mutex_);
        bool fresh = value_ && std::chrono::steady_clock::now() - built_ < keep_for_;
        if (fresh || (value_ && rebuilding_)) return value_;
        rebuilding_ = true;
        return std::nullopt;
    }
    void release() {
        std::lock_guard lock(mutex_);
        rebuilding_ = false;
    }
    void store(const boost::json::object& value) {
        std::lock_guard lock(mutex_);
        value_ = value;
        built_ = std::chrono::steady_clock::now();
        rebuilding_ = false;
    }

    std::chrono::seconds keep_for_;
    std::mutex mutex_;
    std::chrono::steady_clock::time_point built_;
    std::optional<boost::json::object> value_;
    bool rebuilding_ = false;
};

}  // namespace perch::api
