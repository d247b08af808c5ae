// The store on the database under test (a temp SQLite file, or PostgreSQL): migrations, writes
// off the calling thread, ledger sums.
#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <thread>

#include "store/migrations.hpp"
#include "store/sql/migrate.hpp"
#include "store/sql/postgres_db.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch::store;
using perch::testing::TestDatabase;

namespace {

template <class T>
T run(boost::asio::io_context& io, perch::Task<T> task) {
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

// Where the DB work ran and where the caller resumed. A named coroutine, not a capturing lambda:
// a lambda's captures die with the temporary closure while its coroutine still runs.
perch::Task<std::pair<std::thread::id, std::thread::id>> threads_seen(SqlStore& store) {
    auto db_thread = co_await store.run([](Connection&) { return std::this_thread::get_id(); });
    co_return std::pair{db_thread, std::this_thread::get_id()};
}

}  // namespace

TEST(SqlStore, MigratesOnceAndReportsVersion) {
    TestDatabase db;
    auto all = static_cast<int>(migrations().size());
    ASSERT_GE(all, 2);
    EXPECT_EQ(SqlStore::migrate_url(db.url()), all);
    EXPECT_EQ(SqlStore::migrate_url(db.url()), 0);
    SqlStore store(db.url());
    boost::asio::io_context io;
    EXPECT_EQ(run(io, store.schema_version()), migrations().back().version);
}

TEST(SqlStore, WorkRunsOffTheCallingThreadAndResumesOnIt) {
    TestDatabase db;
    SqlStore store(db.url());
    boost::asio::io_context io;
    auto caller = std::this_thread::get_id();
    auto ids = run(io, threads_seen(store));
    EXPECT_NE(ids.first, caller);
    EXPECT_EQ(ids.second, caller);
}

TEST(SqlStore, UserActionsAreBoundedPerClientAndExpire) {
    TestDatabase db;
    SqlStore store(db.url());
    boost::asio::io_context io;
    const UserActionBounds bounds{.per_client_per_day = 2, .keep_seconds = 10 * 86400};
    const std::int64_t day = 86400, t0 = 100 * day;
    UserAction a{"0xabc", "connect", "", "agent", "MetaMask", "203.0.113.1"};
    UserAction b{"0xabc", "connect", "", "agent", "MetaMask", "203.0.113.2"};
    EXPECT_TRUE(run(io, store.add_user_action(a, t0, bounds)));
    EXPECT_TRUE(run(io, store.add_user_action(a, t0, bounds)));
    EXPECT_FALSE(run(io, store.add_user_action(a, t0 + 10, bounds)));  // the client's day is full
    EXPECT_TRUE(run(io, store.add_user_action(b, t0 + 10, bounds)));   // another client
    EXPECT_TRUE(run(io, store.add_user_action(a, t0 + day + 1, bounds)));  // a day later
    EXPECT_EQ(run(io, store.count_user_actions("0xabc")), 4);
    // Eleven days on, the first day's rows are gone.
    EXPECT_TRUE(run(io, store.add_user_action(b, t0 + 11 * day, bounds)));
    EXPECT_EQ(run(io, store.count_user_actions("0xabc")), 2);
}

TEST(SqlStore, UserActionsAndPointTotals) {
    TestDatabase db;
    SqlStore store(db.url());
    boost::asio::io_context io;
    UserAction a{"0xabc", "connect", "", "agent", "MetaMask", "127.0.0.1"};
    EXPECT_EQ(run(io, store.add_user_action(a, 1000, {})), 1);
    EXPECT_EQ(run(io, store.add_user_action(a, 1000, {})), 2);
    EXPECT_EQ(run(io, store.count_user_actions("0xabc")), 2);
    EXPECT_EQ(run(io, store.count_user_actions("0xdef")), 0);

    run(io, store.run([](Connection& c) {
        c.exec(
            "INSERT INTO points_ledger (user_address, kind, points, source, created_at) VALUES "
            "('0xabc', 'cross', 150, 'bridge:1:0xaa:0', 0), ('0xabc', 'cross', 100, "
            "'bridge:1:0xbb:0', 0), "
            "('0xabc', 'check_in', 2, 'checkin:1868:0xcc', 0)");
        // Their bridges: two count toward the boost tiers, a third was too small to.
        c.exec(
            "INSERT INTO reward_bridges (order_key, user_address, src_chain_id, dst_chain_id, "
            "token, day, completed_at, points, completed_seq, value_cents, boosts) VALUES "
            "('1:0xaa:0', '0xabc', 1, 8453, 'ETH', 20261123, 0, 150, 1, 10000, 1), "
            "('1:0xbb:0', '0xabc', 1, 8453, 'USDC', 20261123, 0, 100, 2, 10000, 1), "
            "('1:0xdd:0', '0xabc', 1, 8453, 'ETH', 20261123, 0, 4, 3, 300, 0)");
        return 0;
    }));
    auto t = run(io, store.point_totals("0xabc"));
    EXPECT_EQ(t.cross, 250);
    EXPECT_EQ(t.check_in, 2);
    EXPECT_EQ(t.bridge_credits, 2);
    EXPECT_EQ(t.refer, 0);
}

TEST(SqlStore, LedgerRejectsASecondCreditForTheSameEvent) {
    TestDatabase db;
    SqlStore store(db.url());
    boost::asio::io_context io;
    auto insert = [&] {
        return run(io, store.run([](Connection& c) {
            c.exec(
                "INSERT INTO points_ledger (user_address, kind, points, source, created_at) VALUES "
                "('0xabc', 'check_in', 2, 'checkin:1868:0xcc', 0)");
            return 0;
        }));
    };
    insert();
    EXPECT_THROW(insert(), DbError);
    EXPECT_EQ(run(io, store.point_totals("0xabc")).check_in, 2);
}

TEST(SqlStore, NoncesAreReservedOnceAndSurviveReopening) {
    TestDatabase db;
    boost::asio::io_context io;
    {
        SqlStore store(db.url());
        EXPECT_EQ(run(io, store.reserve_nonce(1, "0xmaker", 5)),
                  5U);  // the chain's count is the floor
        EXPECT_EQ(run(io, store.reserve_nonce(1, "0xmaker", 0)), 6U);
        EXPECT_EQ(run(io, store.reserve_nonce(8453, "0xmaker", 0)), 0U);  // per chain
    }
    SqlStore reopened(db.url());
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 0)), 7U);
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 10)), 10U);  // the chain moved on
    run(io, reopened.reset_nonce(1, "0xmaker", 3));
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 0)), 3U);
}

