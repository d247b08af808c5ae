// Bridge orders on the database under test (a SQLite file, or PostgreSQL): deposits recorded once
// with their cursor, compare-and-set transitions, payouts signed exactly once with consecutive
// nonces, settlement, history.
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <ctime>

#include "core/text.hpp"
#include "order_fixture.hpp"
#include "run_task.hpp"
#include "store/migrations.hpp"
#include "store/sql/migrate.hpp"
#include "store/sql/orders.hpp"
#include "test_database.hpp"

using namespace perch::store;
using perch::testing::TestDatabase;

namespace {

using perch::store::test_orders::deposit;
using perch::store::test_orders::fake_signed;
using perch::testing::run;

TxPlan payout_plan(std::int64_t order_id) {
    return TxPlan{order_id, "payout", "queued", fake_signed};
}

class SqlOrderStore : public ::testing::Test {
  protected:
    TestDatabase db;
    SqlStore store{db.url()};
    OrderStore& orders = store.orders();

    Lease lease = *run(orders.take_lease("this-test", 0, 1'000'000'000));

    std::vector<Order> in_state(const std::string& state, std::int64_t chain, bool by_source) {
        return run(orders.orders_in_state(state, chain, by_source, 100));
    }
    void exec(const std::string& sql) {
        run(store.run([sql](Connection& c) { c.exec(sql); }));
    }
    // A trigger that aborts every `event` (INSERT, UPDATE) on `table` where `when` holds.
    void fail_writes(const std::string& name, const std::string& event, const std::string& table,
                     const std::string& when) {
        if (store.dialect() == Dialect::sqlite) {
            exec("CREATE TRIGGER " + name + " BEFORE " + event + " ON " + table +
                 (when.empty() ? "" : " WHEN " + when) +
                 " BEGIN SELECT RAISE(ABORT, 'injected'); END");
            return;
        }
        exec(
            "CREATE OR REPLACE FUNCTION injected_failure() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'injected'; END $$");
        exec("CREATE TRIGGER " + name + " BEFORE " + event + " ON " + table + " FOR EACH ROW " +
             (when.empty() ? "" : "WHEN (" + when + ") ") + "EXECUTE FUNCTION injected_failure()");
    }
    void drop_trigger(const std::string& name, const std::string& table) {
        exec("DROP TRIGGER " + name + (store.dialect() == Dialect::sqlite ? "" : " ON " + table));
    }
    std::int64_t queue(const Order& o) {
        auto found = run(orders.order_by_tx(o.src_chain_id, o.src_tx_hash));
        Transition t{found->id, "confirming", "queued", "", "990", "10"};
        EXPECT_TRUE(run(orders.transition(t)));
        return found->id;
    }
};

}  // namespace

TEST_F(SqlOrderStore, DepositsAndCursorAreRecordedOnceInOneTransaction) {
    auto before = orders.change_count();
    run(orders.record_deposits(8453, {deposit(1), deposit(2)}, WatchCursor{20, "0xh19", 5}));
    run(orders.record_deposits(8453, {deposit(1)}, WatchCursor{21, "0xh20", 0}));  // seen again
    EXPECT_GT(orders.change_count(), before);
    auto confirming = in_state("confirming", 8453, true);
    ASSERT_EQ(confirming.size(), 2u);
    EXPECT_EQ(confirming[0].amount, "1000");
    auto cursor = run(orders.cursor(8453));
    ASSERT_TRUE(cursor);
    EXPECT_EQ(cursor->next_block, 21);
    EXPECT_EQ(cursor->last_hash, "0xh20");
    EXPECT_EQ(cursor->floor_block, 5);  // set once, when the watcher first started
    EXPECT_FALSE(run(orders.cursor(1)));

    // One transaction: a failure injected after the deposits were inserted (the cursor write
    // aborts), then one between two deposits, leaves neither the new deposits nor the cursor.
    auto unchanged = [&] {
        EXPECT_EQ(in_state("confirming", 8453, true).size(), 2u);
        auto c = run(orders.cursor(8453));
        ASSERT_TRUE(c);
        EXPECT_EQ(c->next_block, 21);
        EXPECT_EQ(c->last_hash, "0xh20");
    };
    fail_writes("fail_cursor", "UPDATE", "watch_cursors", "");
    EXPECT_ANY_THROW(
        run(orders.record_deposits(8453, {deposit(3), deposit(4)}, WatchCursor{30, "0xh29", 0})));
    unchanged();
    drop_trigger("fail_cursor", "watch_cursors");
    fail_writes("fail_deposit", "INSERT", "bridge_orders", "NEW.log_index = 4");
    EXPECT_ANY_THROW(
        run(orders.record_deposits(8453, {deposit(3), deposit(4)}, WatchCursor{30, "0xh29", 0})));
    unchanged();
    // The same write without the fault goes through whole.
    drop_trigger("fail_deposit", "bridge_orders");
    run(orders.record_deposits(8453, {deposit(3), deposit(4)}, WatchCursor{30, "0xh29", 0}));
    EXPECT_EQ(in_state("confirming", 8453, true).size(), 4u);
    EXPECT_EQ(run(orders.cursor(8453))->next_block, 30);
}

TEST_F(SqlOrderStore, TransitionsAreCompareAndSetAndTimestamped) {
    run(orders.record_deposits(8453, {deposit(1)}, WatchCursor{20, "h"}));
    auto id = queue(deposit(1));
    Transition again{id, "confirming", "refunding", "late", std::nullopt, std::nullopt};
    EXPECT_FALSE(run(orders.transition(again)));  // already queued
    auto o = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(o->state, "queued");
    EXPECT_EQ(o->receive_amount, "990");
    EXPECT_EQ(o->fee, "10");
    ASSERT_EQ(o->timeline.size(), 2u);
    EXPECT_EQ(o->timeline[0].state, "confirming");
    EXPECT_EQ(o->timeline[1].state, "queued");
    EXPECT_GT(o->timeline[1].at, 0);
}

TEST_F(SqlOrderStore, DroppedDepositIsRevivedWhenItsTransactionReturnsInAnotherBlock) {
    run(orders.record_deposits(8453, {deposit(1)}, WatchCursor{20, "h"}));
    auto o = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    ASSERT_TRUE(run(orders.transition({o->id, "confirming", "dropped", "reorg", {}, {}})));
    auto moved = deposit(1);
    moved.block_number = 30;
    moved.block_hash = "0xother";
    run(orders.record_deposits(8453, {moved}, WatchCursor{31, "h"}));
    o = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(o->state, "confirming");
    EXPECT_EQ(o->block_number, 30);
}

// A refund the payer cannot sign now (the maker lacks the token or the gas) waits until its retry
// time, and the refunds behind it are offered meanwhile: unsignable refunds as many as a batch
// never hold up the rest of their chain. A rejected deposit (a token the bridge does not list) is
// never offered at all.
TEST_F(SqlOrderStore, ARefundPutOffWaitsItsTurnWithoutHoldingUpTheOnesBehind) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(3), deposit(4)},
                               WatchCursor{20, "h"}));
    std::vector<std::int64_t> ids;
    for (int n : {1, 2, 3, 4}) {
        auto o = run(orders.order_by_tx(8453, deposit(n).src_tx_hash));
        ASSERT_TRUE(o);
        ids.push_back(o->id);
    }
    for (int i : {0, 1, 2})
        ASSERT_TRUE(run(orders.transition(
            {ids[i], "confirming", "refunding", "below the minimum", std::nullopt, std::nullopt})));
    ASSERT_TRUE(run(orders.transition(
        {ids[3], "confirming", "rejected", "the bridge does not list this token", {}, {}})));

    // A batch of two takes the two oldest.
    auto first = run(orders.refunds_to_sign(8453, 2));
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0].id, ids[0]);
    EXPECT_EQ(first[1].id, ids[1]);
    EXPECT_EQ(first[0].refund_retries, 0);
    // Neither can be signed now: both wait an hour, and the third comes up at once.
    const std::int64_t in_an_hour = std::time(nullptr) + 3600;
    run(orders.defer_refunds({{ids[0], in_an_hour}, {ids[1], in_an_hour}}));
    auto next = run(orders.refunds_to_sign(8453, 2));
    ASSERT_EQ(next.size(), 1u);
    EXPECT_EQ(next[0].id, ids[2]);
    // The wait is stored with the order (a restart or another instance keeps it) and counted.
    auto waiting = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(waiting->state, "refunding");
    EXPECT_EQ(waiting->refund_retries, 1);
    EXPECT_EQ(waiting->refund_retry_at, in_an_hour);
    // Once its time has come it is offered again, in its place by age.
    run(orders.defer_refunds({{ids[0], 0}}));
    auto due = run(orders.refunds_to_sign(8453, 10));
    ASSERT_EQ(due.size(), 2u);
    EXPECT_EQ(due[0].id, ids[0]);
    EXPECT_EQ(due[0].refund_retries, 2);
    EXPECT_EQ(due[1].id, ids[2]);
    // Only refunding orders are put off: the rejected one keeps its state and no retry count.
    run(orders.defer_refunds({{ids[3], in_an_hour}}));
    auto rejected = run(orders.order_by_tx(8453, deposit(4).src_tx_hash));
    EXPECT_EQ(rejected->state, "rejected");
    EXPECT_EQ(rejected->refund_retries, 0);
    EXPECT_EQ(rejected->reason, "the bridge does not list this token");
    run(orders.defer_refunds({}));  // nothing to write
}

