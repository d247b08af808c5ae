#include "portfolio/service.hpp"

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/experimental/parallel_group.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace perch::portfolio {
namespace asio = boost::asio;

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
    auto executor = co_await asio::this_coro::executor;
    using Op = decltype(asio::co_spawn(executor, read_chain(user, {}), asio::deferred));
    std::vector<Op> ops;
    ops.reserve(chains.size());
    for (const auto& c : chains)
        ops.push_back(asio::co_spawn(executor, read_chain(user, c), asio::deferred));
    auto group = asio::experimental::make_parallel_group(std::move(ops));
    auto [order, errors, holdings] =
        co_await group.async_wait(asio::experimental::wait_for_all(), asio::use_awaitable);
    for (std::size_t i = 0; i < holdings.size(); ++i) {
        if (errors[i])  // read_chain catches its failures; this is a programming error
            holdings[i] =
                ChainHoldings{chains[i].chain_id, chains[i].chain_name, "internal error", {}};
    }
    co_return Portfolio{value_portfolio(holdings, *prices), std::move(prices)};
}

Task<bool> PortfolioService::visit(const chain::Address& user, std::int64_t now) {
    co_return co_await store_.visit(user.lower_hex(), now, options_.max_watched);
}

Task<std::vector<store::PortfolioSnapshot>> PortfolioService::history(const chain::Address& user) {
    co_return co_await store_.history(user.lower_hex());
}

}  // namespace perch::portfolio
