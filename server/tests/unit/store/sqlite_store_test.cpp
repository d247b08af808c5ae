// The SQLite store on a real temp file: migrations, writes off the calling thread, ledger sums.
#include "store/sqlite/sqlite_store.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <filesystem>
#include <random>
#include <thread>

#include "store/migrations.hpp"

using namespace perch::store;

namespace {

struct TempDb {
    std::filesystem::path path = std::filesystem::temp_directory_path() /
                                 ("perch-store-" + std::to_string(std::random_device{}()) + ".db");
    ~TempDb() {
        for (const char* suffix : {"", "-wal", "-shm"})
            std::filesystem::remove(path.string() + suffix);
    }
};

template <class T>
T run(boost::asio::io_context& io, perch::Task<T> task) {
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

// Where the DB work ran and where the caller resumed. A named coroutine, not a capturing lambda:
// a lambda's captures die with the temporary closure while its coroutine still runs.
perch::Task<std::pair<std::thread::id, std::thread::id>> threads_seen(SqliteStore& store) {
    auto db_thread = co_await store.run([](Connection&) { return std::this_thread::get_id(); });
    co_return std::pair{db_thread, std::this_thread::get_id()};
}

}  // namespace

TEST(SqliteStore, MigratesOnceAndReportsVersion) {
    TempDb db;
    auto all = static_cast<int>(migrations().size());
    ASSERT_GE(all, 2);
    EXPECT_EQ(SqliteStore::migrate_file(db.path.string()), all);
    EXPECT_EQ(SqliteStore::migrate_file(db.path.string()), 0);
    SqliteStore store(db.path.string());
    boost::asio::io_context io;
    EXPECT_EQ(run(io, store.schema_version()), migrations().back().version);
}

TEST(SqliteStore, WorkRunsOffTheCallingThreadAndResumesOnIt) {
    TempDb db;
    SqliteStore store(db.path.string());
    boost::asio::io_context io;
    auto caller = std::this_thread::get_id();
    auto ids = run(io, threads_seen(store));
    EXPECT_NE(ids.first, caller);
    EXPECT_EQ(ids.second, caller);
}

TEST(SqliteStore, UserActionsAndPointTotals) {
    TempDb db;
    SqliteStore store(db.path.string());
    boost::asio::io_context io;
    UserAction a{"0xabc", "connect", "", "agent", "MetaMask", "127.0.0.1"};
    EXPECT_EQ(run(io, store.add_user_action(a)), 1);
    EXPECT_EQ(run(io, store.add_user_action(a)), 2);
    EXPECT_EQ(run(io, store.count_user_actions("0xabc")), 2);
    EXPECT_EQ(run(io, store.count_user_actions("0xdef")), 0);

    run(io, store.run([](Connection& c) {
        c.exec(
            "INSERT INTO points_ledger (user_address, kind, points, source, created_at) VALUES "
            "('0xabc', 'cross', 150, 'bridge:1:0xaa:0', 0), ('0xabc', 'cross', 100, "
            "'bridge:1:0xbb:0', 0), "
            "('0xabc', 'check_in', 2, 'checkin:1868:0xcc', 0)");
        return 0;
    }));
    auto t = run(io, store.point_totals("0xabc"));
    EXPECT_EQ(t.cross, 250);
    EXPECT_EQ(t.check_in, 2);
    EXPECT_EQ(t.bridge_credits, 2);
    EXPECT_EQ(t.refer, 0);
}

TEST(SqliteStore, LedgerRejectsASecondCreditForTheSameEvent) {
    TempDb db;
    SqliteStore store(db.path.string());
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
    EXPECT_THROW(insert(), SqliteError);
    EXPECT_EQ(run(io, store.point_totals("0xabc")).check_in, 2);
}

TEST(SqliteStore, NoncesAreReservedOnceAndSurviveReopening) {
    TempDb db;
    boost::asio::io_context io;
    {
        SqliteStore store(db.path.string());
        EXPECT_EQ(run(io, store.reserve_nonce(1, "0xmaker", 5)),
                  5U);  // the chain's count is the floor
        EXPECT_EQ(run(io, store.reserve_nonce(1, "0xmaker", 0)), 6U);
        EXPECT_EQ(run(io, store.reserve_nonce(8453, "0xmaker", 0)), 0U);  // per chain
    }
    SqliteStore reopened(db.path.string());
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 0)), 7U);
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 10)), 10U);  // the chain moved on
    run(io, reopened.reset_nonce(1, "0xmaker", 3));
    EXPECT_EQ(run(io, reopened.reserve_nonce(1, "0xmaker", 0)), 3U);
}
