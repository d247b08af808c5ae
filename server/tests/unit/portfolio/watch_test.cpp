// Which watched addresses need the day's snapshot: one per UTC day, none once expired.
#include "portfolio/watch.hpp"

#include <gtest/gtest.h>

using namespace perch::portfolio;
using perch::store::WatchedAddress;

namespace {
constexpr std::int64_t kDay1 = 1764028800;  // 2025-11-25 00:00:00 UTC
}

TEST(PortfolioWatch, UtcDay) {
    EXPECT_EQ(utc_day(kDay1), "2025-11-25");
    EXPECT_EQ(utc_day(kDay1 + 86399), "2025-11-25");
    EXPECT_EQ(utc_day(kDay1 + 86400), "2025-11-26");
    EXPECT_EQ(utc_day(0), "1970-01-01");
    EXPECT_EQ(utc_day(951782400), "2000-02-29");
}

TEST(PortfolioWatch, OneSnapshotPerDayForWatchedAddresses) {
    std::vector<WatchedAddress> watched{
        {"0xa", kDay1, ""},                         // never snapshotted: due
        {"0xb", kDay1, "2025-11-25"},               // done today
        {"0xc", kDay1 - 3 * 86400, "2025-11-24"},   // done yesterday: due
        {"0xd", kDay1 - 31 * 86400, "2025-10-25"},  // not visited for 31 days: expired
    };
    EXPECT_EQ(due_for_snapshot(watched, kDay1 + 3600, 30),
              (std::vector<std::string>{"0xa", "0xc"}));
    // The next day everyone still watched is due again.
    watched[0].last_snapshot_day = watched[2].last_snapshot_day = "2025-11-25";
    EXPECT_EQ(due_for_snapshot(watched, kDay1 + 86400 + 60, 30),
              (std::vector<std::string>{"0xa", "0xb", "0xc"}));
    EXPECT_TRUE(due_for_snapshot(watched, kDay1 + 60, 30).empty());
}

TEST(PortfolioWatch, ExpiryIsStrictlyAfterTheLimit) {
    EXPECT_FALSE(expired(kDay1, kDay1 + 30 * 86400, 30));
    EXPECT_TRUE(expired(kDay1, kDay1 + 30 * 86400 + 1, 30));
}
