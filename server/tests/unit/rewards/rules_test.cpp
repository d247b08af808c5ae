// The points rules (rewards/rules.hpp): calendar, special days and consecutive-day streaks,
// check-in points and top-ups, bridge points with boosts, referral share and binding.
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
    // A bridge of the reference value (100 USD, 10,000 cents) earns the base × its boost.
    const BridgeValueRule rule;
    EXPECT_EQ(bridge_points(150, 1, 10000, rule), 150);
    EXPECT_EQ(bridge_points(150, 2, 10000, rule), 150);
    EXPECT_EQ(bridge_points(150, 3, 10000, rule), 165);    // 1.1x at 3
    EXPECT_EQ(bridge_points(300, 10, 10000, rule), 360);   // 1.2x at 10
    EXPECT_EQ(bridge_points(100, 50, 10000, rule), 130);   // 1.3x at 50
    EXPECT_EQ(bridge_points(150, 100, 10000, rule), 225);  // 1.5x at 100
    EXPECT_EQ(boost_tenths(99), 13);
}

TEST(RewardsBridge, PointsGrowWithValueUpToTheCap) {
    const BridgeValueRule rule;  // reference 100 USD, cap 10,000 USD
    // 0.001 ETH at 3,000 USD (the route's minimum): 3 USD of the reference's 150 points.
    EXPECT_EQ(bridge_points(150, 1, 300, rule), 4);  // floor(150 × 3 / 100)
    EXPECT_EQ(bridge_points(150, 1, 5000, rule), 75);
    EXPECT_EQ(bridge_points(150, 1, 1000000, rule), 15000);  // the cap: 100 × the reference
    EXPECT_EQ(bridge_points(150, 1, 5000000, rule), 15000);  // past the cap: no more
    EXPECT_EQ(bridge_points(150, 3, 1000000, rule), 16500);  // the boost applies on top
    // A completed bridge earns at least 1, however small or unpriced.
    EXPECT_EQ(bridge_points(100, 1, 1, rule), 1);
    EXPECT_EQ(bridge_points(100, 1, 0, rule), 1);
    EXPECT_EQ(bridge_points(100, 1, -5, rule), 1);
    // Another reference and cap from the config.
    const BridgeValueRule small{10, 50};
    EXPECT_EQ(bridge_points(100, 1, 1000, small), 100);
    EXPECT_EQ(bridge_points(100, 1, 2500, small), 250);
    EXPECT_EQ(bridge_points(100, 1, 9000, small), 500);
}

TEST(RewardsBridge, OnlyBridgesOfTheReferenceValueClimbTheBoostTiers) {
    const BridgeValueRule rule;
    EXPECT_FALSE(counts_for_boost(300, rule));
    EXPECT_FALSE(counts_for_boost(9999, rule));
    EXPECT_TRUE(counts_for_boost(10000, rule));
    EXPECT_TRUE(counts_for_boost(2000000, rule));
}

// The attack: one bridge split into N smaller ones, each earning at least the 1-point minimum on
// its own (every route's minimum is worth far more than reference / base: 0.67 USD for ETH's 150,
// 1 USD for USDC's 100), never earns more than the whole (up to the cap), for any boost and split.
TEST(RewardsBridge, SplittingABridgeNeverEarnsMoreThanTheWhole) {
    const BridgeValueRule rule;
    std::uint64_t seed = 88172645463325252ULL;  // xorshift: the same splits on every run
    auto next = [&seed] {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return seed;
    };
    for (int trial = 0; trial < 20000; ++trial) {
        const std::int64_t base = trial % 3 == 0 ? 300 : trial % 3 == 1 ? 150 : 100;
        const std::int64_t boost_bridges = static_cast<std::int64_t>(next() % 120);
        const std::int64_t least = 10000 / base + 1;  // the smallest part earning 1 by its value
        const std::int64_t parts = 2 + static_cast<std::int64_t>(next() % 40);
        std::int64_t total = 0, split = 0;
        for (std::int64_t i = 0; i < parts; ++i) {
            // Wholes up to the cap: past it, parts below the cap earn what the cap keeps from
            // the whole, which is what a cap is for (each part is a bridge of real value).
            const auto room = static_cast<std::uint64_t>(rule.cap_usd * 100 / parts - least);
            const auto part = least + static_cast<std::int64_t>(next() % room);
            total += part;
            split += bridge_points(base, boost_bridges, part, rule);
        }
        ASSERT_LE(split, bridge_points(base, boost_bridges, total, rule))
            << "base " << base << ", " << parts << " parts of " << total << " cents";
    }
}

TEST(RewardsBridge, ValueOfADeposit) {
    EXPECT_EQ(value_cents("1000000000000000", 18, 3000.0), 300);                   // 0.001 ETH
    EXPECT_EQ(value_cents("2500000", 6, 1.0), 250);                                // 2.5 USDC
    EXPECT_EQ(value_cents("1999999", 6, 1.0), 199);                                // rounded down
    EXPECT_EQ(value_cents("1000000", 6, 0.0), 0);                                  // no price
    EXPECT_EQ(value_cents("12x", 6, 1.0), 0);                                      // unreadable
    EXPECT_EQ(value_cents("1" + std::string(70, '0'), 0, 1.0), 1000000000000000);  // bounded
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
