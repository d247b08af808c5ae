#include "webhooks/deliveries.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/json.hpp>
#include <set>

#include "chain/rpc/rpc_error.hpp"
#include "core/clock.hpp"
#include "core/parallel.hpp"
#include "core/poll_loop.hpp"
#include "webhooks/rules.hpp"

namespace perch::webhooks {

Deliveries::Deliveries(store::WebhookStore& store, OrderJson order_json, DeliveryOptions options)
    : store_(store), order_json_(std::move(order_json)), options_(std::move(options)) {}

Deliveries::~Deliveries() = default;

std::int64_t Deliveries::now() const {
    return options_.clock ? options_.clock() : unix_now();
}

double Deliveries::jitter() {
    std::lock_guard lock(mutex_);
    return std::uniform_real_distribution<double>(0.0, 1.0)(random_);
}

chain::rpc::HttpEndpoint& Deliveries::endpoint(const std::string& url) {
    std::lock_guard lock(mutex_);
    auto& slot = endpoints_[url];
    if (!slot) slot = std::make_unique<chain::rpc::HttpEndpoint>(url);
    return *slot;
}

void Deliveries::start(const boost::asio::any_io_executor& ex) {
    auto loop =
        poll_until_stopped(stopping_, options_.poll, "webhooks", [this] { return run_once(); });
    boost::asio::co_spawn(ex, std::move(loop), boost::asio::detached);
}

Task<bool> Deliveries::run_once() {
    auto hooks = co_await store_.webhooks();
    bool caught_up = true;
    std::map<std::int64_t, store::Webhook> active;
    for (auto& hook : hooks) {
        if (hook.disabled_at != 0) continue;
        if (!co_await enqueue(hook)) caught_up = false;
        active.emplace(hook.id, std::move(hook));
    }
    // One delivery per webhook at a time, all webhooks at once: a slow receiver delays its own
    // deliveries only until the attempt's timeout. A delivered one may have a successor due now:
    // the next round then starts at once instead of after the poll.
    auto due = co_await store_.due_deliveries(now());
    std::vector<Task<bool>> sends;
    for (auto& d : due) {
        auto it = active.find(d.webhook_id);
        if (it != active.end()) sends.push_back(send_due(std::move(d), it->second));
    }
    for (const auto& sent : co_await in_parallel(std::move(sends)))
        if (sent && *sent) caught_up = false;
    co_return caught_up;
}

// The log past the webhook's cursor into its deliveries; whether it read all there was.
Task<bool> Deliveries::enqueue(store::Webhook hook) {
    auto log = co_await store_.events_after(hook.cursor_event_id, options_.events_per_round);
    auto taken = take_events(hook, log, now(), options_.gap_grace_seconds);
    if (taken.cursor == hook.cursor_event_id) co_return true;
    std::set<std::int64_t> ids;
    for (const auto& e : taken.events) ids.insert(e.order_id);
    std::vector<std::int64_t> wanted(ids.begin(), ids.end());
    std::map<std::int64_t, store::Order> orders;
    for (auto& o : co_await store_.orders(std::move(wanted))) orders.emplace(o.id, std::move(o));
    std::vector<store::NewDelivery> made;
    for (const auto& e : taken.events) {
        auto it = orders.find(e.order_id);
        if (it == orders.end()) continue;  // events belong to orders: never absent
        made.push_back({e.event_id, e.order_id, stored_body(e, order_json_(it->second))});
    }
    co_await store_.add_deliveries(hook, std::move(made), taken.cursor, now());
    co_return static_cast<int>(log.size()) < options_.events_per_round;
}

Task<std::pair<int, std::string>> Deliveries::post(const store::WebhookDelivery& d,
                                                   const store::Webhook& hook) {
    auto body = wire_body(d.id, d.body);
    auto timestamp = now();
    chain::rpc::HttpHeaders headers{{"X-Perch-Timestamp", std::to_string(timestamp)},
                                    {"X-Perch-Signature", signature(hook.secret, timestamp, body)},
                                    {"X-Perch-Delivery", std::to_string(d.id)},
                                    {"User-Agent", "perch-webhooks/1"}};
    try {
        auto answer = co_await endpoint(hook.url).post_answer(std::move(body), std::move(headers),
                                                              options_.timeout);
        auto status = static_cast<int>(answer.status);
        co_return std::pair{status, delivered(status) ? "" : "HTTP " + std::to_string(status)};
    } catch (const std::exception& e) {
        // The client's texts name scheme, host and port only, never the URL's path or query.
        co_return std::pair{0, std::string(e.what())};
    }
}

Task<bool> Deliveries::send_due(store::WebhookDelivery d, const store::Webhook& hook) {
    auto started = now();
    // Held for the attempt (and a minute): another instance on this database skips it meanwhile,
    // and after a crash mid-attempt it is due again.
    auto held = started + options_.timeout.count() / 1000 + 60;
    if (!co_await store_.claim_delivery(d, held)) co_return false;
    auto [status, error] = co_await post(d, hook);
    store::DeliveryAttempt attempt{d.id, status, error, "delivered", held, now()};
    if (!delivered(status)) {
        auto next = after_failure(d.attempts + 1, d.created_at, attempt.at, jitter());
        attempt.state = next.give_up ? "failed" : "pending";
        attempt.next_at = next.at;
        if (next.give_up || d.attempts == 0)
            spdlog::warn("webhooks: delivery {} to webhook {} {}: {}", d.id, hook.id,
                         next.give_up ? "failed for good after 24 h" : "failed, retrying", error);
    }
    bool done = attempt.state == "delivered";
    co_await store_.record_attempt(std::move(attempt));
    co_return done;
}

Task<std::optional<store::WebhookDelivery>> Deliveries::replay(std::int64_t delivery_id) {
    auto d = co_await store_.delivery(delivery_id);
    if (!d) co_return std::nullopt;
    auto hook = co_await store_.webhook(d->webhook_id);
    if (!hook) co_return std::nullopt;
    auto [status, error] = co_await post(*d, *hook);
    // A replay delivers; it never fails a delivery or moves its retries.
    store::DeliveryAttempt attempt{
        d->id, status, error, delivered(status) ? "delivered" : d->state, d->next_at, now()};
    co_await store_.record_attempt(std::move(attempt));
    co_return co_await store_.delivery(delivery_id);
}

}  // namespace perch::webhooks
