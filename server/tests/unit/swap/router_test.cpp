#include "swap/router.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "swap/full_math.hpp"
#include "swap/sqrt_price_math.hpp"
#include "swap/swap_math.hpp"
#include "swap/tick_math.hpp"
#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using test::e18;

chain::Address addr(std::uint8_t tag, std::uint8_t kind = 0xaa) {
    chain::Address out;
    out.bytes[0] = kind;
    out.bytes[19] = tag;
    return out;
}
// Tokens: 0xaa..NN; pools: 0xbb..NN.
chain::Address token(std::uint8_t n) {
    return addr(n);
}
const chain::Address kWeth = token(1);

Pool v2(std::uint8_t id, std::uint8_t t0, std::uint8_t t1, const U256& r0, const U256& r1,
        std::string venue = "uniswap-v2") {
    return Pool{addr(id, 0xbb), std::move(venue), token(t0), token(t1), V2Pair{r0, r1}};
}

// A V3 pool at price 1 (tick 0) with one position over [-range, range].
Pool v3(std::uint8_t id, std::uint8_t t0, std::uint8_t t1, u128 liquidity, std::int32_t range,
        std::uint32_t fee = 3000) {
    V3Pool state;
    state.fee = fee;
    state.tick_spacing = 60;
    state.sqrt_price_x96 = kQ96;
    state.tick = 0;
    state.liquidity = liquidity;
    state.ticks[-range] = static_cast<i128>(liquidity);
    state.ticks[range] = -static_cast<i128>(liquidity);
    return Pool{addr(id, 0xbb), "uniswap-v3", token(t0), token(t1), state};
}

PoolSet make_set(std::vector<Pool> pools) {
    PoolSet set;
    for (auto& pool : pools) EXPECT_TRUE(set.upsert(std::move(pool)).ok());
    return set;
}

QuoteOptions no_gas() {
    QuoteOptions options;
    options.wrapped_native = kWeth;
    return options;
}

QuoteOptions with_gas(std::uint64_t gas_price_wei) {
    QuoteOptions options = no_gas();
    options.gas_price_wei = U256(gas_price_wei);
    return options;
}

U256 v2_out(const U256& in, const U256& r_in, const U256& r_out) {
    return *v2_get_amount_out(in, r_in, r_out);
}

U256 sum_in(const Quote& quote) {
    U256 total;
    for (const auto& path : quote.paths) total = *total.add(path.amount_in);
    return total;
}

// ---- PoolSet ----

TEST(PoolSet, IndexesTokensAndReplacesStateByAddress) {
    PoolSet set = make_set({v2(1, 1, 2, e18(10), e18(20)), v2(2, 2, 3, e18(5), e18(5))});
    EXPECT_EQ(set.pool_count(), 2u);
    EXPECT_EQ(set.token_count(), 3u);
    const TokenId middle = *set.find_token(token(2));
    EXPECT_EQ(set.edges(middle).size(), 2u);
    EXPECT_FALSE(set.find_token(token(9)).has_value());

    PoolSet next = set;  // the indexer's copy: shares the pools it does not replace
    auto id = next.upsert(v2(1, 1, 2, e18(11), e18(19)));
    ASSERT_TRUE(id.ok());
    EXPECT_EQ(*id, *set.find_pool(addr(1, 0xbb)));
    EXPECT_EQ(next.pool_count(), 2u);
    EXPECT_EQ(std::get<V2Pair>(next.pool(*id).state).reserve0, e18(11));
    EXPECT_EQ(std::get<V2Pair>(set.pool(*id).state).reserve0, e18(10));  // the old copy is intact
    EXPECT_EQ(&next.pool(1), &set.pool(1));                              // shared, not copied
}

