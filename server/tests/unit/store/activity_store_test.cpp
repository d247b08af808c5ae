// The activity store on the database under test (SQLite or PostgreSQL): figures and the distinct
// counts kept from the set rows, the cursor with each batch, exact undo of dropped blocks, the
// undo window, and the programme rank in one query.
#include "store/activity_store.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>

#include "run_task.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch;
using namespace perch::store;
using perch::testing::TestDatabase;

using perch::testing::run;

namespace {

constexpr std::int64_t kChain = 1868;
const std::string kAlice = "0x00000000000000000000000000000000000a11ce";
const std::string kBob = "0x0000000000000000000000000000000000000b0b";
const std::string kEth = "0x0000000000000000000000000000000000000000";

ActivityAccount account(const std::string& address, std::int64_t txs, std::int64_t last,
                        const std::string& gas) {
    ActivityAccount a;
    a.address = address;
    a.tx_count = txs;
    a.first_active = 100;
    a.last_active = last;
    a.gas_spent = gas;
    return a;
}

ActivityBlockWrite block(std::int64_t number, std::vector<ActivityAccount> accounts,
                         std::vector<ActivityToken> tokens, std::vector<ActivityPeriod> periods,
                         std::vector<ActivityContract> contracts) {
    return {number,
            "0xh" + std::to_string(number),
            std::move(accounts),
            std::move(tokens),
            std::move(periods),
            std::move(contracts)};
}

std::vector<ActivityPeriod> day(const std::string& address, const std::string& d,
                                const std::string& w, const std::string& m) {
    return {{address, 'd', d}, {address, 'w', w}, {address, 'm', m}};
}

struct Fixture {
    TestDatabase db;
    SqlStore sql{db.url()};
    std::unique_ptr<ActivityStore> store = open_activity_store(sql);

    void write(ActivityBlockWrite b, std::int64_t keep_from = 0) {
        auto next = b.number + 1;
        auto hash = b.hash;
        std::vector<ActivityBlockWrite> blocks{std::move(b)};
        run(store->write_blocks(kChain, std::move(blocks), {next, hash}, keep_from));
    }
    ActivityAccount get(const std::string& address) {
        auto rows = run(store->accounts(kChain, {address}));
        return rows.empty() ? ActivityAccount{} : rows.front();
    }
    // Every activity row of the chain as text, to compare whole states.
    std::vector<std::string> snapshot() {
        std::vector<std::string> out;
        for (const auto& sql :
             {"SELECT address || ':' || CAST(tx_count AS TEXT) || ':' || CAST(first_active AS "
              "TEXT) || ':' || CAST(last_active AS TEXT) || ':' || CAST(active_days AS TEXT) || "
              "':' || CAST(active_weeks AS TEXT) || ':' || CAST(active_months AS TEXT) || ':' || "
              "CAST(contracts AS TEXT) || ':' || CAST(contracts_deployed AS TEXT) || ':' || "
              "gas_spent FROM activity_accounts ORDER BY address",
              "SELECT address || kind || period FROM activity_periods ORDER BY 1",
              "SELECT address || contract FROM activity_contracts ORDER BY 1",
              "SELECT address || token || sent || '/' || received FROM activity_tokens ORDER BY "
              "1"}) {
            for (auto& row : db.column(sql)) out.push_back(std::move(row));
            out.push_back("--");
        }
        return out;
    }
};

}  // namespace

