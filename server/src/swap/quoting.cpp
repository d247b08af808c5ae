#include "swap/quoting.hpp"

#include <spdlog/spdlog.h>

#include "chain/erc20.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "swap/service.hpp"

namespace perch::swap {

QuoteOptions quote_options(const SwapDeployment& deployment, const U256& gas_price_wei) {
    QuoteOptions options;
    options.wrapped_native = deployment.weth;
    options.gas_price_wei = gas_price_wei;
    return options;
}

std::string swap_pair(std::string_view in_symbol, std::string_view out_symbol,
                      std::int64_t chain_id) {
    return std::string(in_symbol) + " to " + std::string(out_symbol) + " on chain " +
           std::to_string(chain_id);
}

std::string pools_not_read(std::int64_t chain_id) {
    return "the pools of chain " + std::to_string(chain_id) +
           " are still being read; try again shortly";
}

std::uint64_t swap_deadline(std::int64_t now, std::int64_t valid_for_seconds) {
    return static_cast<std::uint64_t>(now + valid_for_seconds);
}

namespace {

// The node's price, cached by the service; a node that cannot say values gas at zero (the quote
// is still good, only its gas is not counted).
Task<U256> cached_gas_price(SwapService& service, std::int64_t chain_id) {
    try {
        co_return co_await service.gas_price(chain_id);
    } catch (const chain::rpc::RpcError& e) {
        spdlog::warn("swap: gas price of chain {}: {}", chain_id, e.what());
    }
    co_return U256();
}

// The gas price a quote values gas at: the ask's, else the service's cached node price.
Task<U256> gas_price_of(SwapService& service, const SwapAsk& ask) {
    if (ask.gas_price_wei) co_return *ask.gas_price_wei;
    co_return co_await cached_gas_price(service, ask.chain_id);
}

}  // namespace

Task<std::optional<chain::Result<Quote>>> quote_swap(SwapService& service, SwapAsk ask) {
    auto pools = service.pools(ask.chain_id);
    if (!pools) co_return std::nullopt;
    U256 gas_price = co_await gas_price_of(service, ask);
    auto options = quote_options(*service.deployment(), gas_price);
    co_return best_quote(*pools, ask.token_in, ask.token_out, ask.amount_in, options);
}

Task<std::optional<chain::Result<GasChargedQuote>>> quote_swap_after_gas(SwapService& service,
                                                                         SwapAsk ask) {
    auto pools = service.pools(ask.chain_id);
    if (!pools) co_return std::nullopt;
    U256 gas_price = co_await gas_price_of(service, ask);
    auto options = quote_options(*service.deployment(), gas_price);
    co_return quote_after_gas(*pools, ask.token_in, ask.token_out, ask.amount_in, options);
}

Task<std::optional<U256>> read_allowance(chain::rpc::RpcClient& rpc, chain::Address token,
                                         chain::Address owner, chain::Address spender) {
    auto word = co_await chain::rpc::Eth(rpc).call(token, chain::erc20::allowance(owner, spender));
    auto value = U256::from_be_bytes(word);
    if (!value) co_return std::nullopt;
    co_return *value;
}

Task<std::optional<U256>> executor_allowance(SwapService& service, std::int64_t chain_id,
                                             chain::Address token, chain::Address owner) {
    co_return co_await read_allowance(*service.rpc(chain_id), token, owner,
                                      service.deployment()->executor);
}

}  // namespace perch::swap
