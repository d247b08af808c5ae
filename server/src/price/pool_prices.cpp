#include "price/pool_prices.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>

#include "price/mid_price.hpp"
#include "price/refresh.hpp"

namespace perch::price {

PoolPrices::PoolPrices(const swap::SwapService& swap, std::shared_ptr<const PriceSource> fallback,
                       std::chrono::milliseconds refresh_every)
    : swap_(swap), fallback_(std::move(fallback)), refresh_every_(refresh_every) {}

std::shared_ptr<const PriceTable> PoolPrices::current() const {
    auto table = table_.load();
    return table ? table : fallback_->current();
}

void PoolPrices::start(const boost::asio::any_io_executor& ex) {
    boost::asio::co_spawn(ex, refresh_loop(), boost::asio::detached);
}

bool PoolPrices::refresh() {
    const auto* deployment = swap_.deployment();
    if (!deployment) return false;
    auto usd = std::find_if(deployment->tokens.begin(), deployment->tokens.end(),
                            [](const swap::SwapToken& t) { return t.symbol == "USDC"; });
    if (usd == deployment->tokens.end()) return false;
    PriceTable table{kPoolsSource, unix_now(), {}};
    bool any_pools = false;
    // The same token on several chains has one price: the first chain that prices it gives it.
    for (auto chain_id : swap_.chain_ids()) {
        auto pools = swap_.pools(chain_id);
        if (!pools || pools->pool_count() == 0) continue;
        any_pools = true;
        for (auto& [symbol, usd_price] :
             pool_prices(*pools, deployment->tokens, *usd, deployment->weth, "ETH")) {
            table.usd.emplace(symbol, usd_price);
        }
    }
    if (!any_pools) return false;
    table_.store(std::make_shared<const PriceTable>(std::move(table)));
    return true;
}

Task<void> PoolPrices::refresh_loop() {
    bool announced = false;
    while (!stopping_) {
        try {
            if (refresh() && !announced) {
                spdlog::info("prices: from the swap pools, every {} ms", refresh_every_.count());
                announced = true;
            }
        } catch (const std::exception& e) {
            spdlog::warn("prices: pricing the pools: {}", e.what());
        }
        co_await sleep_for(refresh_every_);
    }
}

}  // namespace perch::price