// A reorganisation mines the same transaction at another place in another block: its deposit's
// log index changes, its position inside the transaction does not. It is the same order: moved
// while nothing was signed for it, untouched once a payout was.
TEST_F(SqlOrderStore, ADepositReadAgainAtAnotherLogIndexIsTheSameOrder) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2)}, WatchCursor{20, "h"}));
    auto moved = [](Order o, std::int64_t block) {
        o.block_number = block;
        o.block_hash = "0xmoved" + std::to_string(block);
        o.log_index += 5;
        o.order_key = "8453:" + o.src_tx_hash + ":" + std::to_string(o.log_index);
        return o;
    };
    auto orders_of = [&](const Order& d) {
        return run(orders.orders_by_tx_hash(d.src_tx_hash, 10));
    };
    // Confirming: it waits for its confirmations from the new block.
    run(orders.record_deposits(8453, {moved(deposit(1), 30)}, WatchCursor{31, "h"}));
    auto one = orders_of(deposit(1));
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].block_number, 30);
    EXPECT_EQ(one[0].log_index, 6);
    EXPECT_EQ(one[0].state, "confirming");
    EXPECT_EQ(one[0].order_key, deposit(1).order_key) << "the name it was first given stays";

    // Queued: back to confirming, with its amounts to be assessed again.
    auto queued = queue(deposit(2));
    auto again = moved(deposit(2), 31);
    again.amount = "900";  // what the transaction deposits now that it ran again
    run(orders.record_deposits(8453, {again}, WatchCursor{32, "h"}));
    auto two = orders_of(deposit(2));
    ASSERT_EQ(two.size(), 1u);
    EXPECT_EQ(two[0].id, queued);
    EXPECT_EQ(two[0].state, "confirming");
    EXPECT_EQ(two[0].block_number, 31);
    EXPECT_EQ(two[0].amount, "900");
    EXPECT_EQ(two[0].receive_amount, "0");
    EXPECT_EQ(two[0].timeline.back().state, "confirming");

    // Paying: the payout is signed, so the order stays where it was paid from.
    queue(deposit(1));
    auto a = orders_of(deposit(1))[0].id;
    ASSERT_EQ(run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a)})).size(), 1u);
    run(orders.record_deposits(8453, {moved(deposit(1), 40)}, WatchCursor{41, "h"}));
    one = orders_of(deposit(1));
    ASSERT_EQ(one.size(), 1u);
    EXPECT_EQ(one[0].state, "paying");
    EXPECT_EQ(one[0].block_number, 30);

    // Another deposit of the same transaction is another order.
    run(orders.record_deposits(8453, {deposit(11)}, WatchCursor{42, "h"}));
    EXPECT_EQ(orders_of(deposit(1)).size(), 2u);
}

