#include "price/sources.hpp"

#include <spdlog/spdlog.h>

#include "price/refresh.hpp"

namespace perch::price {

PriceTable fixed_table(const PriceSettings& settings, std::int64_t as_of) {
    return PriceTable{"config", as_of, settings.fixed};
}

ConfiguredPrices::ConfiguredPrices(const PriceSettings& settings, const swap::SwapService& swap) {
    auto fixed = std::make_shared<const FixedPrices>(fixed_table(settings, unix_now()));
    if (settings.source == "pools" && !swap.deployment()) {
        spdlog::warn("prices: the source is pools but the chain profile deploys none; fixed");
    } else if (settings.source == "pools") {
        pools_ = std::make_shared<PoolPrices>(swap, fixed, settings.refresh);
        source_ = pools_;
        return;
    } else if (settings.source == "http") {
        http_ = std::make_shared<HttpPrices>(
            HttpPriceOptions{settings.url, settings.refresh, settings.stale_after_seconds}, fixed);
        source_ = http_;
        return;
    }
    source_ = fixed;
}

void ConfiguredPrices::start(const boost::asio::any_io_executor& ex) {
    if (pools_) pools_->start(ex);
    if (http_) http_->start(ex);
}

void ConfiguredPrices::stop() {
    if (pools_) pools_->stop();
    if (http_) http_->stop();
}

}  // namespace perch::price
