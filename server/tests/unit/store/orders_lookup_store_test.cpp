// The order store's reads for people on the database under test (a SQLite file, or PostgreSQL):
// /query's lookup by transaction or key, and the maker's dashboard over a window.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <ctime>

#include "core/text.hpp"
#include "order_fixture.hpp"
#include "orders_store_fixture.hpp"
#include "run_task.hpp"
#include "store/migrations.hpp"
#include "store/sql/migrate.hpp"
#include "store/sql/orders.hpp"
#include "test_database.hpp"

using namespace perch::store;
using namespace perch::store::test_orders;

// /query: an order is found by its deposit, payout or refund transaction, and by its key.
TEST_F(SqlOrderStore, LookupFindsOrdersByAnyOfTheirTransactionsAndByKey) {
    // deposit(11) is a second log of deposit(1)'s transaction.
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(11)}, WatchCursor{30, "h"}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a), payout_plan(b)}));
    run(orders.settle(stored[0].id, "0xpaid", true, "", ""));
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, false, "reverted", ""));
    auto refund = run(orders.sign_and_store(lease, 8453, "0xm", 0,
                                            {TxPlan{b, "refund", "refunding", fake_signed}}));
    ASSERT_EQ(refund.size(), 1u);
    run(orders.settle(refund[0].id, "0xrefund", true, "", ""));

    auto by_deposit = run(orders.orders_by_tx_hash(deposit(1).src_tx_hash, 50));
    ASSERT_EQ(by_deposit.size(), 2u);
    EXPECT_EQ(by_deposit[0].log_index, 11);  // newest first
    EXPECT_EQ(by_deposit[1].log_index, 1);
    EXPECT_EQ(run(orders.orders_by_tx_hash(deposit(1).src_tx_hash, 1)).size(), 1u);
    auto by_payout = run(orders.orders_by_tx_hash("0xpaid", 50));
    ASSERT_EQ(by_payout.size(), 1u);
    EXPECT_EQ(by_payout[0].state, "completed");
    EXPECT_EQ(by_payout[0].timeline.back().state, "completed");
    auto by_refund = run(orders.orders_by_tx_hash("0xrefund", 50));
    ASSERT_EQ(by_refund.size(), 1u);
    EXPECT_EQ(by_refund[0].order_key, deposit(2).order_key);
    EXPECT_EQ(by_refund[0].state, "refunded");
    EXPECT_TRUE(run(orders.orders_by_tx_hash("0x" + std::string(64, 'f'), 50)).empty());

    auto by_key = run(orders.order_by_key(deposit(2).order_key));
    ASSERT_TRUE(by_key);
    EXPECT_EQ(by_key->log_index, 2);
    EXPECT_EQ(by_key->refund_tx_hash, "0xrefund");
    EXPECT_FALSE(by_key->timeline.empty());
    EXPECT_FALSE(run(orders.order_by_key("8453:0x00:1")));
}

// The maker's dashboard: completions of a window with their seen and completed times, newest
// first; orders created in a window by state.
TEST_F(SqlOrderStore, DashboardReadsTheCompletionsAndStatesOfAWindow) {
    const std::int64_t now = std::time(nullptr);
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(3), deposit(4)},
                               WatchCursor{30, "h"}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto old = queue(deposit(4));
    auto stored = run(orders.sign_and_store(lease, 42161, "0xm", 0,
                                            {payout_plan(a), payout_plan(b), payout_plan(old)}));
    run(orders.settle(stored[0].id, "0xpaid1", true, "", ""));
    run(orders.settle(stored[2].id, "0xpaid4", true, "", ""));
    // Order 1 was seen 100 s before it completed; order 4 was seen and completed 10 days ago.
    auto ago = [&](std::int64_t seconds) { return std::to_string(now - seconds); };
    exec("UPDATE bridge_orders SET created_at = " + ago(100) + " WHERE id = " + std::to_string(a));
    exec("UPDATE bridge_orders SET created_at = " + ago(11 * 86400) +
         " WHERE id = " + std::to_string(old));
    exec("UPDATE bridge_order_events SET at = " + ago(10 * 86400) +
         " WHERE state = 'completed' AND order_id = " + std::to_string(old));

    auto week = run(orders.completions_since(now - 7 * 86400, 1000));
    ASSERT_EQ(week.size(), 1u);
    EXPECT_EQ(week[0].src_chain_id, 8453);
    EXPECT_EQ(week[0].dst_chain_id, 42161);
    EXPECT_EQ(week[0].token, "ETH");
    EXPECT_EQ(week[0].amount, "1000");
    EXPECT_EQ(week[0].receive_amount, "990");
    EXPECT_EQ(week[0].receive_token, "ETH");  // not a cross route: the deposited token
    EXPECT_EQ(week[0].receive_decimals, 18);
    EXPECT_EQ(week[0].dst_tx_hash, "0xpaid1");
    EXPECT_EQ(week[0].recipient, "0x00000000000000000000000000000000000000bb");
    EXPECT_EQ(week[0].created_at, now - 100);
    EXPECT_GE(week[0].completed_at, now);
    auto month = run(orders.completions_since(now - 30 * 86400, 1000));
    ASSERT_EQ(month.size(), 2u);
    EXPECT_EQ(month[1].dst_tx_hash, "0xpaid4");  // newest first
    EXPECT_EQ(month[1].completed_at, now - 10 * 86400);
    EXPECT_EQ(run(orders.completions_since(now - 30 * 86400, 1)).size(), 1u);

    auto day = run(orders.count_by_state_since(now - 86400));
    EXPECT_EQ(day, (std::map<std::string, std::int64_t>{
                       {"completed", 1}, {"paying", 1}, {"confirming", 1}}));
    auto all = run(orders.count_by_state_since(0));
    EXPECT_EQ(all.at("completed"), 2);
}

// A cross route (SOL -> ETH) is paid in the destination token: the dashboard's completions say
// so, since receive_amount is in that token's units.
TEST_F(SqlOrderStore, ACrossRouteCompletionIsInThePaidToken) {
    auto o = deposit(5, 83797601, 8453);
    o.token = "SOL";
    o.token_address = "";
    o.decimals = 9;
    o.dst_token = "ETH";
    o.dst_decimals = 18;
    run(orders.record_deposits(83797601, {o}, WatchCursor{100, ""}));
    auto id = queue(o);
    auto stored = run(orders.sign_and_store(lease, 8453, "0xm", 0, {payout_plan(id)}));
    run(orders.settle(stored[0].id, "0xpaid5", true, "", ""));
    auto done = run(orders.completions_since(0, 10));
    ASSERT_EQ(done.size(), 1u);
    EXPECT_EQ(done[0].token, "SOL");
    EXPECT_EQ(done[0].decimals, 9);
    EXPECT_EQ(done[0].receive_token, "ETH");
    EXPECT_EQ(done[0].receive_decimals, 18);
}
