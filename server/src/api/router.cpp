#include <boost/json.hpp>

#include "api/openapi.hpp"
#include "api/services.hpp"
#include "api/status_api.hpp"

namespace perch::api {
namespace json = boost::json;

http::Router build_router(Services& services) {
    http::Router router;
    if (!services.fill_times) services.fill_times = std::make_shared<FillTimes>();
    register_system_api(router, services);
    register_bridge_reference_api(router, services);
    register_nocore_api(router, services);
    register_config_api(router, services);
    register_campaign_api(router, services);
    register_balance_api(router, services);
    register_bridge_quote_api(router, services);
    register_bridge_limits_api(router, services);
    register_bridge_order_api(router, services);
    register_swap_api(router, services);
    register_tracker_api(router, services);
    register_portfolio_api(router, services);
    register_query_api(router, services);
    register_maker_dashboard_api(router, services);
    register_name_api(router, services);
    register_status_api(router, services);
    if (services.webhooks) register_webhook_api(router, services);
    if (services.rewards) {
        register_auth_api(router, services);
        register_lottery_api(router, services);
        register_admin_api(router, services);
        register_deploy_api(router, services);
        if (services.badges) register_badge_api(router, services);
        if (services.faucets) register_faucet_api(router, services);
        if (services.pool) register_pool_api(router, services);
    }
    auto openapi =
        http::make_payload("application/json", json::serialize(openapi_of(router)), "no-cache");
    router.get("/api/openapi.json", "This document",
               [openapi](http::Request&) -> Task<http::Response> {
                   http::Response r;
                   r.payload = openapi;
                   co_return r;
               });
    return router;
}

}  // namespace perch::api
