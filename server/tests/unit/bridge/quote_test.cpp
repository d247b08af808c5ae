#include "bridge/quote.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch::bridge;
using perch::chain::U256;

namespace {

RouteTable committed_routes() {
    std::ifstream in(std::string(perch::test::config_dir()) + "/routes.json");
    std::stringstream buf;
    buf << in.rdbuf();
    return parse_routes(boost::json::parse(buf.str()));
}

U256 eth(const char* text) {
    return *U256::parse_units(text, 18);
}
U256 usd(const char* text) {
    return *U256::parse_units(text, 6);
}
const U256 kPlenty = eth("1000000");

QuoteRequest request(std::int64_t from, std::int64_t to, const char* token, U256 amount) {
    return QuoteRequest{from, to, token, amount};
}

std::string refusal_of(const QuoteResult& r) {
    return r.refusal ? r.refusal->message : "quoted";
}

}  // namespace

TEST(Quote, TieredFeePlusDestinationCost) {
    auto table = committed_routes();
    auto r = make_quote(table, request(8453, 42161, "ETH", eth("1")), kPlenty, 1000);
    ASSERT_TRUE(r.quote) << refusal_of(r);
    EXPECT_EQ(r.quote->bps, 8U);  // 1 ETH falls in the "up to 2" tier
    EXPECT_EQ(r.quote->bridge_fee, eth("0.0008"));
    EXPECT_EQ(r.quote->dtc, eth("0.00005"));
    EXPECT_EQ(r.quote->receive_amount, eth("0.99915"));
    EXPECT_EQ(r.quote->expected_seconds, 6U);
    EXPECT_EQ(r.quote->expires_at, 1060);

    auto small = make_quote(table, request(8453, 42161, "ETH", eth("0.5")), kPlenty, 0);
    ASSERT_TRUE(small.quote);
    EXPECT_EQ(small.quote->bps, 10U);  // the tier bound is inclusive
    auto large = make_quote(table, request(8453, 42161, "ETH", eth("3")), kPlenty, 0);
    EXPECT_EQ(large.quote->bps, 5U);
}

TEST(Quote, DestinationCostAndTimeDependOnTheChains) {
    auto table = committed_routes();
    auto to_mainnet = make_quote(table, request(8453, 1, "USDC", usd("100")), kPlenty, 0);
    ASSERT_TRUE(to_mainnet.quote);
    EXPECT_EQ(to_mainnet.quote->dtc, usd("3"));
    EXPECT_EQ(to_mainnet.quote->receive_amount, usd("96.9"));  // 100 - 0.1 % - 3
    auto from_mainnet = make_quote(table, request(1, 8453, "USDC", usd("100")), kPlenty, 0);
    EXPECT_EQ(from_mainnet.quote->expected_seconds, 30U);
}

TEST(Quote, LimitsAndLiquidity) {
    auto table = committed_routes();
    auto below = make_quote(table, request(1, 8453, "USDC", usd("0.5")), kPlenty, 0);
    ASSERT_TRUE(below.refusal);
    EXPECT_EQ(below.refusal->reason, QuoteRefusal::Reason::below_min);
    EXPECT_EQ(below.refusal->message, "the minimum is 1 USDC");
    auto above = make_quote(table, request(1, 8453, "USDC", usd("10000.01")), kPlenty, 0);
    EXPECT_EQ(above.refusal->reason, QuoteRefusal::Reason::above_max);

    auto dry = make_quote(table, request(1, 8453, "USDC", usd("500")), usd("200"), 0);
    ASSERT_TRUE(dry.refusal);
    EXPECT_EQ(dry.refusal->reason, QuoteRefusal::Reason::no_liquidity);
    auto fits = make_quote(table, request(1, 8453, "USDC", usd("150")), usd("200"), 0);
    ASSERT_TRUE(fits.quote);
    EXPECT_EQ(fits.quote->max, usd("200"));  // max shows the maker's liquidity when lower
    // A maker low on funds: the quote says how much the route can pay now.
    EXPECT_EQ(fits.quote->payable_now, usd("200"));
    auto funded = make_quote(table, request(1, 8453, "USDC", usd("150")), kPlenty, 0);
    EXPECT_EQ(funded.quote->payable_now, funded.quote->max);  // the route's own max
}

TEST(Quote, NoRouteForUnknownPairsOrTheSameChain) {
    auto table = committed_routes();
    EXPECT_EQ(make_quote(table, request(8453, 8453, "ETH", eth("1")), kPlenty, 0).refusal->reason,
              QuoteRefusal::Reason::no_route);
    EXPECT_EQ(make_quote(table, request(8453, 999, "ETH", eth("1")), kPlenty, 0).refusal->reason,
              QuoteRefusal::Reason::no_route);
    EXPECT_EQ(make_quote(table, request(8453, 1, "DOGE", eth("1")), kPlenty, 0).refusal->reason,
              QuoteRefusal::Reason::no_route);
}

TEST(Quote, FeesThatEatTheAmountAndPausedRoutes) {
    auto doc = boost::json::parse(
        R"({"routes": [{"token": "USDC", "decimals": 6, "chains": [1, 10], "enabled": true,
        "min": "0.1", "max": "10", "fee_tiers": [{"up_to": "", "bps": 10}], "dtc": {"default": "1"},
        "expected_seconds": {"default": 5}}]})");
    auto table = parse_routes(doc);
    auto eaten = make_quote(table, request(1, 10, "USDC", usd("0.5")), kPlenty, 0);
    EXPECT_EQ(eaten.refusal->reason, QuoteRefusal::Reason::fees_exceed_amount);
    table.routes[0].enabled = false;
    EXPECT_EQ(make_quote(table, request(1, 10, "USDC", usd("5")), kPlenty, 0).refusal->reason,
              QuoteRefusal::Reason::disabled);
}

TEST(Quote, BadRouteConfigNamesTheEntry) {
    auto error_of = [](const char* text) {
        try {
            parse_routes(boost::json::parse(text));
        } catch (const perch::ConfigError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_NE(
        error_of(
            R"({"routes": [{"token": "ETH", "decimals": 18, "chains": [1], "enabled": true}]})")
            .find("routes[0]"),
        std::string::npos);
    EXPECT_NE(
        error_of(R"({"routes": [{"token": "ETH", "decimals": 18, "chains": [1, 2], "enabled": true,
        "min": "2", "max": "1", "fee_tiers": [{"up_to": "", "bps": 1}], "dtc": {}, "expected_seconds": {}}]})")
            .find("max is below min"),
        std::string::npos);
    EXPECT_NE(
        error_of(R"({"routes": [{"token": "ETH", "decimals": 18, "chains": [1, 2], "enabled": true,
        "min": "1", "max": "2", "fee_tiers": [{"up_to": "1", "bps": 1}], "dtc": {}, "expected_seconds": {}}]})")
            .find("last fee tier"),
        std::string::npos);
    EXPECT_NE(error_of(R"({"nope": 1})").find("routes"), std::string::npos);
}
