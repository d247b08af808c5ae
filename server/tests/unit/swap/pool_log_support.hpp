#pragma once
// Pool event logs as a node returns them from eth_getLogs, for the pool book's and the pool
// indexer's tests.
#include <boost/json.hpp>
#include <string>
#include <vector>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::swap::test {
namespace json = boost::json;
namespace abi = chain::abi;
using chain::Address;

inline Address addr(std::uint8_t last) {
    Address a;
    a.bytes[19] = last;
    return a;
}

// One 32-byte word: an address, or an integer (negative ones sign-extended, as topics hold them).
inline chain::Hash32 word(const abi::Value& v) {
    auto type = *abi::parse_type(std::holds_alternative<Address>(v.data) ? "address" : "int256");
    auto bytes = *abi::encode(type, v);
    chain::Hash32 h;
    std::copy(bytes.begin(), bytes.end(), h.bytes.begin());
    return h;
}

inline boost::json::value log_of(const char* event, const Address& emitter,
                                 std::vector<abi::Value> indexed,
                                 std::vector<std::string> data_types, std::vector<abi::Value> data,
                                 std::uint64_t block = 7, std::uint64_t index = 0) {
    json::array topics{json::string(abi::parse_event(event)->topic().hex())};
    for (const auto& v : indexed) topics.emplace_back(word(v).hex());
    std::vector<abi::Type> types;
    for (const auto& t : data_types) types.push_back(*abi::parse_type(t));
    auto body = *abi::encode_params(types, data);
    return json::object{{"address", emitter.lower_hex()},
                        {"topics", std::move(topics)},
                        {"data", chain::to_hex(body)},
                        {"blockNumber", chain::rpc::quantity_hex(block)},
                        {"logIndex", chain::rpc::quantity_hex(index)},
                        {"removed", false}};
}

inline constexpr const char* kPairCreated =
    "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 i)";
inline constexpr const char* kPoolCreated =
    "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 "
    "tickSpacing, address pool)";
inline constexpr const char* kSync = "event Sync(uint112 reserve0, uint112 reserve1)";
inline constexpr const char* kInitialize = "event Initialize(uint160 sqrtPriceX96, int24 tick)";
inline constexpr const char* kSwap =
    "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 "
    "amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)";
inline constexpr const char* kMint =
    "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed "
    "tickUpper, uint128 amount, uint256 amount0, uint256 amount1)";
inline constexpr const char* kBurn =
    "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 "
    "amount, uint256 amount0, uint256 amount1)";

}  // namespace perch::swap::test
