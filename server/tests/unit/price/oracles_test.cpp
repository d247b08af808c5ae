// The price oracles of cross-asset quotes: the profile's entries (a wrong one names its key), the
// observe call, the mean tick (rounded towards negative infinity like Uniswap's OracleLibrary) and
// the USD price at a tick whichever side of the pool the priced token is on.
#include "price/oracles.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "core/error.hpp"

namespace twap_abi = perch::chain::abi;
using perch::chain::U256;
using perch::price::mean_tick;
using perch::price::PriceOracle;
using perch::price::usd_at_tick;

namespace {

// observe's answer for two tick cumulatives (and two zero seconds-per-liquidity values).
perch::chain::Bytes observe_answer(std::int64_t older, std::int64_t newer) {
    std::vector<twap_abi::Type> types{*twap_abi::parse_type("int56[]"),
                                      *twap_abi::parse_type("uint160[]")};
    std::vector<twap_abi::Value> values{
        twap_abi::Value::of(
            twap_abi::Value::List{twap_abi::Value::of_int(older), twap_abi::Value::of_int(newer)}),
        twap_abi::Value::of(
            twap_abi::Value::List{twap_abi::Value::of(U256(0)), twap_abi::Value::of(U256(0))})};
    return *twap_abi::encode_params(types, values);
}

PriceOracle weth_usdc(bool weth_is_token0) {
    PriceOracle o;
    auto low = *perch::chain::Address::from_hex("0x0100000000000000000000000000000000000001");
    auto high = *perch::chain::Address::from_hex("0xff00000000000000000000000000000000000002");
    o.token = weth_is_token0 ? low : high;
    o.usd_token = weth_is_token0 ? high : low;
    o.decimals = 18;
    o.usd_decimals = 6;
    return o;
}

}  // namespace

TEST(PriceOracles, TheMeanTickIsTheCumulativesOverTheWindowRoundedDown) {
    EXPECT_EQ(mean_tick(observe_answer(1'000, 1'000 + 3 * 196256), 3), 196256);
    EXPECT_EQ(mean_tick(observe_answer(-50, 50), 10), 10);
    // -2.5 is -3, not -2: Uniswap rounds a negative mean towards negative infinity.
    EXPECT_EQ(mean_tick(observe_answer(0, -25), 10), -3);
    EXPECT_EQ(mean_tick(observe_answer(0, -30), 10), -3);
    EXPECT_EQ(mean_tick(observe_answer(7, 7), 1800), 0);
}

TEST(PriceOracles, AnAnswerThatIsNotTwoCumulativesHasNoTick) {
    EXPECT_FALSE(mean_tick(perch::chain::Bytes{}, 3));
    EXPECT_FALSE(mean_tick(perch::chain::Bytes(32, 0), 3));
    EXPECT_FALSE(mean_tick(observe_answer(0, 10), 0));
    std::vector<twap_abi::Type> types{*twap_abi::parse_type("int56[]"),
                                      *twap_abi::parse_type("uint160[]")};
    std::vector<twap_abi::Value> three{
        twap_abi::Value::of(twap_abi::Value::List{
            twap_abi::Value::of_int(1), twap_abi::Value::of_int(2), twap_abi::Value::of_int(3)}),
        twap_abi::Value::of(twap_abi::Value::List{})};
    EXPECT_FALSE(mean_tick(*twap_abi::encode_params(types, three), 3));
}

TEST(PriceOracles, TheUsdPriceReadsThePoolFromEitherSide) {
    // The devnet's WETH/USDC pool on chain 1 (USDC is token0 there) read 196256: 3000.1 USD.
    EXPECT_NEAR(usd_at_tick(weth_usdc(false), 196256), 3000.1, 0.1);
    // The same price with WETH as token0 is the opposite tick.
    EXPECT_NEAR(usd_at_tick(weth_usdc(true), -196256), 3000.1, 0.1);
    // SOL (9 decimals) against USDC at 18972: 150.0 USD.
    auto sol = weth_usdc(false);
    sol.decimals = 9;
    EXPECT_NEAR(usd_at_tick(sol, 18972), 150.0, 0.01);
}

TEST(PriceOracles, TheObserveCallAsksForTheWindowAndNow) {
    auto data = perch::price::observe_calldata(1800);
    ASSERT_EQ(data.size(), 4U + 32 * 4);
    // observe(uint32[]): 0x883bdbfd
    EXPECT_EQ(data[0], 0x88);
    EXPECT_EQ(data[3], 0xfd);
    EXPECT_EQ(data[4 + 31], 0x20);                                         // the array's offset
    EXPECT_EQ(data[4 + 32 + 31], 2);                                       // two seconds-ago values
    EXPECT_EQ(data[4 + 32 * 2 + 30] * 256 + data[4 + 32 * 2 + 31], 1800);  // the window
    EXPECT_EQ(data[4 + 32 * 3 + 31], 0);                                   // and now
}

TEST(PriceOracles, TheProfileNamesEachOracleAndAWrongOneItsKey) {
    auto profile = boost::json::parse(R"({"price_oracles": [
        {"chain_id": 8453, "symbol": "SOL", "pool": "0x1111111111111111111111111111111111111111",
         "token": "0x2222222222222222222222222222222222222222", "decimals": 9,
         "usd_token": "0x3333333333333333333333333333333333333333", "usd_decimals": 6,
         "twap_seconds": 1800}]})");
    auto oracles = perch::price::parse_price_oracles(profile);
    ASSERT_EQ(oracles.size(), 1U);
    EXPECT_EQ(oracles[0].chain_id, 8453);
    EXPECT_EQ(oracles[0].symbol, "SOL");
    EXPECT_EQ(oracles[0].decimals, 9U);
    EXPECT_EQ(oracles[0].twap_seconds, 1800U);
    EXPECT_TRUE(perch::price::parse_price_oracles(boost::json::parse("{}")).empty());

    profile.as_object()["price_oracles"].as_array()[0].as_object()["pool"] = "0x12";
    try {
        (void)perch::price::parse_price_oracles(profile);
        FAIL() << "a malformed pool was accepted";
    } catch (const perch::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("price_oracles[0].pool"), std::string::npos)
            << e.what();
    }
}
