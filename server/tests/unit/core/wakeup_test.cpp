// Wakeup, the sleep another loop can cut short: a notify before the wait ends it at once,
// one during the wait ends it early, and without one the wait runs its time.
#include "core/wakeup.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>

using perch::Wakeup;
using namespace std::chrono_literals;
namespace asio = boost::asio;

namespace {

struct Timed {
    bool woken = false;
    std::chrono::steady_clock::duration took{};
};

perch::Task<Timed> timed_wait(Wakeup& w, std::chrono::milliseconds d) {
    auto start = std::chrono::steady_clock::now();
    Timed t;
    t.woken = co_await w.wait(d);
    t.took = std::chrono::steady_clock::now() - start;
    co_return t;
}

Timed run(asio::io_context& io, Wakeup& w, std::chrono::milliseconds d) {
    auto f = asio::co_spawn(io, timed_wait(w, d), asio::use_future);
    io.restart();
    io.run();
    return f.get();
}

}  // namespace

TEST(Wakeup, TimesOutWithoutANotify) {
    asio::io_context io;
    Wakeup w(io.get_executor());
    auto t = run(io, w, 30ms);
    EXPECT_FALSE(t.woken);
    EXPECT_GE(t.took, 30ms);
}

TEST(Wakeup, ANotifyBeforeTheWaitEndsItAtOnceAndOnlyOnce) {
    asio::io_context io;
    Wakeup w(io.get_executor());
    w.notify();
    w.notify();  // two notifies before one wait: one wake-up
    auto first = run(io, w, 5000ms);
    EXPECT_TRUE(first.woken);
    EXPECT_LT(first.took, 1000ms);
    auto second = run(io, w, 20ms);
    EXPECT_FALSE(second.woken);
}

TEST(Wakeup, ANotifyDuringTheWaitEndsItEarly) {
    asio::io_context io;
    Wakeup w(io.get_executor());
    asio::steady_timer later(io, 20ms);
    later.async_wait([&](const boost::system::error_code&) { w.notify(); });
    auto t = run(io, w, 5000ms);
    EXPECT_TRUE(t.woken);
    EXPECT_LT(t.took, 2000ms);
    // The notify comes 20 ms after the timer was set, which is a little before run() starts its
    // clock: the wait lasted until about then (not ended at once), never the full 5 s.
    EXPECT_GE(t.took, 10ms);
}
