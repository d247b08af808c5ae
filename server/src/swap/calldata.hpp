#pragma once
// Calldata of PerchSwapExecutor.execute for a quote (docs/swap.md): the paths of the split with
// their hops, the minimum out and the deadline. Pure.
#include <cstdint>

#include "chain/hex.hpp"
#include "swap/router.hpp"

namespace perch::swap {

inline constexpr const char* kExecuteSignature =
    "execute(address,address,uint256,(uint256,(address,uint8,address,address,uint24)[])[],"
    "uint256,address,uint256)";

chain::Bytes execute_calldata(const Quote& quote, const U256& min_amount_out,
                              const chain::Address& recipient, std::uint64_t deadline);

// min_out = amount_out * (10000 - slippage_bps) / 10000, rounded down. slippage_bps <= 10000.
U256 minimum_out(const U256& amount_out, std::uint32_t slippage_bps);

}  // namespace perch::swap
