// Reference data of the bridge API group: chains, tokens, exchanges, channels, the app config. The
// bodies never change while the server runs, so they are serialized (and gzipped) once.
#include <boost/json.hpp>

#include "api/app_config.hpp"
#include "api/services.hpp"
#include "core/error.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// The envelope around data that never changes while the server runs (browsers keep it a minute).
std::shared_ptr<const http::Payload> fixed_payload(json::value data) {
    auto body =
        json::serialize(json::object{{"code", 0}, {"msg", "success"}, {"data", std::move(data)}});
    return http::make_payload("application/json", std::move(body), "public, max-age=60");
}

std::shared_ptr<const http::Payload> list_payload(const json::array& list) {
    return fixed_payload(json::object{{"list", list}});
}

}  // namespace

void register_bridge_reference_api(http::Router& router, Services& s) {
    using http::bhttp::verb;
    router.fixed(verb::get, "/api/bridge_api/v1/get-all-chains",
                 "Every network the app lists (61022 and 8086 never)",
                 list_payload(s.catalog.chains()));
    router.fixed(verb::get, "/api/bridge_api/v1/all-tokens",
                 "Tokens per chain: symbol, chainId, address, decimals",
                 list_payload(s.catalog.tokens()));
    router.fixed(verb::get, "/api/bridge_api/v1/app-config",
                 "The deployment's settings the web app reads at start: routes (as the quote "
                 "uses them), their tokens per chain, the Solana cluster, the check-in chain, "
                 "channels, the Pool allow-list",
                 fixed_payload(app_config_json(s)));
    router.fixed(verb::post, "/api/bridge_api/v1/get_all_exchange_infos",
                 "Exchanges that can be bridge destinations", list_payload(s.catalog.exchanges()));
    router.fixed(verb::get, "/api/ecosystem_api/v1/directory",
                 "The ecosystem directory: categories and projects (name, category, networks as "
                 "chain ids, link, text)",
                 fixed_payload(s.catalog.ecosystem()));
    router.get("/api/bridge_api/v1/getChannelIDByDomainName",
               "The channel (branding) serving a domain",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto domain = req.query_value("domain_name");
                   if (domain.size() > 253) throw bad_request("domain_name is too long");
                   json::object channel = s.catalog.channel_for_domain(domain);
                   // The server's WalletConnect project id, unless the channel names its own.
                   if (!s.config.walletconnect_project_id.empty() &&
                       !channel.contains("walletconnect_project_id")) {
                       channel["walletconnect_project_id"] = s.config.walletconnect_project_id;
                   }
                   co_return http::envelope(channel);
               });
}

}  // namespace perch::api
