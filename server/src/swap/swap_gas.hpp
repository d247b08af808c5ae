#pragma once
// What a bridge-and-swap charges for its destination swap's gas (docs/swap.md "Bridge and swap"):
// the router's gas estimate for the route at the destination's gas price, in the bridged token
// (the swap's input), taken from the bridged amount before it is swapped. The quote and the
// maker's payout both charge it here, so the quote's `gas_fee` is what the payout keeps. Pure.
#include <cstdint>
#include <optional>

#include "chain/result.hpp"
#include "swap/pool_set.hpp"
#include "swap/router.hpp"

namespace perch::swap {

// What selling `native_in` wei of the native coin (through its wrapped token) gives of a token.
struct NativeRate {
    U256 native_in;
    U256 token_out;
};

// The pools' rate of the native coin in `token` (the zero address: the native coin itself, rate
// 1:1), from selling options.native_reference_wei of the wrapped native token, so a thin pool
// counts little; nullopt when no pool path prices it.
std::optional<NativeRate> native_rate(const PoolSet& pools, const chain::Address& token,
                                      const QuoteOptions& options);

// `gas_wei` of the native coin in base units of the token `rate` prices (rounded down); zero
// without a rate (the gas is then not charged: no pool says what it is worth).
U256 gas_in_token(const U256& gas_wei, const std::optional<NativeRate>& rate);

// A swap whose gas was charged: the quote for the bridged amount less `gas_fee`.
struct GasChargedQuote {
    Quote quote;
    U256 gas_fee;        // base units of the bridged token, kept by the maker
    U256 gas_price_wei;  // the destination's gas price it was valued at
    std::uint64_t gas_units = 0;
};

// The router's best quote for `amount_in` less the gas of that route (gas_units x gas_price_wei,
// in token_in). The charge is the route for the whole amount's estimate, so the quote and the
// payout (same pools, same price) charge the same. Errors: the router's, and swap_invalid_input
// when the bridged amount does not cover the gas.
chain::Result<GasChargedQuote> quote_after_gas(const PoolSet& pools, const chain::Address& token_in,
                                               const chain::Address& token_out,
                                               const U256& amount_in, const QuoteOptions& options);

}  // namespace perch::swap
