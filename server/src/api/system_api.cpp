// Liveness, readiness and what this instance is (its store, whether it runs the maker, the newest
// block the maker has seen on each chain), and the Prometheus metrics behind the admin token.
#include <boost/json.hpp>
#include <set>

#include "activity/tracker.hpp"
#include "api/auth_guard.hpp"
#include "api/services.hpp"
#include "core/error.hpp"
#include "core/metrics.hpp"
#include "maker/maker.hpp"
#include "store/migrations.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::string store_kind(const std::string& database_url) {
    return database_url.substr(0, database_url.find(':'));
}

// Per indexed chain: the newest block indexed, the newest head seen, and the lag between them.
json::array indexer_json(const Services& s) {
    json::array out;
    if (!s.tracker) return out;
    for (const auto& c : s.tracker->status()) {
        out.push_back(json::object{{"chain_id", c.chain_id},
                                   {"indexed_block", c.indexed_block},
                                   {"head_block", c.head_block},
                                   {"lag_blocks", c.lag_blocks}});
    }
    return out;
}

json::object maker_json(const Services& s) {
    json::object out{{"enabled", s.maker != nullptr}};
    if (!s.maker) return out;
    // Of several instances on one database, the one holding the maker's lease watches and pays.
    out["leader"] = s.maker->leading();
    out["paused"] = s.maker->paused();
    json::array chains;
    for (const auto& [id, block] : s.maker->last_blocks())
        chains.push_back(json::object{{"chain_id", id}, {"last_block", block}});
    out["chains"] = chains;
    return out;
}

// The maker's balance of every route token on every chain it pays on, in whole tokens; a chain
// that does not answer is left out (its RPC outcome histogram says why).
Task<std::string> maker_balances(Services& s) {
    using metrics::label;
    std::vector<metrics::Sample> samples;
    auto maker = chain::Address::from_hex(s.catalog.maker_address());
    for (const auto& [id, block] : s.maker->last_blocks()) {
        // Solana's balances are not read through the EVM balance service (its heads are slots).
        if (!s.balances.is_evm_chain(id)) continue;
        std::set<std::string> symbols;  // several routes may carry one token
        for (const auto& route : s.routes.routes) symbols.insert(route.token);
        std::vector<balance::TokenRef> refs;
        for (const auto& symbol : symbols)
            if (auto ref = s.balances.token(symbol, id)) refs.push_back(*ref);
        if (!maker || refs.empty()) continue;
        std::vector<std::optional<chain::U256>> held;
        try {
            held = co_await s.balances.token_balances(id, *maker, refs);
        } catch (const chain::rpc::RpcError&) {
            continue;
        }
        for (std::size_t i = 0; i < refs.size() && i < held.size(); ++i) {
            if (!held[i]) continue;
            samples.push_back(
                {label("chain", std::to_string(id)) + "," + label("token", refs[i].symbol),
                 std::stod(held[i]->format_units(refs[i].decimals))});
        }
    }
    std::string out;
    metrics::render_gauge(out, "perch_maker_balance", "The maker's balance per chain and token",
                          samples);
    co_return out;
}

// What is read at scrape time: orders by state, the maker's heads and watcher lag, the store's
// connections in use. (Request, RPC and payout histograms are kept as they happen.)
Task<std::string> scraped_gauges(Services& s) {
    using metrics::label;
    std::string out;
    std::vector<metrics::Sample> orders;
    auto by_state = co_await s.store.orders().count_by_state();
    for (const auto& [state, n] : by_state)
        orders.push_back({label("state", state), static_cast<double>(n)});
    metrics::render_gauge(out, "perch_orders", "Bridge orders by state", orders);
    if (s.maker) {
        std::vector<metrics::Sample> heads, lag;
        for (const auto& [id, block] : s.maker->last_blocks()) {
            auto chain = label("chain", std::to_string(id));
            heads.push_back({chain, static_cast<double>(block)});
            // A Solana watcher's place is a signature, not a block: it reads up to the head.
            std::optional<store::WatchCursor> cursor;
            if (s.balances.is_evm_chain(id)) cursor = co_await s.store.orders().cursor(id);
            auto next = cursor ? static_cast<std::uint64_t>(cursor->next_block) : block + 1;
            lag.push_back({chain, next > block ? 0.0 : static_cast<double>(block + 1 - next)});
        }
        metrics::render_gauge(out, "perch_chain_head_block", "Newest block the maker has seen",
                              heads);
        metrics::render_gauge(out, "perch_watcher_lag_blocks",
                              "Blocks seen by the maker that its watcher has not read yet", lag);
        metrics::render_gauge(out, "perch_maker_paused", "1 while the maker is paused",
                              {{"", s.maker->paused() ? 1.0 : 0.0}});
        metrics::render_gauge(out, "perch_maker_leader",
                              "1 while this instance holds the maker's lease",
                              {{"", s.maker->leading() ? 1.0 : 0.0}});
    }
    if (s.maker) out += co_await maker_balances(s);
    if (s.maker) out += s.maker->gas_gauges();  // stuck nonces, fee caps, low balances
    auto use = s.store.connection_use();
    metrics::render_gauge(out, "perch_db_connections", "Store connections",
                          {{label("use", "in_use"), static_cast<double>(use.in_use)},
                           {label("use", "total"), static_cast<double>(use.size)}});
    co_return out;
}

}  // namespace

void register_system_api(http::Router& router, Services& s) {
    router.get(
        "/api/health",
        "Liveness: schema version, uptime, the store (sqlite), and the maker (enabled, "
        "leader, paused, each chain's newest block seen), the activity indexer's lag per chain",
        [&s](http::Request&) -> Task<http::Response> {
            auto version = co_await s.store.schema_version();
            auto uptime = std::chrono::duration_cast<std::chrono::seconds>(
                std::chrono::steady_clock::now() - s.started);
            co_return http::envelope(json::object{{"status", "ok"},
                                                  {"schema_version", version},
                                                  {"uptime_seconds", uptime.count()},
                                                  {"store", store_kind(s.config.database_url)},
                                                  {"maker", maker_json(s)},
                                                  {"indexer", indexer_json(s)}});
        });
    router.get("/metrics",
               "Prometheus text format (admin token): requests by route and status with latency, "
               "RPC calls by chain and outcome with latency, maker reaction per chain, orders by "
               "state, heads and watcher lag per chain, store connections in use",
               [&s](http::Request& req) -> Task<http::Response> {
                   require_admin_token(s.config.admin_token, req);
                   auto gauges = co_await scraped_gauges(s);
                   http::Response r;
                   r.content_type = "text/plain; version=0.0.4; charset=utf-8";
                   r.body = metrics::registry().render() + gauges;
                   co_return r;
               });
    router.get(
        "/api/ready",
        "Readiness for a load balancer: 200 once the store answers with every migration "
        "applied, else 503",
        [&s](http::Request&) -> Task<http::Response> {
            int version = 0;
            try {
                version = co_await s.store.schema_version();
            } catch (const std::exception& e) {
                throw ApiError(ErrorKind::unavailable, "the store is not reachable", e.what());
            }
            if (version < store::latest_schema_version())
                throw ApiError(ErrorKind::unavailable, "migrations are not applied yet");
            co_return http::envelope(json::object{{"ready", true}, {"schema_version", version}});
        });
}

}  // namespace perch::api
