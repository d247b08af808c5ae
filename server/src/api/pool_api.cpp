// The pool group (/pool): PerchPool on each chain as read from the contract (size, what the maker
// has drawn, the wallet's deposit and share) and the wallet's pool points, settled into the points
// ledger as they are read.
#include <boost/json.hpp>
#include <chrono>

#include "api/params.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "liquidity/pool_service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::int64_t share_bps(const chain::U256& mine, const chain::U256& total) {
    if (total.is_zero()) return 0;
    auto scaled = mine.mul(chain::U256(10000));
    if (!scaled) return 10000;
    return static_cast<std::int64_t>(scaled->div(total)->low_u64());
}

json::object token_json(const liquidity::TokenView& t) {
    return {{"symbol", t.ref.symbol},
            {"token", t.ref.native ? chain::Address{}.lower_hex() : t.ref.address},
            {"decimals", t.ref.decimals},
            {"total", t.total.to_dec()},
            {"available", t.available.to_dec()},
            {"owed", t.owed.to_dec()},
            {"mine", t.mine.to_dec()},
            {"share_bps", share_bps(t.mine, t.total)}};
}

}  // namespace

void register_pool_api(http::Router& router, Services& s) {
    router.get("/api/pool_api/v1/pool",
               "PerchPool on every chain (total deposits, available, owed by the maker per token) "
               "and, for a wallet (address), its deposits, share (basis points), pool points "
               "(accrued, to the millipoint; credited, in whole points) and whether it is on the "
               "allow-list",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = optional_evm_address(Params::query(req), "address");
                   json::array chains;
                   for (const auto& c : co_await s.pool->view(user)) {
                       json::array tokens;
                       for (const auto& t : c.tokens) tokens.push_back(token_json(t));
                       chains.push_back(json::object{{"chain_id", c.chain_id},
                                                     {"name", c.name},
                                                     {"contract", s.pool->contract(c.chain_id)},
                                                     {"error", c.error},
                                                     {"tokens", tokens}});
                   }
                   json::object rates;
                   for (const auto& [symbol, rate] : s.pool->rules().points_per_token_hour)
                       rates[symbol] = rate;
                   json::object out{{"contract", s.pool->contract()},
                                    {"points_per_token_hour", rates},
                                    {"chains", chains}};
                   if (user) {
                       auto points = co_await s.pool->settle(user->lower_hex(), unix_now());
                       out["allowed"] = s.pool->rules().allowed(user->lower_hex());
                       out["points"] = json::object{
                           {"accrued", liquidity::format_millipoints(points.accrued_millipoints)},
                           {"credited", points.credited}};
                   }
                   co_return http::envelope(out);
               });
}

}  // namespace perch::api
