#include "chain/rpc/budget.hpp"

#include <algorithm>

namespace perch::chain::rpc {

namespace {
RequestBudget::Clock::duration seconds(double s) {
    return std::chrono::duration_cast<RequestBudget::Clock::duration>(
        std::chrono::duration<double>(s));
}
}  // namespace

RequestBudget::RequestBudget(double per_second, double burst)
    : per_second_(per_second),
      // `burst` calls fit at once: the first costs nothing against the tolerance.
      tolerance_(per_second > 0 ? seconds((std::max(1.0, burst) - 1) / per_second)
                                : Clock::duration::zero()) {}

RequestBudget::Clock::duration RequestBudget::reserve(double calls, Clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (per_second_ <= 0) return std::max(Clock::duration::zero(), held_until_ - now);
    // The bucket holds `tolerance_` worth of calls; each booking pushes `full_at_` forward by
    // what it costs, and may go once `full_at_` is within the tolerance of now.
    auto base = std::max(full_at_, now);
    auto send_at = std::max(base - tolerance_, held_until_);
    full_at_ = std::max(base, send_at) + seconds(calls / per_second_);
    return std::max(Clock::duration::zero(), send_at - now);
}

void RequestBudget::hold_until(Clock::time_point until) {
    std::lock_guard lock(mutex_);
    held_until_ = std::max(held_until_, until);
    throttled_ = true;
}

RequestBudget::Clock::duration RequestBudget::admit(Clock::time_point now) {
    // A probe that never reports (a hang, a reset) frees the next caller after this long.
    constexpr auto kProbeWindow = std::chrono::seconds(1);
    constexpr auto kLookAgain = std::chrono::milliseconds(100);
    std::lock_guard lock(mutex_);
    if (now < held_until_) return held_until_ - now;
    if (!throttled_) return Clock::duration::zero();
    // Waiters look again every 100 ms, so they go soon after the probe is answered.
    if (now < probe_until_) return std::min<Clock::duration>(probe_until_ - now, kLookAgain);
    probe_until_ = now + kProbeWindow;  // this caller is the probe
    return Clock::duration::zero();
}

void RequestBudget::answered() {
    std::lock_guard lock(mutex_);
    throttled_ = false;
    probe_until_ = {};
}

}  // namespace perch::chain::rpc
