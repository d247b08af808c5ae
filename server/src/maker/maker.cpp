#include "maker/maker.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace perch::maker {
namespace asio = boost::asio;

Maker::Maker(asio::io_context& ctx, store::OrderStore& orders, const bridge::RouteTable& routes,
             balance::BalanceService& balances, chain::Address depositor, chain::PrivateKey key,
             MakerOptions options)
    : ctx_(ctx),
      orders_(orders),
      routes_(routes),
      balances_(balances),
      depositor_(depositor),
      key_(std::move(key)),
      address_(key_.address()),
      options_(options) {}

void Maker::start(const std::vector<std::int64_t>& chain_ids) {
    chains_.insert(chain_ids.begin(), chain_ids.end());
    for (auto id : chain_ids) {
        auto on_error = [id](const std::exception_ptr& e) {
            if (!e) return;
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& ex) {
                spdlog::error("maker: loop of chain {} ended: {}", id, ex.what());
            }
        };
        asio::co_spawn(ctx_, watch_loop(id), on_error);
        asio::co_spawn(ctx_, pay_loop(id), on_error);
    }
    spdlog::info("maker {} watching and paying on {} chains (confirmations {}, large {})",
                 address_.lower_hex(), chain_ids.size(), options_.confirmations,
                 options_.large_confirmations);
}

Task<void> Maker::sleep(std::chrono::milliseconds d) {
    asio::steady_timer timer(co_await asio::this_coro::executor, d);
    co_await timer.async_wait(asio::use_awaitable);
}

}  // namespace perch::maker
