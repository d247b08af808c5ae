#include "bridge/quote.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch::bridge {
namespace json = boost::json;
namespace {

[[noreturn]] void bad(const std::string& where, const std::string& why) {
    throw ConfigError("routes: " + where + ": " + why);
}

U256 units(const json::value& v, unsigned decimals, const std::string& where) {
    if (!v.is_string()) bad(where, "must be a decimal string such as \"0.5\"");
    auto parsed = U256::parse_units(std::string(v.as_string()), decimals);
    if (!parsed) bad(where, parsed.error().message);
    return *parsed;
}

std::int64_t integer(const json::value& v, const std::string& where) {
    if (!v.is_int64() && !v.is_uint64()) bad(where, "must be a whole number");
    return v.to_number<std::int64_t>();
}

// {"<chain id>": value, "default": value}
template <class T, class Read>
void per_chain(const json::object& obj, const std::string& where, std::map<std::int64_t, T>& out,
               T& fallback, Read read) {
    for (const auto& [key, value] : obj) {
        if (key == "default") {
            fallback = read(value, where + ".default");
            continue;
        }
        try {
            out[std::stoll(std::string(key))] = read(value, where + "." + std::string(key));
        } catch (const std::invalid_argument&) {
            bad(where, "key '" + std::string(key) + "' is neither a chain id nor 'default'");
        }
    }
}

Route parse_route(const json::object& r, const std::string& where) {
    Route route;
    if (!r.contains("token") || !r.at("token").is_string()) bad(where, "'token' is required");
    route.token = std::string(r.at("token").as_string());
    route.decimals = static_cast<unsigned>(integer(r.at("decimals"), where + ".decimals"));
    for (const auto& c : r.at("chains").as_array())
        route.chains.push_back(integer(c, where + ".chains"));
    if (route.chains.size() < 2) bad(where, "needs at least two chains");
    route.enabled = r.at("enabled").as_bool();
    route.min = units(r.at("min"), route.decimals, where + ".min");
    route.max = units(r.at("max"), route.decimals, where + ".max");
    if (route.max < route.min) bad(where, "max is below min");
    for (const auto& t : r.at("fee_tiers").as_array()) {
        FeeTier tier;
        const auto& up_to = t.at("up_to");
        if (!(up_to.is_string() && up_to.as_string().empty()))
            tier.up_to = units(up_to, route.decimals, where + ".fee_tiers");
        tier.bps = static_cast<std::uint32_t>(integer(t.at("bps"), where + ".fee_tiers.bps"));
        if (tier.bps > 10000) bad(where, "a fee tier above 10000 bps");
        route.fee_tiers.push_back(tier);
    }
    if (route.fee_tiers.empty() || route.fee_tiers.back().up_to)
        bad(where, "the last fee tier must have no bound");
    per_chain(
        r.at("dtc").as_object(), where + ".dtc", route.dtc, route.default_dtc,
        [&](const json::value& v, const std::string& w) { return units(v, route.decimals, w); });
    per_chain(r.at("expected_seconds").as_object(), where + ".expected_seconds",
              route.expected_seconds, route.default_expected_seconds,
              [&](const json::value& v, const std::string& w) {
                  return static_cast<std::uint32_t>(integer(v, w));
              });
    if (const auto* large = r.if_contains("large_from"))
        route.large_from = units(*large, route.decimals, where + ".large_from");
    return route;
}

std::uint32_t bps_for(const Route& route, const U256& amount) {
    for (const auto& tier : route.fee_tiers) {
        if (!tier.up_to || amount <= *tier.up_to) return tier.bps;
    }
    return route.fee_tiers.back().bps;
}

template <class T>
T lookup(const std::map<std::int64_t, T>& m, std::int64_t chain, const T& fallback) {
    auto it = m.find(chain);
    return it == m.end() ? fallback : it->second;
}

QuoteResult refuse(QuoteRefusal::Reason reason, std::string message) {
    return QuoteResult{std::nullopt, QuoteRefusal{reason, std::move(message)}};
}

}  // namespace

const Route* RouteTable::find(const std::string& token, std::int64_t from, std::int64_t to) const {
    for (const auto& r : routes) {
        auto has = [&](std::int64_t id) {
            return std::find(r.chains.begin(), r.chains.end(), id) != r.chains.end();
        };
        if (r.token == token && from != to && has(from) && has(to)) return &r;
    }
    return nullptr;
}

RouteTable parse_routes(const json::value& doc) {
    if (!doc.is_object() || !doc.as_object().contains("routes"))
        bad("file", "expected an object with 'routes'");
    RouteTable table;
    if (const auto* ttl = doc.as_object().if_contains("quote_ttl_seconds")) {
        table.quote_ttl_seconds = static_cast<std::uint32_t>(integer(*ttl, "quote_ttl_seconds"));
    }
    const auto& routes = doc.at("routes").as_array();
    for (std::size_t i = 0; i < routes.size(); ++i) {
        auto where = "routes[" + std::to_string(i) + "]";
        try {
            table.routes.push_back(parse_route(routes[i].as_object(), where));
        } catch (const std::out_of_range&) {
            bad(where, "a required field is missing");
        } catch (const std::invalid_argument&) {
            bad(where, "a field has the wrong type");
        } catch (const boost::system::system_error&) {
            bad(where, "a field is missing or has the wrong type");
        }
    }
    return table;
}

QuoteResult make_quote(const RouteTable& table, const QuoteRequest& req, const U256& liquidity,
                       std::int64_t now) {
    const auto* route = table.find(req.token, req.from_chain, req.to_chain);
    if (!route) {
        return refuse(QuoteRefusal::Reason::no_route, req.token + " cannot be bridged from chain " +
                                                          std::to_string(req.from_chain) +
                                                          " to chain " +
                                                          std::to_string(req.to_chain));
    }
    if (!route->enabled) return refuse(QuoteRefusal::Reason::disabled, "this route is paused");
    Quote q;
    q.decimals = route->decimals;
    q.min = route->min;
    q.max = std::min(route->max, liquidity);
    q.send_amount = req.amount;
    if (req.amount < route->min) {
        return refuse(
            QuoteRefusal::Reason::below_min,
            "the minimum is " + route->min.format_units(route->decimals) + " " + route->token);
    }
    if (req.amount > route->max) {
        return refuse(
            QuoteRefusal::Reason::above_max,
            "the maximum is " + route->max.format_units(route->decimals) + " " + route->token);
    }
    q.bps = bps_for(*route, req.amount);
    q.dtc = lookup(route->dtc, req.to_chain, route->default_dtc);
    // fee = amount × bps / 10000, rounded down; amount ≤ max keeps the product far from overflow.
    q.bridge_fee = *(*req.amount.mul(q.bps)).div(10000);
    auto fees = *q.bridge_fee.add(q.dtc);
    if (fees >= req.amount) {
        return refuse(QuoteRefusal::Reason::fees_exceed_amount,
                      "the amount does not cover the fees");
    }
    q.receive_amount = *req.amount.sub(fees);
    if (q.receive_amount > liquidity) {
        return refuse(QuoteRefusal::Reason::no_liquidity,
                      "the destination cannot pay that much right now; at most " +
                          liquidity.format_units(route->decimals) + " " + route->token);
    }
    q.expected_seconds =
        lookup(route->expected_seconds, req.from_chain, route->default_expected_seconds);
    q.expires_at = now + table.quote_ttl_seconds;
    return QuoteResult{q, std::nullopt};
}

}  // namespace perch::bridge
