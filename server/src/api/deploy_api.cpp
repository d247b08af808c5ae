// The deploy group (/deploy): a deployment is recorded once its receipt proves it (the deployer
// is the receipt's `from`, so nobody can record a contract for someone else), and a wallet's
// deployments are listed newest first.
#include <boost/json.hpp>

#include "api/services.hpp"
#include "chain/address.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr int kListLimit = 100;

json::object deployment_json(const store::Deployment& d) {
    return {{"chain_id", d.chain_id},    {"tx_hash", d.tx_hash},
            {"address", d.user},         {"contract_address", d.contract_address},
            {"template", d.template_id}, {"block_number", d.block_number},
            {"created_at", d.created_at}};
}

std::int64_t chain_id_of(const json::object& body, const Services& s) {
    const auto* v = body.if_contains("chain_id");
    std::optional<std::int64_t> id;
    if (v && v->is_int64()) id = v->as_int64();
    if (v && v->is_string()) id = text::parse_int(v->as_string());
    if (!id) throw bad_request("'chain_id' must be a chain id");
    if (!s.balances.rpc(*id))
        throw bad_request("chain " + std::to_string(*id) + " cannot be reached from this server");
    return *id;
}

}  // namespace

void register_deploy_api(http::Router& router, Services& s) {
    router.post("/api/deploy_api/v1/deployments",
                "Record a deployment {chain_id, tx_hash}: verified from its receipt (a successful "
                "contract creation), recorded once for its deployer, with the network's deployment "
                "points credited the first time",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto body = req.json_object();
                    auto chain_id = chain_id_of(body, s);
                    const auto* hash = body.if_contains("tx_hash");
                    if (!hash || !hash->is_string())
                        throw bad_request("'tx_hash' must be a 0x transaction hash");
                    auto outcome = co_await s.rewards->record_deployment(
                        chain_id, std::string(hash->as_string()));
                    auto data = deployment_json(outcome.deployment);
                    data["recorded_now"] = outcome.recorded_now;
                    data["points_credited"] = outcome.points_credited;
                    co_return http::envelope(data);
                });

    router.get("/api/deploy_api/v1/deployments",
               "A wallet's deployments (address), newest first, and the points a first deployment "
               "on a network earns",
               [&s](http::Request& req) -> Task<http::Response> {
                   const auto& address = req.required_query("address");
                   if (!text::is_evm_address(address) || !chain::is_valid_address(address))
                       throw bad_request("'address' must be a wallet address");
                   auto list = co_await s.rewards->store().deployments_of(text::to_lower(address),
                                                                          kListLimit);
                   json::array out;
                   for (const auto& d : list) out.push_back(deployment_json(d));
                   co_return http::envelope(json::object{
                       {"list", out},
                       {"points_per_network", s.rewards->options().deploy.points_per_network}});
               });
}

}  // namespace perch::api
