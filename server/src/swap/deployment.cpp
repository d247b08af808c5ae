#include "swap/deployment.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch::swap {
namespace json = boost::json;

namespace {

[[noreturn]] void bad(const std::string& field, const std::string& why) {
    throw ConfigError("chain profile: swap." + field + " " + why);
}

const json::value& field_of(const json::object& o, const std::string& path, const char* key) {
    const auto* v = o.if_contains(key);
    if (!v) bad(path + key, "is missing");
    return *v;
}

std::string text_of(const json::object& o, const std::string& path, const char* key) {
    const auto& v = field_of(o, path, key);
    if (!v.is_string()) bad(path + key, "must be a string");
    return std::string(v.as_string());
}

chain::Address address_of(const json::object& o, const std::string& path, const char* key) {
    auto a = chain::Address::from_hex(text_of(o, path, key));
    if (!a) bad(path + key, "must be an address");
    return *a;
}

std::int64_t int_of(const json::object& o, const std::string& path, const char* key) {
    const auto& v = field_of(o, path, key);
    if (v.is_int64()) return v.as_int64();
    if (v.is_uint64() && v.as_uint64() <= INT64_MAX)
        return static_cast<std::int64_t>(v.as_uint64());
    bad(path + key, "must be an integer");
}

const json::array& array_of(const json::object& o, const std::string& path, const char* key) {
    const auto& v = field_of(o, path, key);
    if (!v.is_array()) bad(path + key, "must be a list");
    return v.as_array();
}

const json::object& object_at(const json::value& v, const std::string& path) {
    if (!v.is_object()) bad(path, "must be an object");
    return v.as_object();
}

SwapToken token_of(const json::object& t, const std::string& path) {
    auto decimals = int_of(t, path, "decimals");
    if (decimals < 0 || decimals > 36) bad(path + "decimals", "must be 0..36");
    auto symbol = text_of(t, path, "symbol");
    auto name = t.contains("name") ? text_of(t, path, "name") : symbol;
    return {address_of(t, path, "address"), symbol, name, static_cast<unsigned>(decimals)};
}

Venue venue_of(const json::object& v, const std::string& path) {
    auto kind = text_of(v, path, "kind");
    if (kind != "v2" && kind != "v3") bad(path + "kind", "must be \"v2\" or \"v3\"");
    return {text_of(v, path, "name"), kind == "v2" ? Venue::Kind::v2 : Venue::Kind::v3,
            address_of(v, path, "factory")};
}

}  // namespace

std::optional<SwapDeployment> parse_swap_deployment(const json::value& profile) {
    const auto* swap = profile.is_object() ? profile.as_object().if_contains("swap") : nullptr;
    if (!swap) return std::nullopt;
    const auto& s = object_at(*swap, "");
    SwapDeployment d;
    d.weth = address_of(s, "", "weth");
    d.executor = address_of(s, "", "executor");
    if (s.contains("start_block")) {
        auto start = int_of(s, "", "start_block");
        if (start < 0) bad("start_block", "must not be negative");
        d.start_block = static_cast<std::uint64_t>(start);
    }
    d.tokens.push_back({chain::Address{}, "ETH", "Ether", 18});
    const auto& tokens = array_of(s, "", "tokens");
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        auto path = "tokens[" + std::to_string(i) + "].";
        d.tokens.push_back(token_of(object_at(tokens[i], path), path));
    }
    const auto& venues = array_of(s, "", "venues");
    for (std::size_t i = 0; i < venues.size(); ++i) {
        auto path = "venues[" + std::to_string(i) + "].";
        const auto& v = object_at(venues[i], path);
        d.venues.push_back(venue_of(v, path));
        if (v.contains("quoter_v2")) d.quoter_v2 = address_of(v, path, "quoter_v2");
    }
    if (s.contains("chain_ids")) {
        for (const auto& id : array_of(s, "", "chain_ids")) {
            if (!id.is_int64()) bad("chain_ids", "must be a list of chain ids");
            d.chain_ids.push_back(id.as_int64());
        }
    }
    return d;
}

}  // namespace perch::swap
