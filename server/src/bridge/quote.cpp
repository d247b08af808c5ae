#include "bridge/quote.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "bridge/cross_price.hpp"
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
    if (const auto* to = r.if_contains("to_token")) {
        if (!to->is_string() || to->as_string().empty()) bad(where, "'to_token' must be a symbol");
        route.to_token = std::string(to->as_string());
        route.to_decimals =
            static_cast<unsigned>(integer(r.at("to_decimals"), where + ".to_decimals"));
        for (const auto& c : r.at("to_chains").as_array())
            route.to_chains.push_back(integer(c, where + ".to_chains"));
        if (route.chains.empty() || route.to_chains.empty())
            bad(where, "a cross-asset route needs 'chains' and 'to_chains'");
        auto tolerance = integer(r.at("price_tolerance_bps"), where + ".price_tolerance_bps");
        if (tolerance < 0 || tolerance > 10000)
            bad(where, "'price_tolerance_bps' must be from 0 to 10000");
        route.price_tolerance_bps = static_cast<std::uint32_t>(tolerance);
    } else if (route.chains.size() < 2) {
        bad(where, "needs at least two chains");
    }
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
    per_chain(r.at("dtc").as_object(), where + ".dtc", route.dtc, route.default_dtc,
              [&](const json::value& v, const std::string& w) {
                  return units(v, route.paid_decimals(), w);
              });
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
        if (r.token != token || from == to) continue;
        if (r.cross()) {
            if (has(from) &&
                std::find(r.to_chains.begin(), r.to_chains.end(), to) != r.to_chains.end())
                return &r;
            continue;
        }
        if (has(from) && has(to)) return &r;
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
    // "routes": one token among its chains; "cross_routes": one token paid in another
    // (docs/solana.md), kept apart so readers of "routes" see same-token routes only.
    for (const char* list : {"routes", "cross_routes"}) {
        const auto* entries = doc.as_object().if_contains(list);
        if (!entries) continue;
        if (!entries->is_array()) bad(list, "must be an array");
        const auto& routes = entries->as_array();
        for (std::size_t i = 0; i < routes.size(); ++i) {
            auto where = std::string(list) + "[" + std::to_string(i) + "]";
            try {
                if (!routes[i].is_object()) bad(where, "must be an object");
                auto route = parse_route(routes[i].as_object(), where);
                if (route.cross() != (std::string_view(list) == "cross_routes"))
                    bad(where, "'to_token' belongs to cross_routes entries, and only there");
                table.routes.push_back(std::move(route));
            } catch (const std::out_of_range&) {
                bad(where, "a required field is missing");
            } catch (const std::invalid_argument&) {
                bad(where, "a field has the wrong type");
            } catch (const boost::system::system_error&) {
                bad(where, "a field is missing or has the wrong type");
            }
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
    q.payable_now = route->cross() ? liquidity : q.max;
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
    q.receive_token = route->paid_token();
    q.receive_decimals = route->paid_decimals();
    q.expected_seconds =
        lookup(route->expected_seconds, req.from_chain, route->default_expected_seconds);
    q.expires_at = now + table.quote_ttl_seconds;
    if (route->cross()) {
        // The deposit less the bridge fee, at today's prices, less the destination's cost.
        q.cross = true;
        q.price_tolerance_bps = route->price_tolerance_bps;
        auto net = *req.amount.sub(q.bridge_fee);
        auto gross =
            convert_amount(net, route->decimals, req.from_usd, route->to_decimals, req.to_usd);
        auto back = convert_amount(liquidity, route->to_decimals, req.to_usd, route->decimals,
                                   req.from_usd);
        if (!gross) {
            return refuse(
                QuoteRefusal::Reason::no_price,
                "there is no price for " + route->token + " or " + route->to_token + " right now");
        }
        // (Liquidity too large to convert is more than any route's max.)
        q.max = back ? std::min(route->max, *back) : route->max;
        if (*gross <= q.dtc) {
            return refuse(QuoteRefusal::Reason::fees_exceed_amount,
                          "the amount does not cover the fees");
        }
        q.receive_amount = *gross->sub(q.dtc);
        if (q.receive_amount > liquidity) {
            return refuse(QuoteRefusal::Reason::no_liquidity,
                          "the destination cannot pay that much right now; at most " +
                              liquidity.format_units(route->to_decimals) + " " + route->to_token);
        }
        return QuoteResult{q, std::nullopt};
    }
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
    return QuoteResult{q, std::nullopt};
}

}  // namespace perch::bridge
