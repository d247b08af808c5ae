#pragma once
// Swap quoting, one service for the swap API, the bridge quote's destination swap and the maker's
// swap payout (docs/swap.md): the router's best exact-in quote on a chain's current pools, with
// its gas valued at a gas price, and the executor's allowance the quote needs. The rules are the
// pure functions here, the router (swap/router.hpp: route choice, amount out, price impact) and
// swap/calldata.hpp (minimum out with slippage, the executor's calldata).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"
#include "swap/deployment.hpp"
#include "swap/router.hpp"
#include "swap/swap_gas.hpp"

namespace perch::swap {

class SwapService;

// The router's options on a deployment's chain: native ETH traded through its WETH, and gas
// valued at `gas_price_wei` (zero: gas counts nothing).
QuoteOptions quote_options(const SwapDeployment& deployment, const U256& gas_price_wei);

// "USDC to WETH on chain 31337": how refusals name a swap.
std::string swap_pair(std::string_view in_symbol, std::string_view out_symbol,
                      std::int64_t chain_id);

// Why a chain whose pools are not read yet gives no quote (the service answers nullopt).
std::string pools_not_read(std::int64_t chain_id);

// The Unix time a swap must be mined by: `now` plus `valid_for_seconds`.
std::uint64_t swap_deadline(std::int64_t now, std::int64_t valid_for_seconds);

// What a quote is asked for.
struct SwapAsk {
    std::int64_t chain_id = 0;
    chain::Address token_in;  // zero: the native coin
    chain::Address token_out;
    U256 amount_in;
    // The gas price the caller pays at (the maker's fees); none: the service's cached node price.
    std::optional<U256> gas_price_wei;
};

// The best quote on the chain's current pools; nullopt while its pools are not read yet. The
// router's errors (swap_no_route, swap_insufficient_liquidity, swap_invalid_input) are values.
// A chain the service does not swap on is the caller's to refuse first.
Task<std::optional<chain::Result<Quote>>> quote_swap(SwapService& service, SwapAsk ask);

// A bridge-and-swap's destination swap: the best quote for the bridged amount less the route's
// gas, valued at the ask's gas price in the bridged token (swap/swap_gas.hpp); nullopt while the
// pools are not read yet. The API's quote and the maker's payout both ask without a gas price
// (the service's cached node price, what a transaction pays there), so they charge the same.
Task<std::optional<chain::Result<GasChargedQuote>>> quote_swap_after_gas(SwapService& service,
                                                                         SwapAsk ask);

// An ERC-20 allowance; nullopt when the node's answer is not a word. Throws RpcError.
Task<std::optional<U256>> read_allowance(chain::rpc::RpcClient& rpc, chain::Address token,
                                         chain::Address owner, chain::Address spender);

// What `owner` lets the deployment's executor spend of `token` on the chain. Throws RpcError.
Task<std::optional<U256>> executor_allowance(SwapService& service, std::int64_t chain_id,
                                             chain::Address token, chain::Address owner);

}  // namespace perch::swap
