// Names of an address (ENS on Ethereum, and any chain whose profile names an ENS registry): the
// verified primary name per asked chain (names/name_service.hpp); chains without one are left out.
#include <boost/json.hpp>

#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "names/name_service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxNameChains = 8;

Task<http::Response> address_names(Services& s, http::Request& req) {
    auto query = Params::query(req);
    auto address = evm_address(query, "address");
    ChainRule known{[&s](std::int64_t id) { return s.balances.knows_chain(id); },
                    "a chain this server knows"};
    auto ids = chain_ids(query, "chain_ids", kMaxNameChains, known);
    if (ids.empty()) params::missing("chain_ids");
    std::vector<names::AddressName> found;
    if (s.names) found = co_await s.names->names(address, std::move(ids));
    json::array entries;
    for (const auto& n : found)
        entries.push_back(json::object{{"chain_id", n.chain_id}, {"name", n.name}});
    co_return http::envelope(json::object{{"names", std::move(entries)}});
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/name_api/v1/names", address_names,
     "An address's verified primary names (ENS) on the asked chains"},
};

void register_name_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
