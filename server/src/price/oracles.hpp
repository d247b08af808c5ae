#pragma once
// The price oracles of cross-asset quotes (the chain profile's `price_oracles`): per chain, a
// Uniswap V3 pool of a token against a USD stablecoin, read as a time-weighted average price
// (the pool's `observe`) so that one trade cannot move it, only a price held for the whole window.
// Pure: the profile entry, the call and the arithmetic; price/quote_prices.hpp does the reading.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/hex.hpp"

namespace perch::price {

struct PriceOracle {
    std::int64_t chain_id = 0;
    std::string symbol;  // the price it gives: "ETH" (from a WETH pool), "SOL", ...
    chain::Address pool;
    chain::Address token;  // the priced token in the pool
    unsigned decimals = 18;
    chain::Address usd_token;  // the pool's other token, taken as worth exactly 1 USD
    unsigned usd_decimals = 6;
    std::uint32_t twap_seconds = 1800;
};

// The profile's `price_oracles` (none without the key). Throws ConfigError naming the key that is
// wrong ("chain profile key 'price_oracles[1].pool': ...").
std::vector<PriceOracle> parse_price_oracles(const boost::json::value& profile);

// Calldata of `observe([seconds, 0])`.
chain::Bytes observe_calldata(std::uint32_t seconds);

// The mean tick over `seconds` from observe's answer (tick cumulatives at -seconds and now),
// rounded towards negative infinity as Uniswap's OracleLibrary does; nullopt when the answer is
// not two int56 cumulatives.
std::optional<std::int64_t> mean_tick(chain::ByteView observe_answer, std::uint32_t seconds);

// USD per whole token at `tick` (the price of token1 in token0 is 1.0001^tick in base units).
double usd_at_tick(const PriceOracle& oracle, std::int64_t tick);

}  // namespace perch::price