TEST(SqlDialect, PlaceholdersAreNumberedOutsideLiterals) {
    int params = 0;
    EXPECT_EQ(numbered_placeholders("SELECT a FROM t WHERE b = ? AND c = '?' AND d = ?", params),
              "SELECT a FROM t WHERE b = $1 AND c = '?' AND d = $2");
    EXPECT_EQ(params, 2);
    // SQLite's ?NNN names one parameter twice; a bare ? after it takes the next number.
    EXPECT_EQ(numbered_placeholders("WHERE a = ?1 OR b = ?1 OR c = ?", params),
              "WHERE a = $1 OR b = $1 OR c = $2");
    EXPECT_EQ(params, 2);
}

TEST(SqlDialect, AMigrationMayHoldLinesForOneDialectOnly) {
    const char* sql =
        "-- widen a check\n"
        "-- only sqlite\n"
        "PRAGMA writable_schema = ON;\n"
        "-- only postgresql\n"
        "ALTER TABLE t DROP CONSTRAINT t_state_check;\n"
        "-- both\n"
        "CREATE INDEX i ON t (state);";
    EXPECT_EQ(migration_sql(sql, Dialect::sqlite),
              "-- widen a check\nPRAGMA writable_schema = ON;\nCREATE INDEX i ON t (state);");
    EXPECT_EQ(migration_sql(sql, Dialect::postgresql),
              "-- widen a check\nALTER TABLE t DROP CONSTRAINT t_state_check;\n"
              "CREATE INDEX i ON t (state);");
}

TEST(SqlDialect, MigrationsAreTranslatedForPostgresql) {
    const char* sql =
        "CREATE TABLE t (id INTEGER PRIMARY KEY, chain_id INTEGER NOT NULL, name TEXT);\n"
        "CREATE TABLE c (chain_id INTEGER PRIMARY KEY, next INTEGER NOT NULL DEFAULT 0);";
    EXPECT_EQ(migration_sql(sql, Dialect::sqlite), sql);
    EXPECT_EQ(migration_sql(sql, Dialect::postgresql),
              "CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, chain_id "
              "BIGINT NOT NULL, name TEXT);\n"
              "CREATE TABLE c (chain_id BIGINT PRIMARY KEY, next BIGINT NOT NULL DEFAULT 0);");
}
