#pragma once
// The executor's Swapped event, read from a mined receipt: what a swap through PerchSwapExecutor
// took and delivered. The maker reads it for a bridge-and-swap payout, the swap history for a
// user's own swap. Pure.
#include <boost/json/fwd.hpp>
#include <optional>

#include "chain/address.hpp"
#include "chain/u256.hpp"

namespace perch::swap {

inline constexpr const char* kSwappedEvent =
    "event Swapped(address indexed sender, address indexed recipient, address tokenIn, address "
    "tokenOut, uint256 amountIn, uint256 amountOut)";

struct Swapped {
    chain::Address sender, recipient, token_in, token_out;  // a zero token: the native coin
    chain::U256 amount_in, amount_out;
};

// The first Swapped log `executor` emitted in the receipt, or nullopt when there is none.
std::optional<Swapped> swapped_in(const boost::json::object& receipt,
                                  const chain::Address& executor);

}  // namespace perch::swap