TEST_F(SqlOrderStore, UnpaidOrdersFromABlockAreThoseNothingWasSignedFor) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(3), deposit(4), deposit(5)},
                               WatchCursor{20, "h"}));  // blocks 11 to 15
    queue(deposit(2));
    auto paying = queue(deposit(3));
    run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(paying)}));
    auto refunding = run(orders.order_by_tx(8453, deposit(4).src_tx_hash))->id;
    run(orders.transition({refunding, "confirming", "refunding", "below min", {}, {}}));
    auto dropped = run(orders.order_by_tx(8453, deposit(5).src_tx_hash))->id;
    run(orders.transition({dropped, "confirming", "dropped", "reorg", {}, {}}));
    std::vector<std::int64_t> blocks;
    for (const auto& o : run(orders.unpaid_orders_since(8453, 12, 100)))
        blocks.push_back(o.block_number);
    // Block 11 is below; 13 has its payout signed; 15 is dropped already.
    EXPECT_EQ(blocks, (std::vector<std::int64_t>{12, 14}));
    // Once its refund is signed, a refunding order is no longer unpaid.
    run(orders.sign_and_store(lease, 8453, "0xm", 0,
                              {TxPlan{refunding, "refund", "refunding", fake_signed}}));
    EXPECT_EQ(run(orders.unpaid_orders_since(8453, 12, 100)).size(), 1u);
    EXPECT_TRUE(run(orders.unpaid_orders_since(1, 0, 100)).empty());
}

TEST_F(SqlOrderStore, PayoutsGetConsecutiveNoncesOnceAndNeverTwice) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(3)}, WatchCursor{20, "h"}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto c = queue(deposit(3));
    auto stored = run(orders.sign_and_store(lease, 42161, "0xmaker", 5,
                                            {payout_plan(a), payout_plan(b), payout_plan(c)}));
    ASSERT_EQ(stored.size(), 3u);
    EXPECT_EQ(stored[0].nonce, 5u);
    EXPECT_EQ(stored[1].nonce, 6u);
    EXPECT_EQ(stored[2].nonce, 7u);
    EXPECT_EQ(stored[0].attempts.at(0).raw_tx, "0xraw5");
    // The same orders planned again (a second payer, or a replay after a crash) sign nothing.
    auto again =
        run(orders.sign_and_store(lease, 42161, "0xmaker", 0, {payout_plan(a), payout_plan(b)}));
    EXPECT_TRUE(again.empty());
    EXPECT_EQ(in_state("paying", 42161, false).size(), 3u);
    // The next payout continues after the highest nonce stored, whatever the floor says.
    run(orders.record_deposits(8453, {deposit(4)}, WatchCursor{21, "h"}));
    auto d = queue(deposit(4));
    auto next = run(orders.sign_and_store(lease, 42161, "0xmaker", 0, {payout_plan(d)}));
    ASSERT_EQ(next.size(), 1u);
    EXPECT_EQ(next[0].nonce, 8u);
    EXPECT_EQ(run(orders.pending_txs(42161)).size(), 4u);
}

