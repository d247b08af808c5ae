// GET /api/bridge_api/v1/status: the public status page (issue 31). Per route and token, fill
// times (p50 / p95 / p99) over the last hour, day and week with the orders, refunds and their
// median time and cost (bridge/fill_stats.hpp), the capacity left and the pause (the limits'
// figures, api/bridge_limits_api.cpp); each chain's head and how long since it moved; the
// incident log (pauses, stopped chains). The same for every visitor: kept a few seconds.
#include "api/status_api.hpp"

#include <boost/json.hpp>
#include <map>
#include <set>

#include "api/cached_answer.hpp"
#include "api/outflow_json.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "maker/maker.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr int kMaxIncidents = 50;
constexpr std::chrono::seconds kCacheFor{5};

bridge::FillOutcome outcome_of(const std::string& state) {
    if (state == "completed") return bridge::FillOutcome::completed;
    if (state == "refunded") return bridge::FillOutcome::refunded;
    if (state == "failed" || state == "rejected") return bridge::FillOutcome::other;
    return bridge::FillOutcome::open;
}

chain::U256 decimal_or_zero(const std::string& text) {
    auto v = chain::U256::from_dec(text);
    return v ? *v : chain::U256();
}

std::vector<bridge::FillRecord> fill_records(const Services& s,
                                             const std::vector<store::StatusOrder>& rows) {
    std::vector<bridge::FillRecord> out;
    out.reserve(rows.size());
    for (const auto& o : rows) {
        bridge::FillRecord r{
            o.src_chain_id,      o.dst_chain_id, o.token,    static_cast<unsigned>(o.decimals),
            outcome_of(o.state), o.deposited_at, o.ended_at, {}};
        if (r.outcome == bridge::FillOutcome::refunded) {
            auto token = chain::Address::from_hex(o.token_address);
            r.refund_cost = bridge::refund_cost(s.routes, o.token, token && token->is_zero(),
                                                o.src_chain_id, decimal_or_zero(o.refund_max_fee),
                                                decimal_or_zero(o.refund_deduction));
        }
        out.push_back(std::move(r));
    }
    return out;
}

json::value or_null(const std::optional<std::int64_t>& v) {
    return v ? json::value(*v) : json::value(nullptr);
}

json::object window_json(const bridge::WindowStats& w, unsigned decimals) {
    return json::object{
        {"orders", w.orders},
        {"completed", w.completed},
        {"p50_seconds", or_null(w.p50_seconds)},
        {"p95_seconds", or_null(w.p95_seconds)},
        {"p99_seconds", or_null(w.p99_seconds)},
        {"refunds", w.refunds},
        {"refund_median_seconds",
         w.refund_median_seconds ? json::value(*w.refund_median_seconds) : json::value(nullptr)},
        {"refund_median_cost", w.refund_median_cost
                                   ? json::value(w.refund_median_cost->format_units(decimals))
                                   : json::value(nullptr)}};
}

// Every window's figures of a route (zeros and nulls when nothing was deposited on it).
json::object stats_json(const bridge::RouteStats* stats, unsigned decimals) {
    json::object out;
    for (std::size_t i = 0; i < bridge::kStatsWindows.size(); ++i) {
        bridge::WindowStats none{bridge::kStatsWindows[i].name};
        out[bridge::kStatsWindows[i].name] =
            window_json(stats ? stats->windows[i] : none, decimals);
    }
    return out;
}

// The routes of the limits whose chains this deployment runs, each with its figures.
json::array routes_json(const Services& s, const json::object& limits,
                        const std::vector<bridge::RouteStats>& stats) {
    std::set<std::int64_t> run;
    for (const auto& c : s.catalog.profile_chains()) run.insert(c.chain_id);
    json::array out;
    for (const auto& v : limits.at("list").as_array()) {
        const auto& limit = v.as_object();
        auto src = limit.at("from_chain_id").to_number<std::int64_t>();
        auto dst = limit.at("to_chain_id").to_number<std::int64_t>();
        if (!run.empty() && (!run.count(src) || !run.count(dst))) continue;
        std::string token(limit.at("token").as_string());
        const bridge::RouteStats* found = nullptr;
        for (const auto& r : stats)
            if (r.src_chain_id == src && r.dst_chain_id == dst && r.token == token) found = &r;
        json::object route;
        for (const auto* key :
             {"route", "from_chain_id", "to_chain_id", "token", "decimals", "hour_cap", "day_cap",
              "hour_left", "day_left", "paused", "paused_reason"})
            route[key] = limit.at(key);
        route["stats"] = stats_json(found, limit.at("decimals").to_number<unsigned>());
        out.push_back(std::move(route));
    }
    return out;
}

// When each chain's head last moved, as seen by the status builds; a chain that stopped opens
// an incident, and closes it when it moves again.
class HeadWatch {
  public:
    struct Seen {
        std::uint64_t block = 0;
        std::int64_t since = 0;  // unix seconds the head was first seen at `block`
        bool stopped = true;     // unknown at first: an incident left open by a restart closes
    };
    // The chain's state after seeing its head at `block` at `now`; `was_stopped` its verdict
    // before.
    Seen observe(std::int64_t chain_id, std::uint64_t block, std::int64_t now, bool& was_stopped,
                 std::int64_t block_time_ms) {
        std::lock_guard lock(mutex_);
        auto& seen = heads_.try_emplace(chain_id, Seen{block, now, true}).first->second;
        if (seen.block != block) seen = {block, now, seen.stopped};
        was_stopped = seen.stopped;
        seen.stopped = bridge::head_stopped(now - seen.since, block_time_ms);
        return seen;
    }

