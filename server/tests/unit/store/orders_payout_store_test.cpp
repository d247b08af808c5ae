// Payouts and refunds on the database under test (a SQLite file, or PostgreSQL): signed exactly
// once with consecutive nonces under the maker's lease, settled once, voided payouts and their
// fillers, refunds put off, flows and payout waits.
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
#include "store/sql/table.hpp"
#include "test_database.hpp"

using namespace perch::store;
using namespace perch::store::test_orders;

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
    auto [a, b] = two_queued();
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
TEST_F(SqlOrderStore, AVoidedPayoutIsRefundedOnlyWhenItsFillerIsMined) {
    auto [a, b] = two_queued();
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

// What a mined transaction cost (gas and the OP-stack L1 data fee) is stored with it, pending
// transactions carry their order's route, and a refund's plan stores what it keeps back.
TEST_F(SqlOrderStore, AMinedTransactionsCostIsStoredAndARefundKeepsItsL1FeeOnRecord) {
    auto [a, b] = two_queued();
    auto stored =
        run(orders.sign_and_store(lease, 42161, "0xm", 0, {payout_plan(a), payout_plan(b)}));
    ASSERT_EQ(stored.size(), 2u);
    auto pending = run(orders.pending_txs(42161));
    ASSERT_EQ(pending.size(), 2u);
    EXPECT_EQ(pending[0].token, "ETH");
    EXPECT_EQ(pending[0].src_chain_id, 8453);
    run(orders.settle(stored[0].id, stored[0].attempts[0].tx_hash, true, "", "", "",
                      TxSpend{"37763013001000", "1097845000000"}));
    run(orders.settle(stored[1].id, stored[1].attempts[0].tx_hash, false, "reverted", ""));
    auto cost_of = [&](std::int64_t id) {
        return run(store.run([id](Connection& c) {
            auto& s = query(c, "SELECT gas_cost, l1_fee FROM maker_txs WHERE id = ?", id);
            return *first_row(s, [](const Statement& r) {
                return std::make_pair(r.column_text(0), r.column_text(1));
            });
        }));
    };
    EXPECT_EQ(cost_of(stored[0].id),
              std::make_pair(std::string("37763013001000"), std::string("1097845000000")));
    EXPECT_EQ(cost_of(stored[1].id), std::make_pair(std::string(), std::string()));
    // The refund of the reverted payout keeps back the L1 fee's bound: on record with its plan.
    auto to_refund = run(orders.refunds_to_sign(8453, 10));
    ASSERT_EQ(to_refund.size(), 1u);
    TxPlan refund{to_refund[0].id, "refund", "refunding", fake_signed, "1369170804680"};
    ASSERT_EQ(run(orders.sign_and_store(lease, 8453, "0xm", 0, {refund})).size(), 1u);
    EXPECT_EQ(run(orders.order_by_tx(8453, deposit(2).src_tx_hash))->refund_deduction,
              "1369170804680");
}