TEST_F(SqlOrderStore, SettlementCompletesOnceAndNumbersCompletions) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2)}, WatchCursor{20, "h"}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a), payout_plan(b)}));
    run(orders.add_attempt(stored[0].id, Attempt{"0xfaster", "0xraw-fast", "200", 1}));
    auto pending = run(orders.pending_txs(42161));
    ASSERT_EQ(pending[0].attempts.size(), 2u);
    EXPECT_EQ(pending[0].attempts.back().tx_hash, "0xfaster");

    run(orders.settle(stored[0].id, "0xfaster", true, "", ""));
    run(orders.settle(stored[0].id, stored[0].attempts[0].tx_hash, true, "", ""));  // no change
    // A reverted swap payout: what its refund keeps back of the deposit is stored with the move.
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, false, "reverted", "",
                      "187500000000000"));
    auto done = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(done->state, "completed");
    EXPECT_EQ(done->dst_tx_hash, "0xfaster");
    auto refunding = in_state("refunding", 8453, true);
    ASSERT_EQ(refunding.size(), 1u);
    EXPECT_EQ(refunding[0].reason, "reverted");
    // The reverted payout's order now needs a refund on the source chain.
    auto to_refund = run(orders.refunds_to_sign(8453, 10));
    ASSERT_EQ(to_refund.size(), 1u);
    EXPECT_EQ(to_refund[0].refund_deduction, "187500000000000");
    EXPECT_EQ(done->refund_deduction, "");
    auto refund = run(orders.sign_and_store(
        lease, 8453, "0xm", 0, {TxPlan{to_refund[0].id, "refund", "refunding", fake_signed}}));
    ASSERT_EQ(refund.size(), 1u);
    EXPECT_TRUE(run(orders.refunds_to_sign(8453, 10)).empty());
    run(orders.settle(refund[0].id, "0xrefund", true, "", ""));
    auto refunded = run(orders.order_by_tx(8453, deposit(2).src_tx_hash));
    EXPECT_EQ(refunded->state, "refunded");
    EXPECT_EQ(refunded->refund_tx_hash, "0xrefund");
    // completed_seq numbers completions for the rewards feed.
    auto seq = run(store.run([](Connection& c) {
        auto& s = c.prepared("SELECT completed_seq FROM bridge_orders WHERE state = 'completed'");
        s.step();
        return s.column_int(0);
    }));
    EXPECT_EQ(seq, 1);
}

// A payout the node refused is voided with a filler at its nonce; the order follows whatever the
// chain mined at that nonce.
// Bridge and swap: the destination token and minimum are stored with the deposit; a swap
// payout's completion stores what it delivered, a plain one leaves it empty.
TEST_F(SqlOrderStore, ASwapOrderKeepsItsDestinationTokenMinimumAndDeliveredAmount) {
    auto swap = deposit(1);
    swap.dst_token_address = "0x00000000000000000000000000000000000000cc";
    swap.dst_token = "USDC";
    swap.dst_decimals = 6;
    swap.min_out = "2500000000";
    run(orders.record_deposits(8453, {swap, deposit(2)}, WatchCursor{20, "0xh19", 0}));
    auto a = queue(swap);
    auto b = queue(deposit(2));
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a), payout_plan(b)}));
    ASSERT_EQ(stored.size(), 2u);
    run(orders.settle(stored[0].id, stored[0].attempts[0].tx_hash, true, "", "2612345678"));
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, true, "", ""));
    auto got = run(orders.order_by_tx(8453, swap.src_tx_hash));
    ASSERT_TRUE(got);
    EXPECT_EQ(got->state, "completed");
    EXPECT_EQ(got->dst_token_address, swap.dst_token_address);
    EXPECT_EQ(got->dst_token, "USDC");
    EXPECT_EQ(got->dst_decimals, 6);
    EXPECT_EQ(got->min_out, "2500000000");
    EXPECT_EQ(got->delivered_amount, "2612345678");
    auto plain = run(orders.order_by_tx(8453, deposit(2).src_tx_hash));
    EXPECT_EQ(plain->state, "completed");
    EXPECT_EQ(plain->dst_token_address, "");
    EXPECT_EQ(plain->delivered_amount, "");
    auto page = run(orders.history(
        HistoryQuery{"0x00000000000000000000000000000000000000bb", std::nullopt, 1, 10}));
    ASSERT_EQ(page.list.size(), 2u);
    EXPECT_EQ(page.list[1].dst_token, "USDC");
}