  private:
    std::mutex mutex_;
    std::map<std::int64_t, Seen> heads_;
};

std::int64_t block_time_ms(const catalog::Catalog& catalog, std::int64_t chain_id) {
    for (const auto& v : catalog.chains()) {
        const auto& c = v.as_object();
        if (c.at("chain_id").to_number<std::int64_t>() != chain_id) continue;
        if (const auto* pace = c.if_contains("block_time_ms"))
            return pace->to_number<std::int64_t>();
    }
    return 1000;
}

Task<json::array> chains_json(Services& s, HeadWatch& watch, std::int64_t now) {
    json::array out;
    if (!s.maker) co_return out;
    auto heads = s.maker->last_blocks();
    for (const auto& head : heads) {
        auto id = head.first;
        bool was_stopped = false;
        auto seen = watch.observe(id, head.second, now, was_stopped, block_time_ms(s.catalog, id));
        auto subject = std::to_string(id);
        std::string kind = "head_stopped";
        if (seen.stopped && !was_stopped) {
            store::Incident stopped;
            stopped.kind = kind;
            stopped.subject = subject;
            stopped.detail = "no new block after block " + std::to_string(seen.block);
            stopped.started_at = seen.since;
            co_await s.store.orders().open_incident(std::move(stopped));
        }
        if (!seen.stopped && was_stopped)
            co_await s.store.orders().close_incident(kind, subject, now);
        std::optional<store::WatchCursor> cursor;
        if (s.balances.is_evm_chain(id)) cursor = co_await s.store.orders().cursor(id);
        auto next = cursor ? static_cast<std::uint64_t>(cursor->next_block) : seen.block + 1;
        out.push_back(
            json::object{{"chain_id", id},
                         {"head_block", seen.block},
                         {"seconds_since_new_head", now - seen.since},
                         {"watcher_lag_blocks", next > seen.block ? 0 : seen.block + 1 - next},
                         {"stopped", seen.stopped}});
    }
    co_return out;
}

json::array incidents_json(const std::vector<store::Incident>& incidents) {
    json::array out;
    for (const auto& i : incidents)
        out.push_back(json::object{
            {"kind", i.kind},
            {"subject", i.subject},
            {"detail", i.detail},
            {"started_at", i.started_at},
            {"ended_at", i.ended_at ? json::value(i.ended_at) : json::value(nullptr)}});
    return out;
}

// (A plain function: no braced temporaries across a co_await in the coroutine.)
json::object status_json(std::int64_t now, bool paused, json::array routes, json::array chains,
                         json::array incidents) {
    json::array windows;
    for (const auto& w : bridge::kStatsWindows)
        windows.push_back(json::object{{"name", w.name}, {"seconds", w.seconds}});
    return json::object{{"as_of", now},
                        {"windows", std::move(windows)},
                        {"paused", paused},
                        {"routes", std::move(routes)},
                        {"chains", std::move(chains)},
                        {"incidents", std::move(incidents)}};
}

Task<json::object> build_status(Services& s, HeadWatch& watch) {
    auto now = unix_now();
    auto stats = co_await s.fill_times->current(s);
    auto limits = co_await limits_json(s, 0, 0, "");
    auto chains = co_await chains_json(s, watch, now);
    auto week = bridge::kStatsWindows.back().seconds;
    auto incidents = co_await s.store.orders().incidents(now - week, kMaxIncidents);
    auto paused = co_await s.store.orders().paused();
    co_return status_json(now, paused, routes_json(s, limits, *stats), std::move(chains),
                          incidents_json(incidents));
}

Task<http::Response> status(Services& s, CachedAnswer& cache, HeadWatch& watch) {
    auto out = co_await cache.get([&] { return build_status(s, watch); });
    co_return http::envelope(std::move(out));
}

}  // namespace

Task<FillTimes::Stats> FillTimes::current(Services& s) {
    {
        std::lock_guard lock(mutex_);
        if (stats_ && std::chrono::steady_clock::now() - read_at_ < kKeepFor) co_return stats_;
    }
    auto now = unix_now();
    auto rows = co_await s.store.orders().status_orders(now - bridge::kStatsWindows.back().seconds);
    auto fresh = std::make_shared<const std::vector<bridge::RouteStats>>(
        bridge::fill_stats(fill_records(s, rows), now));
    std::lock_guard lock(mutex_);
    stats_ = fresh;
    read_at_ = std::chrono::steady_clock::now();
    co_return fresh;
}

Task<std::optional<std::int64_t>> FillTimes::quoted_seconds(Services& s, std::int64_t src,
                                                            std::int64_t dst, std::string token) {
    auto stats = co_await current(s);
    co_return bridge::quoted_fill_seconds(*stats, src, dst, token);
}

void register_status_api(http::Router& router, Services& s) {
    auto cache = std::make_shared<CachedAnswer>(kCacheFor);
    auto watch = std::make_shared<HeadWatch>();
    router.get("/api/bridge_api/v1/status",
               "The public status page: per route and token the fill time p50 / p95 / p99 "
               "(seconds from deposit to payout), orders, refunds with their median time and "
               "cost over 1h, 24h and 7d, the capacity left and the pause; each chain's head and "
               "seconds since it moved; the incident log (kept 5 s)",
               [&s, cache, watch](http::Request&) { return status(s, *cache, *watch); });
}

}  // namespace perch::api
