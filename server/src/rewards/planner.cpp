#include "rewards/planner.hpp"

#include <algorithm>

#include "rewards/rules.hpp"

namespace perch::rewards {

std::string bridge_source(const std::string& order_key) {
    return "bridge:" + order_key;
}
std::string refer_source(const std::string& order_key) {
    return "refer:" + order_key;
}
std::string checkin_topup_source(const std::string& user, int day) {
    return "checkin-topup:" + user + ":" + std::to_string(day);
}
std::string campaign_prefix(std::int64_t campaign_id) {
    return "campaign:" + std::to_string(campaign_id) + ":";
}
std::string campaign_tier_source(std::int64_t campaign_id, std::size_t tier,
                                 const std::string& user) {
    return campaign_prefix(campaign_id) + std::to_string(tier) + ":" + user;
}
std::string share_source(std::int64_t campaign_id, const std::string& user) {
    return "share:" + std::to_string(campaign_id) + ":" + user;
}
std::string social_source(std::int64_t task_id, const std::string& user) {
    return "social:" + std::to_string(task_id) + ":" + user;
}

namespace {

// The bridges the boost tiers count: the earlier ones that counted, and this one if it does.
std::int64_t boost_count(const store::OrderContext& ctx, bool this_one_boosts) {
    auto earlier = std::count_if(ctx.earlier_bridges.begin(), ctx.earlier_bridges.end(),
                                 [](const store::UserBridge& b) { return b.boosts; });
    return static_cast<std::int64_t>(earlier) + (this_one_boosts ? 1 : 0);
}

}  // namespace

store::OrderPlan plan_order(const store::OrderContext& ctx, const OrderValue& value,
                            const std::vector<Campaign>& campaigns) {
    const auto& o = ctx.order;
    store::OrderPlan plan;
    plan.value_cents = value.cents;
    plan.boosts = counts_for_boost(value.cents, value.rule);
    plan.cross_points = bridge_points(bridge_base_points(o.token, o.dst_chain),
                                      boost_count(ctx, plan.boosts), value.cents, value.rule);
    plan.credits.push_back({o.sender, "cross", plan.cross_points, bridge_source(o.order_key)});
    if (ctx.referrer && *ctx.referrer != o.sender) {
        plan.credits.push_back(
            {*ctx.referrer, "refer", referral_share(plan.cross_points), refer_source(o.order_key)});
    }
    if (ctx.checkin_that_day && !ctx.checkin_that_day->in_bridge) {
        plan.checkin_topup =
            checkin_topup(ctx.checkin_that_day->base_points, ctx.checkin_that_day->multiplier);
        plan.credits.push_back(
            {o.sender, "check_in", plan.checkin_topup, checkin_topup_source(o.sender, ctx.day)});
    }
    std::vector<BridgeRecord> all;
    for (const auto& b : ctx.earlier_bridges)
        all.push_back({b.src_chain, b.dst_chain, b.completed_at, b.points});
    all.push_back({o.src_chain, o.dst_chain, o.completed_at, plan.cross_points});
    for (const auto& c : campaigns) {
        if (c.status != 1 || c.invisible) continue;  // hidden campaigns credit nothing
        auto progress = campaign_progress(c, all);
        for (std::size_t i = 0; i < c.tasks.size(); ++i) {
            if (!progress.tiers_reached[i] || c.tasks[i].points <= 0) continue;
            plan.credits.push_back(
                {o.sender, "campaign", c.tasks[i].points, campaign_tier_source(c.id, i, o.sender)});
        }
    }
    return plan;
}

store::CheckInPlan plan_checkin(int day, const std::vector<int>& earlier_days, bool bridged) {
    auto credit = checkin_credit(day, earlier_days, bridged);
    return {credit.base, credit.multiplier};
}

}  // namespace perch::rewards