TEST(SqlActivity, FiguresAndDistinctCountsFromTheSetRows) {
    Fixture f;
    EXPECT_FALSE(run(f.store->cursor(kChain)).has_value());
    f.write(block(1, {account(kAlice, 2, 200, "42000")}, {{kAlice, kEth, "5", "0"}},
                  day(kAlice, "2026-11-20", "2026-W47", "2026-11"),
                  {{kAlice, "0xc1"}, {kAlice, "0xc2"}}));
    // Same day, week and month; one contract seen again, one new; a new day next week.
    f.write(block(2, {account(kAlice, 3, 300, "63000")}, {{kAlice, kEth, "7", "1"}},
                  day(kAlice, "2026-11-20", "2026-W47", "2026-11"),
                  {{kAlice, "0xc2"}, {kAlice, "0xc3"}}));
    f.write(block(3, {account(kAlice, 4, 400, "84000")}, {},
                  day(kAlice, "2026-11-23", "2026-W48", "2026-11"), {}));
    auto a = f.get(kAlice);
    EXPECT_EQ(a.tx_count, 4);
    EXPECT_EQ(a.last_active, 400);
    EXPECT_EQ(a.gas_spent, "84000");
    EXPECT_EQ(a.active_days, 2);
    EXPECT_EQ(a.active_weeks, 2);
    EXPECT_EQ(a.active_months, 1);
    EXPECT_EQ(a.contracts, 3);
    auto tokens = run(f.store->tokens(kChain, {kAlice, kBob}));
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_EQ(tokens[0].sent, "7");
    EXPECT_EQ(tokens[0].received, "1");
    EXPECT_EQ(run(f.store->days(kChain, kAlice, 366)),
              (std::vector<std::string>{"2026-11-20", "2026-11-23"}));
    EXPECT_EQ(run(f.store->days(kChain, kAlice, 1)), (std::vector<std::string>{"2026-11-23"}));
    auto cursor = run(f.store->cursor(kChain));
    ASSERT_TRUE(cursor.has_value());
    EXPECT_EQ(cursor->next_block, 4);
    EXPECT_EQ(cursor->last_hash, "0xh3");
    EXPECT_TRUE(run(f.store->accounts(kChain + 1, {kAlice})).empty());  // per chain
}

TEST(SqlActivity, RewindUndoesTheDroppedBlocksExactly) {
    Fixture f;
    f.write(block(10, {account(kAlice, 1, 100, "21000")}, {{kAlice, kEth, "1", "0"}},
                  day(kAlice, "2026-11-20", "2026-W47", "2026-11"), {{kAlice, "0xc1"}}));
    auto before = f.snapshot();
    // Two blocks the reorganisation will drop: they change Alice's row, token and sets, and
    // create Bob's rows from nothing.
    f.write(block(11, {account(kAlice, 2, 200, "42000")},
                  {{kAlice, kEth, "3", "0"}, {kBob, kEth, "0", "2"}},
                  day(kAlice, "2026-12-01", "2026-W49", "2026-12"), {{kAlice, "0xc2"}}));
    f.write(block(12, {account(kAlice, 3, 300, "63000"), account(kBob, 1, 300, "21000")},
                  {{kAlice, kEth, "4", "0"}}, day(kBob, "2026-12-02", "2026-W49", "2026-12"),
                  {{kBob, "0xc1"}}));
    ASSERT_NE(f.snapshot(), before);
    EXPECT_EQ(run(f.store->rewind(kChain, 11)), 11);
    EXPECT_EQ(f.snapshot(), before);
    auto cursor = run(f.store->cursor(kChain));
    EXPECT_EQ(cursor->next_block, 11);
    EXPECT_EQ(cursor->last_hash, "0xh10");
    EXPECT_EQ(f.get(kAlice).active_months, 1);
    EXPECT_EQ(f.get(kBob).tx_count, 0);  // gone
    // The chain goes on from there with another history.
    f.write(block(11, {account(kAlice, 2, 250, "42000")}, {},
                  day(kAlice, "2026-11-20", "2026-W47", "2026-11"), {}));
    EXPECT_EQ(f.get(kAlice).tx_count, 2);
    EXPECT_EQ(f.get(kAlice).active_days, 1);
}

TEST(SqlActivity, TheUndoWindowBoundsTheLogAndTheRewind) {
    Fixture f;
    for (std::int64_t n = 1; n <= 6; ++n) {
        f.write(block(n, {account(kAlice, n, n * 100, std::to_string(n))}, {}, {}, {}),
                /*keep_from=*/n + 1 - 3);
    }
    auto hashes = run(f.store->block_hashes(kChain, 0, 10));
    ASSERT_EQ(hashes.size(), 3u);  // blocks 4, 5, 6
    EXPECT_EQ(hashes.front().first, 4);
    EXPECT_EQ(f.db.column("SELECT COUNT(*) FROM activity_undo WHERE block_number < 4"),
              (std::vector<std::string>{"0"}));
    // A fork below the window: only the kept blocks can be undone.
    EXPECT_EQ(run(f.store->rewind(kChain, 2)), 4);
    EXPECT_EQ(f.get(kAlice).tx_count, 3);
    EXPECT_EQ(run(f.store->cursor(kChain))->next_block, 4);
}

