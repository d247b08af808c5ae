#include "swap/v3_pool.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "swap/swap_math.hpp"
#include "swap/tick_math.hpp"
#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;
using test::e18;

struct Position {
    std::int32_t lower;
    std::int32_t upper;
    u128 liquidity;
};

// A pool as minting these positions at this price leaves it (Position.update + Tick.update).
V3Pool make_pool(std::uint32_t fee, std::int32_t spacing, const U256& sqrt_price,
                 const std::vector<Position>& positions) {
    V3Pool pool;
    pool.fee = fee;
    pool.tick_spacing = spacing;
    pool.sqrt_price_x96 = sqrt_price;
    pool.tick = *get_tick_at_sqrt_ratio(sqrt_price);
    for (const Position& p : positions) {
        pool.ticks[p.lower] += static_cast<i128>(p.liquidity);
        pool.ticks[p.upper] -= static_cast<i128>(p.liquidity);
        if (p.lower <= pool.tick && pool.tick < p.upper) pool.liquidity += p.liquidity;
    }
    return pool;
}

// The snapshot's data, see v3_pool_swap_vectors.inc.
struct SnapshotPosition {
    std::int32_t lower;
    std::int32_t upper;
    const char* liquidity;
};
struct SnapshotPool {
    const char* name;
    std::uint32_t fee;
    std::int32_t spacing;
    const char* sqrt_price;
    std::vector<SnapshotPosition> positions;
};
struct SnapshotSwap {
    const char* name;
    bool zero_for_one;
    const char* amount_specified;
    const char* sqrt_price_limit;  // nullptr: MIN + 1 or MAX - 1, as the spec's helpers use
};
struct SnapshotResult {
    int pool;
    int swap;
    bool reverted;
    const char* amount0;
    const char* amount1;
    std::int32_t tick_before;
    std::int32_t tick_after;
};
#include "v3_pool_swap_vectors.inc"

V3Pool snapshot_pool(const SnapshotPool& spec) {
    std::vector<Position> positions;
    for (const auto& p : spec.positions)
        positions.push_back({p.lower, p.upper, test::dec128(p.liquidity)});
    return make_pool(spec.fee, spec.spacing, dec(spec.sqrt_price), positions);
}

// Every swap of Uniswap v3-core's UniswapV3Pool.swaps.spec.ts over its 15 pools (240 swaps):
// the pool's balance changes and tick after the swap equal the contract's, to the wei.
TEST(V3Pool, MatchesUniswapPoolSwapSnapshot) {
    ASSERT_EQ(kSnapshotResults.size(), kSnapshotPools.size() * kSnapshotSwaps.size());
    for (const SnapshotResult& expected : kSnapshotResults) {
        const SnapshotPool& spec = kSnapshotPools[static_cast<std::size_t>(expected.pool)];
        const SnapshotSwap& swap = kSnapshotSwaps[static_cast<std::size_t>(expected.swap)];
        SCOPED_TRACE(std::string(spec.name) + " / " + swap.name);
        const V3Pool pool = snapshot_pool(spec);
        ASSERT_EQ(pool.tick, expected.tick_before);
        const U256 limit = swap.sqrt_price_limit ? dec(swap.sqrt_price_limit)
                                                 : default_price_limit(swap.zero_for_one);
        auto result =
            simulate_swap(pool, swap.zero_for_one, test::sdec(swap.amount_specified), limit);
        if (expected.reverted) {
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.error().code, chain::Errc::swap_invalid_input);  // 'SPL'
            continue;
        }
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_EQ(result->amount0.to_dec(), expected.amount0);
        EXPECT_EQ(result->amount1.to_dec(), expected.amount1);
        EXPECT_EQ(result->tick, expected.tick_after);
    }
}

std::map<std::int32_t, i128> initialized(const std::vector<std::int32_t>& ticks) {
    std::map<std::int32_t, i128> out;
    for (std::int32_t t : ticks) out[t] = 1;
    return out;
}

