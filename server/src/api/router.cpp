#include <boost/json.hpp>

#include "api/services.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// OpenAPI 3 document built from the routes themselves, so it can never drift from the code.
json::object openapi_of(const http::Router& router) {
    json::object paths;
    for (const auto& r : router.routes()) {
        std::string path = r.pattern;
        // {user:address} → {user}
        for (auto pos = path.find(':'); pos != std::string::npos; pos = path.find(':')) {
            path.erase(pos, path.find('}', pos) - pos);
        }
        json::array parameters;
        for (auto open = path.find('{'); open != std::string::npos;
             open = path.find('{', open + 1)) {
            auto name = path.substr(open + 1, path.find('}', open) - open - 1);
            parameters.push_back(json::object{{"name", name},
                                              {"in", "path"},
                                              {"required", true},
                                              {"schema", json::object{{"type", "string"}}}});
        }
        auto method = std::string(http::bhttp::to_string(r.method));
        for (auto& c : method) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        auto& item = paths[path].emplace_object();
        item[method] = json::object{
            {"summary", r.summary},
            {"parameters", parameters},
            {"responses",
             json::object{{"200", json::object{{"description", "envelope {code, msg, data}"}}}}}};
    }
    return json::object{{"openapi", "3.0.3"},
                        {"info", json::object{{"title", "Perch API"}, {"version", "1"}}},
                        {"servers", json::array{json::object{{"url", "/"}}}},
                        {"paths", paths}};
}

}  // namespace

http::Router build_router(Services& services) {
    http::Router router;
    register_system_api(router, services);
    register_bridge_reference_api(router, services);
    register_nocore_api(router, services);
    register_config_api(router, services);
    register_campaign_api(router, services);
    register_balance_api(router, services);
    register_bridge_quote_api(router, services);
    register_bridge_order_api(router, services);
    if (services.rewards) {
        register_auth_api(router, services);
        register_lottery_api(router, services);
        register_admin_api(router, services);
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
