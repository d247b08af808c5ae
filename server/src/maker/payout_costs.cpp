#include "maker/payout_costs.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "core/metrics.hpp"

namespace perch::maker {
namespace {

double as_double(const chain::U256& v) {
    return std::stod(v.to_dec());
}

}  // namespace

DtcCover dtc_cover(const chain::U256& dtc, unsigned token_decimals, bool same_coin,
                   double token_usd, double native_usd, const chain::U256& cost) {
    if (same_coin) return {true, !(dtc < cost), as_double(dtc)};
    if (!(token_usd > 0) || !(native_usd > 0)) return {};
    // Through USD: what the dtc buys of the native coin (18 decimals on every EVM chain).
    double usd = as_double(dtc) / std::pow(10.0, token_decimals) * token_usd;
    double wei = usd / native_usd * 1e18;
    return {true, as_double(cost) <= wei, wei};
}

bool PayoutCosts::record(const RouteKey& route, const chain::op::TxCost& cost, const DtcCover& dtc,
                         std::chrono::steady_clock::time_point now,
                         std::chrono::steady_clock::duration every) {
    std::lock_guard lock(mutex_);
    auto& seen = routes_[route];
    seen.cost = as_double(cost.total());
    seen.l1_fee = as_double(cost.l1);
    seen.dtc = dtc;
    if (!dtc.known || dtc.covers) return false;
    if (seen.reported && now - *seen.reported < every) return false;
    seen.reported = now;
    return true;
}

std::string PayoutCosts::render() const {
    using metrics::label;
    std::lock_guard lock(mutex_);
    std::vector<metrics::Sample> cost, l1_fee, dtc, short_of;
    for (const auto& [route, seen] : routes_) {
        auto labels = label("token", route.token) + "," + label("src", std::to_string(route.src)) +
                      "," + label("dst", std::to_string(route.dst));
        cost.push_back({labels, seen.cost});
        l1_fee.push_back({labels, seen.l1_fee});
        if (!seen.dtc.known) continue;
        dtc.push_back({labels, seen.dtc.dtc_native_wei});
        short_of.push_back({labels, seen.dtc.covers ? 0.0 : 1.0});
    }
    std::string out;
    metrics::render_gauge(out, "perch_maker_payout_cost_wei",
                          "The newest payout's cost on the route in the destination's native coin "
                          "(gas x effective price + the OP-stack L1 data fee)",
                          cost);
    metrics::render_gauge(out, "perch_maker_payout_l1_fee_wei",
                          "The OP-stack L1 data fee within the newest payout's cost (0 elsewhere)",
                          l1_fee);
    metrics::render_gauge(out, "perch_maker_route_dtc_wei",
                          "The route's dtc in the destination's native coin", dtc);
    metrics::render_gauge(out, "perch_maker_route_dtc_short",
                          "1 while the route's newest payout cost more than its dtc", short_of);
    return out;
}

}  // namespace perch::maker
