// The points rules (DESIGN §6): calendar, special days and consecutive-day streaks, check-in points
// and top-ups, bridge points with boosts, referral share and binding.
#include "rewards/rules.hpp"

#include <gtest/gtest.h>

using namespace perch::rewards;

TEST(RewardsCalendar, DatesAndWeekdays) {
    EXPECT_EQ(utc_date(0), 19700101);
    EXPECT_EQ(utc_date(1763800000), 20251122);  // 2025-11-22 08:26:40 UTC
    EXPECT_EQ(utc_date(1709164800), 20240229);  // leap day
    EXPECT_EQ(weekday(19700101), 3);            // Thursday
    EXPECT_EQ(weekday(20251124), 0);            // Monday
    EXPECT_EQ(weekday(20251130), 6);            // Sunday
    EXPECT_EQ(add_days(20251231, 1), 20260101);
    EXPECT_EQ(add_days(20240301, -1), 20240229);
    EXPECT_EQ(week_monday(20251130), 20251124);
    EXPECT_EQ(week_monday(20260101), 20251229);  // the week straddles the new year
    EXPECT_FALSE(day_of_date(20230229));
    EXPECT_FALSE(day_of_date(20251131));
    EXPECT_TRUE(day_of_date(20240229));
}

TEST(RewardsSpecialDays, WednesdayFridaySundayAlways) {
    // Week of Mon 2025-11-24.
    EXPECT_FALSE(is_special_day(20251124, {}));  // Mon
    EXPECT_FALSE(is_special_day(20251125, {}));  // Tue
    EXPECT_TRUE(is_special_day(20251126, {}));   // Wed
    EXPECT_FALSE(is_special_day(20251127, {}));  // Thu
    EXPECT_TRUE(is_special_day(20251128, {}));   // Fri
    EXPECT_FALSE(is_special_day(20251129, {}));  // Sat
    EXPECT_TRUE(is_special_day(20251130, {}));   // Sun
}

TEST(RewardsSpecialDays, DayAfterTwoFourSixConsecutive) {
    // Mon + Tue checked → Wed special anyway; Tue + Wed → Thu is the day after 2 consecutive.
    EXPECT_EQ(streak_before(20251127, {20251125, 20251126}), 2);
    EXPECT_TRUE(is_special_day(20251127, {20251125, 20251126}));
    // Mon..Wed (3) → Thu not special by streak.
    EXPECT_EQ(streak_before(20251127, {20251124, 20251125, 20251126}), 3);
    EXPECT_FALSE(is_special_day(20251127, {20251124, 20251125, 20251126}));
    // Mon..Thu (4) → Fri (special anyway); Tue..Fri (4) → Sat special by streak.
    EXPECT_TRUE(is_special_day(20251129, {20251125, 20251126, 20251127, 20251128}));
    // Mon..Sat (6) → Sun.
    EXPECT_EQ(streak_before(20251130, {20251124, 20251125, 20251126, 20251127, 20251128, 20251129}),
              6);
    // Mon..Fri (5) → Sat is not special.
    EXPECT_FALSE(is_special_day(20251129, {20251124, 20251125, 20251126, 20251127, 20251128}));
    // A gap breaks the streak: Mon, Wed, Thu → Fri streak 2 (special anyway), Sat streak 3.
    EXPECT_EQ(streak_before(20251129, {20251124, 20251126, 20251127, 20251128}), 3);
}

TEST(RewardsSpecialDays, StreaksCrossWeekAndMonthBorders) {
    // Sat 2025-11-29 and Sun 11-30 checked: the streak carries over Sunday→Monday, so Monday
    // 12-01 (also the first of a month) is the day after 2 consecutive check-ins.
    EXPECT_EQ(streak_before(20251201, {20251129, 20251130}), 2);
    EXPECT_TRUE(is_special_day(20251201, {20251129, 20251130}));
    // Thu 11-27 .. Sun 11-30 (4) → Mon 12-01 special; Fri..Sun (3) → not.
    EXPECT_TRUE(is_special_day(20251201, {20251127, 20251128, 20251129, 20251130}));
    EXPECT_FALSE(is_special_day(20251201, {20251128, 20251129, 20251130}));
    // Wed 12-31 → Thu 2026-01-01 across the year border after Tue + Wed.
    EXPECT_EQ(streak_before(20260101, {20251230, 20251231}), 2);
    EXPECT_TRUE(is_special_day(20260101, {20251230, 20251231}));
    // Six in a row Tue 2026-06-23 .. Sun 06-28 → Mon 06-29 special; Thu 06-25 .. Tue 06-30
    // (6, across the week border) → Wed 07-01 (Wed anyway); Sat 06-27 .. Wed 07-01 (5) → Thu not.
    EXPECT_TRUE(
        is_special_day(20260629, {20260623, 20260624, 20260625, 20260626, 20260627, 20260628}));
    EXPECT_FALSE(is_special_day(20260702, {20260627, 20260628, 20260629, 20260630, 20260701}));
    // Sun 06-28 .. Wed 07-01 (4, across the week and the month) → Thu 07-02 special.
    EXPECT_TRUE(is_special_day(20260702, {20260628, 20260629, 20260630, 20260701}));
    // Past 6 the count keeps going and gives no bonus: 7 in a row → the 8th day is not special.
    const std::vector<int> seven{20260622, 20260623, 20260624, 20260625,
                                 20260626, 20260627, 20260628};
    EXPECT_EQ(streak_before(20260629, seven), 7);
    EXPECT_FALSE(is_special_day(20260629, seven));
    EXPECT_EQ(checkin_credit(20260629, seven, false).multiplier, 1);
}

