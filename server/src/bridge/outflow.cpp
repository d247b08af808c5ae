#include "bridge/outflow.hpp"

#include <algorithm>
#include <charconv>
#include <ctime>
#include <set>

#include "core/error.hpp"

namespace perch::bridge {
namespace {

[[noreturn]] void bad(const std::string& key, const std::string& why) {
    throw ConfigError("config key 'maker.outflow." + key + "': " + why);
}

U256 saturating_add(const U256& a, const U256& b) {
    auto sum = a.add(b);
    return sum ? *sum : U256::max();
}

U256 times(const U256& a, unsigned n) {
    auto product = a.mul(U256(n));
    return product ? *product : U256::max();
}

// The setting for `route_key` or, failing that, for its token.
template <class T>
const T* setting_for(const std::map<std::string, T>& by_key, const std::string& key,
                     const std::string& token) {
    if (auto it = by_key.find(key); it != by_key.end()) return &it->second;
    if (auto it = by_key.find(token); it != by_key.end()) return &it->second;
    return nullptr;
}

U256 amount_or(const std::string& text, unsigned decimals, const U256& fallback,
               const std::string& key) {
    if (text.empty()) return fallback;
    auto parsed = U256::parse_units(text, decimals);
    if (!parsed) bad(key, parsed.error().message);
    if (parsed->is_zero()) bad(key, "must be above zero (pause a route instead)");
    return *parsed;
}

// Every (source, destination) pair a route serves.
std::vector<std::pair<std::int64_t, std::int64_t>> pairs_of(const Route& r) {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    const auto& to = r.cross() ? r.to_chains : r.chains;
    for (auto src : r.chains)
        for (auto dst : to)
            if (src != dst) out.emplace_back(src, dst);
    return out;
}

U256 sum_after(const std::vector<Outflow>& paid, std::int64_t after) {
    U256 sum;
    for (const auto& p : paid)
        if (p.at > after) sum = saturating_add(sum, p.amount);
    return sum;
}

// Whether `amount` fits under `cap` in the window of `length` ending at `at`; alone in an empty
// window anything fits (a single deposit above the cap is paid by itself, never refused).
bool fits(const std::vector<Outflow>& paid, const U256& amount, const U256& cap,
          std::chrono::seconds length, std::int64_t at) {
    auto used = sum_after(paid, at - length.count());
    if (used.is_zero()) return true;
    auto total = used.add(amount);
    return total && *total <= cap;
}

std::string clock_of(std::int64_t at) {
    std::time_t t = static_cast<std::time_t>(at);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%H:%M:%S", &tm);
    return std::string(buf) + " UTC";
}

}  // namespace

std::string route_key(std::int64_t src, std::int64_t dst, std::string_view token) {
    return std::to_string(src) + ":" + std::to_string(dst) + ":" + std::string(token);
}

std::optional<RouteKey> parse_route_key(std::string_view text) {
    auto first = text.find(':');
    auto second = first == std::string_view::npos ? first : text.find(':', first + 1);
    if (second == std::string_view::npos) return std::nullopt;
    RouteKey key;
    auto number = [](std::string_view part, std::int64_t& out) {
        auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), out);
        return ec == std::errc() && end == part.data() + part.size() && out > 0;
    };
    if (!number(text.substr(0, first), key.src) ||
        !number(text.substr(first + 1, second - first - 1), key.dst) || key.src == key.dst)
        return std::nullopt;
    key.token = std::string(text.substr(second + 1));
    if (key.token.empty() || key.token.find(':') != std::string::npos) return std::nullopt;
    return key;
}

const RouteCaps* OutflowRules::caps(const std::string& key) const {
    auto it = routes.find(key);
    return it == routes.end() ? nullptr : &it->second;
}

OutflowRules make_outflow_rules(const RouteTable& table, const OutflowSettings& settings) {
    OutflowRules rules;
    rules.hour = settings.hour;
    rules.day = settings.day;
    rules.delay_above_usd = settings.delay_above_usd;
    rules.delay = settings.delay;
    rules.price_disagreement_bps = settings.price_disagreement_bps;
    std::set<std::string> used;
    for (const auto& route : table.routes) {
        for (auto [src, dst] : pairs_of(route)) {
            auto key = route_key(src, dst, route.token);
            RouteCaps caps;
            caps.decimals = route.decimals;
            caps.hour = times(route.max, kDefaultHourCapInMaxes);
            caps.day = times(route.max, kDefaultDayCapInMaxes);
            if (const auto* own = setting_for(settings.caps, key, route.token)) {
                auto name = settings.caps.count(key) ? key : route.token;
                used.insert(name);
                caps.hour =
                    amount_or(own->hour, route.decimals, caps.hour, "caps." + name + ".hour");
                caps.day = amount_or(own->day, route.decimals, std::max(caps.day, caps.hour),
                                     "caps." + name + ".day");
            }
            if (caps.day < caps.hour) caps.day = caps.hour;  // a day holds its hours
            if (const auto* net = setting_for(settings.pause_net_outflow, key, route.token)) {
                auto name = settings.pause_net_outflow.count(key) ? key : route.token;
                used.insert("net:" + name);
                caps.pause_net =
                    amount_or(*net, route.decimals, U256(), "pause_net_outflow." + name);
            }
            rules.routes[key] = caps;
        }
    }
    // A key that names no route is a typo that would leave a route uncapped: refused.
    for (const auto& [key, caps] : settings.caps)
        if (!used.count(key)) bad("caps." + key, "names no route or token of the route table");
    for (const auto& [key, net] : settings.pause_net_outflow)
        if (!used.count("net:" + key))
            bad("pause_net_outflow." + key, "names no route or token of the route table");
    return rules;
}

