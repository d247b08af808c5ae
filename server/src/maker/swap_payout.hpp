#pragma once
// Bridge and swap, the maker's pure rules (docs/swap.md "Bridge and swap"): whether a confirmed
// deposit that asks for another token can be taken at all, whether the pools can deliver its
// minimum at payout time (pay by swapping, or refund with the reason), the executor call that
// pays it, and what a mined payout delivered (from the executor's Swapped event).
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "bridge/order.hpp"
#include "chain/result.hpp"
#include "swap/deployment.hpp"
#include "swap/router.hpp"
#include "swap/swap_gas.hpp"

namespace perch::maker {

// A confirmed swap order: empty when it may be queued, else why it is refunded. `deployment` is
// null when this server does not swap on the destination chain; `dst_token` null when the
// destination token is not one the deployment offers; `route_token` is the bridged token's
// address on the destination (zero: native).
std::string swap_order_refusal(std::int64_t dst_chain_id, const swap::SwapDeployment* deployment,
                               const swap::SwapToken* dst_token, const chain::Address& route_token);

// At payout time: pay by swapping through `quote` (the router's best for the bridged amount on
// the destination's current pools), or refund because no quote exists or it gives less than the
// order's minimum.
struct SwapDecision {
    bool pay = false;
    std::string reason;  // why it is refunded; empty when paid
};
SwapDecision decide_swap_payout(const chain::Result<swap::Quote>& quote, const chain::U256& min_out,
                                const std::string& out_symbol, unsigned out_decimals,
                                const std::string& in_symbol, unsigned in_decimals);

// PerchSwapExecutor.execute for the quote from the maker's account: the native coin as value when
// the route token is native (an ERC-20 needs the maker's allowance of the executor). The gas limit
// is twice the router's estimate plus 100 000 (a limit too low would only revert, and a reverted
// payout is refunded).
bridge::Transfer swap_transfer(const chain::Address& executor, const swap::Quote& quote,
                               const chain::U256& min_out, const chain::Address& recipient,
                               std::uint64_t deadline);

// The amount the executor's Swapped event of this receipt paid (the first one emitted by
// `executor`); nullopt when the receipt has none (a plain payout).
std::optional<chain::U256> swapped_amount(const boost::json::object& receipt,
                                          const chain::Address& executor);

// A swap payout that reverted burned the maker's gas on the destination and paid nothing; its
// refund is at the user's cost. What it burned: the receipt's gasUsed x effectiveGasPrice and,
// on an OP-stack chain, its l1Fee (the native coin's wei; zero when the node does not say).
chain::U256 burned_gas_wei(const boost::json::object& receipt);

// The token an executor call swaps from (its first argument: the bridged token on the
// destination, zero for the native coin); nullopt when `calldata` is not such a call.
std::optional<chain::Address> swapped_token(const chain::Bytes& calldata);

// What a refund returns: the deposit less its own gas on the source (`refund_cost`) and less the
// gas a reverted swap payout burned (`burned`, in the deposited token: a route's token has the
// same base units on both chains, as its receive amount does), never below zero: nullopt when
// nothing would be left.
std::optional<chain::U256> refund_after_swap_gas(const chain::U256& amount,
                                                 const chain::U256& refund_cost,
                                                 const chain::U256& burned);

}  // namespace perch::maker
