#pragma once
// What the maker's payouts cost it on each route, beside what the route charges for that (its
// `dtc`, config/routes.json: the fixed fee that pays the destination's gas). On an OP-stack
// destination the cost includes the L1 data fee (chain/op_fee.hpp). Fed by the payers as payout
// receipts come in (I/O thread), read at scrape time (any thread), hence the lock.
#include <chrono>
#include <compare>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "chain/op_fee.hpp"
#include "chain/u256.hpp"

namespace perch::maker {

// A route as the metrics label it: the deposited token from one chain to another.
struct RouteKey {
    std::string token;
    std::int64_t src = 0;
    std::int64_t dst = 0;
    auto operator<=>(const RouteKey&) const = default;
};

// Whether a route's dtc still pays for a payout's observed cost, pure. The dtc is in the paid
// token: one that is the destination's native coin (`same_coin`) is compared to the wei; any
// other is valued through USD prices (unknown when either price is 0 or less).
struct DtcCover {
    bool known = false;         // false: a price is missing, nothing can be said
    bool covers = true;         // cost <= dtc
    double dtc_native_wei = 0;  // the dtc in the destination's native coin
};
DtcCover dtc_cover(const chain::U256& dtc, unsigned token_decimals, bool same_coin,
                   double token_usd, double native_usd, const chain::U256& cost);

class PayoutCosts {
  public:
    // A mined payout's cost on `route` against its dtc; true when the dtc does not cover it and
    // the route was not reported in the last `every` (one warning line per route per hour, not
    // per payout).
    bool record(const RouteKey& route, const chain::op::TxCost& cost, const DtcCover& dtc,
                std::chrono::steady_clock::time_point now,
                std::chrono::steady_clock::duration every = std::chrono::hours(1));
    // Prometheus gauges by route (token, src, dst): perch_maker_payout_cost_wei and
    // perch_maker_payout_l1_fee_wei (the newest payout's), perch_maker_route_dtc_wei (the dtc in
    // the destination's coin, when priced) and perch_maker_route_dtc_short (1 while the newest
    // payout cost more than the dtc).
    std::string render() const;

  private:
    struct Seen {
        double cost = 0;
        double l1_fee = 0;
        DtcCover dtc;
        std::optional<std::chrono::steady_clock::time_point> reported;
    };
    mutable std::mutex mutex_;
    std::map<RouteKey, Seen> routes_;
};

}  // namespace perch::maker
