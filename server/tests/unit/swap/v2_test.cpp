#include "swap/v2.hpp"

#include <gtest/gtest.h>

#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;
using test::e18;

// Uniswap v2-periphery test/UniswapV2Router02.spec.ts (getAmountOut, getAmountIn).
TEST(V2, MatchesUniswapRouterSpec) {
    EXPECT_EQ(*v2_get_amount_out(2, 100, 100), U256(1));
    EXPECT_EQ(v2_get_amount_out(0, 100, 100).error().code, chain::Errc::swap_invalid_input);
    EXPECT_EQ(v2_get_amount_out(2, 0, 100).error().code, chain::Errc::swap_insufficient_liquidity);
    EXPECT_EQ(v2_get_amount_out(2, 100, 0).error().code, chain::Errc::swap_insufficient_liquidity);
    EXPECT_EQ(*v2_get_amount_in(1, 100, 100), U256(2));
    EXPECT_EQ(v2_get_amount_in(0, 100, 100).error().code, chain::Errc::swap_invalid_input);
    EXPECT_EQ(v2_get_amount_in(1, 0, 100).error().code, chain::Errc::swap_insufficient_liquidity);
    EXPECT_EQ(v2_get_amount_in(1, 100, 0).error().code, chain::Errc::swap_insufficient_liquidity);
}

TEST(V2, ThirtyBpsIsTheLibrarysFormula) {
    // 1 ETH into 100 ETH / 200,000 USDC: 1e18 * 997 * 2e11 / (100e18 * 1000 + 1e18 * 997).
    const U256 out = *v2_get_amount_out(e18(1), e18(100), 200'000'000'000ULL);
    EXPECT_EQ(out, U256(1'974'316'068ULL));
    EXPECT_EQ(out, *v2_get_amount_out(e18(1), e18(100), 200'000'000'000ULL, 30));
    // getAmountIn of that output buys it again, for no more than was paid.
    const U256 in = *v2_get_amount_in(out, e18(100), 200'000'000'000ULL);
    EXPECT_LE(in, e18(1));
    EXPECT_EQ(*v2_get_amount_out(in, e18(100), 200'000'000'000ULL), out);
}

TEST(V2, OtherFeesModelForks) {
    // 25 bps (PancakeSwap V2: 9975 / 10000) and a fee-free pair.
    EXPECT_EQ(*v2_get_amount_out(10'000, 1'000'000, 1'000'000, 25),
              U256(9975ULL * 10'000 * 1'000'000 / (1'000'000ULL * 10'000 + 9975ULL * 10'000)));
    EXPECT_EQ(*v2_get_amount_out(10'000, 1'000'000, 1'000'000, 0), U256(9900));
    // 9900 * 1e6 / 990100 = 9998.99..., + 1: 9999 already buys 9900.
    EXPECT_EQ(*v2_get_amount_in(9900, 1'000'000, 1'000'000, 0), U256(9999));
    EXPECT_EQ(*v2_get_amount_out(9999, 1'000'000, 1'000'000, 0), U256(9900));
    EXPECT_EQ(v2_get_amount_out(1, 1, 1, 10'000).error().code, chain::Errc::swap_invalid_input);
}

TEST(V2, AmountInNeedsOutputBelowTheReserve) {
    EXPECT_EQ(v2_get_amount_in(100, 100, 100).error().code,
              chain::Errc::swap_insufficient_liquidity);
    EXPECT_EQ(v2_get_amount_in(101, 100, 100).error().code,
              chain::Errc::swap_insufficient_liquidity);
    EXPECT_TRUE(v2_get_amount_in(99, 100, 100).ok());
}

TEST(V2, OverflowIsAnError) {
    EXPECT_EQ(v2_get_amount_out(U256::max(), 1, 1).error().code, chain::Errc::overflow);
    EXPECT_EQ(v2_get_amount_in(1, U256::max(), 2).error().code, chain::Errc::overflow);
}

TEST(V2, RoundTripsFavourThePairAndOutputGrowsWithInput) {
    test::RandomU256 rng(2718);
    for (int i = 0; i < 2000; ++i) {
        U256 reserve_in = *rng.next(112).add(1000), reserve_out = *rng.next(112).add(1000);
        U256 amount = *rng.next(100).add(1);
        auto out = v2_get_amount_out(amount, reserve_in, reserve_out);
        ASSERT_TRUE(out.ok());
        EXPECT_LT(*out, reserve_out);
        auto more = v2_get_amount_out(*amount.add(amount), reserve_in, reserve_out);
        EXPECT_GE(*more, *out);
        if (out->is_zero()) continue;
        // Buying that output again never costs more than was paid.
        U256 in = *v2_get_amount_in(*out, reserve_in, reserve_out);
        EXPECT_LE(in, amount);
        EXPECT_GE(*v2_get_amount_out(in, reserve_in, reserve_out), *out);
    }
}

}  // namespace
}  // namespace perch::swap
