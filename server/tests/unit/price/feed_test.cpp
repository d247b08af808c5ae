// The HTTP feed's format: symbol → finite USD price ≥ 0; anything else refuses the whole body
// with the reason. And the staleness rule.
#include "price/feed.hpp"

#include <gtest/gtest.h>

using perch::price::is_stale;
using perch::price::parse_price_feed;

TEST(PriceFeed, ReadsSymbolsAndNumbers) {
    auto parsed = parse_price_feed(R"({"ETH": 3000.5, "USDC": 1, "WBTC": 60000})");
    ASSERT_TRUE((std::holds_alternative<std::map<std::string, double>>(parsed)));
    const auto& prices = std::get<std::map<std::string, double>>(parsed);
    EXPECT_EQ(prices.at("ETH"), 3000.5);
    EXPECT_EQ(prices.at("USDC"), 1.0);
    EXPECT_EQ(prices.size(), 3U);
}

TEST(PriceFeed, RefusesWhatIsNotAPriceTable) {
    auto why = [](const char* body) {
        auto parsed = parse_price_feed(body);
        return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : "";
    };
    EXPECT_NE(why("not json").find("not JSON"), std::string::npos);
    EXPECT_NE(why("[1, 2]").find("object"), std::string::npos);
    EXPECT_NE(why(R"({"ETH": "3000"})").find("ETH"), std::string::npos);
    EXPECT_NE(why(R"({"ETH": -1})").find(">= 0"), std::string::npos);
    EXPECT_NE(why(R"({"": 1})").find("symbol"), std::string::npos);
}

TEST(PriceFeed, StaleAfterTheLimit) {
    EXPECT_FALSE(is_stale(1000, 1300, 300));
    EXPECT_TRUE(is_stale(1000, 1301, 300));
}
