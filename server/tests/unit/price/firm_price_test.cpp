// The price a cross-asset quote may use: the median of fresh live readings, only when enough of
// them agree with it and they are a majority; otherwise the reason, which the quote answers 503.
#include "price/firm_price.hpp"

#include <gtest/gtest.h>

#include <cmath>

using perch::price::firm_price;
using perch::price::FirmPrice;
using perch::price::FirmPriceRules;
using perch::price::PriceReading;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;
const FirmPriceRules kRules{2, 200, 120};

std::vector<PriceReading> three(double a, double b, double c) {
    return {{"twap:1", a, kNow - 1}, {"twap:8453", b, kNow - 2}, {"twap:42161", c, kNow}};
}

}  // namespace

TEST(FirmPrice, IsTheMedianOfSourcesThatAgree) {
    auto answer = firm_price("ETH", three(3000.1, 3010.0, 2990.2), kNow, kRules);
    ASSERT_TRUE(std::holds_alternative<FirmPrice>(answer)) << std::get<std::string>(answer);
    const auto& price = std::get<FirmPrice>(answer);
    EXPECT_DOUBLE_EQ(price.usd, 3000.1);
    EXPECT_EQ(price.sources.size(), 3U);
    EXPECT_EQ(price.of, 3U);
}

TEST(FirmPrice, OneSourceMovedByATradeIsOutvoted) {
    // Chain 1's pool pushed 20 % down: the median is another chain's, and chain 1 does not count.
    auto answer = firm_price("ETH", three(2400.0, 3010.0, 2990.2), kNow, kRules);
    ASSERT_TRUE(std::holds_alternative<FirmPrice>(answer)) << std::get<std::string>(answer);
    const auto& price = std::get<FirmPrice>(answer);
    EXPECT_DOUBLE_EQ(price.usd, 2990.2);
    EXPECT_EQ(price.sources, (std::vector<std::string>{"twap:8453", "twap:42161"}));
}

TEST(FirmPrice, SourcesThatDisagreeGiveNoPrice) {
    auto two = firm_price("SOL", {{"twap:1", 150, kNow}, {"twap:8453", 180, kNow}}, kNow, kRules);
    ASSERT_TRUE(std::holds_alternative<std::string>(two));
    EXPECT_NE(std::get<std::string>(two).find("disagree"), std::string::npos);
    // Two of four agreeing is not a majority.
    auto four = firm_price(
        "SOL", {{"a", 150, kNow}, {"b", 150.5, kNow}, {"c", 190, kNow}, {"d", 191, kNow}}, kNow,
        kRules);
    EXPECT_TRUE(std::holds_alternative<std::string>(four));
}

TEST(FirmPrice, StaleAndJunkReadingsDoNotCount) {
    auto readings = three(150.0, 150.3, 149.7);
    readings[0].as_of = kNow - 121;  // a chain that stopped two minutes ago
    readings[1].usd = std::nan("");
    auto answer = firm_price("SOL", readings, kNow, kRules);
    ASSERT_TRUE(std::holds_alternative<std::string>(answer));
    EXPECT_EQ(std::get<std::string>(answer),
              "no firm price for SOL right now: 1 live price source(s) answered, 2 are needed");
    readings[1].usd = 150.3;
    EXPECT_TRUE(std::holds_alternative<FirmPrice>(firm_price("SOL", readings, kNow, kRules)));
    readings[1].usd = -1;
    EXPECT_TRUE(std::holds_alternative<std::string>(firm_price("SOL", readings, kNow, kRules)));
}

TEST(FirmPrice, NoReadingsAtAllIsRefused) {
    auto answer = firm_price("SOL", {}, kNow, kRules);
    ASSERT_TRUE(std::holds_alternative<std::string>(answer));
    EXPECT_NE(std::get<std::string>(answer).find("0 live price source(s)"), std::string::npos);
}
