// GET /api/bridge_api/v1/quote: what a bridge of `amount` would cost and deliver, with the limits
// and the maker's live liquidity on the destination. The rules are in bridge/quote.
#include <boost/json.hpp>
#include <charconv>
#include <chrono>

#include "api/services.hpp"
#include "core/error.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::int64_t chain_param(const http::Request& req, std::string_view name) {
    const auto& text = req.required_query(name);
    std::int64_t id = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
    if (ec != std::errc{} || end != text.data() + text.size()) {
        throw bad_request("query parameter '" + std::string(name) + "' must be a chain id");
    }
    return id;
}

Task<chain::U256> maker_liquidity(Services& s, std::int64_t chain_id, const std::string& token) {
    auto maker = chain::Address::from_hex(s.catalog.maker_address());
    auto ref = s.balances.token(token, chain_id);
    if (!maker || !ref)
        throw ApiError(ErrorKind::unavailable,
                       "the bridge has no maker on chain " + std::to_string(chain_id));
    std::vector<balance::TokenRef> one{*ref};
    std::vector<std::optional<chain::U256>> values;
    try {
        values = co_await s.balances.token_balances(chain_id, *maker, std::move(one));
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable, "the destination chain cannot be reached right now",
                       e.what());
    }
    if (!values.at(0))
        throw ApiError(ErrorKind::unavailable, "the destination chain cannot be reached right now");
    co_return *values[0];
}

Task<http::Response> quote(Services& s, http::Request& req) {
    bridge::QuoteRequest q;
    q.from_chain = chain_param(req, "from_chain_id");
    q.to_chain = chain_param(req, "to_chain_id");
    q.token = req.required_query("token");
    const auto* route = s.routes.find(q.token, q.from_chain, q.to_chain);
    if (!route) {
        throw bad_request(q.token + " cannot be bridged from chain " +
                          std::to_string(q.from_chain) + " to chain " + std::to_string(q.to_chain));
    }
    auto amount = chain::U256::parse_units(req.required_query("amount"), route->decimals);
    if (!amount)
        throw bad_request("query parameter 'amount' is not a valid " + q.token + " amount");
    q.amount = *amount;
    auto liquidity = co_await maker_liquidity(s, q.to_chain, q.token);
    auto now = std::chrono::duration_cast<std::chrono::seconds>(
        std::chrono::system_clock::now().time_since_epoch());
    auto result = bridge::make_quote(s.routes, q, liquidity, now.count());
    if (result.refusal) throw bad_request(result.refusal->message);
    const auto& r = *result.quote;
    auto fmt = [&](const chain::U256& v) { return v.format_units(r.decimals); };
    co_return http::envelope(json::object{{"from_chain_id", q.from_chain},
                                          {"to_chain_id", q.to_chain},
                                          {"token", q.token},
                                          {"decimals", r.decimals},
                                          {"send_amount", fmt(r.send_amount)},
                                          {"bridge_fee", fmt(r.bridge_fee)},
                                          {"bridge_fee_bps", r.bps},
                                          {"dtc", fmt(r.dtc)},
                                          {"receive_amount", fmt(r.receive_amount)},
                                          {"min", fmt(r.min)},
                                          {"max", fmt(r.max)},
                                          {"expected_seconds", r.expected_seconds},
                                          {"expires_at", r.expires_at}});
}

}  // namespace

void register_bridge_quote_api(http::Router& router, Services& s) {
    router.get("/api/bridge_api/v1/quote",
               "Fees, time and received amount of a bridge, with limits",
               [&s](http::Request& req) { return quote(s, req); });
}

}  // namespace perch::api
