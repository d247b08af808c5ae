#include "swap/swap_math.hpp"

#include <gtest/gtest.h>

#include "swap/sqrt_price_math.hpp"
#include "swap/tick_math.hpp"
#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;
using test::e18;

const U256 kPrice1 = U256(1).shl(96);  // encodePriceSqrt(1, 1)
const u128 kLiquidity2e18 = to_u128(e18(2));

// Cases from Uniswap v3-core test/SwapMath.spec.ts (#computeSwapStep), expected values as there.
TEST(SwapMath, ExactInCappedAtTargetOneForZero) {
    const U256 target = dec("79623317895830914510639640423");  // encodePriceSqrt(101, 100)
    auto step = *compute_swap_step(kPrice1, target, kLiquidity2e18, I256::positive(e18(1)), 600);
    EXPECT_EQ(step.amount_in, dec("9975124224178055"));
    EXPECT_EQ(step.fee_amount, dec("5988667735148"));
    EXPECT_EQ(step.amount_out, dec("9925619580021728"));
    EXPECT_LT(*step.amount_in.add(step.fee_amount), e18(1));
    EXPECT_EQ(step.sqrt_ratio_next_x96, target);
    EXPECT_LT(step.sqrt_ratio_next_x96,
              *get_next_sqrt_price_from_input(kPrice1, kLiquidity2e18, e18(1), false));
}

TEST(SwapMath, ExactOutCappedAtTargetOneForZero) {
    const U256 target = dec("79623317895830914510639640423");
    auto step = *compute_swap_step(kPrice1, target, kLiquidity2e18, I256::negated(e18(1)), 600);
    EXPECT_EQ(step.amount_in, dec("9975124224178055"));
    EXPECT_EQ(step.fee_amount, dec("5988667735148"));
    EXPECT_EQ(step.amount_out, dec("9925619580021728"));
    EXPECT_LT(step.amount_out, e18(1));
    EXPECT_EQ(step.sqrt_ratio_next_x96, target);
    EXPECT_LT(step.sqrt_ratio_next_x96,
              *get_next_sqrt_price_from_output(kPrice1, kLiquidity2e18, e18(1), false));
}

TEST(SwapMath, ExactInFullySpentOneForZero) {
    const U256 target = dec("250541448375047931186413801569");  // encodePriceSqrt(1000, 100)
    auto step = *compute_swap_step(kPrice1, target, kLiquidity2e18, I256::positive(e18(1)), 600);
    EXPECT_EQ(step.amount_in, dec("999400000000000000"));
    EXPECT_EQ(step.fee_amount, dec("600000000000000"));
    EXPECT_EQ(step.amount_out, dec("666399946655997866"));
    EXPECT_EQ(*step.amount_in.add(step.fee_amount), e18(1));
    EXPECT_LT(step.sqrt_ratio_next_x96, target);
    EXPECT_EQ(step.sqrt_ratio_next_x96,
              *get_next_sqrt_price_from_input(kPrice1, kLiquidity2e18, *e18(1).sub(step.fee_amount),
                                              false));
}

TEST(SwapMath, ExactOutFullyReceivedOneForZero) {
    const U256 target = dec("792281625142643375935439503360");  // encodePriceSqrt(10000, 100)
    auto step = *compute_swap_step(kPrice1, target, kLiquidity2e18, I256::negated(e18(1)), 600);
    EXPECT_EQ(step.amount_in, dec("2000000000000000000"));
    EXPECT_EQ(step.fee_amount, dec("1200720432259356"));
    EXPECT_EQ(step.amount_out, e18(1));
    EXPECT_LT(step.sqrt_ratio_next_x96, target);
    EXPECT_EQ(step.sqrt_ratio_next_x96,
              *get_next_sqrt_price_from_output(kPrice1, kLiquidity2e18, e18(1), false));
}

TEST(SwapMath, AmountOutIsCappedAtTheDesiredAmount) {
    auto step = *compute_swap_step(
        dec("417332158212080721273783715441582"), dec("1452870262520218020823638996"),
        test::dec128("159344665391607089467575320103"), I256::negated(1), 1);
    EXPECT_EQ(step.amount_in, U256(1));
    EXPECT_EQ(step.fee_amount, U256(1));
    EXPECT_EQ(step.amount_out, U256(1));  // would be 2 if not capped
    EXPECT_EQ(step.sqrt_ratio_next_x96, dec("417332158212080721273783715441581"));
}

TEST(SwapMath, TargetPriceOfOneUsesPartialInput) {
    const U256 remaining = dec("3915081100057732413702495386755767");
    auto step = *compute_swap_step(2, 1, 1, I256::positive(remaining), 1);
    EXPECT_EQ(step.amount_in, dec("39614081257132168796771975168"));
    EXPECT_EQ(step.fee_amount, dec("39614120871253040049813"));
    EXPECT_LE(*step.amount_in.add(step.fee_amount), remaining);
    EXPECT_EQ(step.amount_out, U256(0));
    EXPECT_EQ(step.sqrt_ratio_next_x96, U256(1));
}

