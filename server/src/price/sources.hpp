#pragma once
// The one price source a server runs, as the config chooses it (`prices.source`): the fixed
// table, the swap pools or an HTTP feed, the last two answering with the fixed table until they
// have a fresh one. Every reader (portfolio, tracker) shares this instance.
#include <boost/asio/any_io_executor.hpp>
#include <memory>

#include "core/config.hpp"
#include "price/http_prices.hpp"
#include "price/pool_prices.hpp"
#include "price/price_source.hpp"

namespace perch::price {

// The config's fixed table, as of `as_of`.
PriceTable fixed_table(const PriceSettings& settings, std::int64_t as_of);

class ConfiguredPrices {
  public:
    ConfiguredPrices(const PriceSettings& settings, const swap::SwapService& swap);

    const PriceSource& source() const { return *source_; }
    std::shared_ptr<const PriceSource> shared() const { return source_; }
    void start(const boost::asio::any_io_executor& ex);
    void stop();

  private:
    std::shared_ptr<const PriceSource> source_;
    std::shared_ptr<PoolPrices> pools_;  // when the source is pools
    std::shared_ptr<HttpPrices> http_;   // when the source is http
};

}  // namespace perch::price
