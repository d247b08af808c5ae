// A portfolio's values: balance × price in cents, the total exactly the sum of the values shown,
// allocations by chain and by token, and tokens without a price or a readable balance at 0.
#include "portfolio/valuation.hpp"

#include <gtest/gtest.h>

using namespace perch;
using namespace perch::portfolio;

namespace {

chain::U256 raw(const char* whole, unsigned decimals) {
    return *chain::U256::parse_units(whole, decimals);
}

price::PriceTable prices() {
    return {"config", 1764000000, {{"ETH", 3000.0}, {"USDC", 1.0}, {"USDT", 0.999}}};
}

}  // namespace

TEST(Valuation, ValueIsBalanceTimesPriceInCents) {
    EXPECT_EQ(value_cents(raw("1.5", 18), 18, 3000.0), 450000);
    EXPECT_EQ(value_cents(raw("0.005", 6), 6, 1.0), 1);  // half a cent rounds up
    EXPECT_EQ(value_cents(raw("0.004", 6), 6, 1.0), 0);
    EXPECT_EQ(value_cents(raw("12.345678", 6), 6, 0.999), 1233);
    EXPECT_EQ(value_cents(raw("1", 18), 18, 0.0), 0);
}

TEST(Valuation, TotalIsTheSumOfTheShownValuesAndAllocationsAddUp) {
    std::vector<ChainHoldings> chains{
        {1,
         "Ethereum",
         "",
         {{"ETH", "0x0", 18, raw("1.25", 18)}, {"USDC", "0xa", 6, raw("100.005", 6)}}},
        {8453,
         "Base",
         "",
         {{"ETH", "0x0", 18, raw("0.5", 18)}, {"USDT", "0xb", 6, raw("33.333333", 6)}}},
        {1868, "Soneium", "rpc down", {{"ETH", "0x0", 18, std::nullopt}}},
    };
    auto v = value_portfolio(chains, prices());
    ASSERT_EQ(v.chains.size(), 3U);
    std::int64_t shown = 0;
    for (const auto& c : v.chains) {
        std::int64_t chain_sum = 0;
        for (const auto& t : c.tokens) chain_sum += t.value_cents;
        EXPECT_EQ(c.value_cents, chain_sum);
        shown += chain_sum;
    }
    EXPECT_EQ(v.total_cents, shown);
    EXPECT_EQ(v.chains[0].tokens[0].value_cents, 375000);
    EXPECT_EQ(v.chains[0].tokens[1].value_cents, 10001);
    EXPECT_EQ(v.chains[1].tokens[1].value_cents, 3330);  // 33.333333 × 0.999 = 33.2999...
    EXPECT_EQ(v.total_cents, 375000 + 10001 + 150000 + 3330);
    EXPECT_EQ(v.chains[2].error, "rpc down");
    EXPECT_EQ(v.chains[2].value_cents, 0);

    // By token: ETH on both chains together, largest first; zero parts are left out.
    ASSERT_EQ(v.by_token.size(), 3U);
    EXPECT_EQ(v.by_token[0].key, "ETH");
    EXPECT_EQ(v.by_token[0].value_cents, 525000);
    EXPECT_EQ(v.by_token[1].key, "USDC");
    EXPECT_EQ(v.by_token[2].key, "USDT");
    ASSERT_EQ(v.by_chain.size(), 2U);
    EXPECT_EQ(v.by_chain[0].label, "Ethereum");
    EXPECT_EQ(v.by_chain[1].key, "8453");
    double shares = 0;
    std::int64_t parts = 0;
    for (const auto& a : v.by_chain) {
        shares += a.share;
        parts += a.value_cents;
    }
    EXPECT_EQ(parts, v.total_cents);
    EXPECT_NEAR(shares, 1.0, 1e-12);
}

TEST(Valuation, ATokenWithoutAPriceShowsNullAndCountsZero) {
    std::vector<ChainHoldings> chains{{1, "Ethereum", "", {{"WBTC", "0xc", 8, raw("2", 8)}}}};
    auto v = value_portfolio(chains, prices());
    EXPECT_FALSE(v.chains[0].tokens[0].price_usd);
    EXPECT_EQ(v.chains[0].tokens[0].value_cents, 0);
    EXPECT_EQ(v.total_cents, 0);
    EXPECT_TRUE(v.by_token.empty());
}