TEST(RewardsCheckIn, PointsBonusAndTopUp) {
    auto plain = checkin_credit(20251124, {}, false);  // Monday, no bridge
    EXPECT_EQ(plain.base, 2);
    EXPECT_EQ(plain.multiplier, 1);
    EXPECT_EQ(plain.points, 2);
    auto bridged = checkin_credit(20251124, {}, true);
    EXPECT_EQ(bridged.points, 10);
    auto special = checkin_credit(20251126, {}, false);  // Wednesday
    EXPECT_EQ(special.points, 4);
    auto special_bridged = checkin_credit(20251126, {}, true);
    EXPECT_EQ(special_bridged.points, 20);
    EXPECT_EQ(checkin_topup(2, 1), 8);
    EXPECT_EQ(checkin_topup(2, 2), 16);
    EXPECT_EQ(checkin_topup(10, 2), 0);
}

TEST(RewardsCheckIn, WeekMasks) {
    EXPECT_EQ(week_mask(20251127, {20251124, 20251126, 20251120, 20251201}), "1010000");
    EXPECT_EQ(special_mask(20251127, {}), "0010101");
    // Tue + Wed checked → Thu special too.
    EXPECT_EQ(special_mask(20251127, {20251125, 20251126}), "0011101");
    // Sat + Sun of the week before carry a streak of 2 into Monday 2025-12-01.
    EXPECT_EQ(special_mask(20251201, {20251129, 20251130}), "1010101");
}

TEST(RewardsBridge, BasePointsAndBoosts) {
    EXPECT_EQ(bridge_base_points("ETH", 1), 300);
    EXPECT_EQ(bridge_base_points("ETH", 8453), 150);
    EXPECT_EQ(bridge_base_points("USDC", 1), 100);
    EXPECT_EQ(bridge_base_points("USDT", 42161), 100);
    EXPECT_EQ(bridge_points(150, 1), 150);
    EXPECT_EQ(bridge_points(150, 2), 150);
    EXPECT_EQ(bridge_points(150, 3), 165);    // 1.1x at 3
    EXPECT_EQ(bridge_points(300, 10), 360);   // 1.2x at 10
    EXPECT_EQ(bridge_points(100, 50), 130);   // 1.3x at 50
    EXPECT_EQ(bridge_points(150, 100), 225);  // 1.5x at 100
    EXPECT_EQ(boost_tenths(99), 13);
}

TEST(RewardsReferral, ShareAndBindingRules) {
    EXPECT_EQ(referral_share(150), 15);
    EXPECT_EQ(referral_share(165), 16);  // rounded down
    EXPECT_EQ(referral_share(5), 0);
    const std::string a = "0x00000000000000000000000000000000000000aa";
    const std::string b = "0x00000000000000000000000000000000000000bb";
    const std::string c = "0x00000000000000000000000000000000000000cc";
    EXPECT_TRUE(referral_refusal(a, a, 0, std::nullopt));  // self
    EXPECT_FALSE(referral_refusal(a, b, 0, std::nullopt));
    EXPECT_FALSE(referral_refusal(a, c, 0, b));            // change before the first bridge
    EXPECT_TRUE(referral_refusal(a, c, 1, b));             // change after it
    EXPECT_FALSE(referral_refusal(a, b, 3, b));            // same referrer again: nothing changes
    EXPECT_TRUE(referral_refusal(a, b, 1, std::nullopt));  // first binding after bridging
}

TEST(RewardsReferral, LoopsAreRefused) {
    const std::string a = "0x00000000000000000000000000000000000000aa";
    const std::string b = "0x00000000000000000000000000000000000000bb";
    const std::string c = "0x00000000000000000000000000000000000000cc";
    const std::string d = "0x00000000000000000000000000000000000000dd";
    // b was referred by a: a may not now be referred by b.
    EXPECT_EQ(referral_refusal(a, b, 0, std::nullopt, {a}), "two wallets cannot refer each other");
    // c <- b <- a: a referred by c would close a ring of three.
    EXPECT_EQ(referral_refusal(a, c, 0, std::nullopt, {b, a}),
              "this referral would close a loop of referrals");
    EXPECT_FALSE(referral_refusal(a, c, 0, std::nullopt, {b, d}));  // an upline without a
}
