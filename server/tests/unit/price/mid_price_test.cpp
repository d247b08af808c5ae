// The pools' USD prices: a token's price is the mid price (fees excluded) of the router's path
// to USDC for a small amount, through one or two hops, V2 and V3 alike; the native coin is priced
// through its wrapper; a token without a path has no price.
#include "price/mid_price.hpp"

#include <gtest/gtest.h>

#include "swap/sqrt_price_math.hpp"
#include "swap/v3_pool.hpp"

using namespace perch;
using namespace perch::swap;
using perch::chain::Address;

namespace {

Address tag(std::uint8_t n, std::uint8_t kind) {
    Address out;
    out.bytes[0] = kind;
    out.bytes[19] = n;
    return out;
}

U256 units(std::uint64_t whole, unsigned decimals) {
    U256 v(whole);
    for (unsigned i = 0; i < decimals; ++i) v = *v.mul(10);
    return v;
}

const SwapToken kUsdc{tag(1, 0xaa), "USDC", "USD Coin", 6};
const SwapToken kWeth{tag(2, 0xaa), "WETH", "Wrapped Ether", 18};
const SwapToken kWbtc{tag(3, 0xaa), "WBTC", "Wrapped BTC", 8};
const SwapToken kLone{tag(4, 0xaa), "LONE", "No pools", 18};

Pool v2(std::uint8_t id, const SwapToken& a, const U256& ra, const SwapToken& b, const U256& rb) {
    // The pool's token0 is the lower address, as the factories sort them.
    if (b.address < a.address)
        return Pool{tag(id, 0xbb), "uniswap-v2", b.address, a.address, V2Pair{rb, ra}};
    return Pool{tag(id, 0xbb), "uniswap-v2", a.address, b.address, V2Pair{ra, rb}};
}

}  // namespace

TEST(MidPrice, OneV2HopIsTheReserveRatioInWholeTokens) {
    PoolSet pools;
    // 100 WETH against 300,000 USDC: 3,000 USDC per WETH.
    ASSERT_TRUE(pools.upsert(v2(1, kWeth, units(100, 18), kUsdc, units(300'000, 6))).ok());
    auto price = price::mid_price_usd(pools, kWeth, kUsdc);
    ASSERT_TRUE(price);
    EXPECT_NEAR(*price, 3000.0, 1e-9);
    EXPECT_EQ(price::mid_price_usd(pools, kUsdc, kUsdc), 1.0);
}

TEST(MidPrice, TwoHopsMultiplyAndFeesDoNotCount) {
    PoolSet pools;
    ASSERT_TRUE(pools.upsert(v2(1, kWeth, units(100, 18), kUsdc, units(300'000, 6))).ok());
    // 10 WBTC against 200 WETH: 20 WETH per WBTC, so 60,000 USDC; no WBTC/USDC pool.
    ASSERT_TRUE(pools.upsert(v2(2, kWbtc, units(10, 8), kWeth, units(200, 18))).ok());
    auto price = price::mid_price_usd(pools, kWbtc, kUsdc);
    ASSERT_TRUE(price);
    EXPECT_NEAR(*price, 60'000.0, 1e-6);  // a quote would give 0.3 % less per hop
}

TEST(MidPrice, AV3PoolAtTickZeroIsOneToOneInBaseUnits) {
    PoolSet pools;
    V3Pool state;
    state.fee = 500;
    state.tick_spacing = 10;
    state.sqrt_price_x96 = kQ96;  // price 1 base unit per base unit
    state.tick = 0;
    state.liquidity = u128(1) << 80;
    state.ticks[-1000] = static_cast<i128>(state.liquidity);
    state.ticks[1000] = -static_cast<i128>(state.liquidity);
    const SwapToken usdt{tag(5, 0xaa), "USDT", "Tether", 6};
    ASSERT_TRUE(
        pools.upsert(Pool{tag(9, 0xbb), "uniswap-v3", kUsdc.address, usdt.address, state}).ok());
    auto price = price::mid_price_usd(pools, usdt, kUsdc);
    ASSERT_TRUE(price);
    EXPECT_NEAR(*price, 1.0, 1e-12);
}

TEST(MidPrice, TheTableKeysBySymbolPricesEthThroughWethAndSkipsTokensWithoutPools) {
    PoolSet pools;
    ASSERT_TRUE(pools.upsert(v2(1, kWeth, units(100, 18), kUsdc, units(250'000, 6))).ok());
    std::vector<SwapToken> tokens{{Address{}, "ETH", "Ether", 18}, kWeth, kUsdc, kLone};
    auto table = price::pool_prices(pools, tokens, kUsdc, kWeth.address, "ETH");
    EXPECT_NEAR(table.at("WETH"), 2500.0, 1e-9);
    EXPECT_NEAR(table.at("ETH"), 2500.0, 1e-9);
    EXPECT_EQ(table.at("USDC"), 1.0);
    EXPECT_FALSE(table.contains("LONE"));
    EXPECT_EQ(table.size(), 3U);
}

TEST(MidPrice, NoPoolsNoPrice) {
    PoolSet pools;
    EXPECT_FALSE(price::mid_price_usd(pools, kWeth, kUsdc));
}
