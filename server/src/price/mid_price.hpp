#pragma once
// USD prices from swap pools (pure): a token's price is the mid price (no fees, no impact) of the
// path the router picks for a small amount of it into the USD token, taken as worth exactly $1.
// A small amount, not a whole token, so a thin pool with a good mid price is not passed over for a
// deep one, and the price does not depend on how much the wallet holds.
#include <map>
#include <optional>
#include <span>
#include <string>

#include "swap/deployment.hpp"
#include "swap/pool_set.hpp"
#include "swap/router.hpp"

namespace perch::price {

// The product of the hops' mid prices: base units of the last token per base unit of the first.
double path_mid_rate(const swap::PoolSet& pools, const swap::QuotePath& path);

// USD per whole `token` (nullopt when no path to `usd` exists or the pools are empty).
std::optional<double> mid_price_usd(const swap::PoolSet& pools, const swap::SwapToken& token,
                                    const swap::SwapToken& usd);

// Every token's price keyed by symbol; `usd` itself is 1. The wrapped native token also prices
// the native coin under `native_symbol` ("ETH" via WETH).
std::map<std::string, double> pool_prices(const swap::PoolSet& pools,
                                          std::span<const swap::SwapToken> tokens,
                                          const swap::SwapToken& usd,
                                          const chain::Address& wrapped_native,
                                          const std::string& native_symbol);

}  // namespace perch::price
