#include "portfolio/service.hpp"

#include <algorithm>

#include "core/parallel.hpp"

namespace perch::portfolio {

PortfolioService::PortfolioService(balance::BalanceService& balances,
                                   const price::PriceSource& prices, store::PortfolioStore& store,
                                   std::vector<PortfolioChain> chains, PortfolioOptions options)
    : balances_(balances),
      prices_(prices),
      store_(store),
      chains_(std::move(chains)),
      options_(options) {}

Task<ChainHoldings> PortfolioService::read_chain(chain::Address user, PortfolioChain chain) {
    ChainHoldings out{chain.chain_id, chain.chain_name, {}, {}};
    auto tokens = balances_.tokens_on(chain.chain_id);
    for (const auto& t : tokens) {
        auto address = t.native ? chain::Address{}.lower_hex() : t.address;
        out.tokens.push_back({t.symbol, address, t.decimals, std::nullopt});
    }
    try {
        auto values = co_await balances_.token_balances(chain.chain_id, user, std::move(tokens));
        for (std::size_t i = 0; i < values.size() && i < out.tokens.size(); ++i)
            out.tokens[i].balance = values[i];
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    co_return out;
}

bool PortfolioService::covers(std::int64_t chain_id) const {
    return std::any_of(chains_.begin(), chains_.end(),
                       [chain_id](const PortfolioChain& c) { return c.chain_id == chain_id; });
}

Task<Portfolio> PortfolioService::portfolio(chain::Address user, std::vector<std::int64_t> only) {
    // Prices first: the values and the `as_of` shown belong to one table.
    auto prices = prices_.current();
    std::vector<PortfolioChain> chains;
    for (const auto& c : chains_) {
        if (only.empty() || std::find(only.begin(), only.end(), c.chain_id) != only.end())
            chains.push_back(c);
    }
    std::vector<Task<ChainHoldings>> reads;
    reads.reserve(chains.size());
    for (const auto& c : chains) reads.push_back(read_chain(user, c));
    auto holdings = co_await in_parallel_or(std::move(reads), [&](std::size_t i) {
        // read_chain catches its failures; this is a programming error
        return ChainHoldings{chains[i].chain_id, chains[i].chain_name, "internal error", {}};
    });
    co_return Portfolio{value_portfolio(holdings, *prices), std::move(prices)};
}

Task<bool> PortfolioService::visit(const chain::Address& user, std::int64_t now) {
    co_return co_await store_.visit(user.lower_hex(), now, options_.max_watched);
}

Task<std::vector<store::PortfolioSnapshot>> PortfolioService::history(const chain::Address& user) {
    co_return co_await store_.history(user.lower_hex());
}

}  // namespace perch::portfolio