TEST(PoolSet, RejectsInvalidPools) {
    PoolSet set = make_set({v2(1, 1, 2, e18(10), e18(20))});
    EXPECT_EQ(set.upsert(v2(1, 1, 3, e18(1), e18(1))).error().code, Errc::swap_invalid_input);
    EXPECT_EQ(set.upsert(v2(2, 4, 4, e18(1), e18(1))).error().code, Errc::swap_invalid_input);
    Pool bad = v3(3, 1, 2, 1'000'000, 600);
    std::get<V3Pool>(bad.state).tick = 5000;  // not the price's tick
    EXPECT_EQ(set.upsert(bad).error().code, Errc::swap_invalid_input);
    Pool off_spacing = v3(4, 1, 2, 1'000'000, 600);
    std::get<V3Pool>(off_spacing.state).ticks[7] = 1;
    EXPECT_EQ(set.upsert(off_spacing).error().code, Errc::swap_invalid_input);
}

TEST(PoolSet, HandlePublishesSnapshots) {
    PoolSetHandle handle;
    auto before = handle.load();
    EXPECT_EQ(before->pool_count(), 0u);
    auto next = std::make_shared<PoolSet>(*before);
    ASSERT_TRUE(next->upsert(v2(1, 1, 2, e18(1), e18(1))).ok());
    handle.store(std::move(next));
    EXPECT_EQ(handle.load()->pool_count(), 1u);
    EXPECT_EQ(before->pool_count(), 0u);  // a reader's snapshot does not move
}

// ---- Router ----

TEST(Router, SingleV2PoolEqualsTheMath) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(3000))});
    auto quote = best_quote(set, token(2), token(3), e18(7), no_gas());
    ASSERT_TRUE(quote.ok()) << quote.error().message;
    EXPECT_EQ(quote->amount_out, v2_out(e18(7), e18(1000), e18(3000)));
    ASSERT_EQ(quote->paths.size(), 1u);
    EXPECT_EQ(quote->paths[0].hops.size(), 1u);
    EXPECT_EQ(quote->paths[0].hops[0].pool, addr(1, 0xbb));
    EXPECT_EQ(quote->paths[0].hops[0].fee_ppm, 3000u);
    EXPECT_EQ(quote->gas_units, GasModel{}.base + GasModel{}.v2_hop);

    // The other direction swaps token1 for token0.
    auto back = best_quote(set, token(3), token(2), e18(7), no_gas());
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->amount_out, v2_out(e18(7), e18(3000), e18(1000)));
}

TEST(Router, SingleV3PoolEqualsTheSwapLoop) {
    Pool pool = v3(1, 2, 3, test::dec128("1000000000000000000000"), 600);
    const V3Pool state = std::get<V3Pool>(pool.state);
    PoolSet set = make_set({pool});
    for (bool zero_for_one : {true, false}) {
        const U256 amount = e18(20);
        auto quote = best_quote(set, token(zero_for_one ? 2 : 3), token(zero_for_one ? 3 : 2),
                                amount, no_gas());
        ASSERT_TRUE(quote.ok()) << quote.error().message;
        auto swap = simulate_swap(state, zero_for_one, I256::positive(amount),
                                  default_price_limit(zero_for_one));
        ASSERT_TRUE(swap.ok());
        EXPECT_EQ(quote->amount_out, (zero_for_one ? swap->amount1 : swap->amount0).magnitude);
        EXPECT_EQ(quote->paths[0].hops[0].kind, PoolKind::v3);
    }
}

