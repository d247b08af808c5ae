#pragma once
// Uniswap V2's constant-product quotes (v2-periphery contracts/libraries/UniswapV2Library.sol
// getAmountOut / getAmountIn). The fee is a parameter so forks with other fees can be modelled;
// at the default 30 bps the fraction is 997/1000, exactly the library's constants.
#include <cstdint>

#include "chain/result.hpp"
#include "chain/u256.hpp"

namespace perch::swap {

inline constexpr std::uint32_t kV2DefaultFeeBps = 30;

// The most `amount_in` buys. Errors: zero amount (swap_invalid_input), a zero reserve
// (swap_insufficient_liquidity), a fee >= 100 % (swap_invalid_input), overflow.
chain::Result<chain::U256> v2_get_amount_out(const chain::U256& amount_in,
                                             const chain::U256& reserve_in,
                                             const chain::U256& reserve_out,
                                             std::uint32_t fee_bps = kV2DefaultFeeBps);
// The least input that buys `amount_out`. Errors as above, and swap_insufficient_liquidity when
// amount_out is not below reserve_out.
chain::Result<chain::U256> v2_get_amount_in(const chain::U256& amount_out,
                                            const chain::U256& reserve_in,
                                            const chain::U256& reserve_out,
                                            std::uint32_t fee_bps = kV2DefaultFeeBps);

}  // namespace perch::swap
