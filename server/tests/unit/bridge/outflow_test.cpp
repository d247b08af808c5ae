#include "bridge/outflow.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch::bridge;
using perch::ConfigError;
using perch::OutflowSettings;
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

// One route, 8453 -> 42161 ETH, capped 1 ETH an hour (100 s here) and 2 ETH a day (300 s).
OutflowRules small_rules() {
    OutflowSettings settings;
    settings.hour = std::chrono::seconds(100);
    settings.day = std::chrono::seconds(300);
    settings.caps["8453:42161:ETH"] = {"1", "2"};
    return make_outflow_rules(committed_routes(), settings);
}

const std::string kRoute = "8453:42161:ETH";

}  // namespace

TEST(OutflowRules, RouteKeysRoundTripAndRejectNonsense) {
    EXPECT_EQ(route_key(8453, 42161, "ETH"), kRoute);
    auto key = parse_route_key(kRoute);
    ASSERT_TRUE(key);
    EXPECT_EQ(key->src, 8453);
    EXPECT_EQ(key->dst, 42161);
    EXPECT_EQ(key->token, "ETH");
    for (const char* bad : {"", "8453:42161", "8453:8453:ETH", "a:42161:ETH",
                            "8453:42161:", "8453:42161:ETH:x", "-1:42161:ETH", "8453 :42161:ETH"})
        EXPECT_FALSE(parse_route_key(bad)) << bad;
}

TEST(OutflowRules, EveryRouteGetsCapsAndTheDefaultsAreSizedFromItsMax) {
    auto rules = make_outflow_rules(committed_routes(), OutflowSettings{});
    const auto* eth_caps = rules.caps(kRoute);
    ASSERT_TRUE(eth_caps);
    // routes.json: ETH max 5.
    EXPECT_EQ(eth_caps->hour, eth("20"));
    EXPECT_EQ(eth_caps->day, eth("60"));
    EXPECT_FALSE(eth_caps->pause_net);
    EXPECT_TRUE(rules.caps("42161:8453:ETH"));
    EXPECT_TRUE(rules.caps("8453:1:USDC"));
    EXPECT_FALSE(rules.caps("8453:8453:ETH"));
}

TEST(OutflowRules, ARouteKeyBeatsItsTokenAndAnUnknownKeyIsRefused) {
    OutflowSettings settings;
    settings.caps["ETH"] = {"10", "30"};
    settings.caps[kRoute] = {"1", ""};
    settings.pause_net_outflow["ETH"] = "3";
    auto rules = make_outflow_rules(committed_routes(), settings);
    EXPECT_EQ(rules.caps(kRoute)->hour, eth("1"));
    EXPECT_EQ(rules.caps(kRoute)->day, eth("60"));  // its own day cap unset: the default
    EXPECT_EQ(rules.caps("10:42161:ETH")->hour, eth("10"));
    EXPECT_EQ(*rules.caps("10:42161:ETH")->pause_net, eth("3"));

    OutflowSettings typo;
    typo.caps["8453:42161:ETHH"] = {"1", "2"};
    EXPECT_THROW(make_outflow_rules(committed_routes(), typo), ConfigError);
    OutflowSettings zero;
    zero.caps[kRoute] = {"0", "2"};
    EXPECT_THROW(make_outflow_rules(committed_routes(), zero), ConfigError);
    OutflowSettings garbage;
    garbage.caps[kRoute] = {"lots", "2"};
    EXPECT_THROW(make_outflow_rules(committed_routes(), garbage), ConfigError);
}

TEST(OutflowRules, CapacityLeftCountsOnlyThePayoutsInsideTheWindow) {
    auto rules = small_rules();
    std::vector<Outflow> paid{{1000, eth("0.4")}, {1050, eth("0.3")}};
    EXPECT_EQ(capacity_left(paid, eth("1"), rules.hour, 1060), eth("0.3"));
    // At 1100 the first one (1000) has left the 100 s window.
    EXPECT_EQ(capacity_left(paid, eth("1"), rules.hour, 1100), eth("0.7"));
    EXPECT_EQ(capacity_left(paid, eth("1"), rules.hour, 1150), eth("1"));
    std::vector<Outflow> over{{1000, eth("1.5")}};
    EXPECT_EQ(capacity_left(over, eth("1"), rules.hour, 1010), U256());
}

TEST(OutflowRules, EarliestFitWaitsForTheWindowToFreeEnough) {
    auto rules = small_rules();
    const auto& caps = *rules.caps(kRoute);
    std::vector<Outflow> paid{{1000, eth("0.4")}, {1050, eth("0.4")}};
    EXPECT_EQ(earliest_fit(paid, eth("0.2"), caps, rules, 1060), 1060);  // 0.8 + 0.2 fits
    EXPECT_EQ(earliest_fit(paid, eth("0.3"), caps, rules, 1060), 1100);  // after 1000 leaves
    EXPECT_EQ(earliest_fit(paid, eth("0.7"), caps, rules, 1060), 1150);  // after both leave
    // The day cap (2 in 300 s) binds after the hour's has freed.
    std::vector<Outflow> busy{{1000, eth("1")}, {1100, eth("1")}};
    EXPECT_EQ(earliest_fit(busy, eth("0.5"), caps, rules, 1200), 1300);
    // A single transfer above the cap is paid alone, once everything else has left the windows.
    EXPECT_EQ(earliest_fit(paid, eth("3"), caps, rules, 1060), 1350);
    EXPECT_EQ(earliest_fit({}, eth("3"), caps, rules, 1060), 1060);
}

