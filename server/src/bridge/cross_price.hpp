#pragma once
// Cross-asset routes (docs/solana.md: SOL on Solana <-> ETH on an EVM chain), pure: converting an
// amount of one token into another at USD prices (what a firm quote fixes, bridge/firm_quote.hpp).
#include <cstdint>
#include <optional>

#include "chain/u256.hpp"

namespace perch::bridge {

using chain::U256;

// A USD price as an integer of nano-dollars (1e-9 USD): nullopt unless finite, above zero and at
// most 1e12 USD (a price table's junk never reaches the arithmetic).
std::optional<U256> usd_nanos(double usd);

// `amount` base units of a token worth `from_usd` (decimals `from_decimals`) in base units of a
// token worth `to_usd`, rounded down: amount × from × 10^to_dec / (to × 10^from_dec).
std::optional<U256> convert_amount(const U256& amount, unsigned from_decimals, double from_usd,
                                   unsigned to_decimals, double to_usd);

}  // namespace perch::bridge
