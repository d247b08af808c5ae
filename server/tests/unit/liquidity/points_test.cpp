#include "liquidity/points.hpp"

#include <gtest/gtest.h>

#include "test_paths.hpp"

using namespace perch::liquidity;
using perch::chain::U256;

namespace {

const U256 kEth = *U256::parse_units("1", 18);
const U256 kUsdc = *U256::parse_units("1", 6);

std::map<std::string, Rate> rates() {
    return {{"1:eth", {U256(1000), 18}},  // 1 point per ETH-hour
            {"1:usdc", {U256(1), 6}}};    // 0.001 point per USDC-hour
}

}  // namespace

TEST(PoolPoints, TheProjectRulesAndAllowListLoad) {
    auto rules = load_pool_rules(perch::test::config_dir());
    EXPECT_EQ(rules.points_per_token_hour.at("ETH"), "1");
    EXPECT_EQ(rules.millipoints_per_token_hour.at("USDC"), U256(1));
    EXPECT_EQ(rules.allowlist.size(), 15U);
    EXPECT_TRUE(rules.allowed("0x90F79bf6EB2c4f870365E785982E1f101E93b906"));  // any case
    EXPECT_FALSE(rules.allowed("0x000000000000000000000000000000000000dead"));
}

TEST(PoolPoints, AmountTimesTimeAtTheTokensRate) {
    // 2 ETH for an hour and a half: 3 points.
    EXPECT_EQ(accrued_millipoints({{"1:eth", true, *kEth.mul(2), 1000}}, rates(), 1000 + 5400),
              3000);
    // 1,000 USDC for a day: 24 points.
    EXPECT_EQ(accrued_millipoints({{"1:usdc", true, *kUsdc.mul(1000), 0}}, rates(), 86400), 24000);
    // Nothing before the deposit, nothing for a token without a rate.
    EXPECT_EQ(accrued_millipoints({{"1:eth", true, kEth, 1000}}, rates(), 500), 0);
    EXPECT_EQ(accrued_millipoints({{"1:dai", true, kEth, 0}}, rates(), 3600), 0);
}

TEST(PoolPoints, WithdrawalsStopTheAccrualOfWhatLeft) {
    std::vector<Movement> m{{"1:eth", true, *kEth.mul(4), 0},
                            {"1:eth", false, *kEth.mul(3), 3600},  // 4 ETH for an hour: 4 points
                            {"1:eth", false, kEth, 7200}};         // 1 ETH for an hour: 1 point
    EXPECT_EQ(accrued_millipoints(m, rates(), 100000), 5000);
    // A later deposit starts again from its own time.
    m.push_back({"1:eth", true, kEth, 10800});
    EXPECT_EQ(accrued_millipoints(m, rates(), 10800 + 1800), 5500);
    // A withdrawal of more than is held (not possible on chain) empties the holding.
    EXPECT_EQ(
        accrued_millipoints({{"1:eth", false, kEth, 0}, {"1:eth", true, kEth, 0}}, rates(), 3600),
        1000);
}

TEST(PoolPoints, MillipointsRoundDownAndPrintWithThreeDecimals) {
    // 1 wei of ETH for a day earns nothing.
    EXPECT_EQ(accrued_millipoints({{"1:eth", true, U256(1), 0}}, rates(), 86400), 0);
    EXPECT_EQ(format_millipoints(0), "0.000");
    EXPECT_EQ(format_millipoints(5), "0.005");
    EXPECT_EQ(format_millipoints(12345), "12.345");
    EXPECT_EQ(pool_credit_prefix("0xabc"), "pool:0xabc:");
}
