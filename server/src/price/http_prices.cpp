#include "price/http_prices.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <stdexcept>

#include "price/feed.hpp"
#include "price/refresh.hpp"

namespace perch::price {

HttpPrices::HttpPrices(HttpPriceOptions options, std::shared_ptr<const PriceSource> fallback)
    : options_(std::move(options)), fallback_(std::move(fallback)), endpoint_(options_.url) {}

std::int64_t HttpPrices::now() const {
    return options_.clock ? options_.clock() : unix_now();
}

std::shared_ptr<const PriceTable> HttpPrices::current() const {
    auto table = table_.load();
    if (!table || is_stale(table->as_of, now(), options_.stale_after_seconds))
        return fallback_->current();
    return table;
}

void HttpPrices::start(const boost::asio::any_io_executor& ex) {
    boost::asio::co_spawn(ex, refresh_loop(), boost::asio::detached);
}

Task<void> HttpPrices::refresh() {
    auto body = co_await endpoint_.get(options_.timeout);
    auto parsed = parse_price_feed(body);
    if (auto* why = std::get_if<std::string>(&parsed))
        throw std::runtime_error(options_.url + ": " + *why);
    auto table = std::make_shared<const PriceTable>(PriceTable{
        options_.url, now(), std::get<std::map<std::string, double>>(std::move(parsed))});
    table_.store(std::move(table));
}

Task<void> HttpPrices::refresh_loop() {
    int failures = 0;
    while (!stopping_) {
        try {
            co_await refresh();
            if (failures > 0) spdlog::info("prices: {} answers again", options_.url);
            failures = 0;
        } catch (const std::exception& e) {
            // Once per outage, not every refresh: the fallback answers meanwhile.
            if (failures++ == 0) spdlog::warn("prices: reading the feed: {}", e.what());
        }
        co_await sleep_for(options_.refresh_every);
    }
}

}  // namespace perch::price
