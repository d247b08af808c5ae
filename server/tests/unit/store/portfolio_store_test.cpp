// The portfolio store on the database under test (SQLite or PostgreSQL): visits within the cap,
// expiry, one snapshot per address and day, the history in day order.
#include "store/portfolio_store.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>

#include "run_task.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch;
using namespace perch::store;

using perch::testing::run;

namespace {

struct Fixture {
    perch::testing::TestDatabase db;
    SqlStore sql{db.url()};
    std::unique_ptr<PortfolioStore> store = open_portfolio_store(sql);
};

}  // namespace

TEST(SqlPortfolio, VisitsWatchUpToTheCapAndRefreshTheVisitTime) {
    Fixture f;
    EXPECT_TRUE(run(f.store->visit("0xa", 100, 2)));
    EXPECT_TRUE(run(f.store->visit("0xb", 110, 2)));
    EXPECT_FALSE(run(f.store->visit("0xc", 120, 2)));  // full: a new address is not watched
    EXPECT_TRUE(run(f.store->visit("0xa", 130, 2)));   // a watched one still visits
    auto watched = run(f.store->watched());
    ASSERT_EQ(watched.size(), 2U);
    EXPECT_EQ(watched[0].address, "0xa");
    EXPECT_EQ(watched[0].last_visit, 130);
    EXPECT_EQ(watched[0].last_snapshot_day, "");
    EXPECT_EQ(watched[1].address, "0xb");

    EXPECT_EQ(run(f.store->unwatch_before(120)), 1);  // 0xb, last seen at 110
    EXPECT_TRUE(run(f.store->visit("0xc", 140, 2)));  // room again
    EXPECT_EQ(run(f.store->watched()).size(), 2U);
}

TEST(SqlPortfolio, OneSnapshotPerDayAndTheHistoryInDayOrder) {
    Fixture f;
    ASSERT_TRUE(run(f.store->visit("0xa", 100, 10)));
    run(f.store->add_snapshot("0xa", "2025-11-26", 12345, 200));
    run(f.store->add_snapshot("0xa", "2025-11-25", 10000, 150));
    run(f.store->add_snapshot("0xa", "2025-11-26", 99999, 300));  // the day's first one stays
    auto history = run(f.store->history("0xa"));
    ASSERT_EQ(history.size(), 2U);
    EXPECT_EQ(history[0].day, "2025-11-25");
    EXPECT_EQ(history[0].total_usd_cents, 10000);
    EXPECT_EQ(history[1].day, "2025-11-26");
    EXPECT_EQ(history[1].total_usd_cents, 12345);
    EXPECT_EQ(run(f.store->watched())[0].last_snapshot_day, "2025-11-26");
    EXPECT_TRUE(run(f.store->history("0xb")).empty());
}
