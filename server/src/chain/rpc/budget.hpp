#pragma once
// A chain's request budget: a token bucket over calls (providers count each call of a batch), kept
// as the time the bucket would be full again. Booking never blocks: it says how long to wait, and
// the caller waits on a timer. A provider's Retry-After holds every caller of the chain.
#include <chrono>
#include <mutex>

namespace perch::chain::rpc {

class RequestBudget {
  public:
    using Clock = std::chrono::steady_clock;
    // per_second 0: no budget (only Retry-After holds). burst: calls that may go at once.
    RequestBudget(double per_second, double burst);

    // Books `calls` calls; returns how long to wait before sending them.
    Clock::duration reserve(double calls, Clock::time_point now);
    // Nobody sends before `until` (a provider's Retry-After); after it, one caller probes alone.
    void hold_until(Clock::time_point until);
    // Zero when a caller may send now, else how long to wait before asking again. While the
    // provider is throttling, the first caller after the hold probes and the others wait for its
    // answer: a throttled provider that gets every waiting caller at once extends the throttle.
    Clock::duration admit(Clock::time_point now);
    // The provider answered without a rate limit: every caller may send again.
    void answered();

  private:
    std::mutex mutex_;
    double per_second_;
    Clock::duration tolerance_;
    Clock::time_point full_at_{};  // the bucket is full (again) from this time on
    Clock::time_point held_until_{};
    bool throttled_ = false;           // held since the last answer without a rate limit
    Clock::time_point probe_until_{};  // a probe is out: the others wait until then at most
};

}  // namespace perch::chain::rpc