TEST(SqlActivity, RankByAProgrammeScoreInOneQuery) {
    Fixture f;
    auto addr = [](int i) {
        auto s = std::to_string(i);
        return "0x" + std::string(40 - s.size(), '0') + s;
    };
    std::vector<ActivityAccount> rows;
    for (int i = 1; i <= 5; ++i) rows.push_back(account(addr(i), i * 10, 100, "0"));
    f.write(block(1, rows, {}, {}, {}));
    // Address i has 10 i transactions; at 2 points each, capped at 60, addresses 3, 4 and 5 tie
    // at 60 points, 2 has 40 and 1 has 20.
    std::vector<ScoreTerm> terms{{"tx_count", 1, 2.0, 60}};
    auto r = run(f.store->rank(kChain, addr(4), terms));
    EXPECT_EQ(r.rank, 1);
    EXPECT_EQ(r.of, 5);
    EXPECT_EQ(run(f.store->rank(kChain, addr(3), terms)).rank, 1);
    EXPECT_EQ(run(f.store->rank(kChain, addr(2), terms)).rank, 4);
    EXPECT_EQ(run(f.store->rank(kChain, addr(1), terms)).rank, 5);
    // 1.5 points per whole 20 transactions: 0, 1.5, 1.5, 3, 3.
    std::vector<ScoreTerm> per20{{"tx_count", 20, 1.5, 0}};
    EXPECT_EQ(run(f.store->rank(kChain, addr(3), per20)).rank, 3);
    EXPECT_EQ(run(f.store->rank(kChain, addr(1), per20)).rank, 5);
    auto nobody = run(f.store->rank(kChain, kBob, terms));
    EXPECT_EQ(nobody.rank, 0);
    EXPECT_EQ(nobody.of, 5);
    std::vector<ScoreTerm> bad{{"gas_spent; DROP TABLE x", 1, 1, 0}};
    EXPECT_THROW(run(f.store->rank(kChain, addr(1), bad)), std::invalid_argument);
}

TEST(SqlActivity, BridgeLegsFromTheOrdersTable) {
    Fixture f;
    auto insert = [](Connection& c) {
        auto add = [&c](int n, const char* sender, const char* recipient, const char* state,
                        const char* delivered) {
            c.prepared(
                 "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
                 "block_number, block_hash, sender, token_address, token, decimals, amount, "
                 "dst_chain_id, recipient, confirmations, receive_amount, state, dst_token, "
                 "dst_decimals, delivered_amount, created_at, updated_at) VALUES (?, 8453, ?, 0, "
                 "1, '0x1', ?, '0x0', 'ETH', 18, '1000', 42161, ?, 1, '990', ?, 'USDC', 6, ?, 0, "
                 "0)")
                .bind(1, "8453:0x" + std::to_string(n) + ":0")
                .bind(2, "0x" + std::to_string(n))
                .bind(3, sender)
                .bind(4, recipient)
                .bind(5, state)
                .bind(6, delivered)
                .step();
        };
        add(1, kAlice.c_str(), kBob.c_str(), "completed", "");
        add(2, kAlice.c_str(), "0x0000000000000000000000000000000000000B0B", "completed", "77");
        add(3, kAlice.c_str(), kBob.c_str(), "dropped", "");  // never happened
        add(4, kBob.c_str(), kAlice.c_str(), "queued", "");   // deposit yes, payout not yet
    };
    run(f.sql.run(insert));
    auto legs = run(f.sql.orders().bridge_legs({kAlice, kBob}));
    int alice_deposits = 0, bob_deposits = 0, bob_payouts = 0, alice_payouts = 0;
    for (const auto& l : legs) {
        if (l.address == kAlice) (l.deposit ? alice_deposits : alice_payouts) += 1;
        if (l.address == kBob) (l.deposit ? bob_deposits : bob_payouts) += 1;
        if (l.deposit) {
            EXPECT_EQ(l.chain_id, 8453);
            EXPECT_EQ(l.amount, "1000");
        } else {
            EXPECT_EQ(l.chain_id, 42161);
        }
    }
    EXPECT_EQ(alice_deposits, 2);
    EXPECT_EQ(bob_deposits, 1);
    EXPECT_EQ(alice_payouts, 0);
    EXPECT_EQ(bob_payouts, 2);  // the recipient's case does not matter
    // The swap payout counts what it delivered, in the destination token.
    bool swapped = false;
    for (const auto& l : legs)
        if (!l.deposit && l.amount == "77") swapped = l.token == "USDC" && l.decimals == 6;
    EXPECT_TRUE(swapped);
}
