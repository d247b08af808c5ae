// Integrators' webhooks (issue 31, admin token): register a URL for a partner channel's orders,
// list and disable webhooks, page through a webhook's deliveries and send one again. The secret
// that signs deliveries is answered once, when the webhook is made, and never logged.
#include <boost/describe.hpp>
#include <boost/json.hpp>
#include <limits>

#include "api/auth_guard.hpp"
#include "api/params.hpp"
#include "api/routes.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "webhooks/deliveries.hpp"
#include "webhooks/rules.hpp"

namespace perch::store {
// What the admin API answers of them, written by Boost.JSON from these lists: a webhook without
// its secret, a delivery without its stored body (the bytes sent take its place).
BOOST_DESCRIBE_STRUCT(Webhook, (), (id, url, channel, created_at, disabled_at, cursor_event_id))
BOOST_DESCRIBE_STRUCT(WebhookDelivery, (),
                      (id, webhook_id, event_id, order_id, state, attempts, next_at, last_status,
                       last_error, delivered_at, created_at))
}  // namespace perch::store

namespace perch::api {
namespace json = boost::json;
namespace {

webhooks::Deliveries& deliveries(Services& s, const http::Request& req) {
    require_admin_token(s.config.admin_token, req);
    return *s.webhooks;
}

json::object webhook_json(const store::Webhook& w) {
    return json::value_from(w).as_object();
}

json::object delivery_json(const store::WebhookDelivery& d) {
    auto out = json::value_from(d).as_object();
    out["body"] = webhooks::wire_body(d.id, d.body);
    return out;
}

std::int64_t path_id(const http::Request& req) {
    return *text::parse_int(req.param("id"));
}

Task<http::Response> create_webhook(Services& s, http::Request& req) {
    auto& sender = deliveries(s, req);
    auto body = req.json_object();
    auto p = Params::body(body);
    auto url = p.required("url");
    if (auto problem = webhooks::url_problem(url)) throw bad_request(*problem);
    auto channel = whole_number(p, "channel", 1, std::numeric_limits<std::int64_t>::max());
    if (!s.catalog.has_channel(channel))
        params::invalid("channel", std::to_string(channel), "a known channel id");
    store::Webhook hook{
        .url = url, .channel = channel, .secret = webhooks::new_secret(), .created_at = unix_now()};
    auto made = co_await sender.store().add_webhook(std::move(hook));
    auto answer = webhook_json(made);
    answer["secret"] = made.secret;  // shown this once
    co_return http::envelope(answer);
}

Task<http::Response> list_webhooks(Services& s, http::Request& req) {
    auto& sender = deliveries(s, req);
    json::array out;
    for (const auto& w : co_await sender.store().webhooks()) out.push_back(webhook_json(w));
    co_return http::envelope(out);
}

Task<http::Response> disable_webhook(Services& s, http::Request& req) {
    auto& sender = deliveries(s, req);
    auto id = path_id(req);
    if (!co_await sender.store().disable_webhook(id, unix_now()))
        throw not_found("no active webhook " + std::to_string(id));
    co_return http::envelope(json::object{{"id", id}, {"disabled", true}});
}

Task<http::Response> deliveries_of(Services& s, http::Request& req) {
    auto& sender = deliveries(s, req);
    auto id = path_id(req);
    if (!co_await sender.store().webhook(id)) throw not_found("no webhook " + std::to_string(id));
    auto paging = page(Params::query(req), {.size = 20, .max_size = 100});
    auto found = co_await sender.store().deliveries_of(id, paging.offset(), paging.size);
    json::array out;
    for (const auto& d : found.list) out.push_back(delivery_json(d));
    co_return http::envelope(page_json(std::move(out), found.total, paging));
}

Task<http::Response> replay_delivery(Services& s, http::Request& req) {
    auto& sender = deliveries(s, req);
    auto id = path_id(req);
    auto sent = co_await sender.replay(id);
    if (!sent) throw not_found("no delivery " + std::to_string(id));
    co_return http::envelope(delivery_json(*sent));
}

}  // namespace

constexpr Route kRoutes[] = {
    {kPost, "/api/admin/webhooks", create_webhook,
     "Registers a webhook {url, channel} for a partner channel's orders (admin token); answers "
     "its id and its signing secret, shown this once"},
    {kGet, "/api/admin/webhooks", list_webhooks,
     "Every webhook, disabled ones too, without secrets (admin token)"},
    {kDelete, "/api/admin/webhooks/{id:int}", disable_webhook,
     "Disables a webhook: nothing more is made or sent for it (admin token)"},
    {kGet, "/api/admin/webhooks/{id:int}/deliveries", deliveries_of,
     "A webhook's deliveries, newest first, paged (admin token)"},
    {kPost, "/api/admin/webhooks/deliveries/{id:int}/replay", replay_delivery,
     "Sends a delivery again now and records the attempt (admin token)"},
};

void register_webhook_api(http::Router& router, Services& s) {
    add_routes(router, s, kRoutes);
}

}  // namespace perch::api
