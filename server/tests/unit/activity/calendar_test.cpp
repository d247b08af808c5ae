// UTC day / ISO week / month buckets: midnight, year ends, ISO weeks 52 and 53.
#include "activity/calendar.hpp"

#include <gtest/gtest.h>

using namespace perch::activity;

namespace {
// Unix seconds of a UTC date and time.
std::int64_t utc(int y, unsigned m, unsigned d, int hh = 0, int mm = 0, int ss = 0) {
    std::tm t{};
    t.tm_year = y - 1900;
    t.tm_mon = static_cast<int>(m) - 1;
    t.tm_mday = static_cast<int>(d);
    t.tm_hour = hh;
    t.tm_min = mm;
    t.tm_sec = ss;
    return timegm(&t);
}
}  // namespace

TEST(ActivityCalendar, DayChangesExactlyAtUtcMidnight) {
    auto before = buckets_of(utc(2026, 11, 20, 23, 59, 59));
    auto after = buckets_of(utc(2026, 11, 21, 0, 0, 0));
    EXPECT_EQ(before.day, "2026-11-20");
    EXPECT_EQ(after.day, "2026-11-21");
    EXPECT_EQ(before.month, "2026-11");
    EXPECT_EQ(buckets_of(0).day, "1970-01-01");
    EXPECT_EQ(buckets_of(-1).day, "1969-12-31");
}

TEST(ActivityCalendar, WeeksStartOnMondayUtc) {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    EXPECT_EQ(buckets_of(utc(2026, 11, 22, 23, 59, 59)).week, "2026-W47");
    EXPECT_EQ(buckets_of(utc(2026, 11, 23)).week, "2026-W48");
}

TEST(ActivityCalendar, YearEndsBelongToTheIsoYearOfTheirThursday) {
    // 2026-12-31 is a Thursday: week 53 of 2026 (2026 starts on a Thursday).
    EXPECT_EQ(buckets_of(utc(2026, 12, 31, 12)).week, "2026-W53");
    // 2027-01-01..03 (Fri-Sun) are still in 2026-W53; Monday 2027-01-04 starts 2027-W01.
    EXPECT_EQ(buckets_of(utc(2027, 1, 3, 23, 59, 59)).week, "2026-W53");
    EXPECT_EQ(buckets_of(utc(2027, 1, 4)).week, "2027-W01");
    EXPECT_EQ(buckets_of(utc(2027, 1, 1)).month, "2027-01");
    // 2024-12-30 (Monday) is in 2025-W01: the week holding 2025's first Thursday.
    EXPECT_EQ(buckets_of(utc(2024, 12, 30)).week, "2025-W01");
    EXPECT_EQ(buckets_of(utc(2024, 12, 29)).week, "2024-W52");
    // 2020 is a leap year starting on a Wednesday: 53 weeks; 2021-01-03 is its last day.
    EXPECT_EQ(buckets_of(utc(2021, 1, 3)).week, "2020-W53");
    EXPECT_EQ(buckets_of(utc(2021, 1, 4)).week, "2021-W01");
    // 2025 has 52: its 28 December is in W52, 29 December in 2026-W01.
    EXPECT_EQ(buckets_of(utc(2025, 12, 28)).week, "2025-W52");
    EXPECT_EQ(buckets_of(utc(2025, 12, 29)).week, "2026-W01");
}

TEST(ActivityCalendar, LeapDayAndCenturies) {
    EXPECT_EQ(buckets_of(utc(2028, 2, 29, 6)).day, "2028-02-29");
    EXPECT_EQ(buckets_of(utc(2100, 3, 1)).day, "2100-03-01");  // 2100 is not a leap year
    EXPECT_EQ(buckets_of(utc(2100, 2, 28, 23, 59, 59) + 1).day, "2100-03-01");
    EXPECT_EQ(buckets_of(utc(2000, 2, 29)).day, "2000-02-29");  // 2000 is
}

TEST(ActivityCalendar, EveryDayOfFourHundredYearsRoundTrips) {
    // Each day's bucket names the date timegm was given, and the ISO week moves by one on Mondays.
    auto day = utc(1999, 12, 27);  // a Monday
    std::string week = buckets_of(day).week;
    for (int i = 1; i < 146097; i += 1) {
        auto t = day + static_cast<std::int64_t>(i) * 86400;
        auto b = buckets_of(t);
        auto d = civil_of(t);
        ASSERT_EQ(utc(d.year, d.month, d.day), t);
        if (i % 7 == 0) {
            ASSERT_NE(b.week, week) << b.day;
            week = b.week;
        } else {
            ASSERT_EQ(b.week, week) << b.day;
        }
    }
}
