// Tracker API group (docs/tracker.md): the indexed activity of 1 to 5 addresses per chain, with
// bridge figures and USD volumes at the current price table; a programme's score and rank.
#include <boost/json.hpp>
#include <set>

#include "activity/tracker.hpp"
#include "api/params.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "chain/address.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "price/price_source.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxAddresses = 5;
constexpr std::size_t kMaxChains = 64;

activity::TrackerService& tracker(Services& s) {
    if (!s.tracker) throw ApiError(ErrorKind::unavailable, "the tracker is not offered here");
    return *s.tracker;
}

std::shared_ptr<const price::PriceTable> price_table(Services& s) {
    if (s.prices) return s.prices->current();
    return std::make_shared<const price::PriceTable>();
}

// 1 to 5 EVM addresses, comma-separated, each once (lower-cased).
std::vector<std::string> parse_addresses(const Params& query) {
    auto parts = list(query, "addresses", kMaxAddresses, "a list of 1 to 5 EVM addresses");
    if (parts.empty()) params::missing("addresses");
    std::vector<std::string> out;
    for (const auto& part : parts) {
        auto address = parse_evm_address("addresses", part).lower_hex();
        if (std::find(out.begin(), out.end(), address) == out.end()) out.push_back(address);
    }
    return out;
}

// The chains asked for, each indexed here; absent: every indexed chain.
std::vector<std::int64_t> parse_chain_ids(Services& s, const Params& query) {
    auto& t = tracker(s);
    ChainRule indexed{[&t](std::int64_t id) { return t.indexes(id); },
                      "a chain indexed by this server"};
    auto ids = chain_ids(query, "chain_ids", kMaxChains, indexed);
    return ids.empty() ? t.chain_ids() : ids;
}

std::string checksummed(const std::string& lower) {
    auto address = chain::Address::from_hex(lower);
    return address ? address->checksum_hex() : lower;
}

json::object chain_json(const activity::ChainActivity& c, const activity::UsdPrices& prices) {
    const auto& a = c.account;
    json::array tokens, days;
    for (const auto& t : c.tokens) {
        tokens.push_back(json::object{{"symbol", t.token.symbol},
                                      {"address", t.token.address},
                                      {"decimals", t.token.decimals},
                                      {"sent", t.sent},
                                      {"received", t.received}});
    }
    for (const auto& d : c.days) days.emplace_back(d);
    auto bridge = activity::bridge_figures(c.bridge_legs, prices);
    return json::object{
        {"chain_id", c.chain_id},           {"chain_name", c.chain_name},
        {"tx_count", a.tx_count},           {"first_active", a.first_active},
        {"last_active", a.last_active},     {"active_days", a.active_days},
        {"active_weeks", a.active_weeks},   {"active_months", a.active_months},
        {"contracts", a.contracts},         {"contracts_deployed", a.contracts_deployed},
        {"gas_spent", a.gas_spent},         {"volume_usd", activity::volume_usd(c.tokens, prices)},
        {"tokens", std::move(tokens)},      {"bridge_deposits", bridge.deposits},
        {"bridge_payouts", bridge.payouts}, {"bridged_volume_usd", bridge.volume_usd},
        {"days", std::move(days)}};
}

json::array chains_json(Services& s, const std::vector<std::int64_t>& ids) {
    json::array out;
    for (const auto& c : tracker(s).status()) {
        if (std::find(ids.begin(), ids.end(), c.chain_id) == ids.end()) continue;
        out.push_back(json::object{{"chain_id", c.chain_id},
                                   {"chain_name", c.name},
                                   {"indexed_block", c.indexed_block},
                                   {"head_block", c.head_block},
                                   {"lag_blocks", c.lag_blocks}});
    }
    return out;
}

Task<http::Response> activity(Services& s, http::Request& req) {
    auto query = Params::query(req);
    auto addresses = parse_addresses(query);
    auto chain_ids = parse_chain_ids(s, query);
    auto found = co_await tracker(s).activity(addresses, chain_ids);
    auto table = price_table(s);
    json::array list;
    for (const auto& a : found) {
        json::array chains;
        for (const auto& c : a.chains) chains.push_back(chain_json(c, table->usd));
        list.push_back(
            json::object{{"address", checksummed(a.address)}, {"chains", std::move(chains)}});
    }
    co_return http::envelope(
        json::object{{"addresses", std::move(list)},
                     {"chains", chains_json(s, chain_ids)},
                     {"prices", json::object{{"source", table->source}, {"as_of", table->as_of}}}});
}

Task<http::Response> score(Services& s, http::Request& req) {
    auto query = Params::query(req);
    auto id = query.required("program");
    const auto* program = tracker(s).program(id);
    if (!program) params::invalid("program", id, "a programme this server scores");
    auto address = evm_address(query, "address").lower_hex();
    if (!tracker(s).indexes(program->chain_id))
        throw ApiError(ErrorKind::conflict, program->chain_name + " is not indexed by this server");
    auto answer = co_await tracker(s).score(*program, address);
    json::array rules, next;
    for (const auto& r : answer.score.rules) {
        rules.push_back(json::object{
            {"id", r.id}, {"label_key", r.id}, {"value", r.value}, {"points", r.points}});
    }
    for (const auto& n : answer.score.next)
        next.push_back(json::object{{"id", n.id}, {"label_key", n.id}, {"gain", n.gain}});
    json::value rank = nullptr;
    if (answer.rank.rank > 0) rank = answer.rank.rank;
    co_return http::envelope(json::object{{"program", program->id},
                                          {"title", program->title},
                                          {"chain_id", program->chain_id},
                                          {"chain_name", program->chain_name},
                                          {"score", answer.score.total},
                                          {"rank", rank},
                                          {"of", answer.rank.of},
                                          {"rules", std::move(rules)},
                                          {"next", std::move(next)}});
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/tracker_api/v1/activity", activity,
     "Indexed activity of 1 to 5 addresses per chain: transactions, active days / weeks "
     "/ months, contracts, gas, value per token, bridge figures and USD volumes"},
    {kGet, "/api/tracker_api/v1/score", score,
     "A layer-two programme's score of an address, with its rank among the chain's "
     "active addresses and what would raise it most"},
};

void register_tracker_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
