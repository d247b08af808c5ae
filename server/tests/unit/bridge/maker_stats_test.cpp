// The maker dashboard's statistics: median and nearest-rank p95, completion times per route and
// volume per token over a window.
#include "bridge/maker_stats.hpp"

#include <gtest/gtest.h>

using namespace perch::bridge;
using perch::chain::U256;

TEST(MakerStats, MedianIsTheMiddleValueOrTheMeanOfTheTwoMiddleOnes) {
    EXPECT_FALSE(median({}));
    EXPECT_EQ(*median({7}), 7.0);
    EXPECT_EQ(*median({9, 1, 5}), 5.0);     // unsorted input
    EXPECT_EQ(*median({4, 1, 3, 2}), 2.5);  // even count
    EXPECT_EQ(*median({2, 2, 2, 100}), 2.0);
}

TEST(MakerStats, PercentileIsTheNearestRankAndAlwaysOneOfTheValues) {
    EXPECT_FALSE(percentile({}, 95));
    EXPECT_FALSE(percentile({1, 2}, 0));
    EXPECT_FALSE(percentile({1, 2}, 101));
    EXPECT_EQ(*percentile({42}, 95), 42);
    // 20 values 1..20: rank ceil(0.95 × 20) = 19.
    std::vector<std::int64_t> twenty;
    for (int i = 20; i >= 1; --i) twenty.push_back(i);
    EXPECT_EQ(*percentile(twenty, 95), 19);
    EXPECT_EQ(*percentile(twenty, 100), 20);
    EXPECT_EQ(*percentile(twenty, 50), 10);
    EXPECT_EQ(*percentile(twenty, 1), 1);
    // 10 values: rank ceil(9.5) = 10, the slowest: one slow payout in ten shows in p95.
    EXPECT_EQ(*percentile({1, 1, 1, 1, 1, 1, 1, 1, 1, 60}, 95), 60);
}

namespace {
CompletedOrder done(std::int64_t src, std::int64_t dst, const char* token, std::uint64_t amount,
                    std::int64_t created, std::int64_t completed) {
    return {src, dst, token, 18, U256(amount), created, completed};
}
}  // namespace

TEST(MakerStats, RouteTimesGroupBySourceDestinationAndToken) {
    std::vector<CompletedOrder> orders{
        done(8453, 42161, "ETH", 1, 100, 102),
        done(8453, 42161, "ETH", 1, 100, 104),
        done(8453, 42161, "ETH", 1, 100, 103),
        done(8453, 42161, "USDC", 1, 100, 110),
        done(1, 8453, "ETH", 1, 200, 230),
        done(42161, 1, "ETH", 1, 300, 299),  // clocks apart: never negative
    };
    auto routes = route_times(orders);
    ASSERT_EQ(routes.size(), 4u);
    EXPECT_EQ(routes[0].src_chain_id, 1);
    EXPECT_EQ(routes[0].median_seconds, 30.0);
    const auto& eth = routes[1];
    EXPECT_EQ(eth.src_chain_id, 8453);
    EXPECT_EQ(eth.dst_chain_id, 42161);
    EXPECT_EQ(eth.token, "ETH");
    EXPECT_EQ(eth.completed, 3);
    EXPECT_EQ(eth.median_seconds, 3.0);
    EXPECT_EQ(eth.p95_seconds, 4);
    EXPECT_EQ(routes[2].token, "USDC");
    EXPECT_EQ(routes[2].p95_seconds, 10);
    EXPECT_EQ(routes[3].src_chain_id, 42161);
    EXPECT_EQ(routes[3].p95_seconds, 0);
    EXPECT_TRUE(route_times({}).empty());
}

TEST(MakerStats, VolumeCountsOrdersCompletedInTheWindowPerToken) {
    const auto eth = *U256::parse_units("1.5", 18);
    std::vector<CompletedOrder> orders{
        {8453, 42161, "ETH", 18, eth, 0, 1000},
        {1, 42161, "ETH", 18, eth, 0, 5000},
        {1, 42161, "USDC", 6, U256(2'000'000), 0, 5000},
        {1, 42161, "ETH", 18, eth, 0, 999},  // before the window
    };
    auto volume = volume_since(orders, 1000);
    ASSERT_EQ(volume.size(), 2u);
    EXPECT_EQ(volume[0].token, "ETH");
    EXPECT_EQ(volume[0].amount.format_units(18), "3");
    EXPECT_EQ(volume[0].orders, 2);
    EXPECT_EQ(volume[1].token, "USDC");
    EXPECT_EQ(volume[1].decimals, 6u);
    EXPECT_EQ(volume[1].amount, U256(2'000'000));
    EXPECT_TRUE(volume_since(orders, 6000).empty());
    // A sum past 2^256 saturates instead of wrapping to a small number.
    std::vector<CompletedOrder> huge{{1, 2, "X", 18, U256::max(), 0, 1},
                                     {1, 2, "X", 18, U256(5), 0, 1}};
    EXPECT_EQ(volume_since(huge, 0)[0].amount, U256::max());
}
