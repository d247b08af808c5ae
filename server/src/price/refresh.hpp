#pragma once
// What the refreshing price sources share: the wall clock and a timer sleep.
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <chrono>
#include <cstdint>

#include "core/clock.hpp"
#include "core/task.hpp"

namespace perch::price {

inline Task<void> sleep_for(std::chrono::milliseconds d) {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor, d);
    co_await timer.async_wait(boost::asio::as_tuple(boost::asio::use_awaitable));
}

}  // namespace perch::price
