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

}  // namespace

TEST(Planner, CrossPointsWithBoostAndUniqueSources) {
    auto plan = plan_order(context("ETH", 1, 2), {});  // the third bridge: 1.1x
    EXPECT_EQ(plan.cross_points, 330);
    ASSERT_EQ(plan.credits.size(), 1u);
    EXPECT_EQ(plan.credits[0].kind, "cross");
    EXPECT_EQ(plan.credits[0].source, "bridge:8453:0xabc:1");
    EXPECT_EQ(plan.checkin_topup, 0);
}

TEST(Planner, ReferrerShareButNeverToOneself) {
    auto ctx = context("USDC", 42161, 0);
    ctx.referrer = "0xbb";
    auto plan = plan_order(ctx, {});
    ASSERT_EQ(plan.credits.size(), 2u);
    EXPECT_EQ(plan.credits[1].user, "0xbb");
    EXPECT_EQ(plan.credits[1].kind, "refer");
    EXPECT_EQ(plan.credits[1].points, 10);
    EXPECT_EQ(plan.credits[1].source, "refer:8453:0xabc:1");
    ctx.referrer = "0xaa";
    EXPECT_EQ(plan_order(ctx, {}).credits.size(), 1u);
}

TEST(Planner, TopsUpTheDaysCheckInOnce) {
    auto ctx = context("ETH", 8453, 0);
    ctx.checkin_that_day = store::CheckInDay{20261123, 1868, "0x1", 2, 2, 4, false, 0};
    auto plan = plan_order(ctx, {});
    EXPECT_EQ(plan.checkin_topup, 16);  // (10 - 2) × 2 on a special day
    EXPECT_EQ(plan.credits.back().source, "checkin-topup:0xaa:20261123");
    ctx.checkin_that_day->in_bridge = true;  // already topped up
    EXPECT_EQ(plan_order(ctx, {}).checkin_topup, 0);
}

TEST(Planner, CampaignTiersOnlyForShownCampaigns) {
    auto shown = to_chain(3, 42161);
    auto hidden = to_chain(4, 42161);
    hidden.invisible = true;
    auto draft = to_chain(5, 42161);
    draft.status = 0;
    auto elsewhere = to_chain(6, 1);
    auto plan = plan_order(context("ETH", 42161, 0), {shown, hidden, draft, elsewhere});
    ASSERT_EQ(plan.credits.size(), 2u);
    EXPECT_EQ(plan.credits[1].kind, "campaign");
    EXPECT_EQ(plan.credits[1].points, 25);
    EXPECT_EQ(plan.credits[1].source, "campaign:3:0:0xaa");
}
