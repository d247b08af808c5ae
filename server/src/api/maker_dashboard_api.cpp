// The maker's public dashboard (/maker): its liquidity per chain and token (read from the chains),
// 24 h / 7 d volume and orders by state, completion times per route (median, p95) and the recent
// payouts with explorer links, and whether it is paused. Everything but the pause switch is the
// same for every visitor, so the answer is kept a few seconds.
#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "api/cached_answer.hpp"
#include "api/services.hpp"
#include "bridge/maker_stats.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "core/clock.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr std::int64_t kDay = std::int64_t{24} * 3600;
constexpr int kMaxCompletions = 100000;  // a week's completions read at most
constexpr std::size_t kRecentPayouts = 10;
constexpr std::chrono::seconds kCacheFor{5};

// chain id → (name, explorer URL) from the catalog.
struct ChainInfo {
    std::string name;
    std::string explorer_url;
};
std::map<std::int64_t, ChainInfo> chain_infos(const catalog::Catalog& catalog) {
    std::map<std::int64_t, ChainInfo> out;
    for (const auto& v : catalog.chains()) {
        const auto& c = v.as_object();
        auto text = [&](const char* key) {
            const auto* f = c.if_contains(key);
            return f && f->is_string() ? std::string(f->as_string()) : std::string();
        };
        out[c.at("chain_id").to_number<std::int64_t>()] = {text("chain_name"),
                                                           text("explorer_url")};
    }
    return out;
}

// The chains the maker pays on: every chain of a route that the chain profile runs.
std::vector<std::int64_t> maker_chains(const Services& s) {
    std::set<std::int64_t> routed;
    for (const auto& r : s.routes.routes) routed.insert(r.chains.begin(), r.chains.end());
    std::vector<std::int64_t> out;
    for (const auto& c : s.catalog.profile_chains())
        if (routed.count(c.chain_id)) out.push_back(c.chain_id);
    return out;
}

Task<json::object> chain_liquidity(Services& s, const chain::Address& maker, std::int64_t chain_id,
                                   const std::string& chain_name) {
    std::set<std::string> symbols;
    for (const auto& r : s.routes.routes)
        if (std::find(r.chains.begin(), r.chains.end(), chain_id) != r.chains.end())
            symbols.insert(r.token);
    std::vector<balance::TokenRef> refs;
    for (const auto& symbol : symbols)
        if (auto ref = s.balances.token(symbol, chain_id)) refs.push_back(*ref);
    json::object out{{"chain_id", chain_id}, {"chain_name", chain_name}, {"error", ""}};
    json::array tokens;
    std::vector<std::optional<chain::U256>> held;
    try {
        held = co_await s.balances.token_balances(chain_id, maker, refs);
    } catch (const chain::rpc::RpcError&) {
        out["error"] = "the chain did not answer";
        held.clear();
    }
    for (std::size_t i = 0; i < refs.size() && i < held.size(); ++i) {
        if (!held[i]) continue;
        tokens.push_back(json::object{{"symbol", refs[i].symbol},
                                      {"decimals", refs[i].decimals},
                                      {"balance", held[i]->to_dec()}});
    }
    out["tokens"] = std::move(tokens);
    co_return out;
}

json::array volume_json(const std::vector<bridge::CompletedOrder>& done, std::int64_t since) {
    json::array out;
    for (const auto& v : bridge::volume_since(done, since)) {
        out.push_back(json::object{{"token", v.token},
                                   {"decimals", v.decimals},
                                   {"amount", v.amount.to_dec()},
                                   {"orders", v.orders}});
    }
    return out;
}

json::object states_json(const std::map<std::string, std::int64_t>& by_state) {
    json::object out;
    for (const auto& [state, n] : by_state) out[state] = n;
    return out;
}

json::array routes_json(const std::vector<bridge::CompletedOrder>& done) {
    json::array out;
    for (const auto& r : bridge::route_times(done)) {
        out.push_back(json::object{{"src_chain_id", r.src_chain_id},
                                   {"dst_chain_id", r.dst_chain_id},
                                   {"token", r.token},
                                   {"completed", r.completed},
                                   {"median_seconds", r.median_seconds},
                                   {"p95_seconds", r.p95_seconds}});
    }
    return out;
}

