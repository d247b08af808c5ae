// The status page's reads on the database under test (SQLite, or PostgreSQL): the week's orders
// with their deposit and end times and a refund's first max fee; the incident log that pauses
// write with the pause and that stopped chains open and close.
#include <gtest/gtest.h>

#include <ctime>
#include <map>

#include "order_fixture.hpp"
#include "run_task.hpp"
#include "store/sql/orders.hpp"
#include "test_database.hpp"

namespace perch::store {
namespace {

using test_orders::deposit;
using test_orders::fake_signed;
using testing::run;

class SqlStatusStore : public ::testing::Test {
  protected:
    testing::TestDatabase db;
    SqlStore store{db.url()};
    OrderStore& orders = store.orders();
    Lease lease = *run(orders.take_lease("status-test", 0, 1'000'000'000));

    void exec(const std::string& sql) {
        run(store.run([sql](Connection& c) { c.exec(sql); }));
    }
    std::int64_t id_of(int n) { return run(orders.order_by_tx(8453, deposit(n).src_tx_hash))->id; }
    // Deposit n queued for payout (or refunding), then its payout (or refund) signed and mined.
    std::int64_t pay(int n) {
        auto id = id_of(n);
        EXPECT_TRUE(run(orders.transition({id, "confirming", "queued", "", "990", "10"})));
        auto txs = run(orders.sign_and_store(lease, 42161, "0xm", 0,
                                             {TxPlan{id, "payout", "queued", fake_signed}}));
        run(orders.settle(txs.at(0).id, txs.at(0).attempts.at(0).tx_hash, true, "", ""));
        return id;
    }
    std::int64_t refund(int n) {
        auto id = id_of(n);
        EXPECT_TRUE(run(orders.transition({id, "confirming", "refunding", "below min", {}, {}})));
        auto txs = run(orders.sign_and_store(lease, 8453, "0xm", 0,
                                             {TxPlan{id, "refund", "refunding", fake_signed}}));
        run(orders.settle(txs.at(0).id, txs.at(0).attempts.at(0).tx_hash, true, "", ""));
        return id;
    }
};

}  // namespace

TEST_F(SqlStatusStore, TheWeeksOrdersWithTheirDepositAndEndTimes) {
    const std::int64_t now = std::time(nullptr);
    auto quoted = deposit(3);
    quoted.block_time = now - 50;  // a deposit whose block time the watcher stored
    run(orders.record_deposits(8453, {deposit(1), deposit(2), quoted, deposit(4)},
                               WatchCursor{30, "h"}));
    auto paid = pay(1);
    auto back = refund(2);
    auto old = pay(4);
    auto ago = [&](std::int64_t s) { return std::to_string(now - s); };
    exec("UPDATE bridge_orders SET created_at = " + ago(100) +
         " WHERE id = " + std::to_string(paid));
    exec("UPDATE bridge_order_events SET at = " + ago(90) +
         " WHERE state = 'completed' AND order_id = " + std::to_string(paid));
    exec("UPDATE bridge_orders SET created_at = " + ago(8 * 86400) +
         " WHERE id = " + std::to_string(old));

    auto rows = run(orders.status_orders(now - 7 * 86400));
    ASSERT_EQ(rows.size(), 3u);  // the 8-day-old order is outside the week
    std::map<std::string, StatusOrder> by_state;
    for (const auto& r : rows) by_state[r.state] = r;
    const auto& done = by_state.at("completed");
    EXPECT_EQ(done.src_chain_id, 8453);
    EXPECT_EQ(done.dst_chain_id, 42161);
    EXPECT_EQ(done.token, "ETH");
    EXPECT_EQ(done.token_address, "0x0000000000000000000000000000000000000000");
    EXPECT_EQ(done.deposited_at, now - 100);  // no block time: the watcher's first sight
    EXPECT_EQ(done.ended_at, now - 90);
    EXPECT_EQ(done.refund_max_fee, "");
    const auto& refunded = by_state.at("refunded");
    EXPECT_GE(refunded.ended_at, now);
    EXPECT_EQ(refunded.refund_max_fee, "100");  // the refund's first signed max fee
    const auto& open = by_state.at("confirming");
    EXPECT_EQ(open.deposited_at, now - 50);  // its block's time
    EXPECT_EQ(open.ended_at, 0);
    (void)back;
}

TEST_F(SqlStatusStore, PausesOpenAndCloseTheirIncidentWithThePause) {
    run(orders.set_paused(true));
    run(orders.set_paused(true));  // still the same incident
    run(orders.set_route_paused("8453:42161:ETH", true, "payouts above the hourly cap"));
    auto list = run(orders.incidents(0, 10));
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].ended_at, 0);
    std::map<std::string, Incident> by_kind;
    for (const auto& i : list) by_kind[i.kind] = i;
    EXPECT_EQ(by_kind.at("pause").subject, "all");
    EXPECT_EQ(by_kind.at("route_pause").subject, "8453:42161:ETH");
    EXPECT_EQ(by_kind.at("route_pause").detail, "payouts above the hourly cap");

    run(orders.set_paused(false));
    run(orders.set_route_paused("8453:42161:ETH", false, ""));
    list = run(orders.incidents(0, 10));
    ASSERT_EQ(list.size(), 2u);
    for (const auto& i : list) EXPECT_GE(i.ended_at, i.started_at);
    // A new pause is a new incident; ended ones older than `since` are left out.
    run(orders.set_paused(true));
    EXPECT_EQ(run(orders.incidents(0, 10)).size(), 3u);
    EXPECT_EQ(run(orders.incidents(std::time(nullptr) + 10, 10)).size(), 1u);
    EXPECT_EQ(run(orders.incidents(0, 1)).size(), 1u);
}

TEST_F(SqlStatusStore, AStoppedChainIsOneIncidentUntilItMovesAgain) {
    Incident stopped{0, "head_stopped", "8453", "no new block after block 12", 1000, 0};
    run(orders.open_incident(stopped));
    run(orders.open_incident(stopped));
    auto list = run(orders.incidents(0, 10));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].started_at, 1000);
    EXPECT_EQ(list[0].detail, "no new block after block 12");
    run(orders.close_incident("head_stopped", "8453", 1100));
    list = run(orders.incidents(0, 10));
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list[0].ended_at, 1100);
    EXPECT_TRUE(run(orders.incidents(1101, 10)).empty());
}

}  // namespace perch::store
