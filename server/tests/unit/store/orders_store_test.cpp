// Bridge orders on the database under test (a SQLite file, or PostgreSQL): deposits recorded once
// with their cursor, compare-and-set transitions, reorganisations, history, the pause switches,
// Solana values, firm quotes. Payouts and refunds: orders_payout_store_test.cpp; the lookup and
// the dashboard: orders_lookup_store_test.cpp.
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
