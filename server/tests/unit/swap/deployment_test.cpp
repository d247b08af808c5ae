#include "swap/deployment.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch::swap {
namespace {
namespace json = boost::json;

json::value profile() {
    return json::parse(R"({
      "chains": [],
      "swap": {
        "weth": "0x00000000000000000000000000000000000000e1",
        "executor": "0x00000000000000000000000000000000000000e2",
        "start_block": 3,
        "tokens": [{"address": "0x00000000000000000000000000000000000000a1", "symbol": "USDC",
                    "name": "USD Coin", "decimals": 6}],
        "venues": [
          {"name": "uniswap-v2", "kind": "v2", "factory": "0x00000000000000000000000000000000000000f2",
           "router": "0x00000000000000000000000000000000000000f4", "fee_ppm": 3000},
          {"name": "uniswap-v3", "kind": "v3", "factory": "0x00000000000000000000000000000000000000f3",
           "quoter_v2": "0x00000000000000000000000000000000000000f5", "fee_tiers": [500, 3000, 10000]}
        ]
      }
    })");
}

TEST(SwapDeployment, ReadsTheProfilesSwapKey) {
    auto d = parse_swap_deployment(profile());
    ASSERT_TRUE(d);
    EXPECT_EQ(d->weth.lower_hex(), "0x00000000000000000000000000000000000000e1");
    EXPECT_EQ(d->start_block, 3U);
    ASSERT_EQ(d->tokens.size(), 2U);
    EXPECT_TRUE(d->tokens[0].address.is_zero());  // native first
    EXPECT_EQ(d->tokens[0].symbol, "ETH");
    EXPECT_EQ(d->tokens[1].symbol, "USDC");
    EXPECT_EQ(d->tokens[1].decimals, 6U);
    ASSERT_EQ(d->venues.size(), 2U);
    EXPECT_EQ(d->venues[1].kind, Venue::Kind::v3);
    ASSERT_TRUE(d->quoter_v2);
    EXPECT_EQ(d->quoter_v2->lower_hex(), "0x00000000000000000000000000000000000000f5");
}

TEST(SwapDeployment, NoSwapKeyIsNoDeploymentAndAWrongFieldIsNamed) {
    EXPECT_FALSE(parse_swap_deployment(json::parse(R"({"chains": []})")));
    auto doc = profile();
    doc.at("swap").at("venues").as_array()[0].as_object()["kind"] = "v4";
    try {
        parse_swap_deployment(doc);
        FAIL() << "accepted kind v4";
    } catch (const ConfigError& e) {
        EXPECT_STREQ(e.what(), "chain profile: swap.venues[0].kind must be \"v2\" or \"v3\"");
    }
    doc = profile();
    doc.at("swap").as_object().erase("weth");
    EXPECT_THROW(parse_swap_deployment(doc), ConfigError);
}

}  // namespace
}  // namespace perch::swap
