#pragma once
// What a completed bridge order earns (pure): cross points by its USD value with the boost of the
// sender's bridge count, the referrer's 10 %, the top-up of that day's check-in, and the campaign
// tiers the order completes. Every credit's source is unique to the event, so replaying an order
// credits nothing.
#include <vector>

#include "rewards/campaigns.hpp"
#include "rewards/rules.hpp"
#include "store/rewards_store.hpp"

namespace perch::rewards {

// What the order is worth for its points: its USD value in cents (the caller prices the deposit
// when it credits the order, rewards::value_cents) and the rule that turns value into points.
struct OrderValue {
    std::int64_t cents = 0;
    BridgeValueRule rule;
};

store::OrderPlan plan_order(const store::OrderContext& ctx, const OrderValue& value,
                            const std::vector<Campaign>& campaigns);

// The check-in planner the store calls inside its transaction.
store::CheckInPlan plan_checkin(int day, const std::vector<int>& earlier_days, bool bridged);

// Ledger sources (unique per event).
std::string bridge_source(const std::string& order_key);
std::string refer_source(const std::string& order_key);
std::string checkin_topup_source(const std::string& user, int day);
std::string campaign_tier_source(std::int64_t campaign_id, std::size_t tier,
                                 const std::string& user);
std::string campaign_prefix(std::int64_t campaign_id);
std::string share_source(std::int64_t campaign_id, const std::string& user);
std::string social_source(std::int64_t task_id, const std::string& user);

}  // namespace perch::rewards