TEST_F(SqlOrderStore, AVoidedPayoutIsRefundedOnlyWhenItsFillerIsMined) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2)}, WatchCursor{20, "h"}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a), payout_plan(b)}));
    ASSERT_EQ(stored.size(), 2u);
    Attempt filler_a{"0xfiller-a", "0xraw-filler-a", "300", 2, true};
    EXPECT_TRUE(run(orders.void_tx(stored[0].id, "refused: refunded", filler_a)));
    EXPECT_FALSE(run(orders.void_tx(stored[0].id, "again", filler_a)));  // once
    EXPECT_TRUE(run(orders.void_tx(stored[1].id, "refused", {"0xfiller-b", "0xr", "300", 2})));
    auto pending = run(orders.pending_txs(42161));
    ASSERT_EQ(pending.size(), 2u);
    EXPECT_EQ(pending[0].void_reason, "refused: refunded");
    ASSERT_EQ(pending[0].attempts.size(), 2u);
    EXPECT_TRUE(pending[0].attempts.back().filler);
    EXPECT_FALSE(pending[0].attempts.front().filler);
    EXPECT_TRUE(pending[1].attempts.back().filler) << "void_tx marks its attempt a filler";
    // Voiding alone moves nothing: the payout could still be mined.
    EXPECT_EQ(in_state("paying", 42161, false).size(), 2u);

    run(orders.settle(stored[0].id, "0xfiller-a", true, "", ""));  // the filler took the nonce
    auto refunding = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(refunding->state, "refunding");
    EXPECT_EQ(refunding->reason, "refused: refunded");
    EXPECT_EQ(refunding->dst_tx_hash, "") << "a filler is not a payout";
    // The other one's original payout was mined after all: it is paid, not refunded.
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, true, "", ""));
    EXPECT_EQ(run(orders.order_by_tx(8453, deposit(2).src_tx_hash))->state, "completed");

    // A refund whose nonce goes to a filler leaves the order failed, for an operator.
    auto refund = run(orders.sign_and_store(lease, 8453, "0xm", 0,
                                            {TxPlan{a, "refund", "refunding", fake_signed}}));
    ASSERT_EQ(refund.size(), 1u);
    EXPECT_TRUE(run(orders.void_tx(refund[0].id, "refund refused", {"0xfiller-r", "0xr", "1", 3})));
    run(orders.settle(refund[0].id, "0xfiller-r", true, "", ""));
    auto failed = run(orders.order_by_tx(8453, deposit(1).src_tx_hash));
    EXPECT_EQ(failed->state, "failed");
    EXPECT_EQ(failed->reason, "refund refused");
    EXPECT_EQ(failed->refund_tx_hash, "");
    EXPECT_TRUE(run(orders.pending_txs(8453)).empty());
}

TEST_F(SqlOrderStore, HistoryIsPagedNewestFirstByAddressAndChannel) {
    std::vector<Order> many;
    for (int i = 0; i < 12; ++i) many.push_back(deposit(i));
    many[11].channel = 9;
    run(orders.record_deposits(8453, many, WatchCursor{40, "h"}));
    auto page1 = run(orders.history({"0x00000000000000000000000000000000000000aa", {}, 1, 5}));
    EXPECT_EQ(page1.total, 12);
    ASSERT_EQ(page1.list.size(), 5u);
    EXPECT_EQ(page1.list[0].log_index, 11);  // newest first
    EXPECT_EQ(page1.list[0].timeline.size(), 1u);
    auto page3 = run(orders.history({"0x00000000000000000000000000000000000000aa", {}, 3, 5}));
    EXPECT_EQ(page3.list.size(), 2u);
    auto by_recipient =
        run(orders.history({"0x00000000000000000000000000000000000000bb", {}, 1, 100}));
    EXPECT_EQ(by_recipient.total, 12);
    auto channel = run(orders.history({"", 9, 1, 10}));
    ASSERT_EQ(channel.total, 1);
    EXPECT_EQ(channel.list[0].channel, 9);
    EXPECT_EQ(run(orders.history({"0x00000000000000000000000000000000000000cc", {}, 1, 10})).total,
              0);
}

TEST_F(SqlOrderStore, PauseSwitchPersists) {
    EXPECT_FALSE(run(orders.paused()));
    run(orders.set_paused(true));
    EXPECT_TRUE(run(orders.paused()));
    run(orders.set_paused(false));
    EXPECT_FALSE(run(orders.paused()));
}

TEST_F(SqlOrderStore, RoutePausesAreKeptApartFromTheGlobalSwitch) {
    EXPECT_TRUE(run(orders.paused_routes()).empty());
    run(orders.set_route_paused("8453:42161:ETH", true, "net outflow"));
    run(orders.set_route_paused("10:1:USDC", true, ""));
    auto paused = run(orders.paused_routes());
    ASSERT_EQ(paused.size(), 2u);
    EXPECT_EQ(paused.at("8453:42161:ETH"), "net outflow");
    EXPECT_EQ(paused.at("10:1:USDC"), "paused by an operator");
    EXPECT_FALSE(run(orders.paused()));  // one route paused is not the whole maker
    run(orders.set_route_paused("8453:42161:ETH", false, ""));
    EXPECT_EQ(run(orders.paused_routes()).count("8453:42161:ETH"), 0u);
    run(orders.set_paused(true));
    EXPECT_EQ(run(orders.paused_routes()).size(), 1u);
}

TEST_F(SqlOrderStore, FlowsCountSignedPayoutsAndAcceptedDepositsButNotRefundedOnes) {
    run(orders.record_deposits(8453, {deposit(1), deposit(2), deposit(3)}, WatchCursor{30, "", 0}));
    auto a = queue(deposit(1));
    auto b = queue(deposit(2));
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xmaker", 0, {payout_plan(a), payout_plan(b)}));
    ASSERT_EQ(stored.size(), 2u);
    // b's payout reverted: it is refunded, so nothing left the maker on the destination.
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, false, "reverted", ""));
    auto flows = run(orders.flows_since(0));
    ASSERT_EQ(flows.payouts.size(), 1u);
    EXPECT_EQ(flows.payouts[0].src_chain_id, 8453);
    EXPECT_EQ(flows.payouts[0].dst_chain_id, 42161);
    EXPECT_EQ(flows.payouts[0].token, "ETH");
    EXPECT_EQ(flows.payouts[0].amount, "1000");  // the deposit's amount
    EXPECT_GT(flows.payouts[0].at, 0);
    ASSERT_EQ(flows.deposits.size(), 1u);  // a (paying); b refunding; 3 still confirming
    EXPECT_TRUE(run(orders.flows_since(std::time(nullptr) + 100)).payouts.empty());
}