TEST(Router, PicksTheBetterOfTwoVenues) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(3000), "uniswap-v2"),
                            v2(2, 2, 3, e18(1000), e18(3030), "sushi-v2")});
    auto quote = best_quote(set, token(2), token(3), e18(1), with_gas(1'000'000'000));
    ASSERT_TRUE(quote.ok());
    ASSERT_EQ(quote->paths.size(), 1u);
    EXPECT_EQ(quote->paths[0].hops[0].venue, "sushi-v2");
    EXPECT_EQ(quote->amount_out, v2_out(e18(1), e18(1000), e18(3030)));
}

TEST(Router, SplitsALargeTradeAcrossTwoEqualPools) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(1000), "uniswap-v2"),
                            v2(2, 2, 3, e18(1000), e18(1000), "sushi-v2")});
    const U256 amount = e18(200);
    auto quote = best_quote(set, token(2), token(3), amount, no_gas());
    ASSERT_TRUE(quote.ok());
    ASSERT_EQ(quote->paths.size(), 2u);
    const U256 single = v2_out(amount, e18(1000), e18(1000));
    EXPECT_GT(quote->amount_out, single);
    // Equal pools: an even split, and nothing better than it.
    const U256 half = v2_out(e18(100), e18(1000), e18(1000));
    EXPECT_EQ(quote->amount_out, *half.add(half));
    EXPECT_EQ(sum_in(*quote), amount);
}

TEST(Router, UsesATwoHopPathWhenNoPoolIsDirect) {
    PoolSet set = make_set({v2(1, 2, 4, e18(1000), e18(2000)), v2(2, 4, 3, e18(5000), e18(500))});
    auto quote = best_quote(set, token(2), token(3), e18(3), no_gas());
    ASSERT_TRUE(quote.ok());
    ASSERT_EQ(quote->paths.size(), 1u);
    ASSERT_EQ(quote->paths[0].hops.size(), 2u);
    EXPECT_EQ(quote->paths[0].hops[0].token_out, token(4));
    const U256 middle = v2_out(e18(3), e18(1000), e18(2000));
    EXPECT_EQ(quote->paths[0].hops[0].amount_out, middle);
    EXPECT_EQ(quote->amount_out, v2_out(middle, e18(5000), e18(500)));

    QuoteOptions one_hop = no_gas();
    one_hop.max_hops = 1;
    EXPECT_EQ(best_quote(set, token(2), token(3), e18(3), one_hop).error().code,
              Errc::swap_no_route);
}

TEST(Router, ThreeHopsWithV3InTheMiddle) {
    PoolSet set = make_set({v2(1, 2, 4, e18(1000), e18(1000)),
                            v3(2, 4, 5, test::dec128("100000000000000000000000"), 1200),
                            v2(3, 5, 3, e18(1000), e18(1000))});
    auto quote = best_quote(set, token(2), token(3), e18(1), no_gas());
    ASSERT_TRUE(quote.ok()) << quote.error().message;
    ASSERT_EQ(quote->paths[0].hops.size(), 3u);
    EXPECT_EQ(quote->gas_units, GasModel{}.base + 2 * GasModel{}.v2_hop + GasModel{}.v3_hop);
}

// Two equal WETH-out pools: the split's gain against the extra hop's gas decides.
TEST(Router, ASplitThatDoesNotPayItsGasIsNotUsed) {
    PoolSet set = make_set({v2(1, 2, 1, e18(1000), e18(1000), "uniswap-v2"),
                            v2(2, 2, 1, e18(1000), e18(1000), "sushi-v2")});
    const U256 amount = e18(10);
    const U256 single = v2_out(amount, e18(1000), e18(1000));
    const U256 half = v2_out(e18(5), e18(1000), e18(1000));
    const U256 gain = *(*half.add(half)).sub(single);  // ~0.05 WETH, in wei (WETH is the output)
    const std::uint64_t hop = GasModel{}.v2_hop;

    auto costly = best_quote(set, token(2), kWeth, amount, with_gas(2 * gain.low_u64() / hop));
    ASSERT_TRUE(costly.ok());
    EXPECT_EQ(costly->paths.size(), 1u);
    EXPECT_EQ(costly->amount_out, single);
    ASSERT_TRUE(costly->gas_cost_out.has_value());
    EXPECT_EQ(costly->gas_cost_wei, *U256(2 * gain.low_u64() / hop).mul(U256(costly->gas_units)));

    auto cheap = best_quote(set, token(2), kWeth, amount, with_gas(gain.low_u64() / hop / 2));
    ASSERT_TRUE(cheap.ok());
    EXPECT_EQ(cheap->paths.size(), 2u);
    EXPECT_EQ(cheap->amount_out, *half.add(half));
}

