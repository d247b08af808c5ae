// Points summary from the append-only ledger; the rest of the campaign group comes with rewards.
#include <boost/json.hpp>

#include "api/services.hpp"
#include "core/text.hpp"
#include "rewards/boost.hpp"

namespace perch::api {
namespace json = boost::json;

void register_campaign_api(http::Router& router, Services& s) {
    router.get("/api/campaign_api/v1/{user:address}/points", "Points summary of a wallet",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = req.param("user");
                   if (text::is_evm_address(user)) user = text::to_lower(user);
                   auto t = co_await s.store.point_totals(user);
                   co_return http::envelope(
                       json::object{{"campaign_points", t.campaign},
                                    {"cross_points", t.cross},
                                    {"refer_points", t.refer},
                                    {"check_in_points", t.check_in},
                                    {"pool_points", t.pool},
                                    {"multiplier", rewards::boost_multiplier(t.bridge_credits)},
                                    {"cross_points_v1", t.cross_v1},
                                    {"refer_points_v1", t.refer_v1}});
               });
}

}  // namespace perch::api
