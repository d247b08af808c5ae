#pragma once
// USD prices for the portfolio and the tracker (issue 12). A source publishes an immutable table,
// refreshed in the background by its owner; readers take the current table without waiting, so a
// handler never blocks on a price feed. Keyed by token symbol ("ETH", "USDC", ...): the same token
// on two chains has one price.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

namespace perch::price {

struct PriceTable {
    std::string source;      // where the prices come from: "config", "devnet-pools", an URL
    std::int64_t as_of = 0;  // unix seconds when the table was made
    std::map<std::string, double> usd;  // symbol -> USD per whole token

    std::optional<double> of(const std::string& symbol) const {
        auto it = usd.find(symbol);
        if (it == usd.end()) return std::nullopt;
        return it->second;
    }
};

class PriceSource {
  public:
    virtual ~PriceSource() = default;
    // The newest table; never null (an empty table before the first read).
    virtual std::shared_ptr<const PriceTable> current() const = 0;
};

// A fixed table (prices from the config, and tests).
class FixedPrices final : public PriceSource {
  public:
    explicit FixedPrices(PriceTable table)
        : table_(std::make_shared<const PriceTable>(std::move(table))) {}
    std::shared_ptr<const PriceTable> current() const override { return table_; }

  private:
    std::shared_ptr<const PriceTable> table_;
};

}  // namespace perch::price
