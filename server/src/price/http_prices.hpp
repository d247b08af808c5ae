#pragma once
// Prices from an HTTP JSON feed (feed.hpp's format) on the pooled HTTP client, read every
// `refresh_every` in the background. A table older than `stale_after` seconds is not shown: the
// fallback (the config's fixed table) answers until the feed answers again.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "chain/rpc/http_endpoint.hpp"
#include "core/task.hpp"
#include "price/price_source.hpp"

namespace perch::price {

struct HttpPriceOptions {
    std::string url;
    std::chrono::milliseconds refresh_every{30000};
    std::int64_t stale_after_seconds = 300;
    std::chrono::milliseconds timeout{5000};
    std::function<std::int64_t()> clock;  // unix seconds; empty: the system clock
};

class HttpPrices final : public PriceSource {
  public:
    HttpPrices(HttpPriceOptions options, std::shared_ptr<const PriceSource> fallback);

    std::shared_ptr<const PriceTable> current() const override;
    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }
    // Reads the feed once and publishes it. Throws RpcError (transport) or std::runtime_error
    // (a body the format refuses); the previous table stays until it is stale.
    Task<void> refresh();

  private:
    Task<void> refresh_loop();
    std::int64_t now() const;

    HttpPriceOptions options_;
    std::shared_ptr<const PriceSource> fallback_;
    chain::rpc::HttpEndpoint endpoint_;
    std::atomic<std::shared_ptr<const PriceTable>> table_;
    std::atomic<bool> stopping_{false};
};

}  // namespace perch::price
