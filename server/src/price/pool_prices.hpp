#pragma once
// Prices from the swap pools the swap module indexes (the devnet's, or any chain profile's): every
// few seconds the newest PoolSet of each swap chain is priced against its USDC (mid_price.hpp)
// and published; readers never wait. Until the pools are first read, `fallback` answers.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <memory>

#include "core/task.hpp"
#include "price/price_source.hpp"
#include "swap/service.hpp"

namespace perch::price {

inline constexpr const char* kPoolsSource = "devnet-pools";

class PoolPrices final : public PriceSource {
  public:
    PoolPrices(const swap::SwapService& swap, std::shared_ptr<const PriceSource> fallback,
               std::chrono::milliseconds refresh_every);

    std::shared_ptr<const PriceTable> current() const override;
    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }
    // Prices the pools once and publishes the table if any chain had pools; true when published.
    bool refresh();

  private:
    Task<void> refresh_loop();

    const swap::SwapService& swap_;
    std::shared_ptr<const PriceSource> fallback_;
    std::chrono::milliseconds refresh_every_;
    std::atomic<std::shared_ptr<const PriceTable>> table_;  // null until the pools are read
    std::atomic<bool> stopping_{false};
};

}  // namespace perch::price