TEST(OutflowRules, PlanPaysWhatFitsAndDelaysTheRestInOrder) {
    auto rules = small_rules();
    std::vector<QueuedPayout> queued;
    for (int i = 1; i <= 5; ++i) queued.push_back({i, kRoute, eth("0.4"), 0, 0});
    auto plans = plan_payouts(queued, {}, rules, 1000);
    ASSERT_EQ(plans.size(), 5u);
    EXPECT_EQ(plans[0].pay_at, 1000);
    EXPECT_EQ(plans[1].pay_at, 1000);
    EXPECT_FALSE(plans[1].by_limit);
    // 0.4 + 0.4 + 0.4 > 1: the third waits for the hour window, and so on, never refused.
    EXPECT_TRUE(plans[2].by_limit);
    EXPECT_EQ(plans[2].pay_at, 1100);
    EXPECT_EQ(plans[3].pay_at, 1100);
    // The day cap: 2 ETH in 300 s; 0.4 x 5 = 2 fits, at the next hour window.
    EXPECT_EQ(plans[4].pay_at, 1200);
    for (const auto& p : plans) EXPECT_FALSE(p.held);
}

TEST(OutflowRules, LaterPayoutsNeverPassOneThatWaitsForCapacity) {
    auto rules = small_rules();
    std::vector<QueuedPayout> queued{{1, kRoute, eth("0.9"), 0, 0},
                                     {2, kRoute, eth("0.5"), 0, 0},
                                     {3, kRoute, eth("0.05"), 0, 0}};
    auto plans = plan_payouts(queued, {}, rules, 1000);
    EXPECT_EQ(plans[0].pay_at, 1000);
    EXPECT_EQ(plans[1].pay_at, 1100);
    EXPECT_TRUE(plans[2].by_limit);  // it would fit now, but the one before it waits
    EXPECT_GE(plans[2].pay_at, 1100);
    // Another route is not held up.
    std::vector<QueuedPayout> other{{1, kRoute, eth("1"), 0, 0},
                                    {2, "10:42161:ETH", eth("1"), 0, 0}};
    auto both = plan_payouts(other, {}, rules, 1000);
    EXPECT_EQ(both[1].pay_at, 1000);
}

TEST(OutflowRules, LargeTransfersAreHeldOnceAndTheHoldSurvivesAReplan) {
    OutflowSettings settings;
    settings.delay_above_usd = 1000;
    settings.delay = std::chrono::seconds(600);
    auto rules = make_outflow_rules(committed_routes(), settings);
    std::vector<QueuedPayout> queued{{1, kRoute, eth("1"), 3000, 0},
                                     {2, kRoute, eth("0.1"), 300, 0},
                                     {3, kRoute, eth("1"), 0, 0}};  // no price: not held
    auto plans = plan_payouts(queued, {}, rules, 5000);
    EXPECT_TRUE(plans[0].held);
    EXPECT_EQ(plans[0].hold_until, 5600);
    EXPECT_EQ(plans[0].pay_at, 5600);
    EXPECT_EQ(plans[1].pay_at, 5000);  // a small one behind it is not held up
    EXPECT_EQ(plans[2].pay_at, 5000);
    // Planned again later (a restart): the stored hold stands, and ends when it said.
    queued[0].hold_until = 5600;
    auto later = plan_payouts({queued[0]}, {}, rules, 5300);
    EXPECT_EQ(later[0].pay_at, 5600);
    auto due = plan_payouts({queued[0]}, {}, rules, 5600);
    EXPECT_EQ(due[0].pay_at, 5600);
}

TEST(OutflowRules, ReasonsNameTheLimitAndATimeNeverACountdown) {
    EXPECT_NE(limit_delay_reason(1000).find("delayed by the route's limit"), std::string::npos);
    EXPECT_NE(limit_delay_reason(1000).find("00:16:40 UTC"), std::string::npos);
    EXPECT_EQ(limit_delay_reason(1000), limit_delay_reason(1000));
    EXPECT_NE(large_hold_reason(1000, 50000).find("$50000"), std::string::npos);
    // A quote names the hold in units one reads at a glance (15 s is not "0 min").
    EXPECT_EQ(quoted_hold_reason(50, std::chrono::seconds(15)),
              "transfers above $50 wait 15 s before payout");
    EXPECT_EQ(quoted_hold_reason(1000, std::chrono::seconds(3600)),
              "transfers above $1000 wait 1 h before payout");
    EXPECT_EQ(quoted_hold_reason(1000, std::chrono::seconds(900)),
              "transfers above $1000 wait 15 min before payout");
}

TEST(OutflowRules, NetOutflowAndPriceDisagreement) {
    EXPECT_EQ(net_outflow(eth("3"), eth("1")), eth("2"));
    EXPECT_EQ(net_outflow(eth("1"), eth("3")), U256());
    EXPECT_FALSE(prices_disagree({3000, 3050}, 200));
    EXPECT_TRUE(prices_disagree({3000, 3100}, 200));
    EXPECT_FALSE(prices_disagree({3000, 0}, 200));   // an unknown price is no disagreement
    EXPECT_FALSE(prices_disagree({3000, 9000}, 0));  // no bound configured
}
