#include "bridge/fill_stats.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "bridge/maker_stats.hpp"
#include "bridge/order.hpp"

namespace perch::bridge {
namespace {

// The p-th percentile of U256 values by nearest rank: percentile()'s rule applied to positions.
std::optional<chain::U256> nearest_rank(std::vector<chain::U256> values, double p) {
    if (values.empty()) return std::nullopt;
    std::sort(values.begin(), values.end(),
              [](const chain::U256& a, const chain::U256& b) { return a < b; });
    std::vector<std::int64_t> ranks(values.size());
    for (std::size_t i = 0; i < ranks.size(); ++i) ranks[i] = static_cast<std::int64_t>(i);
    return values[static_cast<std::size_t>(*percentile(std::move(ranks), p))];
}

WindowStats window_stats(const std::vector<const FillRecord*>& route, StatsWindow window,
                         std::int64_t now) {
    WindowStats out{window.name};
    std::vector<std::int64_t> fills, refund_times;
    std::vector<chain::U256> refund_costs;
    for (const auto* r : route) {
        if (r->deposited_at < now - window.seconds) continue;
        ++out.orders;
        if (r->outcome == FillOutcome::completed) fills.push_back(seconds_taken(*r));
        if (r->outcome == FillOutcome::refunded) {
            refund_times.push_back(seconds_taken(*r));
            refund_costs.push_back(r->refund_cost);
        }
    }
    out.completed = static_cast<std::int64_t>(fills.size());
    out.p50_seconds = percentile(fills, 50);
    out.p95_seconds = percentile(fills, 95);
    out.p99_seconds = percentile(fills, 99);
    out.refunds = static_cast<std::int64_t>(refund_times.size());
    out.refund_median_seconds = median(std::move(refund_times));
    out.refund_median_cost = nearest_rank(std::move(refund_costs), 50);
    return out;
}

}  // namespace

std::int64_t seconds_taken(const FillRecord& record) {
    return std::max<std::int64_t>(0, record.ended_at - record.deposited_at);
}

std::vector<RouteStats> fill_stats(const std::vector<FillRecord>& records, std::int64_t now) {
    using Key = std::tuple<std::int64_t, std::int64_t, std::string>;
    std::map<Key, std::vector<const FillRecord*>> by_route;
    const auto widest = kStatsWindows.back().seconds;
    for (const auto& r : records)
        if (r.deposited_at <= now && r.deposited_at >= now - widest)
            by_route[{r.src_chain_id, r.dst_chain_id, r.token}].push_back(&r);
    std::vector<RouteStats> out;
    for (const auto& [key, route] : by_route) {
        RouteStats stats{
            std::get<0>(key), std::get<1>(key), std::get<2>(key), route.front()->decimals, {}};
        for (std::size_t i = 0; i < kStatsWindows.size(); ++i)
            stats.windows[i] = window_stats(route, kStatsWindows[i], now);
        out.push_back(std::move(stats));
    }
    return out;
}

std::optional<std::int64_t> quoted_fill_seconds(const std::vector<RouteStats>& stats,
                                                std::int64_t src, std::int64_t dst,
                                                std::string_view token) {
    for (const auto& r : stats)
        if (r.src_chain_id == src && r.dst_chain_id == dst && r.token == token)
            return r.windows[kQuoteWindow].p50_seconds;
    return std::nullopt;
}

chain::U256 refund_cost(const RouteTable& routes, const std::string& token, bool native,
                        std::int64_t source_chain, const chain::U256& max_fee_per_gas,
                        const chain::U256& deduction) {
    chain::U256 cost;
    if (native) {
        auto probe = transfer_of(chain::Address{}, chain::Address{}, chain::U256());
        cost = native_transfer_cost(probe, Fees{max_fee_per_gas, chain::U256()});
    } else {
        for (const auto& route : routes.routes)
            if (route.token == token) {
                auto it = route.dtc.find(source_chain);
                cost = it == route.dtc.end() ? route.default_dtc : it->second;
            }
    }
    auto total = cost.add(deduction);
    return total ? *total : cost;
}

bool head_stopped(std::int64_t seconds_since_new_head, std::int64_t block_time_ms) {
    constexpr std::int64_t kBlocks = 10;
    constexpr std::int64_t kAtLeastSeconds = 60;
    return seconds_since_new_head > std::max(kAtLeastSeconds, kBlocks * block_time_ms / 1000);
}

}  // namespace perch::bridge