TEST_F(SqlOrderStore, PayoutWaitsAreRecordedOnceAndClearedWhenPaid) {
    run(orders.record_deposits(8453, {deposit(1)}, WatchCursor{30, "", 0}));
    auto id = queue(deposit(1));
    PayoutWait wait{id, 0, 2000000000,
                    "delayed by the route's limit: expected around 03:33:20 UTC"};
    auto before = orders.change_count();
    run(orders.note_payout_waits({wait}));
    EXPECT_GT(orders.change_count(), before);
    run(orders.note_payout_waits({wait}));  // the same again: no second event
    auto o = run(orders.order_by_key(deposit(1).order_key));
    ASSERT_TRUE(o);
    EXPECT_EQ(o->state, "queued");
    EXPECT_EQ(o->reason, wait.reason);
    EXPECT_EQ(o->payout_eta, 2000000000);
    auto events = std::count_if(o->timeline.begin(), o->timeline.end(),
                                [&](const OrderEvent& e) { return e.detail == wait.reason; });
    EXPECT_EQ(events, 1);
    // A large transfer's hold is kept with it.
    run(orders.note_payout_waits({{id, 1999999000, 1999999000, "held"}}));
    EXPECT_EQ(run(orders.order_by_key(deposit(1).order_key))->payout_hold_until, 1999999000);
    // Paid: the wait is over, its words gone.
    run(orders.sign_and_store(lease, 42161, "0xmaker", 0, {payout_plan(id)}));
    o = run(orders.order_by_key(deposit(1).order_key));
    EXPECT_EQ(o->state, "paying");
    EXPECT_EQ(o->reason, "");
    EXPECT_EQ(o->payout_eta, 0);
    // An order no longer queued is left alone.
    run(orders.note_payout_waits({wait}));
    EXPECT_EQ(run(orders.order_by_key(deposit(1).order_key))->state, "paying");
    EXPECT_EQ(run(orders.order_by_key(deposit(1).order_key))->reason, "");
}

