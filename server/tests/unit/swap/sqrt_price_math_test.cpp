#include "swap/sqrt_price_math.hpp"

#include <gtest/gtest.h>

#include "swap/tick_math.hpp"
#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;
using test::e18;

// encodePriceSqrt(1, 1) and encodePriceSqrt(121, 100) of the Uniswap tests
// (test/shared/utilities.ts).
const U256 kPrice1 = U256(1).shl(96);
const U256 kPrice121Over100 = dec("87150978765690771352898345369");
const u128 kMaxU128 = ~u128{0};

u128 l18(std::uint64_t n) {
    return to_u128(e18(n));
}

// Known answers from Uniswap v3-core test/SqrtPriceMath.spec.ts (#getNextSqrtPriceFromInput).
TEST(SqrtPriceMath, NextPriceFromInputMatchesUniswapSpec) {
    EXPECT_FALSE(get_next_sqrt_price_from_input(0, 0, *e18(1).div(10), false));
    EXPECT_FALSE(get_next_sqrt_price_from_input(1, 0, *e18(1).div(10), true));
    // input amount overflows the price
    EXPECT_EQ(
        get_next_sqrt_price_from_input(*U256(1).shl(160).sub(1), 1024, 1024, false).error().code,
        chain::Errc::overflow);
    // any input amount cannot underflow the price
    EXPECT_EQ(*get_next_sqrt_price_from_input(1, 1, U256(1).shl(255), true), U256(1));
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, to_u128(*e18(1).div(10)), 0, true), kPrice1);
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, to_u128(*e18(1).div(10)), 0, false),
              kPrice1);
    // the minimum price for max inputs
    const U256 sqrt_p = *U256(1).shl(160).sub(1);
    const U256 max_amount_no_overflow = *U256::max().sub(*from_u128(kMaxU128).shl(96).div(sqrt_p));
    EXPECT_EQ(*get_next_sqrt_price_from_input(sqrt_p, kMaxU128, max_amount_no_overflow, true),
              U256(1));
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, l18(1), *e18(1).div(10), false),
              dec("87150978765690771352898345369"));
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, l18(1), *e18(1).div(10), true),
              dec("72025602285694852357767227579"));
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, l18(10), U256(1).shl(100), true),
              dec("624999999995069620"));
    EXPECT_EQ(*get_next_sqrt_price_from_input(kPrice1, 1, *U256::max().div(2), true), U256(1));
}

// Known answers from Uniswap v3-core test/SqrtPriceMath.spec.ts (#getNextSqrtPriceFromOutput).
TEST(SqrtPriceMath, NextPriceFromOutputMatchesUniswapSpec) {
    EXPECT_FALSE(get_next_sqrt_price_from_output(0, 0, *e18(1).div(10), false));
    EXPECT_FALSE(get_next_sqrt_price_from_output(1, 0, *e18(1).div(10), true));
    const U256 price = dec("20282409603651670423947251286016");
    // output equal to or above the virtual reserves of token0 (4) or token1 (262144)
    EXPECT_FALSE(get_next_sqrt_price_from_output(price, 1024, 4, false));
    EXPECT_FALSE(get_next_sqrt_price_from_output(price, 1024, 5, false));
    EXPECT_FALSE(get_next_sqrt_price_from_output(price, 1024, 262145, true));
    EXPECT_FALSE(get_next_sqrt_price_from_output(price, 1024, 262144, true));
    EXPECT_EQ(*get_next_sqrt_price_from_output(price, 1024, 262143, true),
              dec("77371252455336267181195264"));
    EXPECT_EQ(*get_next_sqrt_price_from_output(kPrice1, to_u128(*e18(1).div(10)), 0, true),
              kPrice1);
    EXPECT_EQ(*get_next_sqrt_price_from_output(kPrice1, to_u128(*e18(1).div(10)), 0, false),
              kPrice1);
    EXPECT_EQ(*get_next_sqrt_price_from_output(kPrice1, l18(1), *e18(1).div(10), false),
              dec("88031291682515930659493278152"));
    EXPECT_EQ(*get_next_sqrt_price_from_output(kPrice1, l18(1), *e18(1).div(10), true),
              dec("71305346262837903834189555302"));
    EXPECT_FALSE(get_next_sqrt_price_from_output(kPrice1, 1, U256::max(), true));
    EXPECT_FALSE(get_next_sqrt_price_from_output(kPrice1, 1, U256::max(), false));
}

// Known answers from Uniswap v3-core test/SqrtPriceMath.spec.ts (#getAmount0Delta,
// #getAmount1Delta).
TEST(SqrtPriceMath, AmountDeltasMatchUniswapSpec) {
    const U256 price2 = dec("112045541949572279837463876454");  // encodePriceSqrt(2, 1)
    EXPECT_EQ(*get_amount0_delta(kPrice1, price2, 0, true), U256(0));
    EXPECT_EQ(*get_amount0_delta(kPrice1, kPrice1, 0, true), U256(0));
    EXPECT_EQ(*get_amount1_delta(kPrice1, price2, 0, true), U256(0));
    EXPECT_EQ(*get_amount0_delta(kPrice1, kPrice121Over100, l18(1), true),
              dec("90909090909090910"));
    EXPECT_EQ(*get_amount0_delta(kPrice1, kPrice121Over100, l18(1), false),
              dec("90909090909090909"));
    EXPECT_EQ(*get_amount1_delta(kPrice1, kPrice121Over100, l18(1), true),
              dec("100000000000000000"));
    EXPECT_EQ(*get_amount1_delta(kPrice1, kPrice121Over100, l18(1), false),
              dec("99999999999999999"));
    // prices whose product overflows 256 bits: encodePriceSqrt(2^90, 1) = 2^141 and (2^96, 1) =
    // 2^144
    U256 up = *get_amount0_delta(U256(1).shl(141), U256(1).shl(144), l18(1), true);
    U256 down = *get_amount0_delta(U256(1).shl(141), U256(1).shl(144), l18(1), false);
    EXPECT_EQ(up, *down.add(1));
}

