// The /query page's one box: an address, a transaction hash or an order key, answered with the
// bridge orders that match and, for an address, its points and check-ins. (The page asks the
// tracker for the address's activity itself.)
#include <boost/json.hpp>

#include "api/order_json.hpp"
#include "api/routes.hpp"
#include "api/services.hpp"
#include "bridge/lookup.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "rewards/rules.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr int kMaxOrders = 50;
constexpr int kCheckInDays = 366;

json::array orders_json(const std::vector<store::Order>& orders) {
    json::array out;
    for (const auto& o : orders) out.push_back(order_json(o));
    return out;
}

json::object points_json(const store::PointTotals& t) {
    auto total = t.campaign + t.cross + t.refer + t.check_in + t.pool + t.cross_v1 + t.refer_v1;
    return {{"total", total},         {"campaign", t.campaign}, {"cross", t.cross},
            {"refer", t.refer},       {"check_in", t.check_in}, {"pool", t.pool},
            {"cross_v1", t.cross_v1}, {"refer_v1", t.refer_v1}};
}

// The check-ins of the last year, newest first.
Task<json::value> checkins_json(Services& s, const std::string& user) {
    if (!s.rewards) co_return nullptr;
    const int today = rewards::utc_date(unix_now());
    auto days = co_await s.rewards->store().checkins(
        user, rewards::add_days(today, 1 - kCheckInDays), today);
    json::array out;
    for (auto it = days.rbegin(); it != days.rend(); ++it) {
        out.push_back(json::object{{"date", rewards::date_text(it->day)},
                                   {"chain_id", it->chain_id},
                                   {"tx_hash", it->tx_hash},
                                   {"points", it->points}});
    }
    co_return out;
}

Task<json::object> by_address(Services& s, const std::string& address) {
    store::HistoryQuery q;
    q.address = address;
    q.size = kMaxOrders;
    auto page = co_await s.store.orders().history(std::move(q));
    auto totals = co_await s.store.point_totals(address);
    auto checkins = co_await checkins_json(s, address);
    co_return json::object{{"orders", orders_json(page.list)},
                           {"orders_total", page.total},
                           {"points", points_json(totals)},
                           {"checkins", std::move(checkins)}};
}

Task<http::Response> lookup(Services& s, http::Request& req) {
    auto parsed = bridge::parse_lookup(req.query_value("q"));
    if (!parsed) {
        throw bad_request(
            "'q' must be a wallet address, a transaction hash or an order key "
            "(<chain id>:<deposit tx hash>:<log index>)");
    }
    json::object out;
    if (parsed->kind == bridge::LookupKind::address) {
        out = co_await by_address(s, parsed->value);
    } else {
        std::vector<store::Order> orders;
        if (parsed->kind == bridge::LookupKind::tx_hash) {
            orders = co_await s.store.orders().orders_by_tx_hash(parsed->value, kMaxOrders);
        } else {
            auto found = co_await s.store.orders().order_by_key(parsed->value);
            if (found) orders.push_back(std::move(*found));
        }
        auto total = static_cast<std::int64_t>(orders.size());
        out = json::object{{"orders", orders_json(orders)},
                           {"orders_total", total},
                           {"points", nullptr},
                           {"checkins", nullptr}};
    }
    out["kind"] = bridge::to_string(parsed->kind);
    out["q"] = parsed->value;
    co_return http::envelope(std::move(out));
}

}  // namespace

constexpr Route kRoutes[] = {
    {kGet, "/api/query_api/v1/lookup", lookup,
     "What matches q (an address, a deposit/payout/refund transaction hash or an order "
     "key): the bridge orders, newest first (at most 50), and for an address its points "
     "and the check-ins of the last year"},
};

void register_query_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