// Uniswap v3-core test/TickBitmap.spec.ts (#nextInitializedTickWithinOneWord), tick spacing 1.
TEST(V3Pool, NextInitializedTickMatchesTickBitmapSpec) {
    auto ticks = initialized({-200, -55, -4, 70, 78, 84, 139, 240, 535});
    auto next = [&](std::int32_t tick, bool lte) {
        NextTick n = *next_initialized_tick_within_one_word(ticks, tick, 1, lte);
        return std::pair{n.tick, n.initialized};
    };
    // lte = false
    EXPECT_EQ(next(78, false), std::pair(84, true));
    EXPECT_EQ(next(-55, false), std::pair(-4, true));
    EXPECT_EQ(next(77, false), std::pair(78, true));
    EXPECT_EQ(next(-56, false), std::pair(-55, true));
    EXPECT_EQ(next(255, false), std::pair(511, false));
    EXPECT_EQ(next(-257, false), std::pair(-200, true));
    EXPECT_EQ(next(508, false), std::pair(511, false));
    EXPECT_EQ(next(383, false), std::pair(511, false));
    // lte = true
    EXPECT_EQ(next(78, true), std::pair(78, true));
    EXPECT_EQ(next(79, true), std::pair(78, true));
    EXPECT_EQ(next(258, true), std::pair(256, false));
    EXPECT_EQ(next(256, true), std::pair(256, false));
    EXPECT_EQ(next(72, true), std::pair(70, true));
    EXPECT_EQ(next(-257, true), std::pair(-512, false));
    EXPECT_EQ(next(1023, true), std::pair(768, false));
    EXPECT_EQ(next(900, true), std::pair(768, false));
    ticks[340] = 1;  // flipTick(340)
    EXPECT_EQ(next(328, false), std::pair(340, true));
    ticks.erase(340);
    ticks[329] = 1;  // flipTick(329)
    EXPECT_EQ(next(456, true), std::pair(329, true));
}

TEST(V3Pool, NextInitializedTickScalesWithSpacingAndRoundsDown) {
    auto ticks = initialized({-120, 60, 15360});
    // Tick -1 with spacing 60 is compressed to -1 (towards negative infinity), not 0.
    NextTick n = *next_initialized_tick_within_one_word(ticks, -1, 60, true);
    EXPECT_EQ(n.tick, -120);
    EXPECT_TRUE(n.initialized);
    n = *next_initialized_tick_within_one_word(ticks, -1, 60, false);
    EXPECT_EQ(n.tick, 60);
    // A word is 256 spacings: 15360 = 256 * 60 starts the next word.
    n = *next_initialized_tick_within_one_word(ticks, 60, 60, false);
    EXPECT_EQ(n.tick, 15300);
    EXPECT_FALSE(n.initialized);
    EXPECT_FALSE(next_initialized_tick_within_one_word(initialized({61}), 0, 60, false).ok());
}

const std::vector<Position> kLayered = {
    {-600, 600, to_u128(e18(1))},
    {-180, 120, to_u128(*e18(1).div(2))},
    {240, 900, to_u128(*e18(1).div(5))},
};

// Sum of (in + fee) and out over consecutive full ranges [prices[i], prices[i+1]] with the
// liquidity of each, the way computeSwapStep charges a step that reaches its target.
struct RangeTotals {
    U256 in;
    U256 out;
};
RangeTotals full_ranges(const std::vector<std::int32_t>& ticks, const std::vector<u128>& liquidity,
                        std::uint32_t fee) {
    RangeTotals totals;
    for (std::size_t i = 0; i + 1 < ticks.size(); ++i) {
        U256 from = *get_sqrt_ratio_at_tick(ticks[i]), to = *get_sqrt_ratio_at_tick(ticks[i + 1]);
        SwapStep step =
            *compute_swap_step(from, to, liquidity[i], I256::positive(U256::max().shr(2)), fee);
        EXPECT_EQ(step.sqrt_ratio_next_x96, to);
        totals.in = *(*totals.in.add(step.amount_in)).add(step.fee_amount);
        totals.out = *totals.out.add(step.amount_out);
    }
    return totals;
}

TEST(V3Pool, CrossesPositiveAndNegativeLiquidityNetUpwards) {
    const V3Pool pool = make_pool(3000, 60, U256(1).shl(96), kLayered);
    ASSERT_EQ(pool.liquidity, to_u128(*e18(3).div(2)));
    const U256 limit = *get_sqrt_ratio_at_tick(1200);
    auto r = *simulate_swap(pool, false, I256::positive(e18(1000)), limit);
    EXPECT_EQ(r.ticks_crossed, (std::vector<std::int32_t>{120, 240, 600, 900}));
    EXPECT_EQ(r.sqrt_price_x96, limit);
    EXPECT_EQ(r.tick, 1200);
    EXPECT_EQ(r.liquidity, 0U);  // above every position
    // The same amounts as the five ranges taken whole, one step each (all in one bitmap word).
    const u128 a = to_u128(e18(1)), b = to_u128(*e18(1).div(2)), c = to_u128(*e18(1).div(5));
    RangeTotals expected =
        full_ranges({0, 120, 240, 600, 900, 1200}, {a + b, a, a + c, c, 0}, 3000);
    EXPECT_EQ(r.amount1, I256::positive(expected.in));
    EXPECT_EQ(r.amount0, I256::negated(expected.out));
}

