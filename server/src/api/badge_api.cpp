// The badge group (/soneium-badge, /drop/bob-spice): a wallet's progress on a badge and, once every
// task is done, the claim signer's grant that the wallet sends to PerchBadge.claim. The grant is
// only usable by the wallet it names (the contract checks msg.sender), so it needs no session.
#include <boost/json.hpp>

#include "api/services.hpp"
#include "chain/address.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/badge_service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::string wallet_of(const std::string& address) {
    if (!chain::is_valid_address(address) || !text::is_evm_address(address))
        throw bad_request("'address' must be a wallet address");
    return text::to_lower(address);
}

}  // namespace

void register_badge_api(http::Router& router, Services& s) {
    router.get("/api/badge_api/v1/badges/{slug}",
               "A badge and a wallet's progress (address): its tasks (kind, chain_id, done), "
               "all_done, claimable here, claimed on chain",
               [&s](http::Request& req) -> Task<http::Response> {
                   const auto& badge = s.badges->badge(req.param("slug"));
                   auto user = wallet_of(req.required_query("address"));
                   auto st = co_await s.badges->status(badge, user);
                   json::array tasks;
                   for (std::size_t i = 0; i < badge.tasks.size(); ++i) {
                       tasks.push_back(json::object{{"kind", badge.tasks[i].kind},
                                                    {"chain_id", badge.tasks[i].chain_id},
                                                    {"done", static_cast<bool>(st.done[i])}});
                   }
                   co_return http::envelope(json::object{{"slug", badge.slug},
                                                         {"badge_id", badge.badge_id},
                                                         {"chain_id", badge.chain_id},
                                                         {"contract", s.badges->contract()},
                                                         {"tasks", tasks},
                                                         {"all_done", st.all_done},
                                                         {"claimable", st.claimable},
                                                         {"claimed", st.claimed}});
               });

    router.post("/api/badge_api/v1/badges/{slug}/grant",
                "The claim signer's EIP-712 grant Claim(address, badge_id) {address}, once every "
                "task is done: send it to PerchBadge.claim(badge_id, signature) from that wallet",
                [&s](http::Request& req) -> Task<http::Response> {
                    const auto& badge = s.badges->badge(req.param("slug"));
                    auto body = req.json_object();
                    const auto* address = body.if_contains("address");
                    if (!address || !address->is_string())
                        throw bad_request("'address' must be a wallet address");
                    auto user = wallet_of(std::string(address->as_string()));
                    auto grant = co_await s.badges->grant(badge, user);
                    co_return http::envelope(json::object{{"badge_id", badge.badge_id},
                                                          {"chain_id", badge.chain_id},
                                                          {"contract", grant.contract},
                                                          {"signature", grant.signature}});
                });
}

}  // namespace perch::api
