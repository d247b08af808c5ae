// Tracker API group (docs/tracker.md): the indexed activity of 1 to 5 addresses per chain, with
// bridge figures and USD volumes at the current price table; a programme's score and rank.
#include <boost/json.hpp>
#include <set>

#include "api/services.hpp"
#include "chain/address.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "indexer/tracker.hpp"
#include "price/price_source.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::size_t kMaxAddresses = 5;

indexer::TrackerService& tracker(Services& s) {
    if (!s.tracker) throw ApiError(ErrorKind::unavailable, "the tracker is not offered here");
    return *s.tracker;
}

std::shared_ptr<const price::PriceTable> price_table(Services& s) {
    if (s.prices) return s.prices->current();
    return std::make_shared<const price::PriceTable>();
}

// One EVM address (mixed case must be a valid EIP-55 checksum), lower-cased.
std::optional<std::string> evm_address(std::string_view text) {
    auto address = chain::Address::from_hex(text);
    if (!text::is_evm_address(text) || !address) return std::nullopt;
    return address->lower_hex();
}

std::vector<std::string> parse_addresses(std::string_view text) {
    if (text::trim(text).empty())
        throw bad_request("'addresses': give 1 to 5 EVM addresses, comma-separated");
    auto parts = text::split(text, ',');
    if (parts.size() > kMaxAddresses)
        throw bad_request("'addresses': at most 5 addresses, got " + std::to_string(parts.size()));
    std::vector<std::string> out;
    for (const auto& part : parts) {
        auto address = evm_address(text::trim(part));
        if (!address) {
            throw bad_request("'addresses': '" + std::string(text::trim(part)) +
                              "' is not an EVM address");
        }
        if (std::find(out.begin(), out.end(), *address) == out.end()) out.push_back(*address);
    }
    return out;
}

std::vector<std::int64_t> parse_chain_ids(Services& s, std::string_view text) {
    if (text.empty()) return tracker(s).chain_ids();
    std::vector<std::int64_t> out;
    for (const auto& part : text::split(text, ',')) {
        auto id = text::parse_int(text::trim(part));
        if (!id) throw bad_request("'chain_ids': '" + part + "' is not a chain id");
        if (!tracker(s).indexes(*id))
            throw bad_request("'chain_ids': chain " + std::to_string(*id) +
                              " is not indexed by this server");
        if (std::find(out.begin(), out.end(), *id) == out.end()) out.push_back(*id);
    }
    return out;
}

std::string checksummed(const std::string& lower) {
    auto address = chain::Address::from_hex(lower);
    return address ? address->checksum_hex() : lower;
}

json::object chain_json(const indexer::ChainActivity& c, const indexer::UsdPrices& prices) {
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
    auto bridge = indexer::bridge_figures(c.bridge_legs, prices);
    return json::object{
        {"chain_id", c.chain_id},           {"chain_name", c.chain_name},
        {"tx_count", a.tx_count},           {"first_active", a.first_active},
        {"last_active", a.last_active},     {"active_days", a.active_days},
        {"active_weeks", a.active_weeks},   {"active_months", a.active_months},
        {"contracts", a.contracts},         {"contracts_deployed", a.contracts_deployed},
        {"gas_spent", a.gas_spent},         {"volume_usd", indexer::volume_usd(c.tokens, prices)},
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
    auto addresses = parse_addresses(req.query_value("addresses"));
    auto chain_ids = parse_chain_ids(s, req.query_value("chain_ids"));
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
    auto id = std::string(req.query_value("program"));
    const auto* program = tracker(s).program(id);
    if (!program) throw bad_request("'program': unknown programme " + (id.empty() ? "''" : id));
    auto address = evm_address(req.query_value("address"));
    if (!address) throw bad_request("'address': must be an EVM address (0x and 40 hex digits)");
    if (!tracker(s).indexes(program->chain_id))
        throw ApiError(ErrorKind::conflict, program->chain_name + " is not indexed by this server");
    auto answer = co_await tracker(s).score(*program, *address);
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

void register_tracker_api(http::Router& router, Services& s) {
    router.get("/api/tracker_api/v1/activity",
               "Indexed activity of 1 to 5 addresses per chain: transactions, active days / weeks "
               "/ months, contracts, gas, value per token, bridge figures and USD volumes",
               [&s](http::Request& req) { return activity(s, req); });
    router.get("/api/tracker_api/v1/score",
               "A layer-two programme's score of an address, with its rank among the chain's "
               "active addresses and what would raise it most",
               [&s](http::Request& req) { return score(s, req); });
}

}  // namespace perch::api
