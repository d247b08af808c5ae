#include "price/oracles.hpp"

#include <boost/json.hpp>
#include <cmath>

#include "chain/abi.hpp"
#include "core/config_node.hpp"

namespace perch::price {
namespace abi = chain::abi;

namespace {

chain::Address address_at(const ConfigNode& node) {
    auto address = chain::Address::from_hex(node.as_string(""));
    if (!address) node.fail("must be a 0x address");
    return *address;
}

PriceOracle oracle_at(const ConfigNode& node) {
    node.require_object();
    node.reject_unknown({"chain_id", "symbol", "pool", "token", "decimals", "usd_token",
                         "usd_decimals", "twap_seconds"});
    PriceOracle o;
    o.chain_id = node["chain_id"].as_int(0, 1, 1LL << 53);
    o.symbol = node["symbol"].as_string("");
    if (o.symbol.empty()) node["symbol"].fail("must name the priced symbol");
    o.pool = address_at(node["pool"]);
    o.token = address_at(node["token"]);
    o.usd_token = address_at(node["usd_token"]);
    if (o.token == o.usd_token) node["usd_token"].fail("must not be the priced token");
    o.decimals = static_cast<unsigned>(node["decimals"].as_int(18, 0, 36));
    o.usd_decimals = static_cast<unsigned>(node["usd_decimals"].as_int(6, 0, 36));
    o.twap_seconds = static_cast<std::uint32_t>(node["twap_seconds"].as_int(1800, 1, 7 * 86400));
    return o;
}

// An int56 as the ABI decoder gives it (256-bit two's complement) as a signed 64-bit value.
std::int64_t signed_of(const chain::U256& word) {
    if (!word.bit(255)) return static_cast<std::int64_t>(word.low_u64());
    return -static_cast<std::int64_t>((~word).low_u64() + 1);
}

}  // namespace

std::vector<PriceOracle> parse_price_oracles(const boost::json::value& profile) {
    auto list = ConfigNode::root(profile, "chain profile key")["price_oracles"];
    std::vector<PriceOracle> out;
    if (!list.present()) return out;
    if (!list.value().is_array()) list.fail("must be a list of oracles");
    for (const auto& node : list.elements()) out.push_back(oracle_at(node));
    return out;
}

chain::Bytes observe_calldata(std::uint32_t seconds) {
    const abi::Value ago = abi::Value::of(
        abi::Value::List{abi::Value::of(chain::U256(seconds)), abi::Value::of(chain::U256(0))});
    return abi::encode_known_call("observe(uint32[] secondsAgos)", std::span(&ago, 1));
}

std::optional<std::int64_t> mean_tick(chain::ByteView observe_answer, std::uint32_t seconds) {
    static const std::vector<abi::Type> kTypes{*abi::parse_type("int56[]"),
                                               *abi::parse_type("uint160[]")};
    auto values = abi::decode_params(kTypes, observe_answer);
    if (!values || seconds == 0) return std::nullopt;
    const auto& ticks = std::get<abi::Value::List>((*values)[0].data);
    if (ticks.size() != 2) return std::nullopt;
    auto older = signed_of(std::get<chain::U256>(ticks[0].data));
    auto newer = signed_of(std::get<chain::U256>(ticks[1].data));
    auto delta = newer - older;  // int56 cumulatives: no overflow in 64 bits
    auto window = static_cast<std::int64_t>(seconds);
    auto tick = delta / window;
    if (delta < 0 && delta % window != 0) --tick;
    return tick;
}

double usd_at_tick(const PriceOracle& oracle, std::int64_t tick) {
    // token1 per token0 in base units; token0 is the lower address.
    double token1_per_token0 = std::pow(1.0001, static_cast<double>(tick));
    bool priced_is_token0 = oracle.token < oracle.usd_token;
    double usd_units_per_token_unit = priced_is_token0 ? token1_per_token0 : 1 / token1_per_token0;
    return usd_units_per_token_unit * std::pow(10.0, static_cast<int>(oracle.decimals) -
                                                         static_cast<int>(oracle.usd_decimals));
}

}  // namespace perch::price
