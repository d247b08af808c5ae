#pragma once
// The webhooks' delivery worker (issue 31): every `poll` it turns new order events into
// deliveries for each active webhook (the cursor moves in the same transaction), then POSTs each
// webhook's oldest due delivery, signed, with perch's pooled HTTP client. A webhook has at most
// one delivery in flight and its deliveries go out in event order; a failed one is tried again
// on the backoff of rules.hpp for 24 hours. Nothing is kept in memory that a restart would lose:
// the cursor and the deliveries are rows.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/json/fwd.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>

#include "chain/rpc/http_endpoint.hpp"
#include "core/task.hpp"
#include "store/webhook_store.hpp"

namespace perch::webhooks {

struct DeliveryOptions {
    std::chrono::milliseconds poll{1000};
    std::chrono::milliseconds timeout{10000};  // one attempt, connect to answer
    int events_per_round = 500;                // read from the log per webhook and round
    std::int64_t gap_grace_seconds = 10;       // rules.hpp take_events
    std::function<std::int64_t()> clock;       // unix seconds; empty: the wall clock
};

// The order object of a body, as GET order answers it (api/order_json, wired in by app).
using OrderJson = std::function<boost::json::value(const store::Order&)>;

class Deliveries {
  public:
    Deliveries(store::WebhookStore& store, OrderJson order_json, DeliveryOptions options = {});
    ~Deliveries();
    Deliveries(const Deliveries&) = delete;
    Deliveries& operator=(const Deliveries&) = delete;

    store::WebhookStore& store() { return store_; }

    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }

    // One round: new events into deliveries, then the due ones sent. Whether it caught up (read
    // all the log had and delivered nothing that may have a successor due at once).
    Task<bool> run_once();
    // Sends the delivery now whatever its state (an operator's replay) and records the attempt;
    // a delivered or failed one keeps its state unless this attempt delivers it.
    // nullopt: no such delivery.
    Task<std::optional<store::WebhookDelivery>> replay(std::int64_t delivery_id);

  private:
    Task<bool> enqueue(store::Webhook hook);
    // One attempt of a due delivery; whether it was delivered.
    Task<bool> send_due(store::WebhookDelivery d, const store::Webhook& hook);
    // One POST of `d` to `hook`: the status (0: no answer) and the error text.
    Task<std::pair<int, std::string>> post(const store::WebhookDelivery& d,
                                           const store::Webhook& hook);
    chain::rpc::HttpEndpoint& endpoint(const std::string& url);
    std::int64_t now() const;
    double jitter();

    store::WebhookStore& store_;
    OrderJson order_json_;
    DeliveryOptions options_;
    std::atomic<bool> stopping_{false};
    std::mutex mutex_;  // endpoints_ and random_: replays run on the request's thread
    std::map<std::string, std::unique_ptr<chain::rpc::HttpEndpoint>> endpoints_;
    std::mt19937_64 random_{std::random_device{}()};
};

}  // namespace perch::webhooks
