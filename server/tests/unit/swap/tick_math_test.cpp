#include "swap/tick_math.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;

TEST(TickMath, BoundsMatchTheContract) {
    // Uniswap v3-core test/TickMath.spec.ts (#getSqrtRatioAtTick, #MIN/MAX_SQRT_RATIO).
    EXPECT_EQ(get_sqrt_ratio_at_tick(kMinTick - 1).error().code, chain::Errc::swap_out_of_range);
    EXPECT_EQ(get_sqrt_ratio_at_tick(kMaxTick + 1).error().code, chain::Errc::swap_out_of_range);
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMinTick), dec("4295128739"));
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMinTick + 1), dec("4295343490"));
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMaxTick - 1),
              dec("1461373636630004318706518188784493106690254656249"));
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMaxTick),
              dec("1461446703485210103287273052203988822378723970342"));
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMinTick), kMinSqrtRatio);
    EXPECT_EQ(*get_sqrt_ratio_at_tick(kMaxTick), kMaxSqrtRatio);
    EXPECT_EQ(*get_sqrt_ratio_at_tick(0), U256(1).shl(96));
}

TEST(TickMath, SqrtRatioAtTickMatchesUniswapSnapshot) {
    // Uniswap v3-core test/__snapshots__/TickMath.spec.ts.snap ("#getSqrtRatioAtTick tick N
    // result").
    const std::vector<std::pair<std::int32_t, const char*>> cases = {
        {-50, "79030349367926598376800521322"},
        {-100, "78833030112140176575862854579"},
        {-250, "78244023372248365697264290337"},
        {-500, "77272108795590369356373805297"},
        {-1000, "75364347830767020784054125655"},
        {-2500, "69919044979842180277688105136"},
        {-3000, "68192822843687888778582228483"},
        {-4000, "64867181785621769311890333195"},
        {-5000, "61703726247759831737814779831"},
        {-50000, "6504256538020985011912221507"},
        {-150000, "43836292794701720435367485"},
        {-250000, "295440463448801648376846"},
        {-500000, "1101692437043807371"},
        {-738203, "7409801140451"},
        {50, "79426470787362580746886972461"},
        {100, "79625275426524748796330556128"},
        {250, "80224679980005306637834519095"},
        {500, "81233731461783161732293370115"},
        {1000, "83290069058676223003182343270"},
        {2500, "89776708723587163891445672585"},
        {3000, "92049301871182272007977902845"},
        {4000, "96768528593268422080558758223"},
        {5000, "101729702841318637793976746270"},
        {50000, "965075977353221155028623082916"},
        {150000, "143194173941309278083010301478497"},
        {250000, "21246587762933397357449903968194344"},
        {500000, "5697689776495288729098254600827762987878"},
        {738203, "847134979253254120489401328389043031315994541"},
    };
    for (const auto& [tick, expected] : cases) {
        EXPECT_EQ(*get_sqrt_ratio_at_tick(tick), dec(expected)) << "tick " << tick;
    }
}

TEST(TickMath, TickAtSqrtRatioMatchesUniswapSpecAndSnapshot) {
    // Uniswap v3-core test/TickMath.spec.ts (#getTickAtSqrtRatio).
    EXPECT_EQ(get_tick_at_sqrt_ratio(*kMinSqrtRatio.sub(1)).error().code,
              chain::Errc::swap_out_of_range);
    EXPECT_EQ(get_tick_at_sqrt_ratio(kMaxSqrtRatio).error().code, chain::Errc::swap_out_of_range);
    EXPECT_EQ(*get_tick_at_sqrt_ratio(kMinSqrtRatio), kMinTick);
    EXPECT_EQ(*get_tick_at_sqrt_ratio(dec("4295343490")), kMinTick + 1);
    EXPECT_EQ(*get_tick_at_sqrt_ratio(dec("1461373636630004318706518188784493106690254656249")),
              kMaxTick - 1);
    EXPECT_EQ(*get_tick_at_sqrt_ratio(*kMaxSqrtRatio.sub(1)), kMaxTick - 1);
    // test/__snapshots__/TickMath.spec.ts.snap ("#getTickAtSqrtRatio ratio R result"); the ratios
    // are the spec's encodePriceSqrt values (1e12:1 ... 1:1e12).
    const std::vector<std::pair<const char*, std::int32_t>> cases = {
        {"4295128739", -887272},
        {"79228162514264337593543", -276325},
        {"79228162514264337593543950", -138163},
        {"9903520314283042199192993792", -41591},
        {"28011385487393069959365969113", -20796},
        {"56022770974786139918731938227", -6932},
        {"79228162514264337593543950336", 0},
        {"112045541949572279837463876454", 6931},
        {"224091083899144559674927752909", 20795},
        {"633825300114114700748351602688", 41590},
        {"79228162514264337593543950336000", 138162},
        {"79228162514264337593543950336000000", 276324},
        {"1461446703485210103287273052203988822378723970341", 887271},
    };
    for (const auto& [ratio, expected] : cases) {
        EXPECT_EQ(*get_tick_at_sqrt_ratio(dec(ratio)), expected) << "ratio " << ratio;
    }
}

TEST(TickMath, TickOfRatioOfTickIsTheTick) {
    test::RandomU256 rng(20240611);
    std::vector<std::int32_t> ticks = {kMinTick, kMinTick + 1, -1, 0, 1, kMaxTick - 1};
    for (int i = 0; i < 5000; ++i) {
        ticks.push_back(static_cast<std::int32_t>(rng.between(kMinTick, kMaxTick - 1)));
    }
    for (std::int32_t tick : ticks) {
        U256 ratio = *get_sqrt_ratio_at_tick(tick);
        ASSERT_EQ(*get_tick_at_sqrt_ratio(ratio), tick);
        // One below the tick's ratio is the tick below: the rounding is tight.
        if (tick > kMinTick) {
            EXPECT_EQ(*get_tick_at_sqrt_ratio(*ratio.sub(1)), tick - 1);
        }
    }
}

TEST(TickMath, RandomRatiosLieBetweenTheirTickAndTheNext) {
    test::RandomU256 rng(99);
    const U256 span = *kMaxSqrtRatio.sub(kMinSqrtRatio);
    for (int i = 0; i < 3000; ++i) {
        // Spread over bit lengths: most prices that matter are far from the ends.
        U256 ratio = *(*rng.next(160).mod(span)).add(kMinSqrtRatio);
        std::int32_t tick = *get_tick_at_sqrt_ratio(ratio);
        EXPECT_LE(*get_sqrt_ratio_at_tick(tick), ratio);
        EXPECT_GT(*get_sqrt_ratio_at_tick(tick + 1), ratio);
    }
}

TEST(TickMath, RatioIsStrictlyIncreasing) {
    test::RandomU256 rng(7);
    for (int i = 0; i < 2000; ++i) {
        auto tick = static_cast<std::int32_t>(rng.between(kMinTick, kMaxTick - 1));
        EXPECT_LT(*get_sqrt_ratio_at_tick(tick), *get_sqrt_ratio_at_tick(tick + 1)) << tick;
    }
}

}  // namespace
}  // namespace perch::swap