TEST(V3Pool, CrossesPositiveAndNegativeLiquidityNetDownwards) {
    V3Pool pool = make_pool(3000, 60, *get_sqrt_ratio_at_tick(1200), kLayered);
    ASSERT_EQ(pool.liquidity, 0U);
    const U256 limit = *get_sqrt_ratio_at_tick(-300);
    auto r = *simulate_swap(pool, true, I256::positive(e18(1000)), limit);
    EXPECT_EQ(r.ticks_crossed, (std::vector<std::int32_t>{900, 600, 240, 120, -180}));
    EXPECT_EQ(r.sqrt_price_x96, limit);
    EXPECT_EQ(r.tick, -300);
    EXPECT_EQ(r.liquidity, to_u128(e18(1)));  // only [-600, 600] is left in range
    const u128 a = to_u128(e18(1)), b = to_u128(*e18(1).div(2)), c = to_u128(*e18(1).div(5));
    // Tick 0 is no position's end but the start of a bitmap word: the pool stops there too.
    RangeTotals expected = full_ranges({1200, 900, 600, 240, 120, 0, -180, -300},
                                       {0, c, a + c, a, a + b, a + b, a}, 3000);
    EXPECT_EQ(r.amount0, I256::positive(expected.in));
    EXPECT_EQ(r.amount1, I256::negated(expected.out));
    // Applying the result leaves the pool where a fresh one at that price would be.
    apply_swap(pool, r);
    const V3Pool fresh = make_pool(3000, 60, limit, kLayered);
    EXPECT_EQ(pool.liquidity, fresh.liquidity);
    EXPECT_EQ(pool.tick, fresh.tick);
}

// With no initialized tick nearby the pool still stops at every bitmap word's end (256 tick
// spacings), and rounding makes those extra steps part of the result: replay them by hand.
TEST(V3Pool, StepsAtBitmapWordBoundariesLikeThePool) {
    const u128 liquidity = to_u128(e18(1));
    const V3Pool pool = make_pool(500, 1, U256(1).shl(96), {{kMinTick, kMaxTick, liquidity}});
    const U256 amount = *e18(1).div(10);  // about 1900 ticks up
    auto r = *simulate_swap(pool, false, I256::positive(amount), default_price_limit(false));
    EXPECT_TRUE(r.ticks_crossed.empty());
    U256 price = pool.sqrt_price_x96, remaining = amount, out = 0;
    int steps = 0;
    for (std::int32_t boundary = 255; !remaining.is_zero(); boundary += 256, ++steps) {
        SwapStep step = *compute_swap_step(price, *get_sqrt_ratio_at_tick(boundary), liquidity,
                                           I256::positive(remaining), 500);
        price = step.sqrt_ratio_next_x96;
        remaining = *(*remaining.sub(step.amount_in)).sub(step.fee_amount);
        out = *out.add(step.amount_out);
    }
    EXPECT_GT(steps, 5);
    EXPECT_EQ(r.amount1, I256::positive(amount));
    EXPECT_EQ(r.amount0, I256::negated(out));
    EXPECT_EQ(r.sqrt_price_x96, price);
    EXPECT_EQ(r.tick, *get_tick_at_sqrt_ratio(price));
}

TEST(V3Pool, StopsAtThePriceLimit) {
    const V3Pool pool = make_pool(3000, 60, U256(1).shl(96), kLayered);
    const U256 limit = *get_sqrt_ratio_at_tick(-100);
    auto r = *simulate_swap(pool, true, I256::positive(e18(1000)), limit);
    EXPECT_EQ(r.sqrt_price_x96, limit);
    EXPECT_EQ(r.tick, -100);
    EXPECT_TRUE(r.ticks_crossed.empty());
    EXPECT_LT(r.amount0.magnitude, e18(1000));  // the rest of the input is left unspent
    EXPECT_TRUE(r.amount1.negative);
    // A limit between two ticks: the tick is the one below the price.
    const U256 between = *(*get_sqrt_ratio_at_tick(-101)).add(1);
    r = *simulate_swap(pool, true, I256::positive(e18(1000)), between);
    EXPECT_EQ(r.sqrt_price_x96, between);
    EXPECT_EQ(r.tick, -101);
}

TEST(V3Pool, ExactOutputGivesExactlyTheAmount) {
    const V3Pool pool = make_pool(3000, 60, U256(1).shl(96), kLayered);
    const U256 wanted = *e18(1).div(100);  // crosses 120 on the way
    auto out = *simulate_swap(pool, false, I256::negated(wanted), default_price_limit(false));
    EXPECT_EQ(out.amount0, I256::negated(wanted));
    EXPECT_EQ(out.ticks_crossed, (std::vector<std::int32_t>{120}));
    // Paying that input exactly gets at least the amount (the pool rounds in its own favour).
    auto in = *simulate_swap(pool, false, out.amount1, default_price_limit(false));
    EXPECT_EQ(in.amount1, out.amount1);
    EXPECT_GE(in.amount0.magnitude, wanted);
    EXPECT_TRUE(in.amount0.negative);
}

