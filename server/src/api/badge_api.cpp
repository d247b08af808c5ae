// The badge group (/soneium-badge, /drop/bob-spice): a wallet's progress on a badge and, once every
// task is done, the claim signer's grant that the wallet sends to PerchBadge.claim. The grant is
// only usable by the wallet it names (the contract checks msg.sender), so it needs no session.
#include <boost/json.hpp>

#include "api/params.hpp"
#include "api/services.hpp"
#include "core/error.hpp"
#include "rewards/badge_service.hpp"

namespace perch::api {
namespace json = boost::json;
void register_badge_api(http::Router& router, Services& s) {
    router.get(
        "/api/badge_api/v1/badges/{slug}",
        "A badge and a wallet's progress (address): its tasks (kind, chain_id, done), "
        "all_done, claimable here, claimed on chain",
        [&s](http::Request& req) -> Task<http::Response> {
            const auto& badge = s.badges->badge(req.param("slug"));
            auto user = evm_address(Params::query(req), "address").lower_hex();
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
                                                  {"contract", s.badges->contract(badge.chain_id)},
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
                    auto user = evm_address(Params::body(body), "address").lower_hex();
                    auto grant = co_await s.badges->grant(badge, user);
                    co_return http::envelope(json::object{{"badge_id", badge.badge_id},
                                                          {"chain_id", badge.chain_id},
                                                          {"contract", grant.contract},
                                                          {"signature", grant.signature}});
                });
}

}  // namespace perch::api
