// The maker's reaction-time window: nearest-rank percentiles, a bounded ring, a log summary.
#include "maker/reaction.hpp"

#include <gtest/gtest.h>

using perch::maker::ReactionTimes;
using us = std::chrono::microseconds;

TEST(ReactionTimes, EmptyIsZero) {
    ReactionTimes r;
    EXPECT_EQ(r.percentile(99), us{0});
    EXPECT_EQ(r.total(), 0U);
}

TEST(ReactionTimes, NearestRankPercentiles) {
    ReactionTimes r;
    for (int i = 100; i >= 1; --i) r.record(us{i * 1000});  // 1..100 ms, recorded out of order
    EXPECT_EQ(r.percentile(50), us{50000});
    EXPECT_EQ(r.percentile(90), us{90000});
    EXPECT_EQ(r.percentile(99), us{99000});
    EXPECT_EQ(r.percentile(100), us{100000});
    EXPECT_EQ(r.percentile(0), us{1000});
    EXPECT_EQ(r.summary(), "n 100, p50 50.0 ms, p90 90.0 ms, p99 99.0 ms, max 100.0 ms");
}

TEST(ReactionTimes, KeepsOnlyTheNewestWindow) {
    ReactionTimes r(3);
    for (int i : {900, 800, 700, 1, 2, 3}) r.record(us{i});
    EXPECT_EQ(r.total(), 6U);
    EXPECT_EQ(r.size(), 3U);
    EXPECT_EQ(r.percentile(100), us{3});  // the three large early ones were overwritten
    r.record(us{5});
    EXPECT_EQ(r.percentile(100), us{5});
    EXPECT_EQ(r.percentile(0), us{2});
}