json::array payouts_json(const std::vector<store::Completion>& rows,
                         const std::map<std::int64_t, ChainInfo>& chains) {
    json::array out;
    for (std::size_t i = 0; i < rows.size() && i < kRecentPayouts; ++i) {
        const auto& c = rows[i];
        auto it = chains.find(c.dst_chain_id);
        auto explorer = it == chains.end() || it->second.explorer_url.empty()
                            ? std::string()
                            : it->second.explorer_url + "/tx/" + c.dst_tx_hash;
        out.push_back(json::object{{"src_chain_id", c.src_chain_id},
                                   {"dst_chain_id", c.dst_chain_id},
                                   {"token", c.token},
                                   {"decimals", c.decimals},
                                   {"amount", c.amount},
                                   {"receive_amount", c.receive_amount},
                                   {"receive_token", c.receive_token},
                                   {"receive_decimals", c.receive_decimals},
                                   {"recipient", c.recipient},
                                   {"tx_hash", c.dst_tx_hash},
                                   {"explorer_url", explorer},
                                   {"completed_at", c.completed_at}});
    }
    return out;
}

std::vector<bridge::CompletedOrder> completed_orders(const std::vector<store::Completion>& rows) {
    std::vector<bridge::CompletedOrder> out;
    out.reserve(rows.size());
    for (const auto& c : rows) {
        auto amount = chain::U256::from_dec(c.amount);
        out.push_back({c.src_chain_id, c.dst_chain_id, c.token, static_cast<unsigned>(c.decimals),
                       amount ? *amount : chain::U256(), c.created_at, c.completed_at});
    }
    return out;
}

Task<json::object> build_dashboard(Services& s, const std::map<std::int64_t, ChainInfo>& chains) {
    auto now = unix_now();
    auto rows = co_await s.store.orders().completions_since(now - 7 * kDay, kMaxCompletions);
    auto done = completed_orders(rows);
    auto day_states = co_await s.store.orders().count_by_state_since(now - kDay);
    auto week_states = co_await s.store.orders().count_by_state_since(now - 7 * kDay);
    json::array liquidity;
    auto maker = chain::Address::from_hex(s.catalog.maker_address());
    if (maker) {
        for (auto id : maker_chains(s)) {
            auto it = chains.find(id);
            std::string name = it == chains.end() ? std::string() : it->second.name;
            auto one = co_await chain_liquidity(s, *maker, id, name);
            liquidity.push_back(std::move(one));
        }
    }
    co_return json::object{{"maker", maker ? maker->checksum_hex() : std::string()},
                           {"as_of", now},
                           {"liquidity", std::move(liquidity)},
                           {"volume", json::object{{"24h", volume_json(done, now - kDay)},
                                                   {"7d", volume_json(done, now - 7 * kDay)}}},
                           {"orders", json::object{{"24h", states_json(day_states)},
                                                   {"7d", states_json(week_states)}}},
                           {"routes", routes_json(done)},
                           {"recent_payouts", payouts_json(rows, chains)}};
}

Task<http::Response> dashboard(Services& s, const std::map<std::int64_t, ChainInfo>& chains,
                               CachedAnswer& cache) {
    // On a busy maker a build reads ~100,000 rows (docs/benchmarks.md): kept kCacheFor.
    auto out = co_await cache.get([&] { return build_dashboard(s, chains); });
    // The pause switch is read fresh: an operator who pauses expects the page to say so at once.
    auto paused = co_await s.store.orders().paused();
    out["paused"] = paused;
    co_return http::envelope(std::move(out));
}

}  // namespace

void register_maker_dashboard_api(http::Router& router, Services& s) {
    auto chains = std::make_shared<const std::map<std::int64_t, ChainInfo>>(chain_infos(s.catalog));
    auto cache = std::make_shared<CachedAnswer>(kCacheFor);
    router.get("/api/maker_api/v1/dashboard",
               "The maker's public dashboard: liquidity per chain and token (base units), 24 h / "
               "7 d volume per token and orders by state, median and p95 completion seconds per "
               "route over 7 d, the 10 latest payouts with explorer links, paused (kept 5 s)",
               [&s, chains, cache](http::Request&) { return dashboard(s, *chains, *cache); });
}

}  // namespace perch::api
