// What one completed order earns, and the ledger sources that make replays credit nothing.
#include "rewards/planner.hpp"

#include <gtest/gtest.h>

using namespace perch;
using namespace perch::rewards;

namespace {

store::OrderContext context(const std::string& token, std::int64_t dst, std::size_t earlier) {
    store::OrderContext ctx;
    ctx.order = {7, "8453:0xabc:1", 8453, dst, "0xaa", token, 1000};
    ctx.day = 20261123;
    for (std::size_t i = 0; i < earlier; ++i) ctx.earlier_bridges.push_back({1, 8453, 900, 150});
    return ctx;
}

Campaign to_chain(std::int64_t id, std::int64_t dst) {
    Campaign c;
    c.id = id;
    c.tasks = {{1, 25, 0, dst}};
    return c;
}

// A bridge of the reference value (100 USD) earns its base points, as before values counted.
const OrderValue kReference{10000, {}};

}  // namespace

TEST(Planner, CrossPointsWithBoostAndUniqueSources) {
    auto plan = plan_order(context("ETH", 1, 2), kReference, {});  // the third bridge: 1.1x
    EXPECT_EQ(plan.cross_points, 330);
    EXPECT_EQ(plan.value_cents, 10000);
    EXPECT_TRUE(plan.boosts);
    ASSERT_EQ(plan.credits.size(), 1u);
    EXPECT_EQ(plan.credits[0].kind, "cross");
    EXPECT_EQ(plan.credits[0].source, "bridge:8453:0xabc:1");
    EXPECT_EQ(plan.checkin_topup, 0);
}

TEST(Planner, ReferrerShareButNeverToOneself) {
    auto ctx = context("USDC", 42161, 0);
    ctx.referrer = "0xbb";
    auto plan = plan_order(ctx, kReference, {});
    ASSERT_EQ(plan.credits.size(), 2u);
    EXPECT_EQ(plan.credits[1].user, "0xbb");
    EXPECT_EQ(plan.credits[1].kind, "refer");
    EXPECT_EQ(plan.credits[1].points, 10);
    EXPECT_EQ(plan.credits[1].source, "refer:8453:0xabc:1");
    ctx.referrer = "0xaa";
    EXPECT_EQ(plan_order(ctx, kReference, {}).credits.size(), 1u);
}

TEST(Planner, TopsUpTheDaysCheckInOnce) {
    auto ctx = context("ETH", 8453, 0);
    ctx.checkin_that_day = store::CheckInDay{20261123, 1868, "0x1", 2, 2, 4, false, 0};
    auto plan = plan_order(ctx, kReference, {});
    EXPECT_EQ(plan.checkin_topup, 16);  // (10 - 2) × 2 on a special day
    EXPECT_EQ(plan.credits.back().source, "checkin-topup:0xaa:20261123");
    ctx.checkin_that_day->in_bridge = true;  // already topped up
    EXPECT_EQ(plan_order(ctx, kReference, {}).checkin_topup, 0);
}

TEST(Planner, CampaignTiersOnlyForShownCampaigns) {
    auto shown = to_chain(3, 42161);
    auto hidden = to_chain(4, 42161);
    hidden.invisible = true;
    auto draft = to_chain(5, 42161);
    draft.status = 0;
    auto elsewhere = to_chain(6, 1);
    auto plan = plan_order(context("ETH", 42161, 0), kReference, {shown, hidden, draft, elsewhere});
    ASSERT_EQ(plan.credits.size(), 2u);
    EXPECT_EQ(plan.credits[1].kind, "campaign");
    EXPECT_EQ(plan.credits[1].points, 25);
    EXPECT_EQ(plan.credits[1].source, "campaign:3:0:0xaa");
}

TEST(Planner, CrossPointsGrowWithTheOrdersValue) {
    // 0.001 ETH at 3,000 USD to Base: 3 USD of the 150 points a 100 USD bridge earns.
    auto small = plan_order(context("ETH", 8453, 0), {300, {}}, {});
    EXPECT_EQ(small.cross_points, 4);
    EXPECT_EQ(small.value_cents, 300);
    EXPECT_FALSE(small.boosts);  // too small to climb the boost tiers
    // 2 ETH (6,000 USD): 60 × the reference.
    EXPECT_EQ(plan_order(context("ETH", 8453, 0), {600000, {}}, {}).cross_points, 9000);
    // The referrer's 10 % follows: 10 % of 4 points is 0, of 9,000 is 900.
    auto ctx = context("ETH", 8453, 0);
    ctx.referrer = "0xbb";
    EXPECT_EQ(plan_order(ctx, {600000, {}}, {}).credits[1].points, 900);
}

TEST(Planner, SmallBridgesDoNotClimbTheBoostTiers) {
    auto ctx = context("ETH", 8453, 0);
    for (int i = 0; i < 12; ++i) ctx.earlier_bridges.push_back({1, 8453, 900, 4, 300, false});
    // 12 earlier bridges below the reference: still 1.0x, not 1.2x.
    EXPECT_EQ(plan_order(ctx, kReference, {}).cross_points, 150);
    for (int i = 0; i < 3; ++i) ctx.earlier_bridges.push_back({1, 8453, 900, 150, 10000, true});
    EXPECT_EQ(plan_order(ctx, kReference, {}).cross_points, 165);  // 3 that count + this: 1.1x
}

// The farm, planned: twenty minimum-size bridges by one wallet, each planned after the ones before
// it are recorded (as the consumer does), earn no more than one bridge of their total.
TEST(Planner, TwentyMinimumBridgesEarnNoMoreThanOneOfTheirTotal) {
    auto ctx = context("ETH", 8453, 0);
    std::int64_t split = 0;
    for (int i = 0; i < 20; ++i) {
        auto plan = plan_order(ctx, {300, {}}, {});
        split += plan.cross_points;
        ctx.earlier_bridges.push_back(
            {1, 8453, 900, plan.cross_points, plan.value_cents, plan.boosts});
    }
    const auto whole = plan_order(context("ETH", 8453, 0), {20 * 300, {}}, {}).cross_points;
    EXPECT_EQ(whole, 90);  // floor(150 × 60 / 100)
    EXPECT_EQ(split, 80);  // 20 × floor(150 × 3 / 100)
    EXPECT_LE(split, whole);
}
