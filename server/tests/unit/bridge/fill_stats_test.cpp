// The status page's rules: fill times by nearest rank per route and window, refunds with their
// median time and cost, the refund cost by the payer's rule, a stopped head, the quote's p50.
#include "bridge/fill_stats.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

using namespace perch::bridge;
using perch::chain::U256;

namespace {

constexpr std::int64_t kNow = 1'800'000'000;

FillRecord done(std::int64_t ago, std::int64_t took, std::int64_t src = 8453,
                std::int64_t dst = 42161, std::string token = "ETH") {
    return {src,   dst, std::move(token), 18, FillOutcome::completed, kNow - ago, kNow - ago + took,
            U256()};
}

FillRecord refunded(std::int64_t ago, std::int64_t took, std::uint64_t cost) {
    return {8453,      42161, "ETH", 18, FillOutcome::refunded, kNow - ago, kNow - ago + took,
            U256(cost)};
}

}  // namespace

TEST(FillStats, PercentilesByNearestRankPerWindow) {
    std::vector<FillRecord> records;
    // The last hour: 100 orders taking 1..100 s; earlier today one of 500 s; six days ago one of
    // 1000 s; eight days ago (outside every window) one of 9999 s.
    for (int i = 1; i <= 100; ++i) records.push_back(done(60, i));
    records.push_back(done(5 * 3600, 500));
    records.push_back(done(6 * 86400, 1000));
    records.push_back(done(8 * 86400, 9999));
    auto stats = fill_stats(records, kNow);
    ASSERT_EQ(stats.size(), 1u);
    const auto& hour = stats[0].windows[0];
    EXPECT_EQ(hour.window, "1h");
    EXPECT_EQ(hour.orders, 100);
    EXPECT_EQ(hour.completed, 100);
    EXPECT_EQ(hour.p50_seconds, 50);
    EXPECT_EQ(hour.p95_seconds, 95);
    EXPECT_EQ(hour.p99_seconds, 99);
    const auto& day = stats[0].windows[1];
    EXPECT_EQ(day.orders, 101);
    EXPECT_EQ(day.p50_seconds, 51);  // rank ceil(50.5) = 51 of 1..100, 500
    EXPECT_EQ(day.p99_seconds, 100);
    const auto& week = stats[0].windows[2];
    EXPECT_EQ(week.orders, 102);
    EXPECT_EQ(week.p99_seconds, 500);  // rank ceil(100.98) = 101 of 102
    EXPECT_EQ(week.refunds, 0);
    EXPECT_FALSE(week.refund_median_seconds);
    EXPECT_FALSE(week.refund_median_cost);
}

TEST(FillStats, OpenOrdersCountButHaveNoTimeAndRoutesAreSeparate) {
    std::vector<FillRecord> records{done(10, 3), done(10, 7, 1, 8453, "USDC")};
    FillRecord open{8453, 42161, "ETH", 18, FillOutcome::open, kNow - 5, 0, U256()};
    records.push_back(open);
    auto stats = fill_stats(records, kNow);
    ASSERT_EQ(stats.size(), 2u);
    EXPECT_EQ(stats[0].src_chain_id, 1);  // ordered by route
    EXPECT_EQ(stats[0].token, "USDC");
    EXPECT_EQ(stats[0].windows[0].p50_seconds, 7);
    EXPECT_EQ(stats[1].windows[0].orders, 2);
    EXPECT_EQ(stats[1].windows[0].completed, 1);
    EXPECT_EQ(stats[1].windows[0].p50_seconds, 3);
    // A completion stamped a second before its deposit's block counts as 0 s, not negative.
    EXPECT_EQ(seconds_taken(done(10, -1)), 0);
}

TEST(FillStats, RefundsHaveTheirMedianTimeAndCost) {
    std::vector<FillRecord> records{refunded(100, 20, 7), refunded(100, 40, 3),
                                    refunded(100, 30, 5), refunded(100, 50, 9), done(100, 2)};
    auto stats = fill_stats(records, kNow);
    ASSERT_EQ(stats.size(), 1u);
    const auto& hour = stats[0].windows[0];
    EXPECT_EQ(hour.orders, 5);
    EXPECT_EQ(hour.refunds, 4);
    EXPECT_EQ(hour.refund_median_seconds, 35.0);  // the mean of the two middle times
    ASSERT_TRUE(hour.refund_median_cost);
    EXPECT_EQ(*hour.refund_median_cost, U256(5));  // nearest rank: one of the costs
    EXPECT_EQ(hour.p50_seconds, 2);
}

TEST(FillStats, TheQuoteTakesTheDaysP50OrNothing) {
    auto stats = fill_stats({done(2 * 3600, 4), done(2 * 3600, 6), done(2 * 3600, 8)}, kNow);
    EXPECT_EQ(quoted_fill_seconds(stats, 8453, 42161, "ETH"), 6);
    EXPECT_FALSE(quoted_fill_seconds(stats, 42161, 8453, "ETH"));
    // Only orders older than a day: the route's configured time stands.
    auto old = fill_stats({done(2 * 86400, 4)}, kNow);
    EXPECT_FALSE(quoted_fill_seconds(old, 8453, 42161, "ETH"));
}

TEST(FillStats, RefundCostFollowsThePayersRule) {
    auto routes = parse_routes(boost::json::parse(R"({"routes": [
      {"token": "USDC", "decimals": 6, "chains": [1, 8453], "enabled": true, "min": "1", "max": "100",
       "fee_tiers": [{"up_to": "", "bps": 10}], "dtc": {"1": "2", "default": "0.1"},
       "expected_seconds": {"default": 6}}]})"));
    // A token refund on chain 1 costs the route's 2 USDC there, plus a reverted swap's burn.
    EXPECT_EQ(refund_cost(routes, "USDC", false, 1, U256(), U256(5)), U256(2'000'005));
    EXPECT_EQ(refund_cost(routes, "USDC", false, 8453, U256(), U256()), U256(100'000));
    // The native coin: the transfer's gas budget at the refund's max fee.
    EXPECT_EQ(refund_cost(routes, "ETH", true, 8453, U256(10), U256()), U256(500'000));
}

TEST(FillStats, AHeadStopsAfterTenBlocksAndAtLeastAMinute) {
    EXPECT_FALSE(head_stopped(60, 1000));
    EXPECT_TRUE(head_stopped(61, 1000));
    EXPECT_FALSE(head_stopped(120, 12000));
    EXPECT_TRUE(head_stopped(121, 12000));
}
