#pragma once
// Storage of integrators' webhooks (migration 0036): each webhook a cursor over
// bridge_order_events for one partner channel, and each event it selected one delivery, pending
// until delivered or failed. Deliveries are made and the cursor moved in one transaction, so none
// is lost or made twice while perch or the receiver is down.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/orders.hpp"
#include "store/store.hpp"

namespace perch::store {

struct Webhook {
    std::int64_t id = 0;
    std::string url;
    std::int64_t channel = 0;
    std::string secret;  // signs every delivery; never logged, shown once when created
    std::int64_t created_at = 0;
    std::int64_t disabled_at = 0;  // 0: active
    std::int64_t cursor_event_id = 0;
};

struct WebhookDelivery {
    std::int64_t id = 0;
    std::int64_t webhook_id = 0;
    std::int64_t event_id = 0;
    std::int64_t order_id = 0;
    std::string state;  // pending, delivered, failed
    std::string body;   // the JSON sent, the same bytes on every attempt
    int attempts = 0;
    std::int64_t next_at = 0;
    int last_status = 0;  // the last answer's HTTP status; 0: none (no connection)
    std::string last_error;
    std::int64_t delivered_at = 0;
    std::int64_t created_at = 0;
};

// An order event of the log (any channel), with its order's channel.
struct WebhookEvent {
    std::int64_t event_id = 0;
    std::int64_t order_id = 0;
    std::int64_t channel = 0;
    std::string state;
    std::int64_t at = 0;
};

// A new delivery: its event and the body made for it.
struct NewDelivery {
    std::int64_t event_id = 0;
    std::int64_t order_id = 0;
    std::string body;
};

// What one attempt came to: the answer's status (0: none), the error text, and what follows.
struct DeliveryAttempt {
    std::int64_t delivery_id = 0;
    int status = 0;
    std::string error;
    std::string state;         // pending (tried again at next_at), delivered or failed
    std::int64_t next_at = 0;  // for pending
    std::int64_t at = 0;
};

struct DeliveryPage {
    std::vector<WebhookDelivery> list;  // newest first
    std::int64_t total = 0;
};

class WebhookStore {
  public:
    virtual ~WebhookStore() = default;
    // Stores a new active webhook whose cursor is the newest event now (it receives what happens
    // from now on); returns it with its id.
    virtual Task<Webhook> add_webhook(Webhook hook) = 0;
    // Every webhook, disabled ones too, oldest first.
    virtual Task<std::vector<Webhook>> webhooks() = 0;
    virtual Task<std::optional<Webhook>> webhook(std::int64_t id) = 0;
    // Disables it (no new deliveries, none sent); false when there is no such active webhook.
    virtual Task<bool> disable_webhook(std::int64_t id, std::int64_t now) = 0;

    // At most `limit` events of every channel after event `cursor`, oldest first.
    virtual Task<std::vector<WebhookEvent>> events_after(std::int64_t cursor, int limit) = 0;
    // The orders with these ids, each with its timeline (an id without an order is left out).
    virtual Task<std::vector<Order>> orders(std::vector<std::int64_t> ids) = 0;
    // Stores the deliveries and moves the cursor to `cursor` in one transaction, only if the
    // cursor is still `hook.cursor_event_id` (another instance may have moved it); whether it did.
    virtual Task<bool> add_deliveries(Webhook hook, std::vector<NewDelivery> deliveries,
                                      std::int64_t cursor, std::int64_t now) = 0;
    // Per active webhook, its oldest pending delivery if it is due at `now` (a webhook's
    // deliveries go out in event order, one at a time).
    virtual Task<std::vector<WebhookDelivery>> due_deliveries(std::int64_t now) = 0;
    // Takes a due delivery for one attempt: moves its next_at to `until` if it is still
    // `d.next_at` and pending, so no other instance sends it meanwhile; whether it did.
    virtual Task<bool> claim_delivery(WebhookDelivery d, std::int64_t until) = 0;
    virtual Task<void> record_attempt(DeliveryAttempt attempt) = 0;
    virtual Task<std::optional<WebhookDelivery>> delivery(std::int64_t id) = 0;
    virtual Task<DeliveryPage> deliveries_of(std::int64_t webhook_id, std::int64_t offset,
                                             int limit) = 0;
};

std::unique_ptr<WebhookStore> open_webhook_store(Store& store);

}  // namespace perch::store