TEST(V3Pool, ZeroLiquidityEverywhereMovesThePriceForNothing) {
    const V3Pool pool = make_pool(3000, 60, U256(1).shl(96), {});
    const U256 limit = *get_sqrt_ratio_at_tick(-6000);
    auto r = *simulate_swap(pool, true, I256::positive(1000), limit);
    EXPECT_EQ(r.amount0.to_dec(), "0");
    EXPECT_EQ(r.amount1.to_dec(), "0");
    EXPECT_EQ(r.sqrt_price_x96, limit);
    EXPECT_EQ(r.tick, -6000);
}

TEST(V3Pool, RejectsWhatThePoolWouldRevert) {
    const V3Pool pool = make_pool(3000, 60, U256(1).shl(96), kLayered);
    EXPECT_EQ(simulate_swap(pool, true, I256::positive(0), default_price_limit(true)).error().code,
              chain::Errc::swap_invalid_input);  // 'AS'
    // 'SPL': the limit on the wrong side of the price, or at the absolute bounds.
    EXPECT_FALSE(simulate_swap(pool, true, I256::positive(1), *pool.sqrt_price_x96.add(1)));
    EXPECT_FALSE(simulate_swap(pool, false, I256::positive(1), *pool.sqrt_price_x96.sub(1)));
    EXPECT_FALSE(simulate_swap(pool, true, I256::positive(1), kMinSqrtRatio));
    EXPECT_FALSE(simulate_swap(pool, false, I256::positive(1), kMaxSqrtRatio));
    EXPECT_FALSE(simulate_swap(pool, true, I256::positive(1), pool.sqrt_price_x96));
    // A tick map that would take the liquidity below zero ('LS').
    V3Pool broken = pool;
    broken.ticks[-180] = static_cast<i128>(e18(5).low_u64());
    EXPECT_EQ(simulate_swap(broken, true, I256::positive(e18(1000)), default_price_limit(true))
                  .error()
                  .code,
              chain::Errc::swap_insufficient_liquidity);
    // An initialized tick that is not on the spacing.
    V3Pool off = pool;
    off.ticks[61] = 1;
    EXPECT_FALSE(simulate_swap(off, false, I256::positive(e18(1000)), default_price_limit(false)));
}

TEST(V3Pool, AddDeltaChecksBothWays) {
    EXPECT_EQ(*add_delta(1, 0), 1U);
    EXPECT_EQ(*add_delta(1, -1), 0U);
    EXPECT_EQ(*add_delta(1, 1), 2U);
    EXPECT_EQ(add_delta(0, -1).error().code, chain::Errc::swap_insufficient_liquidity);  // 'LS'
    EXPECT_EQ(add_delta(~u128{0}, 1).error().code, chain::Errc::overflow);               // 'LA'
}

// Random pools and amounts: more input never buys less, the input is used up unless the price
// limit stops the swap, and output never exceeds what the pool's positions hold.
TEST(V3Pool, RandomSwapsAreMonotoneAndSpendTheirInput) {
    test::RandomU256 rng(0x7001);
    for (int round = 0; round < 60; ++round) {
        std::vector<Position> positions;
        for (int i = 0; i < 6; ++i) {
            auto lower = static_cast<std::int32_t>(rng.between(-300, 299)) * 60;
            auto width = static_cast<std::int32_t>(rng.between(1, 200)) * 60;
            positions.push_back({lower, lower + width, to_u128(rng.next(80)) + 1});
        }
        const std::int32_t start = static_cast<std::int32_t>(rng.between(-20000, 20000));
        const V3Pool pool = make_pool(3000, 60, *get_sqrt_ratio_at_tick(start), positions);
        const bool zero_for_one = (rng.raw() & 1) != 0;
        U256 previous_out = 0;
        U256 amount = rng.next(60);
        for (int k = 0; k < 6; ++k, amount = *amount.mul(3)) {
            if (amount.is_zero()) amount = 1;
            auto r = simulate_swap(pool, zero_for_one, I256::positive(amount),
                                   default_price_limit(zero_for_one));
            ASSERT_TRUE(r.ok()) << r.error().message;
            const I256& in = zero_for_one ? r->amount0 : r->amount1;
            const I256& out = zero_for_one ? r->amount1 : r->amount0;
            EXPECT_FALSE(in.negative);
            EXPECT_TRUE(out.negative || out.is_zero());
            EXPECT_LE(in.magnitude, amount);
            if (r->sqrt_price_x96 != default_price_limit(zero_for_one)) {
                EXPECT_EQ(in.magnitude, amount);
            }
            EXPECT_GE(out.magnitude, previous_out);
            previous_out = out.magnitude;
        }
    }
}

}  // namespace
}  // namespace perch::swap
