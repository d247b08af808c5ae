#include "maker/swap_payout.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "chain/hex.hpp"
#include "chain/op_fee.hpp"
#include "chain/rpc/eth.hpp"
#include "swap/calldata.hpp"
#include "swap/swapped_event.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::U256;

namespace {
constexpr std::uint64_t kSwapGasMargin = 100'000;
}

std::string swap_order_refusal(std::int64_t dst_chain_id, const swap::SwapDeployment* deployment,
                               const swap::SwapToken* dst_token,
                               const chain::Address& route_token) {
    auto chain = std::to_string(dst_chain_id);
    if (!deployment) return "the bridge does not swap on chain " + chain;
    if (!dst_token) return "the destination token is not one the bridge swaps to on chain " + chain;
    if (dst_token->address == route_token)
        return "the destination token is the bridged token itself; bridge it without a swap";
    return {};
}

SwapDecision decide_swap_payout(const chain::Result<swap::Quote>& quote, const U256& min_out,
                                const std::string& out_symbol, unsigned out_decimals,
                                const std::string& in_symbol, unsigned in_decimals) {
    const auto minimum = min_out.format_units(out_decimals) + " " + out_symbol;
    if (!quote) {
        const auto code = quote.error().code;
        auto why = code == chain::Errc::swap_no_route
                       ? "no pool route from " + in_symbol + " to " + out_symbol
                   : code == chain::Errc::swap_invalid_input ? quote.error().message
                                                             : "the pools lack the liquidity";
        return {false, "the destination swap cannot deliver the minimum " + minimum + ": " + why};
    }
    if (quote->amount_out < min_out) {
        return {false, "the destination swap cannot deliver the minimum " + minimum +
                           ": the pools give " + quote->amount_out.format_units(out_decimals) +
                           " " + out_symbol + " for " + quote->amount_in.format_units(in_decimals) +
                           " " + in_symbol};
    }
    return {true, {}};
}

bridge::Transfer swap_transfer(const chain::Address& executor, const swap::Quote& quote,
                               const U256& min_out, const chain::Address& recipient,
                               std::uint64_t deadline) {
    bridge::Transfer t;
    t.to = executor;
    t.value = quote.token_in.is_zero() ? quote.amount_in : U256();
    t.data = swap::execute_calldata(quote, min_out, recipient, deadline);
    t.gas_limit = quote.gas_units * 2 + kSwapGasMargin;
    return t;
}

std::optional<U256> swapped_amount(const json::object& receipt, const chain::Address& executor) {
    auto swapped = swap::swapped_in(receipt, executor);
    if (!swapped) return std::nullopt;
    return swapped->amount_out;
}

U256 burned_gas_wei(const json::object& receipt) {
    const auto* used = receipt.if_contains("gasUsed");
    const auto* price = receipt.if_contains("effectiveGasPrice");
    if (!used || !price || !used->is_string() || !price->is_string()) return U256();
    auto cost = chain::rpc::quantity(*used).mul(chain::rpc::quantity(*price));
    if (!cost) return U256::max();
    // On an OP-stack chain the reverted payout paid its L1 data fee too (chain/op_fee.hpp).
    auto whole = chain::op::receipt_cost(receipt);
    return whole ? whole->total() : *cost;
}

std::optional<chain::Address> swapped_token(const chain::Bytes& calldata) {
    // selector, then the first word: 12 zero bytes and the address
    constexpr std::size_t kFirstWord = 4;
    constexpr std::size_t kAddressAt = kFirstWord + 12;
    static const auto kExecute = chain::abi::selector(swap::kExecuteSignature);
    if (calldata.size() < kFirstWord + 32 ||
        !std::equal(kExecute.begin(), kExecute.end(), calldata.begin()))
        return std::nullopt;
    chain::Address token;
    std::copy_n(calldata.begin() + kAddressAt, token.bytes.size(), token.bytes.begin());
    return token;
}

std::optional<U256> refund_after_swap_gas(const U256& amount, const U256& refund_cost,
                                          const U256& burned) {
    auto cost = refund_cost.add(burned);
    if (!cost || amount <= *cost) return std::nullopt;
    return *amount.sub(*cost);
}

}  // namespace perch::maker
