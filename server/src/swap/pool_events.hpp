#pragma once
// The factory and pool events the swap indexer follows, decoded from eth_getLogs entries: V2
// PairCreated and Sync, V3 PoolCreated, Initialize, Swap, Mint and Burn. Pure; logs come from
// anyone, so a malformed or look-alike log is rejected with the reason, never trusted.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

struct PairCreated {  // UniswapV2Factory
    chain::Address token0, token1, pair;
};
struct PoolCreated {  // UniswapV3Factory
    chain::Address token0, token1, pool;
    std::uint32_t fee = 0;
    std::int32_t tick_spacing = 0;
};
struct Sync {  // UniswapV2Pair: the reserves after every change
    U256 reserve0, reserve1;
};
struct Initialize {  // UniswapV3Pool: the first price
    U256 sqrt_price_x96;
    std::int32_t tick = 0;
};
struct V3Swap {  // UniswapV3Pool: price, tick and in-range liquidity after the swap
    U256 sqrt_price_x96;
    u128 liquidity = 0;
    std::int32_t tick = 0;
};
struct LiquidityChange {  // UniswapV3Pool Mint (delta > 0) or Burn (delta < 0)
    std::int32_t tick_lower = 0, tick_upper = 0;
    i128 delta = 0;
};

using PoolEventData =
    std::variant<PairCreated, PoolCreated, Sync, Initialize, V3Swap, LiquidityChange>;

struct PoolEvent {
    chain::Address emitter;  // the factory or the pool
    std::uint64_t block_number = 0;
    std::uint64_t log_index = 0;
    PoolEventData data;
};

// topic0 of the factories' events and of the pools' events, for eth_getLogs filters.
std::vector<chain::Hash32> factory_event_topics();
std::vector<chain::Hash32> pool_event_topics();

// nullopt (with `why`) for a log that is none of the events above or does not decode. Whether
// the emitter may emit it (a known factory, a pool it created) is the caller's check.
std::optional<PoolEvent> decode_pool_event(const boost::json::value& log,
                                           std::string* why = nullptr);

}  // namespace perch::swap