U256 capacity_left(const std::vector<Outflow>& paid, const U256& cap, std::chrono::seconds length,
                   std::int64_t now) {
    auto used = sum_after(paid, now - length.count());
    return used >= cap ? U256() : *cap.sub(used);
}

std::int64_t earliest_fit(const std::vector<Outflow>& paid, const U256& amount,
                          const RouteCaps& caps, const OutflowRules& rules, std::int64_t from) {
    // Capacity only returns when a payout leaves a window: those moments, after `from`, are the
    // only candidates.
    std::vector<std::int64_t> candidates{from};
    for (const auto& p : paid)
        for (auto length : {rules.hour, rules.day})
            if (p.at + length.count() > from) candidates.push_back(p.at + length.count());
    std::sort(candidates.begin(), candidates.end());
    for (auto at : candidates)
        if (fits(paid, amount, caps.hour, rules.hour, at) &&
            fits(paid, amount, caps.day, rules.day, at))
            return at;
    return candidates.back();  // unreachable: the last one has both windows empty
}

std::vector<PayoutPlan> plan_payouts(const std::vector<QueuedPayout>& queued,
                                     std::map<std::string, std::vector<Outflow>> paid,
                                     const OutflowRules& rules, std::int64_t now) {
    std::vector<PayoutPlan> out;
    out.reserve(queued.size());
    std::map<std::string, std::int64_t> waiting_from;  // per route: the last limit-delayed one
    for (const auto& q : queued) {
        PayoutPlan plan{q.order_id, now, q.hold_until, false, false};
        if (plan.hold_until == 0 && rules.delay_above_usd > 0 && q.usd > rules.delay_above_usd &&
            rules.delay.count() > 0)
            plan.hold_until = now + rules.delay.count();
        const auto* caps = rules.caps(q.route);
        auto start = std::max(now, plan.hold_until);
        if (caps) {
            auto& flows = paid[q.route];
            auto from = std::max(start, waiting_from[q.route]);
            plan.pay_at = earliest_fit(flows, q.amount, *caps, rules, from);
            plan.by_limit = plan.pay_at > start;
            if (plan.by_limit) waiting_from[q.route] = plan.pay_at;
            flows.push_back({plan.pay_at, q.amount});
        } else {
            plan.pay_at = start;
        }
        plan.held = !plan.by_limit && plan.pay_at > now;
        out.push_back(plan);
    }
    return out;
}

std::string limit_delay_reason(std::int64_t pay_at) {
    return "delayed by the route's limit: paid when the route's hourly and daily limits free "
           "enough capacity, expected around " +
           clock_of(pay_at);
}

std::string large_hold_reason(std::int64_t pay_at, double threshold_usd) {
    return "held before payout: transfers above $" +
           std::to_string(static_cast<std::int64_t>(threshold_usd)) +
           " wait a set time; paid around " + clock_of(pay_at);
}

std::string quoted_hold_reason(double threshold_usd, std::chrono::seconds delay) {
    // Whole units a reader takes in at a glance: seconds under a minute, else minutes, else hours.
    auto n = delay.count();
    auto words = n < 60     ? std::to_string(n) + " s"
                 : n < 3600 ? std::to_string((n + 30) / 60) + " min"
                            : std::to_string((n + 1800) / 3600) + " h";
    return "transfers above $" + std::to_string(static_cast<std::int64_t>(threshold_usd)) +
           " wait " + words + " before payout";
}

std::string paused_route_reason(const std::string& why) {
    return "the route is paused (" + why + "); paid once it resumes";
}

U256 net_outflow(const U256& paid_out, const U256& came_in) {
    return paid_out > came_in ? *paid_out.sub(came_in) : U256();
}

bool prices_disagree(const std::vector<double>& quotes, std::uint32_t bound_bps) {
    if (bound_bps == 0) return false;
    std::vector<double> usable;
    for (auto q : quotes)
        if (q > 0) usable.push_back(q);
    if (usable.size() < 2) return false;
    auto [low, high] = std::minmax_element(usable.begin(), usable.end());
    return (*high - *low) / *low * 10000.0 > static_cast<double>(bound_bps);
}

}  // namespace perch::bridge
