// The one date arithmetic (rewards' days, activity buckets, SIWE timestamps): known days and a
// round trip over four centuries either side of 1970, leap days included.
#include "core/civil_date.hpp"

#include <gtest/gtest.h>

using perch::civil_from_days;
using perch::days_from_civil;

TEST(CivilDate, KnownDays) {
    EXPECT_EQ(days_from_civil(1970, 1, 1), 0);
    EXPECT_EQ(days_from_civil(1969, 12, 31), -1);
    EXPECT_EQ(days_from_civil(2000, 2, 29), 11016);
    EXPECT_EQ(days_from_civil(2026, 11, 29), 20786);
    auto d = civil_from_days(20786);
    EXPECT_EQ(d.year, 2026);
    EXPECT_EQ(d.month, 11u);
    EXPECT_EQ(d.day, 29u);
}

TEST(CivilDate, RoundTripsEveryDayOverEightCenturies) {
    for (std::int64_t day = -146097; day <= 146097; ++day) {
        auto d = civil_from_days(day);
        ASSERT_EQ(days_from_civil(d.year, d.month, d.day), day) << day;
        ASSERT_GE(d.month, 1u);
        ASSERT_LE(d.month, 12u);
    }
}
