#pragma once
// A Uniswap V3 pool's swap-relevant state and UniswapV3Pool.swap's loop over it, step for step
// as the contract runs it (contracts/UniswapV3Pool.sol), so amounts agree to the wei with the
// pool and QuoterV2. Pure: the caller keeps the state (from the indexer) and applies results.
#include <cstdint>
#include <map>
#include <vector>

#include "chain/result.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

struct V3Pool {
    U256 sqrt_price_x96;       // slot0.sqrtPriceX96
    std::int32_t tick = 0;     // slot0.tick
    u128 liquidity = 0;        // in-range liquidity
    std::uint32_t fee = 3000;  // pips: 3000 is 0.3 %
    std::int32_t tick_spacing = 60;
    // The initialized ticks (the pool's tick bitmap) with their liquidityNet. A tick whose net is
    // zero but which still has liquidityGross stays here: it is still a step boundary on chain.
    std::map<std::int32_t, i128> ticks;
};

struct V3SwapResult {
    // The pool's balance changes, as the Swap event: positive is paid to the pool.
    I256 amount0;
    I256 amount1;
    U256 sqrt_price_x96;  // after the swap
    std::int32_t tick = 0;
    u128 liquidity = 0;
    std::vector<std::int32_t> ticks_crossed;  // initialized ticks crossed, in order
};

// amount_specified > 0: exact input of the input token; < 0: exact output of the other token.
// The limit must lie strictly between the current price and MIN/MAX_SQRT_RATIO on the swap's
// side ('SPL'); the swap stops there if the amount is not used up first.
chain::Result<V3SwapResult> simulate_swap(const V3Pool& pool, bool zero_for_one,
                                          const I256& amount_specified,
                                          const U256& sqrt_price_limit_x96);
// The loosest limit a swap may use (QuoterV2's default for a zero limit): MIN + 1 or MAX - 1.
U256 default_price_limit(bool zero_for_one);

// The pool's state after a simulated swap.
void apply_swap(V3Pool& pool, const V3SwapResult& result);

// TickBitmap.nextInitializedTickWithinOneWord over the map: the next initialized tick at or
// below (lte) or above `tick`, but no further than the end of the bitmap word (256 spacings) the
// search starts in; at that end `initialized` is false. Error when a tick found is not a
// multiple of the spacing (the map is not a valid pool).
struct NextTick {
    std::int32_t tick = 0;
    bool initialized = false;
};
chain::Result<NextTick> next_initialized_tick_within_one_word(
    const std::map<std::int32_t, i128>& ticks, std::int32_t tick, std::int32_t tick_spacing,
    bool lte);

// LiquidityMath.addDelta: x + y with the contract's checks ('LS' below zero, 'LA' above 2^128).
chain::Result<u128> add_delta(u128 x, i128 y);

}  // namespace perch::swap
