#pragma once
// The portfolio of an address: every listed token on every chain this server reads, one
// JSON-RPC batch per chain and all chains at once (balance::BalanceService), valued with the
// shared price source; the watch list (a visit opts the address in to daily snapshots) and the
// snapshots' history.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "chain/address.hpp"
#include "core/task.hpp"
#include "portfolio/valuation.hpp"
#include "price/price_source.hpp"
#include "store/portfolio_store.hpp"

namespace perch::portfolio {

struct PortfolioChain {
    std::int64_t chain_id = 0;
    std::string chain_name;
};

struct PortfolioOptions {
    std::int64_t max_watched = 10000;
    std::int64_t expire_days = 30;
};

struct Portfolio {
    Valuation valuation;
    std::shared_ptr<const price::PriceTable> prices;
};

class PortfolioService {
  public:
    PortfolioService(balance::BalanceService& balances, const price::PriceSource& prices,
                     store::PortfolioStore& store, std::vector<PortfolioChain> chains,
                     PortfolioOptions options);

    // Never throws for a chain's failure: that chain answers with its error. `only`: these of
    // chains() (in their order); empty: all.
    Task<Portfolio> portfolio(chain::Address user, std::vector<std::int64_t> only = {});
    bool covers(std::int64_t chain_id) const;
    // Records a visit; false when the watch list is full and the address is new.
    Task<bool> visit(const chain::Address& user, std::int64_t now);
    Task<std::vector<store::PortfolioSnapshot>> history(const chain::Address& user);

    store::PortfolioStore& store() { return store_; }
    const PortfolioOptions& options() const { return options_; }
    const std::vector<PortfolioChain>& chains() const { return chains_; }

  private:
    Task<ChainHoldings> read_chain(chain::Address user, PortfolioChain chain);

    balance::BalanceService& balances_;
    const price::PriceSource& prices_;
    store::PortfolioStore& store_;
    std::vector<PortfolioChain> chains_;
    PortfolioOptions options_;
};

}  // namespace perch::portfolio
