// GET /api/bridge_api/v1/limits and the outflow part of a quote: what each route can pay now
// under its hourly and daily caps, which transfers are held for their size, which routes are
// paused. The rules are in bridge/outflow.hpp; the windows are counted from the store's payouts.
#include <boost/json.hpp>

#include "api/outflow_json.hpp"
#include "api/params.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "price/price_source.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

using Paid = std::map<std::string, std::vector<bridge::Outflow>>;

Task<Paid> paid_by_route(Services& s, std::int64_t now) {
    auto flows = co_await s.store.orders().flows_since(now - s.outflow.day.count());
    Paid paid;
    for (const auto& f : flows.payouts) {
        auto amount = chain::U256::from_dec(f.amount);
        paid[bridge::route_key(f.src_chain_id, f.dst_chain_id, f.token)].push_back(
            {f.at, amount ? *amount : chain::U256()});
    }
    co_return paid;
}

double usd_per(const Services& s, const std::string& symbol) {
    if (s.prices)
        if (auto usd = s.prices->current()->of(symbol)) return *usd;
    auto it = s.config.prices.fixed.find(symbol);
    return it == s.config.prices.fixed.end() ? 0 : it->second;
}

// The smallest amount of `symbol` that is held for its size (nullopt: none is, or no price).
std::optional<std::string> hold_from(const Services& s, const std::string& symbol) {
    auto usd = usd_per(s, symbol);
    if (s.outflow.delay_above_usd <= 0 || usd <= 0 || s.outflow.delay.count() == 0)
        return std::nullopt;
    return std::to_string(s.outflow.delay_above_usd / usd);
}

}  // namespace

Task<json::object> limits_json(Services& s, std::int64_t from, std::int64_t to, std::string token) {
    auto now = unix_now();
    auto paid = co_await paid_by_route(s, now);
    auto paused = co_await s.store.orders().paused_routes();
    bool all_paused = co_await s.store.orders().paused();
    json::array list;
    for (const auto& [key, caps] : s.outflow.routes) {
        auto r = bridge::parse_route_key(key);
        if ((from && r->src != from) || (to && r->dst != to) ||
            (!token.empty() && r->token != token))
            continue;
        const auto* route = s.routes.find(r->token, r->src, r->dst);
        if (!route) continue;
        const auto& flows = paid[key];
        auto fmt = [&](const chain::U256& v) { return v.format_units(caps.decimals); };
        auto pause = paused.find(key);
        auto hold = hold_from(s, r->token);
        list.push_back(json::object{
            {"route", key},
            {"from_chain_id", r->src},
            {"to_chain_id", r->dst},
            {"token", r->token},
            {"decimals", caps.decimals},
            {"min", fmt(route->min)},
            {"max", fmt(route->max)},
            {"hour_cap", fmt(caps.hour)},
            {"day_cap", fmt(caps.day)},
            {"hour_left", fmt(bridge::capacity_left(flows, caps.hour, s.outflow.hour, now))},
            {"day_left", fmt(bridge::capacity_left(flows, caps.day, s.outflow.day, now))},
            {"hold_from", hold ? json::value(*hold) : json::value(nullptr)},
            {"paused", all_paused || pause != paused.end() || !route->enabled},
            {"paused_reason", all_paused              ? "the bridge is paused for maintenance"
                              : pause != paused.end() ? pause->second
                              : !route->enabled       ? "this route is disabled"
                                                      : ""},
        });
    }
    co_return json::object{{"as_of", now},
                           {"hour_seconds", s.outflow.hour.count()},
                           {"day_seconds", s.outflow.day.count()},
                           {"hold_above_usd", s.outflow.delay_above_usd},
                           {"hold_seconds", s.outflow.delay.count()},
                           {"list", std::move(list)}};
}

Task<json::object> quote_outflow(Services& s, std::int64_t from, std::int64_t to,
                                 const std::string& token, const chain::U256& amount,
                                 unsigned decimals) {
    auto key = bridge::route_key(from, to, token);
    auto paused = co_await s.store.orders().paused_routes();
    if (auto p = paused.find(key); p != paused.end())
        throw ApiError(ErrorKind::unavailable,
                       "this route is paused; deposits on it wait until it resumes",
                       "route " + key + " paused: " + p->second);
    json::object out{{"hold_seconds", 0}, {"hold_reason", ""}};
    auto usd = usd_per(s, token);
    double value = 0;
    try {
        value = std::stod(amount.format_units(decimals)) * usd;
    } catch (const std::exception&) {
    }
    if (s.outflow.delay_above_usd > 0 && value > s.outflow.delay_above_usd &&
        s.outflow.delay.count() > 0) {
        out["hold_seconds"] = s.outflow.delay.count();
        out["hold_reason"] = bridge::quoted_hold_reason(s.outflow.delay_above_usd, s.outflow.delay);
    }
    const auto* caps = s.outflow.caps(key);
    if (!caps) co_return out;
    auto now = unix_now();
    auto paid = co_await paid_by_route(s, now);
    const auto& flows = paid[key];
    auto hour_left = bridge::capacity_left(flows, caps->hour, s.outflow.hour, now);
    auto day_left = bridge::capacity_left(flows, caps->day, s.outflow.day, now);
    auto pay_at = bridge::earliest_fit(flows, amount, *caps, s.outflow, now);
    out["hour_left"] = hour_left.format_units(decimals);
    out["day_left"] = day_left.format_units(decimals);
    // Exceeds what the route can pay now: paid later, when the windows free enough capacity.
    out["fits_now"] = pay_at <= now;
    out["expected_wait_seconds"] = pay_at - now;
    co_return out;
}

void register_bridge_limits_api(http::Router& router, Services& s) {
    router.get("/api/bridge_api/v1/limits",
               "Per route and token: min, max, capacity left in the hour and day windows, the "
               "hold threshold, paused or not",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto p = Params::query(req);
                   auto from = p.find("from_chain_id") ? chain_id(p, "from_chain_id") : 0;
                   auto to = p.find("to_chain_id") ? chain_id(p, "to_chain_id") : 0;
                   auto token = p.find("token").value_or("");
                   co_return http::envelope(co_await limits_json(s, from, to, std::move(token)));
               });
}

}  // namespace perch::api
