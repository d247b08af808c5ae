#pragma once
// TickMath of Uniswap V3 (contracts/libraries/TickMath.sol): sqrt(1.0001^tick) * 2^96 and back,
// bit for bit as the contract computes them (the same 128.128 fixed-point constants, the same
// 14-bit log2 approximation and error bounds).
#include <cstdint>

#include "chain/result.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

inline constexpr std::int32_t kMinTick = -887272;
inline constexpr std::int32_t kMaxTick = 887272;
// getSqrtRatioAtTick(kMinTick) and getSqrtRatioAtTick(kMaxTick).
inline constexpr U256 kMinSqrtRatio = U256::from_limbs(4295128739ULL, 0, 0, 0);
inline constexpr U256 kMaxSqrtRatio =
    U256::from_limbs(0x5d951d5263988d26ULL, 0xefd1fc6a50648849ULL, 0xfffd8963ULL, 0);

// sqrt(1.0001^tick) as a Q64.96, rounded up. Error swap_out_of_range when |tick| > kMaxTick ('T').
chain::Result<U256> get_sqrt_ratio_at_tick(std::int32_t tick);
// The greatest tick whose ratio is <= sqrt_price_x96. Error swap_out_of_range outside
// [kMinSqrtRatio, kMaxSqrtRatio) ('R').
chain::Result<std::int32_t> get_tick_at_sqrt_ratio(const U256& sqrt_price_x96);

}  // namespace perch::swap
