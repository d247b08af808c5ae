#include "core/poll_loop.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <exception>

namespace perch {

Task<void> poll_until_stopped(const std::atomic<bool>& stopping, std::chrono::milliseconds poll,
                              std::string who, std::function<Task<bool>()> read) {
    boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor);
    int failures = 0;
    while (!stopping) {
        bool caught_up = false;
        try {
            caught_up = co_await read();
            if (failures > 0) spdlog::info("{} reading again", who);
            failures = 0;
        } catch (const std::exception& e) {
            if (failures++ == 0) spdlog::warn("{}: {}", who, e.what());
        }
        if (caught_up || failures > 0) {
            timer.expires_after(poll);
            boost::system::error_code ec;
            co_await timer.async_wait(boost::asio::redirect_error(boost::asio::use_awaitable, ec));
        }
    }
}

}  // namespace perch
