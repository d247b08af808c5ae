#include "swap/pool_events.hpp"

#include <array>
#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "chain/hex.hpp"
#include "chain/log_entry.hpp"

namespace perch::swap {
namespace json = boost::json;
namespace abi = chain::abi;

namespace {

enum class Kind { pair_created, pool_created, sync, initialize, swap, mint, burn };

struct Known {
    Kind kind;
    abi::Event event;
};

// Declarations as in v2-core's UniswapV2Factory/UniswapV2Pair and v3-core's IUniswapV3Factory/
// IUniswapV3PoolEvents (parameter names do not change the topic).
const std::array<Known, 7>& known_events() {
    static const std::array<Known, 7> events{{
        {Kind::pair_created,
         *abi::parse_event("event PairCreated(address indexed token0, address indexed token1, "
                           "address pair, uint256 index)")},
        {Kind::pool_created,
         *abi::parse_event("event PoolCreated(address indexed token0, address indexed token1, "
                           "uint24 indexed fee, int24 tickSpacing, address pool)")},
        {Kind::sync, *abi::parse_event("event Sync(uint112 reserve0, uint112 reserve1)")},
        {Kind::initialize, *abi::parse_event("event Initialize(uint160 sqrtPriceX96, int24 tick)")},
        {Kind::swap,
         *abi::parse_event("event Swap(address indexed sender, address indexed recipient, int256 "
                           "amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, "
                           "int24 tick)")},
        {Kind::mint,
         *abi::parse_event("event Mint(address sender, address indexed owner, int24 indexed "
                           "tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, "
                           "uint256 amount1)")},
        {Kind::burn,
         *abi::parse_event("event Burn(address indexed owner, int24 indexed tickLower, int24 "
                           "indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)")},
    }};
    return events;
}

std::optional<PoolEvent> fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return std::nullopt;
}

const chain::Address& address_at(const abi::Value::List& v, std::size_t i) {
    return std::get<chain::Address>(v.at(i).data);
}
const U256& uint_at(const abi::Value::List& v, std::size_t i) {
    return std::get<U256>(v.at(i).data);
}
// An intN (N <= 32) the decoder has range-checked: two's complement in 256 bits.
std::int32_t int_at(const abi::Value::List& v, std::size_t i) {
    const auto& word = uint_at(v, i);
    auto low = static_cast<std::int64_t>(word.low_u64());
    return static_cast<std::int32_t>(low);
}

PoolEventData to_data(Kind kind, const abi::Value::List& v) {
    switch (kind) {
        case Kind::pair_created:
            return PairCreated{address_at(v, 0), address_at(v, 1), address_at(v, 2)};
        case Kind::pool_created:
            return PoolCreated{address_at(v, 0), address_at(v, 1), address_at(v, 4),
                               static_cast<std::uint32_t>(uint_at(v, 2).low_u64()), int_at(v, 3)};
        case Kind::sync:
            return Sync{uint_at(v, 0), uint_at(v, 1)};
        case Kind::initialize:
            return Initialize{uint_at(v, 0), int_at(v, 1)};
        case Kind::swap:
            return V3Swap{uint_at(v, 4), to_u128(uint_at(v, 5)), int_at(v, 6)};
        case Kind::mint:
            return LiquidityChange{int_at(v, 2), int_at(v, 3),
                                   static_cast<i128>(to_u128(uint_at(v, 4)))};
        case Kind::burn:
            return LiquidityChange{int_at(v, 1), int_at(v, 2),
                                   -static_cast<i128>(to_u128(uint_at(v, 3)))};
    }
    return Sync{};  // unreachable: every kind is handled above
}

}  // namespace

std::vector<chain::Hash32> factory_event_topics() {
    const auto& k = known_events();
    return {k[0].event.topic(), k[1].event.topic()};
}

std::vector<chain::Hash32> pool_event_topics() {
    std::vector<chain::Hash32> out;
    for (std::size_t i = 2; i < known_events().size(); ++i)
        out.push_back(known_events()[i].event.topic());
    return out;
}

std::optional<PoolEvent> decode_pool_event(const json::value& value, std::string* why) {
    auto log = chain::read_log_entry(value, why);
    if (!log) return std::nullopt;
    if (!log->block_number || !log->log_index)
        return fail(why, "log has no block number or log index");
    for (const auto& known : known_events()) {
        if (!(known.event.topic() == log->topics.front())) continue;
        auto values = known.event.decode_log(log->topics, log->data);
        if (!values) return fail(why, known.event.signature.name + " does not decode");
        return PoolEvent{log->emitter, *log->block_number, *log->log_index,
                         to_data(known.kind, *values)};
    }
    return fail(why, "not a pool event");
}

}  // namespace perch::swap