TEST_F(SqlOrderStore, OneLeaseHolderAtATimeAndALostLeaseReservesNoNonce) {
    EXPECT_EQ(lease.token, 1);
    // Renewed by its holder (until 1e9 + 500 ms), refused to another while it runs.
    EXPECT_EQ(run(orders.take_lease("this-test", 500, 1'000'000'000))->token, 1);
    EXPECT_FALSE(run(orders.take_lease("other", 1000, 5000)));
    // Expired: another instance takes it with the next token, and the old holder is fenced off.
    auto taken = run(orders.take_lease("other", 2'000'000'000, 5000));
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->token, 2);
    run(orders.record_deposits(8453, {deposit(1)}, WatchCursor{20, "h"}));
    auto a = queue(deposit(1));
    EXPECT_THROW(run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a)})), LeaseLost);
    EXPECT_EQ(in_state("queued", 42161, false).size(), 1u);  // nothing written
    EXPECT_EQ(run(orders.sign_and_store(*taken, 42161, "0xm", 0, {payout_plan(a)})).size(), 1u);
    // A clean stop releases it: the next instance takes it at once.
    run(orders.release_lease(*taken));
    EXPECT_EQ(run(orders.take_lease("third", 2'000'000'001, 5000))->token, 3);
}

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

// Solana (docs/solana.md, migration 0023): base58 signatures and addresses as they are, the
// watcher's position (newest signature per address) with the deposits, and each payout version's
// last valid block height stored with its bytes; history by a Solana address.
TEST_F(SqlOrderStore, SolanaValuesRoundTrip) {
    const std::string signature =
        "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
    const std::string user = "CJPEqp4gr7yw4yStm8n54iyGCygxmJLTXsQLZYorpmwM";
    auto o = deposit(1, 83797601, 8453);
    o.src_tx_hash = signature;
    o.order_key = "83797601:" + signature + ":0";
    o.log_index = 0;
    o.sender = user;
    o.recipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    o.token = "SOL";
    o.token_address = "";
    o.dst_token = "ETH";  // a cross-asset order: paid in ETH at the quoted amount
    o.dst_decimals = 18;
    o.min_out = "49850000000000000";
    WatchCursor cursor{100, "", 0, R"({"E2LB...": ")" + signature + R"("})"};
    run(orders.record_deposits(83797601, {o}, cursor));
    EXPECT_EQ(run(orders.cursor(83797601))->position, cursor.position);
    auto found = run(orders.order_by_tx(83797601, signature));
    ASSERT_TRUE(found);
    EXPECT_EQ(found->sender, user);
    EXPECT_EQ(found->dst_token, "ETH");
    EXPECT_EQ(found->min_out, "49850000000000000");
    EXPECT_FALSE(run(orders.order_by_tx(83797601, perch::text::to_lower(signature))));
    auto by_sender = run(orders.history({user, std::nullopt, 1, 10}));
    EXPECT_EQ(by_sender.total, 1);
    // The EVM recipient as typed (EIP-55) is found by its lower-case form.
    auto by_recipient =
        run(orders.history({"0x70997970c51812dc3a010c7d01b50e0d17dc79c8", std::nullopt, 1, 10}));
    EXPECT_EQ(by_recipient.total, 1);

    // A payout to Solana: the version's last valid block height is kept with its bytes, and a
    // rebuilt version is a second attempt of the same maker transaction.
    auto to_solana = deposit(2, 8453, 83797601);
    to_solana.recipient = user;
    run(orders.record_deposits(8453, {to_solana}, WatchCursor{20, "h"}));
    auto id = queue(to_solana);
    auto sign = [](std::uint64_t) { return SignedTx{"AQID", "sig-one", "0", 4242}; };
    auto stored = run(
        orders.sign_and_store(lease, 83797601, user, 0, {TxPlan{id, "payout", "queued", sign}}));
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0].attempts.at(0).valid_until, 4242);
    run(orders.add_attempt(stored[0].id, Attempt{"sig-two", "BAUG", "0", 1, false, 4400}));
    auto pending = run(orders.pending_txs(83797601));
    ASSERT_EQ(pending.size(), 1u);
    ASSERT_EQ(pending[0].attempts.size(), 2u);
    EXPECT_EQ(pending[0].attempts[0].valid_until, 4242);
    EXPECT_EQ(pending[0].attempts[1].valid_until, 4400);
    EXPECT_EQ(pending[0].attempts[1].raw_tx, "BAUG");
    run(orders.settle(stored[0].id, "sig-two", true, "", ""));
    auto paid = run(orders.order_by_tx(8453, to_solana.src_tx_hash));
    EXPECT_EQ(paid->state, "completed");
    EXPECT_EQ(paid->dst_tx_hash, "sig-two");
}

// A deposit the watcher already knows it must refund (a Solana deposit without a memo) is recorded
// with that reason, so that the refund says what the watcher found.
TEST_F(SqlOrderStore, ADepositIsRecordedWithTheReasonTheWatcherFound) {
    auto o = deposit(1, 83797601, 0);
    o.recipient = "";
    o.reason = "the deposit has no memo saying where it goes";
    run(orders.record_deposits(83797601, {o}, WatchCursor{1, "", 0, "{}"}));
    auto confirming = in_state("confirming", 83797601, true);
    ASSERT_EQ(confirming.size(), 1u);
    EXPECT_EQ(confirming[0].reason, o.reason);
}

// A new version of a Solana payout is an independent transaction: it is recorded only under the
// lease, as the one successor of the newest version, once every stored version has expired below
// the finalized height.
TEST_F(SqlOrderStore, ASolanaVersionIsAddedOnlyUnderTheLeaseAfterTheExpiredOne) {
    auto to_solana = deposit(2, 8453, 83797601);
    to_solana.recipient = "CJPEqp4gr7yw4yStm8n54iyGCygxmJLTXsQLZYorpmwM";
    run(orders.record_deposits(8453, {to_solana}, WatchCursor{20, "h"}));
    auto id = queue(to_solana);
    auto sign = [](std::uint64_t) { return SignedTx{"AQID", "sig-one", "0", 4242}; };
    auto stored = run(
        orders.sign_and_store(lease, 83797601, "maker", 0, {TxPlan{id, "payout", "queued", sign}}));
    ASSERT_EQ(stored.size(), 1u);
    const auto tx = stored[0].id;
    auto version = [](const std::string& hash, std::int64_t valid_until) {
        return Attempt{hash, "BAUG", "0", 1, false, valid_until};
    };
    auto versions = [&] {
        std::vector<std::string> out;
        auto pending = run(orders.pending_txs(83797601));  // kept: the loop reads into it
        for (const auto& a : pending.at(0).attempts) out.push_back(a.tx_hash);
        return out;
    };
    // Not yet expired at the finalized height (valid up to and including 4242).
    EXPECT_FALSE(run(orders.add_version(lease, tx, "sig-one", 4242, version("sig-two", 4400))));
    // Expired: the successor is recorded once; a second successor of the same version is not.
    EXPECT_TRUE(run(orders.add_version(lease, tx, "sig-one", 4243, version("sig-two", 4400))));
    EXPECT_FALSE(run(orders.add_version(lease, tx, "sig-one", 5000, version("sig-2b", 5100))));
    EXPECT_EQ(versions(), (std::vector<std::string>{"sig-one", "sig-two"}));
    // Another instance took the lease: the old holder records nothing.
    auto taken = run(orders.take_lease("other", 2'000'000'000, 5000));
    ASSERT_TRUE(taken);
    EXPECT_THROW(run(orders.add_version(lease, tx, "sig-two", 5000, version("sig-3a", 5100))),
                 LeaseLost);
    EXPECT_TRUE(run(orders.add_version(*taken, tx, "sig-two", 5000, version("sig-3b", 5100))));
    EXPECT_EQ(versions(), (std::vector<std::string>{"sig-one", "sig-two", "sig-3b"}));
    // Settled: no version is added any more.
    run(orders.settle(tx, "sig-3b", true, "", ""));
    EXPECT_FALSE(run(orders.add_version(*taken, tx, "sig-3b", 9000, version("sig-4", 9100))));
}

// Orders stored before migration 0025 get their deposit's position inside their transaction: its
// rank among the orders of that transaction (the watcher stored every well-formed Deposit log);
// a Solana order's instruction index. Their keys stay as they were.
TEST(SqlOrderIdentity, MigrationNumbersOldOrdersInsideTheirTransaction) {
    TestDatabase db;
    auto c = perch::store::connect(db.url());
    for (const auto& m : migrations())
        if (m.version < 25) c->exec(migration_sql(m.sql, c->dialect()));
    auto insert = [&](const std::string& key, std::int64_t chain, const std::string& tx,
                      int log_index) {
        c->exec(
            "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
            "block_number, block_hash, sender, token_address, amount, dst_chain_id, recipient, "
            "confirmations, state, created_at, updated_at) VALUES ('" +
            key + "', " + std::to_string(chain) + ", '" + tx + "', " + std::to_string(log_index) +
            ", 10, '0xb', '0xs', '0x0', '1', 42161, '0xr', 1, 'completed', 1, 1)");
    };
    insert("8453:0xaa:7", 8453, "0xaa", 7);
    insert("8453:0xaa:3", 8453, "0xaa", 3);
    insert("8453:0xbb:5", 8453, "0xbb", 5);
    insert("1:0xaa:9", 1, "0xaa", 9);
    insert("83797601:sig:2", 83797601, "sig", 2);
    for (const auto& m : migrations())
        if (m.version == 25) c->exec(migration_sql(m.sql, c->dialect()));
    c.reset();
    EXPECT_EQ(db.column("SELECT order_key || ' ' || CAST(tx_position AS TEXT) FROM bridge_orders "
                        "ORDER BY order_key"),
              (std::vector<std::string>{"1:0xaa:9 0", "83797601:sig:2 2", "8453:0xaa:3 0",
                                        "8453:0xaa:7 1", "8453:0xbb:5 0"}));
}

// Firm quotes of cross-asset routes (migration 0028): stored whole, read by id, at most
// `per_client` unexpired ones per client, and gone a day after they expire.
TEST_F(SqlOrderStore, FirmQuotesAreReadByIdBoundedPerClientAndExpire) {
    auto quote = [](const std::string& id, const std::string& client, std::int64_t issued) {
        return StoredQuote{id,
                           42161,
                           83797601,
                           "ETH",
                           "4000000000000000",
                           "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
                           "SOL",
                           "79910000",
                           "4000000000000",
                           0,
                           issued,
                           issued + 120,
                           "0xsigner",
                           "0xsig",
                           client};
    };
    const std::int64_t now = 1'800'000'000;
    EXPECT_TRUE(run(orders.save_quote(quote("q1", "10.0.0.1", now), 2)));
    EXPECT_TRUE(run(orders.save_quote(quote("q2", "10.0.0.1", now), 2)));
    EXPECT_FALSE(run(orders.save_quote(quote("q3", "10.0.0.1", now), 2))) << "a third open quote";
    EXPECT_TRUE(run(orders.save_quote(quote("q4", "10.0.0.2", now), 2))) << "another client";
    EXPECT_FALSE(run(orders.quote("q3")));
    auto read = run(orders.quote("q1"));
    ASSERT_TRUE(read);
    EXPECT_EQ(read->from_chain_id, 42161);
    EXPECT_EQ(read->to_chain_id, 83797601);
    EXPECT_EQ(read->recipient, "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
    EXPECT_EQ(read->receive_amount, "79910000");
    EXPECT_EQ(read->bridge_fee, "4000000000000");
    EXPECT_EQ(read->expires_at, now + 120);
    EXPECT_EQ(read->signature, "0xsig");
    // Once the client's quotes expire it may ask again; a day after expiry they are deleted.
    EXPECT_TRUE(run(orders.save_quote(quote("q5", "10.0.0.1", now + 121), 2)));
    EXPECT_TRUE(run(orders.quote("q1")));
    EXPECT_TRUE(run(orders.save_quote(quote("q6", "10.0.0.3", now + 120 + 86401), 2)));
    EXPECT_FALSE(run(orders.quote("q1")));
    EXPECT_TRUE(run(orders.quote("q6")));
}

// A deposit keeps the quote it names and its block's time.
TEST_F(SqlOrderStore, ADepositKeepsTheQuoteItNamesAndItsBlockTime) {
    auto d = deposit(1, 42161, 83797601);
    d.quote_id = "q0123456789abcdef01234567";
    d.block_time = 1'800'000'007;
    run(orders.record_deposits(42161, {d}, WatchCursor{20, "h"}));
    auto stored = run(orders.order_by_key(d.order_key));
    ASSERT_TRUE(stored);
    EXPECT_EQ(stored->quote_id, d.quote_id);
    EXPECT_EQ(stored->block_time, d.block_time);
}
