// Portfolio API group (docs/tracker.md "Portfolio"): an address's balances on every chain with
// USD values, its allocations and the daily totals' history. A balances call is a visit: it opts
// the address in to daily snapshots (the watch list is capped and the group rate-limited).
#include <boost/json.hpp>
#include <chrono>

#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "portfolio/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

portfolio::PortfolioService& service(Services& s) {
    if (!s.portfolio)
        throw ApiError(ErrorKind::unavailable, "the portfolio is not offered by this server");
    return *s.portfolio;
}

constexpr std::size_t kMaxChainsPerCall = 64;

// Optional `chain_ids`: some of the covered chains (the page asks chain by chain, so each shows
// its own loading and error state); absent: every one.
std::vector<std::int64_t> chain_ids_of(const http::Request& req,
                                       const portfolio::PortfolioService& portfolio) {
    ChainRule covered{[&portfolio](std::int64_t id) { return portfolio.covers(id); },
                      "a chain the portfolio covers"};
    return chain_ids(Params::query(req), "chain_ids", kMaxChainsPerCall, covered);
}

double usd(std::int64_t cents) {
    return static_cast<double>(cents) / 100.0;
}

json::value token_json(const portfolio::TokenValue& t) {
    const auto& h = t.holding;
    return json::object{
        {"symbol", h.symbol},
        {"address", h.address},
        {"decimals", h.decimals},
        {"balance", h.balance ? json::value(h.balance->to_dec()) : json::value(nullptr)},
        {"price_usd", t.price_usd ? json::value(*t.price_usd) : json::value(nullptr)},
        {"value_usd", usd(t.value_cents)}};
}

json::value chain_json(const portfolio::ChainValue& c) {
    json::object out{{"chain_id", c.chain_id},
                     {"chain_name", c.chain_name},
                     {"status", c.error.empty() ? "ok" : "error"},
                     {"value_usd", usd(c.value_cents)}};
    if (!c.error.empty()) out["error"] = c.error;
    json::array tokens;
    for (const auto& t : c.tokens) tokens.push_back(token_json(t));
    out["tokens"] = std::move(tokens);
    return out;
}

json::array allocation_json(const std::vector<portfolio::Allocation>& parts, const char* key) {
    json::array out;
    for (const auto& a : parts) {
        json::object item{
            {"label", a.label}, {"value_usd", usd(a.value_cents)}, {"share", a.share}};
        if (std::string_view(key) == "chain_id")
            item["chain_id"] = text::parse_int(a.key).value_or(0);
        else
            item[key] = a.key;
        out.push_back(std::move(item));
    }
    return out;
}

Task<http::Response> balances(Services& s, http::Request& req) {
    auto user = evm_address(Params::query(req), "address");
    auto& portfolio = service(s);
    auto only = chain_ids_of(req, portfolio);
    bool watched = co_await portfolio.visit(user, unix_now());
    auto p = co_await portfolio.portfolio(user, std::move(only));
    json::array chains;
    for (const auto& c : p.valuation.chains) chains.push_back(chain_json(c));
    co_return http::envelope(json::object{
        {"address", user.checksum_hex()},
        {"chains", std::move(chains)},
        {"total_usd", usd(p.valuation.total_cents)},
        {"by_chain", allocation_json(p.valuation.by_chain, "chain_id")},
        {"by_token", allocation_json(p.valuation.by_token, "symbol")},
        {"prices", json::object{{"source", p.prices->source}, {"as_of", p.prices->as_of}}},
        {"watched", watched}});
}

Task<http::Response> history(Services& s, http::Request& req) {
    auto user = evm_address(Params::query(req), "address");
    auto days = co_await service(s).history(user);
    json::array out;
    for (const auto& d : days)
        out.push_back(json::object{{"day", d.day}, {"total_usd", usd(d.total_usd_cents)}});
    co_return http::envelope(out);
}

Task<http::Response> chains(Services& s, http::Request&) {
    json::array out;
    for (const auto& c : service(s).chains())
        out.push_back(json::object{{"chain_id", c.chain_id}, {"chain_name", c.chain_name}});
    co_return http::envelope(out);
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/portfolio_api/v1/balances", balances,
     "An address's balances on every chain with USD values (opts it in to daily "
     "snapshots)"},
    {kGet, "/api/portfolio_api/v1/chains", chains, "The chains a portfolio covers"},
    {kGet, "/api/portfolio_api/v1/history", history,
     "An address's daily portfolio totals (UTC days)"},
};

void register_portfolio_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
