#pragma once
// SwapMath.computeSwapStep of Uniswap V3 (contracts/libraries/SwapMath.sol): one step of a swap
// inside a single liquidity range, towards a target price, as the pool's swap loop runs it.
#include <cstdint>

#include "chain/result.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

// The pool's fee is in hundredths of a bip: 3000 is 0.3 %. Must be below 1e6.
inline constexpr std::uint32_t kFeePipsDenominator = 1'000'000;

struct SwapStep {
    U256 sqrt_ratio_next_x96;
    U256 amount_in;  // without the fee
    U256 amount_out;
    U256 fee_amount;  // paid in the input token on top of amount_in
};

// amount_remaining > 0: exact input left to spend (fee included); < 0: exact output still wanted.
// The direction is zero-for-one when the target is at or below the current price.
chain::Result<SwapStep> compute_swap_step(const U256& sqrt_ratio_current_x96,
                                          const U256& sqrt_ratio_target_x96, u128 liquidity,
                                          const I256& amount_remaining, std::uint32_t fee_pips);

}  // namespace perch::swap