TEST(Router, GasIsValuedThroughTheNativeTokensPools) {
    // 1 WETH = 2000 of token 3; the quote's output is token 3.
    PoolSet set =
        make_set({v2(1, 1, 3, e18(1000), e18(2'000'000)), v2(2, 2, 3, e18(1000), e18(1000))});
    auto price = native_price(set, *set.find_token(token(3)), with_gas(1));
    ASSERT_TRUE(price.has_value());
    EXPECT_NEAR(*price, 1994.0, 2.0);  // 1 WETH sold: 0.3 % fee and a 0.1 % move
    auto quote = best_quote(set, token(2), token(3), e18(1), with_gas(1'000'000'000));
    ASSERT_TRUE(quote.ok());
    ASSERT_TRUE(quote->gas_cost_out.has_value());
    const double expected = 110'000.0 * 1e9 * *price;
    EXPECT_NEAR(to_double(*quote->gas_cost_out) / expected, 1.0, 1e-9);
}

TEST(Router, NativeZeroAddressTradesThroughWeth) {
    PoolSet set = make_set({v2(1, 1, 3, e18(1000), e18(1000))});
    auto quote = best_quote(set, chain::Address{}, token(3), e18(1), no_gas());
    ASSERT_TRUE(quote.ok());
    EXPECT_EQ(quote->token_in, chain::Address{});
    EXPECT_EQ(quote->paths[0].hops[0].token_in, kWeth);
}

TEST(Router, ErrorsAreValues) {
    PoolSet set = make_set({v2(1, 2, 3, e18(10), e18(10)), v2(2, 4, 5, e18(10), e18(10))});
    EXPECT_EQ(best_quote(set, token(2), token(9), e18(1)).error().code, Errc::swap_no_route);
    EXPECT_EQ(best_quote(set, token(2), token(5), e18(1)).error().code, Errc::swap_no_route);
    EXPECT_EQ(best_quote(set, token(2), token(3), U256(0)).error().code, Errc::swap_invalid_input);
    EXPECT_EQ(best_quote(set, token(2), token(2), e18(1)).error().code, Errc::swap_invalid_input);

    // A V3 pool whose only position ends 2 % away cannot take 1000 times its depth.
    PoolSet thin = make_set({v3(1, 2, 3, 1'000'000'000'000, 180)});
    EXPECT_EQ(best_quote(thin, token(2), token(3), e18(1000)).error().code,
              Errc::swap_insufficient_liquidity);
}

TEST(Router, SplitAmountsAddUpAndEachPathIsExact) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(1000)), v2(2, 2, 3, e18(700), e18(710)),
                            v3(3, 2, 3, test::dec128("30000000000000000000000"), 3000),
                            v2(4, 2, 4, e18(500), e18(500)), v2(5, 4, 3, e18(500), e18(500))});
    const U256 amount = test::dec("333333333333333333333");
    auto quote = best_quote(set, token(2), token(3), amount, with_gas(1'000'000'000));
    ASSERT_TRUE(quote.ok()) << quote.error().message;
    EXPECT_GE(quote->paths.size(), 2u);
    EXPECT_EQ(sum_in(*quote), amount);
    U256 total;
    for (const auto& path : quote->paths) {
        // Re-run each path alone on the pre-trade state.
        Path p;
        for (const auto& hop : path.hops) {
            const PoolId id = *set.find_pool(hop.pool);
            p.legs[p.hops++] = Leg{id, hop.token_in == set.pool(id).token0};
        }
        auto alone = simulate_path(set, p, path.amount_in);
        ASSERT_TRUE(alone.ok());
        EXPECT_EQ(alone->amount_out, path.amount_out);
        total = *total.add(path.amount_out);
    }
    EXPECT_EQ(total, quote->amount_out);
    // No pool in two paths.
    std::vector<chain::Address> used;
    for (const auto& path : quote->paths)
        for (const auto& hop : path.hops) {
            EXPECT_EQ(std::count(used.begin(), used.end(), hop.pool), 0);
            used.push_back(hop.pool);
        }
    // Better than every single path.
    for (const Path& path :
         enumerate_paths(set, *set.find_token(token(2)), *set.find_token(token(3)), 3)) {
        auto alone = simulate_path(set, path, amount);
        if (alone.ok()) {
            EXPECT_GT(quote->amount_out, alone->amount_out);
        }
    }
    EXPECT_GT(quote->price_impact_bps, 30.0);  // at least the 0.3 % fee
}

TEST(Router, IsDeterministic) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(1000)), v2(2, 2, 3, e18(900), e18(905)),
                            v3(3, 2, 3, test::dec128("20000000000000000000000"), 600),
                            v2(4, 2, 4, e18(500), e18(500)), v2(5, 4, 3, e18(500), e18(500))});
    auto a = best_quote(set, token(2), token(3), e18(150), with_gas(3'000'000'000));
    auto b = best_quote(set, token(2), token(3), e18(150), with_gas(3'000'000'000));
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->amount_out, b->amount_out);
    ASSERT_EQ(a->paths.size(), b->paths.size());
    for (std::size_t i = 0; i < a->paths.size(); ++i) {
        EXPECT_EQ(a->paths[i].amount_in, b->paths[i].amount_in);
        EXPECT_EQ(a->paths[i].hops.size(), b->paths[i].hops.size());
        EXPECT_EQ(a->paths[i].hops[0].pool, b->paths[i].hops[0].pool);
    }
}

TEST(Router, V3HopsPayGasForEachTickCrossed) {
    // Two positions: the inner one ends at ±600, so a large swap crosses -600 going down.
    Pool pool = v3(1, 2, 3, test::dec128("1000000000000000000000"), 600);
    auto& state = std::get<V3Pool>(pool.state);
    const u128 wide = test::dec128("5000000000000000000000");
    state.ticks[-6000] += static_cast<i128>(wide);
    state.ticks[6000] -= static_cast<i128>(wide);
    state.liquidity += wide;
    PoolSet set = make_set({pool});
    auto small = best_quote(set, token(2), token(3), e18(1), no_gas());
    auto large = best_quote(set, token(2), token(3), e18(500), no_gas());
    ASSERT_TRUE(small.ok() && large.ok());
    const GasModel gas;
    EXPECT_EQ(small->paths[0].hops[0].ticks_crossed, 0u);
    EXPECT_EQ(small->gas_units, gas.base + gas.v3_hop);
    EXPECT_EQ(large->paths[0].hops[0].ticks_crossed, 1u);
    EXPECT_EQ(large->gas_units, gas.base + gas.v3_hop + gas.v3_tick_crossed);
    auto swap = simulate_swap(std::get<V3Pool>(set.pool(0).state), true, I256::positive(e18(500)),
                              default_price_limit(true));
    ASSERT_TRUE(swap.ok());
    EXPECT_EQ(large->amount_out, swap->amount1.magnitude);
}

TEST(Router, SplitsAcrossV2AndV3) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1000), e18(1000)),
                            v3(2, 2, 3, test::dec128("20000000000000000000000"), 1980)});
    const U256 amount = e18(100);
    auto quote = best_quote(set, token(2), token(3), amount, with_gas(1'000'000'000));
    ASSERT_TRUE(quote.ok());
    ASSERT_EQ(quote->paths.size(), 2u);
    EXPECT_EQ(sum_in(*quote), amount);
    for (std::uint8_t pool = 0; pool < 2; ++pool) {
        Path alone;
        alone.legs[alone.hops++] = Leg{pool, true};
        auto single = simulate_path(set, alone, amount);
        ASSERT_TRUE(single.ok());
        EXPECT_GT(quote->amount_out, single->amount_out);
    }
    // With splits off, the best single pool.
    QuoteOptions single = with_gas(1'000'000'000);
    single.max_splits = 1;
    auto one = best_quote(set, token(2), token(3), amount, single);
    ASSERT_TRUE(one.ok());
    EXPECT_EQ(one->paths.size(), 1u);
    EXPECT_LT(one->amount_out, quote->amount_out);
}

TEST(Router, PriceImpactIsAgainstTheMidPrice) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1'000'000), e18(2'000'000))});
    auto tiny = best_quote(set, token(2), token(3), e18(1), no_gas());
    ASSERT_TRUE(tiny.ok());
    EXPECT_NEAR(tiny->price_impact_bps, 30.0, 0.1);  // the 0.3 % fee alone
    auto big = best_quote(set, token(2), token(3), e18(10'000), no_gas());
    ASSERT_TRUE(big.ok());
    EXPECT_NEAR(big->price_impact_bps, 30.0 + 99.0, 1.0);  // and 1 % of the reserve moves ~1 %
}

// The most token0 a V3 pool from v3() takes (fee included) before its only position ends.
U256 v3_capacity(u128 liquidity, std::int32_t range, std::uint32_t fee) {
    const U256 net = *get_amount0_delta(*get_sqrt_ratio_at_tick(-range), kQ96, liquidity, true);
    return *mul_div(net, U256(kFeePipsDenominator), U256(kFeePipsDenominator - fee));
}

TEST(Router, SplitsWhatNoSinglePoolCanTakeUpToTheirEdges) {
    const u128 deep = test::dec128("6900000000000000000000");
    const u128 shallow = test::dec128("3100000000000000000000");
    PoolSet set = make_set({v3(1, 2, 3, deep, 600), v3(2, 2, 3, shallow, 600)});
    const U256 both = *v3_capacity(deep, 600, 3000).add(v3_capacity(shallow, 600, 3000));
    // 99.5 % of what the two hold together: neither alone, nor whole 2.5 % chunks, fit it.
    const U256 amount = *mul_div(both, U256(995), U256(1000));
    auto quote = best_quote(set, token(2), token(3), amount, with_gas(1'000'000'000));
    ASSERT_TRUE(quote.ok()) << quote.error().message;
    ASSERT_EQ(quote->paths.size(), 2u);
    EXPECT_EQ(sum_in(*quote), amount);
    const U256 too_much = *mul_div(both, U256(1001), U256(1000));
    EXPECT_EQ(best_quote(set, token(2), token(3), too_much).error().code,
              Errc::swap_insufficient_liquidity);
}

TEST(Router, EnumeratesPathsWithoutRepeatedTokens) {
    PoolSet set = make_set({v2(1, 2, 3, e18(1), e18(1)), v2(2, 2, 4, e18(1), e18(1)),
                            v2(3, 4, 3, e18(1), e18(1)), v2(4, 4, 5, e18(1), e18(1)),
                            v2(5, 5, 3, e18(1), e18(1)), v2(6, 5, 2, e18(1), e18(1))});
    const TokenId in = *set.find_token(token(2));
    const TokenId out = *set.find_token(token(3));
    // 2→3; 2→4→3; 2→4→5→3; 2→5→3 (pool 6); 2→5→4→3 (pool 6, 4, 3).
    EXPECT_EQ(enumerate_paths(set, in, out, 3).size(), 5u);
    EXPECT_EQ(enumerate_paths(set, in, out, 2).size(), 3u);
    EXPECT_EQ(enumerate_paths(set, in, out, 1).size(), 1u);
}

}  // namespace
}  // namespace perch::swap
