#include "swap/pool_events.hpp"

#include <array>
#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "chain/hex.hpp"

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

std::optional<std::uint64_t> quantity(const json::object& log, const char* field) {
    const auto* v = log.if_contains(field);
    if (!v || !v->is_string()) return std::nullopt;
    auto n = U256::from_hex(std::string(v->as_string()));
    if (!n || !n->fits_u64()) return std::nullopt;
    return n->low_u64();
}

std::optional<std::vector<chain::Hash32>> topics_of(const json::object& log) {
    const auto* t = log.if_contains("topics");
    if (!t || !t->is_array()) return std::nullopt;
    std::vector<chain::Hash32> topics;
    for (const auto& topic : t->as_array()) {
        if (!topic.is_string()) return std::nullopt;
        auto h = chain::Hash32::from_hex(std::string(topic.as_string()));
        if (!h) return std::nullopt;
        topics.push_back(*h);
    }
    return topics;
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
    if (!value.is_object()) return fail(why, "log is not an object");
    const auto& log = value.as_object();
    if (const auto* removed = log.if_contains("removed");
        removed && removed->is_bool() && removed->as_bool())
        return fail(why, "log was removed by a reorg");
    const auto* address = log.if_contains("address");
    auto emitter =
        address && address->is_string()
            ? chain::Address::from_hex(std::string(address->as_string()))
            : chain::Result<chain::Address>(chain::make_error(chain::Errc::invalid_hex, "address"));
    if (!emitter) return fail(why, "log has no valid address");
    auto block = quantity(log, "blockNumber");
    auto index = quantity(log, "logIndex");
    if (!block || !index) return fail(why, "log has no block number or log index");
    auto topics = topics_of(log);
    if (!topics || topics->empty()) return fail(why, "log has no valid topics");
    const auto* data_text = log.if_contains("data");
    if (!data_text || !data_text->is_string()) return fail(why, "log has no data");
    auto data = chain::from_hex(std::string(data_text->as_string()));
    if (!data) return fail(why, "log data is not hex");
    for (const auto& known : known_events()) {
        if (!(known.event.topic() == topics->front())) continue;
        auto values = known.event.decode_log(*topics, *data);
        if (!values) return fail(why, known.event.signature.name + " does not decode");
        return PoolEvent{*emitter, *block, *index, to_data(known.kind, *values)};
    }
    return fail(why, "not a pool event");
}

}  // namespace perch::swap
