#include "swap/quoting.hpp"

#include <gtest/gtest.h>

#include "swap/calldata.hpp"

namespace perch::swap {
namespace {

chain::Address addr(std::uint8_t tag) {
    chain::Address out;
    out.bytes[19] = tag;
    return out;
}

TEST(SwapQuoting, OptionsTradeNativeThroughWethAndValueGasAtThePrice) {
    SwapDeployment deployment;
    deployment.weth = addr(0xe1);
    deployment.executor = addr(0xe2);
    auto options = quote_options(deployment, U256(7));
    EXPECT_EQ(options.wrapped_native, addr(0xe1));
    EXPECT_EQ(options.gas_price_wei, U256(7));
    // Everything else is the router's default.
    QuoteOptions defaults;
    EXPECT_EQ(options.max_hops, defaults.max_hops);
    EXPECT_EQ(options.max_splits, defaults.max_splits);
    EXPECT_EQ(options.native_reference_wei, defaults.native_reference_wei);
}

TEST(SwapQuoting, NoGasPriceCountsGasAtZero) {
    auto options = quote_options(SwapDeployment{}, U256());
    EXPECT_TRUE(options.gas_price_wei.is_zero());
}

TEST(SwapQuoting, RefusalsNameThePairAndTheChain) {
    EXPECT_EQ(swap_pair("USDC", "WETH", 31337), "USDC to WETH on chain 31337");
    EXPECT_EQ(pools_not_read(31338),
              "the pools of chain 31338 are still being read; try again shortly");
}

TEST(SwapQuoting, DeadlineIsNowPlusTheValidity) {
    EXPECT_EQ(swap_deadline(1'700'000'000, 20 * 60), 1'700'001'200u);
}

TEST(SwapQuoting, MinimumOutKeepsTheSlippageRoundedDown) {
    EXPECT_EQ(minimum_out(U256(10'001), 500), U256(9'500));
    EXPECT_EQ(minimum_out(U256(10'000), 0), U256(10'000));
    EXPECT_EQ(minimum_out(U256(10'000), 10'000), U256(0));
    // A product that overflows divides first.
    EXPECT_EQ(minimum_out(U256::max(), 5000), *U256::max().div(U256(10'000))->mul(U256(5000)));
}

}  // namespace
}  // namespace perch::swap
