#pragma once
// A sleep another coroutine can cut short: a loop waits for its poll interval or until someone
// has work for it (a new head, a queued order, a claim), whichever comes first. Not thread-safe:
// the waiter and the notifiers run on one executor.
#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>

#include "core/task.hpp"

namespace perch {

class Wakeup {
  public:
    explicit Wakeup(const boost::asio::any_io_executor& executor) : timer_(executor) {}
    // Waits up to `d`; true when notified (before or during the wait), false when the time ran out.
    Task<bool> wait(std::chrono::milliseconds d);
    void notify();

  private:
    boost::asio::steady_timer timer_;
    bool pending_ = false;
};

}  // namespace perch
