// The deploy group (/deploy): a deployment is recorded once its receipt proves it (the deployer
// is the receipt's `from`, so nobody can record a contract for someone else), and a wallet's
// deployments are listed newest first.
#include <boost/json.hpp>

#include "api/params.hpp"
#include "api/services.hpp"
#include "core/error.hpp"
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

ChainRule reachable(const Services& s) {
    return {[&s](std::int64_t id) { return s.balances.rpc(id) != nullptr; },
            "a chain this server can reach"};
}

}  // namespace

void register_deploy_api(http::Router& router, Services& s) {
    router.post("/api/deploy_api/v1/deployments",
                "Record a deployment {chain_id, tx_hash}: verified from its receipt (a successful "
                "contract creation), recorded once for its deployer, with the network's deployment "
                "points credited the first time",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto body = req.json_object();
                    auto fields = Params::body(body);
                    auto chain = chain_id(fields, "chain_id", reachable(s));
                    auto outcome =
                        co_await s.rewards->record_deployment(chain, fields.required("tx_hash"));
                    auto data = deployment_json(outcome.deployment);
                    data["recorded_now"] = outcome.recorded_now;
                    data["points_credited"] = outcome.points_credited;
                    co_return http::envelope(data);
                });

    router.get("/api/deploy_api/v1/deployments",
               "A wallet's deployments (address), newest first, and the points a first deployment "
               "on a network earns",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = evm_address(Params::query(req), "address").lower_hex();
                   auto list = co_await s.rewards->store().deployments_of(user, kListLimit);
                   json::array out;
                   for (const auto& d : list) out.push_back(deployment_json(d));
                   co_return http::envelope(json::object{
                       {"list", out},
                       {"points_per_network", s.rewards->options().deploy.points_per_network}});
               });
}

}  // namespace perch::api
