// Webhooks and their deliveries on the database under test (SQLite or PostgreSQL): a new webhook
// starts at the newest event, a cursor moves with its deliveries in one compare-and-set, each
// webhook sends its oldest pending delivery first and one at a time, and attempts are recorded.
#include "store/webhook_store.hpp"

#include <gtest/gtest.h>

#include "order_fixture.hpp"
#include "run_task.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch::store;
using perch::testing::run;

namespace {

struct SqlWebhooks : ::testing::Test {
    perch::testing::TestDatabase db;
    SqlStore sql{db.url()};
    std::unique_ptr<WebhookStore> hooks = open_webhook_store(sql);

    Webhook add(std::int64_t channel) {
        return run(hooks->add_webhook(Webhook{
            .url = "http://127.0.0.1:9/in", .channel = channel, .secret = "s", .created_at = 50}));
    }
    // The order's id after a deposit is recorded (its "confirming" event with it).
    std::int64_t deposit(int n, std::int64_t channel) {
        auto d = test_orders::deposit(n);
        d.channel = channel;
        run(sql.orders().record_deposits(8453, {d}, WatchCursor{100 + n, "0xh", 0}));
        return std::stoll(db.column("SELECT MAX(id) FROM bridge_orders").at(0));
    }
    std::vector<NewDelivery> made_for(const std::vector<WebhookEvent>& events) {
        std::vector<NewDelivery> out;
        for (const auto& e : events)
            out.push_back(
                {e.event_id, e.order_id, "{\"event_id\":" + std::to_string(e.event_id) + "}"});
        return out;
    }
};

}  // namespace

TEST_F(SqlWebhooks, ANewWebhookStartsAtTheNewestEvent) {
    deposit(1, 7);
    auto hook = add(7);
    EXPECT_GT(hook.id, 0);
    EXPECT_EQ(hook.cursor_event_id,
              std::stoll(db.column("SELECT MAX(id) FROM bridge_order_events").at(0)));
    EXPECT_TRUE(run(hooks->events_after(hook.cursor_event_id, 10)).empty());
    auto order = deposit(2, 9);
    auto events = run(hooks->events_after(hook.cursor_event_id, 10));
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].order_id, order);
    EXPECT_EQ(events[0].channel, 9);
    EXPECT_EQ(events[0].state, "confirming");
    auto orders = run(hooks->orders({order, 999999}));
    ASSERT_EQ(orders.size(), 1u);
    EXPECT_EQ(orders[0].id, order);
    ASSERT_EQ(orders[0].timeline.size(), 1u);

    auto all = run(hooks->webhooks());
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].secret, "s");
    EXPECT_TRUE(run(hooks->disable_webhook(hook.id, 60)));
    EXPECT_FALSE(run(hooks->disable_webhook(hook.id, 61)));
    EXPECT_EQ(run(hooks->webhook(hook.id))->disabled_at, 60);
}

TEST_F(SqlWebhooks, DeliveriesAreMadeOnceWithTheCursorAndSentInEventOrder) {
    auto hook = add(7);
    auto first = deposit(1, 7);
    auto second = deposit(2, 7);
    run(sql.orders().transition({.order_id = first, .from = "confirming", .to = "queued"}));
    auto events = run(hooks->events_after(hook.cursor_event_id, 10));
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].order_id, first);
    EXPECT_EQ(events[1].order_id, second);
    EXPECT_EQ(events[2].state, "queued");
    auto cursor = events.back().event_id;
    ASSERT_TRUE(run(hooks->add_deliveries(hook, made_for(events), cursor, 100)));
    // The same read again (another instance, or a retry): its cursor is gone, nothing is made.
    EXPECT_FALSE(run(hooks->add_deliveries(hook, made_for(events), cursor, 101)));
    EXPECT_EQ(db.column("SELECT COUNT(*) FROM webhook_deliveries").at(0), "3");
    EXPECT_EQ(run(hooks->webhook(hook.id))->cursor_event_id, cursor);

    // Only the oldest pending delivery is due; once it fails and waits, the others wait too.
    auto due = run(hooks->due_deliveries(100));
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].event_id, events[0].event_id);
    EXPECT_EQ(due[0].state, "pending");
    EXPECT_TRUE(run(hooks->claim_delivery(due[0], 170)));
    EXPECT_FALSE(run(hooks->claim_delivery(due[0], 170)));  // held by the first claim
    EXPECT_TRUE(run(hooks->due_deliveries(100)).empty());
    run(hooks->record_attempt({due[0].id, 503, "HTTP 503", "pending", 110, 100}));
    EXPECT_TRUE(run(hooks->due_deliveries(109)).empty());
    auto retried = run(hooks->due_deliveries(110));
    ASSERT_EQ(retried.size(), 1u);
    EXPECT_EQ(retried[0].id, due[0].id);
    EXPECT_EQ(retried[0].attempts, 1);
    EXPECT_EQ(retried[0].last_status, 503);
    EXPECT_EQ(retried[0].last_error, "HTTP 503");
    run(hooks->record_attempt({due[0].id, 200, "", "delivered", 110, 111}));
    auto next = run(hooks->due_deliveries(111));
    ASSERT_EQ(next.size(), 1u);
    EXPECT_EQ(next[0].event_id, events[1].event_id);
    auto done = run(hooks->delivery(due[0].id));
    EXPECT_EQ(done->state, "delivered");
    EXPECT_EQ(done->delivered_at, 111);
    EXPECT_EQ(done->attempts, 2);

    // A disabled webhook's deliveries are never due.
    run(hooks->disable_webhook(hook.id, 120));
    EXPECT_TRUE(run(hooks->due_deliveries(200)).empty());
}

TEST_F(SqlWebhooks, DeliveriesArePagedNewestFirst) {
    auto hook = add(7);
    for (int n = 1; n <= 5; ++n) deposit(n, 7);
    auto events = run(hooks->events_after(hook.cursor_event_id, 10));
    ASSERT_TRUE(run(hooks->add_deliveries(hook, made_for(events), events.back().event_id, 100)));
    auto page = run(hooks->deliveries_of(hook.id, 2, 2));
    EXPECT_EQ(page.total, 5);
    ASSERT_EQ(page.list.size(), 2u);
    EXPECT_EQ(page.list[0].event_id, events[2].event_id);
    EXPECT_EQ(page.list[1].event_id, events[1].event_id);
    EXPECT_EQ(run(hooks->deliveries_of(hook.id + 1, 0, 10)).total, 0);
}
