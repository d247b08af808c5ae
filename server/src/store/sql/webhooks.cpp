// Integrators' webhooks and their deliveries in SQL (both dialects). A delivery is made in the
// transaction that moves its webhook's cursor past its event, and only while the cursor is where
// the caller read it, so two instances never make the same delivery twice.
#include "store/sql/order_rows.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"
#include "store/webhook_store.hpp"

namespace perch::store {
namespace {

const auto kWebhooks = table(
    col("url", &Webhook::url), col("channel", &Webhook::channel), col("secret", &Webhook::secret),
    col("created_at", &Webhook::created_at), col("disabled_at", &Webhook::disabled_at),
    col("cursor_event_id", &Webhook::cursor_event_id));
const auto kWebhookRows = table(col("id", &Webhook::id)) + kWebhooks;

const auto kDeliveries =
    table(col("id", &WebhookDelivery::id), col("webhook_id", &WebhookDelivery::webhook_id),
          col("event_id", &WebhookDelivery::event_id), col("order_id", &WebhookDelivery::order_id),
          col("state", &WebhookDelivery::state), col("body", &WebhookDelivery::body),
          col("attempts", &WebhookDelivery::attempts), col("next_at", &WebhookDelivery::next_at),
          col("last_status", &WebhookDelivery::last_status),
          col("last_error", &WebhookDelivery::last_error),
          col("delivered_at", &WebhookDelivery::delivered_at),
          col("created_at", &WebhookDelivery::created_at));

const auto kEventRows =
    table(col("e.id", &WebhookEvent::event_id), col("e.order_id", &WebhookEvent::order_id),
          col("o.channel", &WebhookEvent::channel), col("e.state", &WebhookEvent::state),
          col("e.at", &WebhookEvent::at));

// A new webhook starts at the newest event: it is told what happens from its creation on.
Webhook insert_webhook(Connection& c, Webhook hook) {
    Transaction tx(c);
    hook.cursor_event_id =
        single<std::int64_t>(query(c, "SELECT COALESCE(MAX(id), 0) FROM bridge_order_events"), 0);
    auto& insert = query(c, kWebhooks.insert_sql("webhooks") + " RETURNING id");
    kWebhooks.bind(insert, hook);
    hook.id = single<std::int64_t>(insert, 0);
    tx.commit();
    return hook;
}

bool insert_deliveries(Connection& c, const Webhook& hook, const std::vector<NewDelivery>& list,
                       std::int64_t cursor, std::int64_t now) {
    Transaction tx(c);
    auto moved = execute(c,
                         "UPDATE webhooks SET cursor_event_id = ? WHERE id = ? AND "
                         "cursor_event_id = ? AND disabled_at = 0",
                         cursor, hook.id, hook.cursor_event_id);
    if (moved == 0) return false;  // rolled back: another instance made these deliveries
    for (const auto& d : list) {
        execute(c,
                "INSERT INTO webhook_deliveries (webhook_id, event_id, order_id, state, body, "
                "next_at, created_at) VALUES (?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT "
                "(webhook_id, event_id) DO NOTHING",
                hook.id, d.event_id, d.order_id, d.body, now, now);
    }
    tx.commit();
    return true;
}

std::vector<Order> orders_with_timeline(Connection& c, const std::vector<std::int64_t>& ids) {
    std::vector<Order> out;
    for (auto id : ids) {
        auto& s = query(c, order_rows::select_orders("WHERE id = ?"), id);
        auto found = order_rows::read_orders(s);
        if (found.empty()) continue;
        order_rows::fill_timeline(c, found.front());
        out.push_back(std::move(found.front()));
    }
    return out;
}

// A webhook's head: its oldest pending delivery. Later ones wait behind it, even when due.
constexpr const char* kDue =
    "FROM webhook_deliveries d WHERE d.state = 'pending' AND d.next_at <= ? AND d.event_id = "
    "(SELECT MIN(p.event_id) FROM webhook_deliveries p WHERE p.webhook_id = d.webhook_id AND "
    "p.state = 'pending') AND d.webhook_id IN (SELECT id FROM webhooks WHERE disabled_at = 0) "
    "ORDER BY d.webhook_id";

class SqlWebhooks final : public SqlTableStore<WebhookStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<Webhook> add_webhook(Webhook hook) override {
        auto f = [hook = std::move(hook)](Connection& c) { return insert_webhook(c, hook); };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<Webhook>> webhooks() override {
        auto f = [](Connection& c) { return kWebhookRows.select(c, "FROM webhooks ORDER BY id"); };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::optional<Webhook>> webhook(std::int64_t id) override {
        auto f = [id](Connection& c) {
            return kWebhookRows.select_one(c, "FROM webhooks WHERE id = ?", id);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> disable_webhook(std::int64_t id, std::int64_t now) override {
        auto f = [id, now](Connection& c) {
            return execute(c,
                           "UPDATE webhooks SET disabled_at = ? WHERE id = ? AND disabled_at = 0",
                           now, id) > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<WebhookEvent>> events_after(std::int64_t cursor, int limit) override {
        auto f = [cursor, limit](Connection& c) {
            return kEventRows.select(c,
                                     "FROM bridge_order_events e JOIN bridge_orders o ON o.id = "
                                     "e.order_id WHERE e.id > ? ORDER BY e.id LIMIT ?",
                                     cursor, limit);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<Order>> orders(std::vector<std::int64_t> ids) override {
        auto f = [ids = std::move(ids)](Connection& c) { return orders_with_timeline(c, ids); };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> add_deliveries(Webhook hook, std::vector<NewDelivery> deliveries,
                              std::int64_t cursor, std::int64_t now) override {
        auto f = [hook = std::move(hook), list = std::move(deliveries), cursor,
                  now](Connection& c) { return insert_deliveries(c, hook, list, cursor, now); };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<WebhookDelivery>> due_deliveries(std::int64_t now) override {
        auto f = [now](Connection& c) { return kDeliveries.select(c, kDue, now); };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> claim_delivery(WebhookDelivery d, std::int64_t until) override {
        auto f = [id = d.id, next_at = d.next_at, until](Connection& c) {
            return execute(c,
                           "UPDATE webhook_deliveries SET next_at = ? WHERE id = ? AND next_at = "
                           "? AND state = 'pending'",
                           until, id, next_at) > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> record_attempt(DeliveryAttempt a) override {
        auto f = [a = std::move(a)](Connection& c) {
            bool delivered = a.state == "delivered";
            execute(c,
                    "UPDATE webhook_deliveries SET attempts = attempts + 1, state = ?, next_at = "
                    "?, last_status = ?, last_error = ?, delivered_at = CASE WHEN ? = 1 THEN ? "
                    "ELSE delivered_at END WHERE id = ?",
                    a.state, a.next_at, a.status, a.error, delivered, a.at, a.delivery_id);
        };
        co_await db_.run(std::move(f));
    }

    Task<std::optional<WebhookDelivery>> delivery(std::int64_t id) override {
        auto f = [id](Connection& c) {
            return kDeliveries.select_one(c, "FROM webhook_deliveries WHERE id = ?", id);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<DeliveryPage> deliveries_of(std::int64_t webhook_id, std::int64_t offset,
                                     int limit) override {
        auto f = [webhook_id, offset, limit](Connection& c) {
            DeliveryPage page;
            page.list = kDeliveries.select(
                c, "FROM webhook_deliveries WHERE webhook_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
                webhook_id, limit, offset);
            page.total = single<std::int64_t>(
                query(c, "SELECT COUNT(*) FROM webhook_deliveries WHERE webhook_id = ?",
                      webhook_id),
                0);
            return page;
        };
        co_return co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<WebhookStore> open_webhook_store(Store& store) {
    return open_sql_table<SqlWebhooks>(store, "webhook");
}

}  // namespace perch::store
