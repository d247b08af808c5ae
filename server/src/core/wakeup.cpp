#include "core/wakeup.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <utility>

namespace perch {
namespace asio = boost::asio;

Task<bool> Wakeup::wait(std::chrono::milliseconds d) {
    if (std::exchange(pending_, false)) co_return true;
    timer_.expires_after(d);
    auto [ec] = co_await timer_.async_wait(asio::as_tuple(asio::use_awaitable));
    pending_ = false;
    co_return ec == asio::error::operation_aborted;
}

void Wakeup::notify() {
    pending_ = true;
    timer_.cancel();
}

}  // namespace perch
