// The faucet group (/faucet, /Faucet/Ink, /Faucet/IP, /Faucet/Monad): the faucets with what this
// visitor may claim, a claim for the signed-in wallet (its session, so nobody claims in another
// wallet's name), and a wallet's claims with their status.
#include <boost/json.hpp>

#include "api/auth_guard.hpp"
#include "api/params.hpp"
#include "api/services.hpp"
#include "core/error.hpp"
#include "faucet/faucet_service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

json::object claim_json(const store::FaucetClaim& c) {
    return {{"id", c.id},
            {"slug", c.slug},
            {"chain_id", c.chain_id},
            {"address", c.address},
            {"amount", c.amount},
            {"status", c.status},
            {"queue_position", c.queue_position},
            {"tx_hash", c.tx_hash},
            {"error", c.error},
            {"created_at", c.created_at},
            {"updated_at", c.updated_at}};
}

json::object view_json(const faucet::FaucetView& v) {
    const auto& n = *v.network;
    return {{"slug", n.slug},
            {"name", n.name},
            {"chain_id", n.chain_id},
            {"symbol", n.symbol},
            {"decimals", n.decimals},
            {"token", n.token_address},
            {"amount", n.amount},
            {"available", v.unavailable.empty()},
            {"unavailable_reason", v.unavailable},
            {"empty", v.empty},
            {"wait_seconds", v.wait_seconds}};
}

}  // namespace

void register_faucet_api(http::Router& router, Services& s) {
    router.get("/api/faucet_api/v1/faucets",
               "Every faucet (slug, name, chain_id, symbol, decimals, token: the address of the "
               "token it sends or empty for the native coin, amount) with whether it can send now "
               "and, for this visitor's IP and the optional wallet (address), the seconds until "
               "they may claim again",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto address = optional_evm_address(Params::query(req), "address");
                   auto user = address ? address->lower_hex() : std::string();
                   json::array list;
                   for (const auto& n : s.faucets->rules().networks) {
                       auto v = co_await s.faucets->view(n, user, req.client_key);
                       list.push_back(view_json(v));
                   }
                   co_return http::envelope(
                       json::object{{"faucet_address", s.faucets->address()},
                                    {"window_hours", s.faucets->rules().window_seconds / 3600},
                                    {"list", list}});
               });

    router.post("/api/faucet_api/v1/claims",
                "Claim a faucet's amount {slug, address} for the signed-in wallet: queued, then "
                "sent; 429 with the time left when this wallet or IP claimed within the window, "
                "503 when the faucet is empty",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto body = req.json_object();
                    auto fields = Params::body(body);
                    const auto& network = s.faucets->network(fields.required("slug"));
                    auto address = evm_address(fields, "address").lower_hex();
                    auto user = co_await require_wallet(s, req, address);
                    auto claim = co_await s.faucets->claim(network, user, req.client_key);
                    co_return http::envelope(claim_json(claim));
                });

    router.get("/api/faucet_api/v1/claims",
               "A wallet's faucet claims (address), newest first: status queued (with its place "
               "in the queue), sent (signed and broadcast), done or failed (with the reason)",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = evm_address(Params::query(req), "address").lower_hex();
                   auto claims = co_await s.faucets->claims_of(user);
                   json::array list;
                   for (const auto& c : claims) list.push_back(claim_json(c));
                   co_return http::envelope(json::object{{"list", list}});
               });
}

}  // namespace perch::api