// "swap computation: sqrtP * sqrtQ overflows" of test/SqrtPriceMath.spec.ts.
TEST(SqrtPriceMath, InputThenAmountRoundTripsWhenTheProductOverflows) {
    const U256 sqrt_p = dec("1025574284609383690408304870162715216695788925244");
    const u128 liquidity = test::dec128("50015962439936049619261659728067971248");
    U256 sqrt_q = *get_next_sqrt_price_from_input(sqrt_p, liquidity, 406, true);
    EXPECT_EQ(sqrt_q, dec("1025574284609383582644711336373707553698163132913"));
    EXPECT_EQ(*get_amount0_delta(sqrt_q, sqrt_p, liquidity, true), U256(406));
}

TEST(SqrtPriceMath, AmountDeltasIgnoreOrderAndRoundUpByAtMostOne) {
    test::RandomU256 rng(4242);
    for (int i = 0; i < 2000; ++i) {
        U256 a =
            *get_sqrt_ratio_at_tick(static_cast<std::int32_t>(rng.between(kMinTick, kMaxTick)));
        U256 b =
            *get_sqrt_ratio_at_tick(static_cast<std::int32_t>(rng.between(kMinTick, kMaxTick)));
        u128 liquidity = to_u128(rng.next(128));
        for (bool up : {false, true}) {
            EXPECT_EQ(*get_amount0_delta(a, b, liquidity, up),
                      *get_amount0_delta(b, a, liquidity, up));
            EXPECT_EQ(*get_amount1_delta(a, b, liquidity, up),
                      *get_amount1_delta(b, a, liquidity, up));
        }
        U256 down0 = *get_amount0_delta(a, b, liquidity, false);
        U256 up0 = *get_amount0_delta(a, b, liquidity, true);
        EXPECT_TRUE(up0 == down0 || up0 == *down0.add(1));
        U256 down1 = *get_amount1_delta(a, b, liquidity, false);
        U256 up1 = *get_amount1_delta(a, b, liquidity, true);
        EXPECT_TRUE(up1 == down1 || up1 == *down1.add(1));
    }
}

TEST(SqrtPriceMath, NextPriceMovesTheRightWayAndNeverOvershoots) {
    // Adding an input's price change back costs at most that input (the rounding protects the
    // pool); taking an output out always yields at least that output.
    test::RandomU256 rng(31337);
    int priced = 0;
    for (int i = 0; i < 2000; ++i) {
        U256 price =
            *get_sqrt_ratio_at_tick(static_cast<std::int32_t>(rng.between(-400000, 400000)));
        u128 liquidity = to_u128(rng.next(100)) + 1;
        U256 amount = rng.next(90);
        bool zero_for_one = (rng.raw() & 1) != 0;
        auto after_in = get_next_sqrt_price_from_input(price, liquidity, amount, zero_for_one);
        if (!after_in) {
            // Only a price pushed past 2^160 reverts (token1 in, liquidity too thin for it).
            EXPECT_FALSE(zero_for_one);
            EXPECT_EQ(after_in.error().code, chain::Errc::overflow);
            continue;
        }
        ++priced;
        if (zero_for_one) {
            EXPECT_LE(*after_in, price);
            EXPECT_LE(*get_amount0_delta(*after_in, price, liquidity, true), amount);
        } else {
            EXPECT_GE(*after_in, price);
            EXPECT_LE(*get_amount1_delta(price, *after_in, liquidity, true), amount);
        }
        auto after_out = get_next_sqrt_price_from_output(price, liquidity, amount, zero_for_one);
        if (!after_out) continue;  // more than the range holds
        if (zero_for_one) {
            EXPECT_LE(*after_out, price);
            EXPECT_GE(*get_amount1_delta(*after_out, price, liquidity, false), amount);
        } else {
            EXPECT_GE(*after_out, price);
            EXPECT_GE(*get_amount0_delta(price, *after_out, liquidity, false), amount);
        }
    }
    EXPECT_GT(priced, 1500);
}

TEST(SqrtPriceMath, SignedDeltasRoundTowardsThePool) {
    const i128 one_e18 = static_cast<i128>(l18(1));
    // Liquidity added: rounded up, owed to the pool (positive).
    EXPECT_EQ(*get_amount0_delta(kPrice1, kPrice121Over100, one_e18),
              I256::positive(dec("90909090909090910")));
    EXPECT_EQ(*get_amount1_delta(kPrice1, kPrice121Over100, one_e18),
              I256::positive(dec("100000000000000000")));
    // Liquidity removed: rounded down, paid by the pool (negative).
    EXPECT_EQ(*get_amount0_delta(kPrice1, kPrice121Over100, -one_e18),
              I256::negated(dec("90909090909090909")));
    EXPECT_EQ(*get_amount1_delta(kPrice1, kPrice121Over100, -one_e18),
              I256::negated(dec("99999999999999999")));
    EXPECT_EQ(get_amount0_delta(kPrice1, kPrice121Over100, i128{0})->to_dec(), "0");
}

TEST(SqrtPriceMath, Amount0DeltaRejectsAZeroPrice) {
    EXPECT_EQ(get_amount0_delta(0, kPrice1, l18(1), true).error().code,
              chain::Errc::swap_invalid_input);
}

}  // namespace
}  // namespace perch::swap
