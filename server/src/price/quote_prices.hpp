#pragma once
// Firm USD prices for cross-asset quotes (price/firm_price.hpp's rules over live readings): the
// chain profile's price oracles, each a time-weighted pool price read with its block's timestamp,
// and the operator's HTTP feed when that is the configured source. Never the fixed table and never
// a spot price. A symbol's answer is kept for `cache` so that a burst of quotes costs one read, and
// its oracles are read in parallel, so that the read costs the slowest chain's time.
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/config.hpp"
#include "core/task.hpp"
#include "price/firm_price.hpp"
#include "price/oracles.hpp"
#include "price/price_source.hpp"

namespace perch::chain::rpc {
class RpcClient;
}

namespace perch::price {

using FirmAnswer = std::variant<FirmPrice, std::string>;  // the price, or why there is none

// One oracle's reading, or none with the reason logged (a missing reading only lowers the count of
// sources).
using ReadOracle = std::function<Task<std::optional<PriceReading>>(PriceOracle oracle)>;
// Reads an oracle on its chain's JSON-RPC client (null: the chain cannot be reached): the pool's
// observe and the newest block's header in one round trip.
ReadOracle read_over_rpc(std::function<chain::rpc::RpcClient*(std::int64_t chain_id)> rpc_of);

class QuotePrices {
  public:
    using Clock = std::function<std::int64_t()>;  // unix seconds

    // `feed` is the HTTP feed when it is the configured price source, else null.
    QuotePrices(std::vector<PriceOracle> oracles, ReadOracle read, const PriceSource* feed,
                const QuotePriceSettings& settings, Clock clock = {});

    Task<FirmAnswer> usd(std::string symbol);

  private:
    struct Cached {
        std::chrono::steady_clock::time_point at;
        FirmAnswer answer;
    };
    Task<std::vector<PriceReading>> readings(std::string symbol);
    std::int64_t now() const;

    std::vector<PriceOracle> oracles_;
    ReadOracle read_;
    const PriceSource* feed_;
    FirmPriceRules rules_;
    std::chrono::milliseconds cache_for_;
    Clock clock_;
    std::mutex mutex_;
    std::map<std::string, Cached> cache_;
};

}  // namespace perch::price
