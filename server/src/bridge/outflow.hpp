#pragma once
// What one bad day can cost, pure: per route and token, caps on what the maker pays out per
// rolling hour and day, a hold on transfers above a USD value, and when a route pauses itself.
// Past a cap a deposit is neither refused nor lost: it waits, with an estimate of when the windows
// free enough capacity, and is paid then. Amounts are in the route's deposited token (base units):
// a payout counts as the deposit it pays, which is its receive amount plus fees, so the caps err
// on the safe side. The maker (maker/outflow_gate.cpp) does the I/O; the store decides what was
// paid (its payouts), so a restart or a second instance sees the same windows.
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bridge/quote.hpp"
#include "core/config.hpp"

namespace perch::bridge {

// A route as the rules name it: "<source chain>:<destination chain>:<deposited token>".
std::string route_key(std::int64_t src, std::int64_t dst, std::string_view token);
struct RouteKey {
    std::int64_t src = 0;
    std::int64_t dst = 0;
    std::string token;
};
// nullopt unless "<int>:<int>:<symbol>" (what `perch pause --route` takes).
std::optional<RouteKey> parse_route_key(std::string_view text);

struct RouteCaps {
    U256 hour;  // the most paid in any rolling hour window, base units of the deposited token
    U256 day;
    std::optional<U256> pause_net;  // the route pauses when its net outflow passes this
    unsigned decimals = 18;
};

struct OutflowRules {
    std::chrono::seconds hour{3600};
    std::chrono::seconds day{86400};
    double delay_above_usd = 0;  // 0: none
    std::chrono::seconds delay{3600};
    std::uint32_t price_disagreement_bps = 0;
    std::map<std::string, RouteCaps> routes;  // every route of the table, by route_key
    const RouteCaps* caps(const std::string& key) const;
};

// Without a cap of its own, a route may pay this many of its largest transfers an hour, and
// this many a day: the route's max is what the operator sized to the maker's float on it.
inline constexpr unsigned kDefaultHourCapInMaxes = 4;
inline constexpr unsigned kDefaultDayCapInMaxes = 12;

// The rules for every route of `table` from the settings (a route's own key first, then its
// token, then the defaults). Throws ConfigError naming a bad amount or an unknown key.
OutflowRules make_outflow_rules(const RouteTable& table, const OutflowSettings& settings);

// One payout as the windows count it: when it was signed (unix seconds) and its deposit's amount.
struct Outflow {
    std::int64_t at = 0;
    U256 amount;
};

// What the route can still pay in the window of `length` that ends at `now`.
U256 capacity_left(const std::vector<Outflow>& paid, const U256& cap, std::chrono::seconds length,
                   std::int64_t now);

// The earliest time from `from` (unix seconds) at which `amount` fits under both caps, given
// `paid` (which may hold payouts planned for later). A single amount above a cap fits only in
// windows empty of everything else: it is paid alone, never refused.
std::int64_t earliest_fit(const std::vector<Outflow>& paid, const U256& amount,
                          const RouteCaps& caps, const OutflowRules& rules, std::int64_t from);

// A queued payout, oldest first, as the planner sees it.
struct QueuedPayout {
    std::int64_t order_id = 0;
    std::string route;            // route_key
    U256 amount;                  // the deposit's amount
    double usd = 0;               // its value now (0: unknown, never held for its size)
    std::int64_t hold_until = 0;  // a large transfer's hold already decided (0: none)
};

// When each queued payout is paid: now (pay_at <= now), or later, held for its size or delayed by
// its route's limit. Payouts of one route delayed by the limit keep their order: a later one
// never passes an earlier one that waits for capacity.
struct PayoutPlan {
    std::int64_t order_id = 0;
    std::int64_t pay_at = 0;
    std::int64_t hold_until = 0;  // to store: the large-transfer hold (0: none)
    bool by_limit = false;        // waits for the route's capacity
    bool held = false;            // waits for the large-transfer hold
};
std::vector<PayoutPlan> plan_payouts(const std::vector<QueuedPayout>& queued,
                                     std::map<std::string, std::vector<Outflow>> paid,
                                     const OutflowRules& rules, std::int64_t now);

// The tracker's words for a payout that waits (the order's reason). They name the expected time
// (the order's payout_eta says it in seconds too), never a countdown, so they change only when
// the estimate does.
std::string limit_delay_reason(std::int64_t pay_at);
std::string large_hold_reason(std::int64_t pay_at, double threshold_usd);
// What a quote says of that hold beforehand ("transfers above $50 wait 15 s before payout").
std::string quoted_hold_reason(double threshold_usd, std::chrono::seconds delay);
std::string paused_route_reason(const std::string& why);

// A route's net outflow in the day window: what it paid (src -> dst) less what came back the other
// way (deposits dst -> src), never below zero.
U256 net_outflow(const U256& paid_out, const U256& came_in);

// Whether price sources disagree beyond the bound: (highest - lowest) / lowest in bps.
bool prices_disagree(const std::vector<double>& quotes, std::uint32_t bound_bps);

}  // namespace perch::bridge