TEST(SwapMath, EntireInputTakenAsFee) {
    auto step = *compute_swap_step(2413, dec("79887613182836312"),
                                   test::dec128("1985041575832132834610021537970"),
                                   I256::positive(10), 1872);
    EXPECT_EQ(step.amount_in, U256(0));
    EXPECT_EQ(step.fee_amount, U256(10));
    EXPECT_EQ(step.amount_out, U256(0));
    EXPECT_EQ(step.sqrt_ratio_next_x96, U256(2413));
}

TEST(SwapMath, IntermediateInsufficientLiquidityExactOut) {
    const U256 sqrt_p = dec("20282409603651670423947251286016");
    // Cases "handles intermediate insufficient liquidity in ... exact output case": the range's
    // virtual reserves are only 4 of token0 and 262144 of token1.
    const U256 up = *(*sqrt_p.mul(11)).div(10);
    auto step = *compute_swap_step(sqrt_p, up, 1024, I256::negated(4), 3000);
    EXPECT_EQ(step.amount_out, U256(0));
    EXPECT_EQ(step.sqrt_ratio_next_x96, up);
    EXPECT_EQ(step.amount_in, U256(26215));
    EXPECT_EQ(step.fee_amount, U256(79));

    const U256 down = *(*sqrt_p.mul(9)).div(10);
    step = *compute_swap_step(sqrt_p, down, 1024, I256::negated(263000), 3000);
    EXPECT_EQ(step.amount_out, U256(26214));
    EXPECT_EQ(step.sqrt_ratio_next_x96, down);
    EXPECT_EQ(step.amount_in, U256(1));
    EXPECT_EQ(step.fee_amount, U256(1));
}

TEST(SwapMath, ZeroLiquidityJumpsToTheTargetForFree) {
    const U256 target = *get_sqrt_ratio_at_tick(-600);
    auto step = *compute_swap_step(kPrice1, target, 0, I256::positive(e18(1)), 3000);
    EXPECT_EQ(step.sqrt_ratio_next_x96, target);
    EXPECT_EQ(step.amount_in, U256(0));
    EXPECT_EQ(step.amount_out, U256(0));
    EXPECT_EQ(step.fee_amount, U256(0));
}

TEST(SwapMath, RejectsAFeeOfOneHundredPercent) {
    EXPECT_EQ(compute_swap_step(kPrice1, 1, 1, I256::positive(1), 1'000'000).error().code,
              chain::Errc::swap_invalid_input);
}

// Invariants of SwapMath's echidna tests (contracts/test/SwapMathEchidnaTest.sol) on random steps.
TEST(SwapMath, RandomStepsKeepTheContractsInvariants) {
    test::RandomU256 rng(0xabcdef);
    for (int i = 0; i < 3000; ++i) {
        U256 current =
            *get_sqrt_ratio_at_tick(static_cast<std::int32_t>(rng.between(-300000, 300000)));
        U256 target =
            *get_sqrt_ratio_at_tick(static_cast<std::int32_t>(rng.between(-300000, 300000)));
        u128 liquidity = to_u128(rng.next(128));
        U256 magnitude = rng.next(128);
        if (magnitude.is_zero()) magnitude = 1;
        I256 remaining = I256::of(magnitude, (rng.raw() & 1) != 0);
        auto fee = static_cast<std::uint32_t>(rng.between(0, 999'999));
        auto step = compute_swap_step(current, target, liquidity, remaining, fee);
        ASSERT_TRUE(step.ok()) << step.error().message;
        const bool zero_for_one = current >= target;
        if (zero_for_one) {
            EXPECT_LE(step->sqrt_ratio_next_x96, current);
            EXPECT_GE(step->sqrt_ratio_next_x96, target);
        } else {
            EXPECT_GE(step->sqrt_ratio_next_x96, current);
            EXPECT_LE(step->sqrt_ratio_next_x96, target);
        }
        if (!remaining.negative) {
            EXPECT_LE(*step->amount_in.add(step->fee_amount), magnitude);
        } else {
            EXPECT_LE(step->amount_out, magnitude);
        }
        // Not reaching the target means the amount ran out.
        if (step->sqrt_ratio_next_x96 != target && !remaining.negative) {
            EXPECT_EQ(*step->amount_in.add(step->fee_amount), magnitude);
        }
        if (step->sqrt_ratio_next_x96 != target && remaining.negative) {
            EXPECT_EQ(step->amount_out, magnitude);
        }
        if (current == target) {
            EXPECT_TRUE(step->amount_in.is_zero() && step->amount_out.is_zero() &&
                        step->fee_amount.is_zero());
        }
    }
}

}  // namespace
}  // namespace perch::swap
