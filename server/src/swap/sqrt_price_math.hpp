#pragma once
// SqrtPriceMath of Uniswap V3 (contracts/libraries/SqrtPriceMath.sol): the next sqrt price after
// adding or removing an amount of one token, and the token amounts between two sqrt prices, with
// the contract's rounding in each direction. Prices are Q64.96 in a U256 (at most 160 bits).
#include "chain/result.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

// Q64.96 one (2^96).
inline constexpr U256 kQ96 = U256::from_limbs(0, 1ULL << 32, 0, 0);

// Price after `amount` of token0 is added (add) or removed, rounded up.
chain::Result<U256> get_next_sqrt_price_from_amount0_rounding_up(const U256& sqrt_price_x96,
                                                                 u128 liquidity, const U256& amount,
                                                                 bool add);
// Price after `amount` of token1 is added (add) or removed, rounded down.
chain::Result<U256> get_next_sqrt_price_from_amount1_rounding_down(const U256& sqrt_price_x96,
                                                                   u128 liquidity,
                                                                   const U256& amount, bool add);
// Price after `amount_in` of the input token; never passes the target a swap step aims for.
chain::Result<U256> get_next_sqrt_price_from_input(const U256& sqrt_price_x96, u128 liquidity,
                                                   const U256& amount_in, bool zero_for_one);
// Price after `amount_out` of the output token; always reaches at least that output.
chain::Result<U256> get_next_sqrt_price_from_output(const U256& sqrt_price_x96, u128 liquidity,
                                                    const U256& amount_out, bool zero_for_one);

// token0 between two prices: L * (sqrtB - sqrtA) / (sqrtA * sqrtB), in either order.
chain::Result<U256> get_amount0_delta(U256 sqrt_ratio_a_x96, U256 sqrt_ratio_b_x96, u128 liquidity,
                                      bool round_up);
// token1 between two prices: L * (sqrtB - sqrtA), in either order.
chain::Result<U256> get_amount1_delta(U256 sqrt_ratio_a_x96, U256 sqrt_ratio_b_x96, u128 liquidity,
                                      bool round_up);
// Signed variants for a liquidity change: positive liquidity rounds up (owed to the pool),
// negative rounds down (paid by it) and gives a negative amount.
chain::Result<I256> get_amount0_delta(const U256& sqrt_ratio_a_x96, const U256& sqrt_ratio_b_x96,
                                      i128 liquidity);
chain::Result<I256> get_amount1_delta(const U256& sqrt_ratio_a_x96, const U256& sqrt_ratio_b_x96,
                                      i128 liquidity);

}  // namespace perch::swap
