// Campaign parsing, the spec's list filters, and progress from completed bridges.
#include "rewards/campaigns.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "rewards/rewards_catalog.hpp"
#include "test_paths.hpp"

using namespace perch::rewards;
namespace json = boost::json;

namespace {

Campaign campaign_of(const char* text) {
    auto p = parse_campaign(json::parse(text).as_object());
    EXPECT_TRUE(p) << p.error;
    return p.value.value_or(Campaign{});
}

constexpr const char* kTiers = R"({"id": 5, "name": "Soneium", "start_time": 1000,
  "end_time": 2000, "tasks": [
    {"points": 20, "conditions": {"transfer_count": 1, "to_chain": 1868}},
    {"points": 50, "conditions": {"transfer_count": 3, "to_chain": 1868}}]})";

}  // namespace

TEST(Campaigns, ParseChecksFields) {
    auto c = campaign_of(kTiers);
    EXPECT_EQ(c.id, 5);
    EXPECT_EQ(c.status, 1);
    ASSERT_EQ(c.tasks.size(), 2u);
    EXPECT_EQ(c.tasks[1].transfer_count, 3);
    EXPECT_EQ(c.tasks[1].from_chain, 0);
    auto bad = parse_campaign(json::parse(R"({"id": 6, "name": "x", "tasks": []})").as_object());
    EXPECT_FALSE(bad);
    EXPECT_EQ(bad.error, "campaign 6: 'tasks' must be a non-empty array");
    auto down = parse_campaign(json::parse(R"({"id": 7, "name": "x", "tasks": [
        {"points": 1, "conditions": {"transfer_count": 3}},
        {"points": 1, "conditions": {"transfer_count": 2}}]})")
                                   .as_object());
    EXPECT_NE(down.error.find("increasing"), std::string::npos);
    EXPECT_FALSE(parse_theme(json::parse(R"({"id": 1})").as_object()));
    EXPECT_FALSE(parse_social_task(json::parse(R"({"id": 1, "platform": "myspace"})").as_object()));
    // Every kind of entry is looked up by its id: none of them takes one below 1.
    for (const auto* entry :
         {R"({"id": 0, "name": "x", "tasks": []})", R"({"id": 0, "name": "x"})",
          R"({"id": -1, "maintitle": "x"})", R"({"id": 0, "platform": "follow"})"}) {
        auto o = json::parse(entry).as_object();
        auto errors = {parse_campaign(o).error, parse_theme(o).error, parse_quest(o).error,
                       parse_social_task(o).error};
        for (const auto& error : errors)
            EXPECT_NE(error.find("'id' must be positive"), std::string::npos)
                << entry << ": " << error;
    }
}

TEST(Campaigns, TimeTypeIsOneForCountdownZeroForDateRange) {
    EXPECT_EQ(kCountdown, 1);
    EXPECT_EQ(kDateRange, 0);
    EXPECT_EQ(campaign_of(kTiers).time_type, kDateRange);  // the default
    auto countdown = parse_campaign(json::parse(R"({"id": 8, "name": "x", "end_time": 5,
        "time_type": 1, "tasks": [{"points": 1, "conditions": {"transfer_count": 1}}]})")
                                        .as_object());
    EXPECT_TRUE(countdown) << countdown.error;
    // A countdown needs an end; an open-ended campaign shows a date range.
    auto endless = parse_campaign(json::parse(R"({"id": 8, "name": "x", "end_time": 0,
        "time_type": 1, "tasks": [{"points": 1, "conditions": {"transfer_count": 1}}]})")
                                      .as_object());
    EXPECT_EQ(endless.error, "campaign 8: a countdown (time_type 1) needs an 'end_time'");
    auto other = parse_campaign(json::parse(R"({"id": 8, "name": "x", "time_type": 2,
        "tasks": [{"points": 1, "conditions": {"transfer_count": 1}}]})")
                                    .as_object());
    EXPECT_FALSE(other);
}

TEST(Campaigns, OpenMeansStatusOneAndShown) {
    Campaign c;
    EXPECT_TRUE(campaign_is_open(c));
    c.invisible = true;
    EXPECT_FALSE(campaign_is_open(c));
    c.invisible = false;
    c.status = 0;
    EXPECT_FALSE(campaign_is_open(c));
    c.status = 2;
    EXPECT_FALSE(campaign_is_open(c));
}

TEST(Campaigns, SocialTaskJsonCarriesTheDiscordClientId) {
    auto discord = parse_social_task(json::parse(R"({"id": 30, "platform": "discord",
        "link": "https://discord.gg/x", "client_id": "123456"})")
                                         .as_object());
    ASSERT_TRUE(discord) << discord.error;
    auto o = social_task_json(*discord.value);
    EXPECT_EQ(o.at("client_id").as_string(), "123456");
    EXPECT_EQ(o.at("points").as_int64(), 30);
    auto follow = parse_social_task(json::parse(R"({"id": 31, "platform": "follow"})").as_object());
    EXPECT_FALSE(social_task_json(*follow.value).contains("client_id"));
}

TEST(Campaigns, ListKeepsStatusOneVisibleNewestFirst) {
    auto make = [](std::int64_t id, std::int64_t status, bool invisible, std::int64_t start,
                   std::int64_t end) {
        Campaign c;
        c.id = id;
        c.status = status;
        c.invisible = invisible;
        c.start_time = start;
        c.end_time = end;
        return c;
    };
    std::vector<Campaign> all{make(1, 1, false, 100, 0), make(2, 0, false, 300, 0),
                              make(3, 1, true, 400, 0), make(4, 1, false, 200, 500),
                              make(5, 1, false, 250, 0)};
    auto now = visible_campaigns(all, 1000, false);
    ASSERT_EQ(now.size(), 2u);  // 4 ended at 500
    EXPECT_EQ(now[0].id, 5);
    EXPECT_EQ(now[1].id, 1);
    auto every = visible_campaigns(all, 1000, true);
    ASSERT_EQ(every.size(), 3u);
    EXPECT_EQ(every[0].id, 5);
    EXPECT_EQ(every[1].id, 4);
    EXPECT_EQ(every[2].id, 1);
}

TEST(Campaigns, ProgressCountsMatchingBridgesInTheWindow) {
    auto c = campaign_of(kTiers);
    std::vector<BridgeRecord> bridges{
        {8453, 1868, 1100, 150},   // counts
        {1, 42161, 1200, 150},     // wrong destination
        {1, 1868, 2500, 150},      // after the end
        {42161, 1868, 1300, 100},  // counts
    };
    auto p = campaign_progress(c, bridges);
    EXPECT_EQ(p.transfer_count_total, 2);
    EXPECT_EQ(p.cross_total_points, 250);
    EXPECT_EQ(p.tiers_reached, (std::vector<bool>{true, false}));
    EXPECT_EQ(p.tier_points, 20);
    EXPECT_FALSE(p.done);
    bridges.push_back({1, 1868, 1400, 300});
    p = campaign_progress(c, bridges);
    EXPECT_TRUE(p.done);  // the count reached the last task's transfer_count
    EXPECT_EQ(p.tier_points, 70);
}

TEST(Campaigns, ProgressHonoursSourceChain) {
    auto c = campaign_of(R"({"id": 9, "name": "From Base", "tasks": [
        {"points": 5, "conditions": {"transfer_count": 1, "from_chain": 8453, "to_chain": 0}}]})");
    EXPECT_FALSE(campaign_progress(c, {{1, 8453, 10, 1}}).done);
    EXPECT_TRUE(campaign_progress(c, {{8453, 1, 10, 1}}).done);
}

TEST(Campaigns, DeployTasksCountDeploymentsOnTheirNetworkInTheWindow) {
    auto c = campaign_of(R"({"id": 10, "name": "Build", "start_time": 1000, "end_time": 2000,
      "tasks": [{"points": 30, "conditions": {"deploy_count": 1, "chain": 1868}},
                {"points": 40, "conditions": {"deploy_count": 2, "chain": 8453}}]})");
    ASSERT_EQ(c.tasks.size(), 2u);
    EXPECT_TRUE(c.tasks[0].is_deploy());
    EXPECT_EQ(c.tasks[1].deploy_chain, 8453);
    // Bridges count for nothing here; deployments on other networks or outside the window neither.
    auto p = campaign_progress(c, {{1, 1868, 1100, 10}}, {{42161, 1100}, {1868, 2500}});
    EXPECT_EQ(p.tiers_reached, (std::vector<bool>{false, false}));
    EXPECT_FALSE(p.done);
    p = campaign_progress(c, {}, {{1868, 1100}, {8453, 1200}});
    EXPECT_EQ(p.tiers_reached, (std::vector<bool>{true, false}));
    EXPECT_EQ(p.tier_points, 30);
    EXPECT_FALSE(p.done);
    p = campaign_progress(c, {}, {{1868, 1100}, {8453, 1200}, {8453, 1300}});
    EXPECT_TRUE(p.done);
    EXPECT_EQ(p.tier_points, 70);
    // The JSON says what the task asks for.
    auto task = campaign_json(c, "").at("tasks").as_array()[0].at("conditions").as_object();
    EXPECT_EQ(task.at("deploy_count").as_int64(), 1);
    EXPECT_EQ(task.at("chain").as_int64(), 1868);
    EXPECT_FALSE(task.contains("transfer_count"));
}

TEST(Campaigns, MixedCampaignsNeedTheLastBridgeTierAndEveryDeployTask) {
    auto c = campaign_of(R"({"id": 11, "name": "Mixed", "tasks": [
        {"points": 10, "conditions": {"transfer_count": 1, "to_chain": 1868}},
        {"points": 30, "conditions": {"deploy_count": 1, "chain": 1868}},
        {"points": 20, "conditions": {"transfer_count": 2, "to_chain": 1868}}]})");
    EXPECT_FALSE(campaign_progress(c, {{1, 1868, 5, 1}, {1, 1868, 6, 1}}).done);
    EXPECT_FALSE(campaign_progress(c, {{1, 1868, 5, 1}}, {{1868, 7}}).done);
    EXPECT_TRUE(campaign_progress(c, {{1, 1868, 5, 1}, {1, 1868, 6, 1}}, {{1868, 7}}).done);
    auto bad = parse_campaign(json::parse(R"({"id": 12, "name": "x", "tasks": [
        {"points": 1, "conditions": {"deploy_count": 0, "chain": 1868}}]})")
                                  .as_object());
    EXPECT_NE(bad.error.find("deploy_count"), std::string::npos) << bad.error;
    auto no_chain = parse_campaign(json::parse(R"({"id": 13, "name": "x", "tasks": [
        {"points": 1, "conditions": {"deploy_count": 1}}]})")
                                       .as_object());
    EXPECT_FALSE(no_chain);
}

TEST(Campaigns, ConfigFilesLoadAndQuestsFilter) {
    auto catalog = RewardsCatalog::load(perch::test::config_dir());
    auto snap = catalog.snapshot();
    EXPECT_GE(snap->campaigns.size(), 3u);
    ASSERT_NE(snap->social_task(29), nullptr);
    EXPECT_EQ(snap->social_task(29)->platform, "twitter");
    EXPECT_EQ(snap->social_task(30)->platform, "discord");
    EXPECT_EQ(snap->social_task(32)->platform, "telegram");
    EXPECT_FALSE(snap->social_task(30)->client_id.empty());  // Discord OAuth from config
    EXPECT_EQ(snap->social_task(31)->platform, "follow");
    EXPECT_EQ(snap->campaign(1)->time_type, kCountdown);
    auto quests = visible_quests(snap->quests, 1780000000);
    for (const auto& q : quests) {
        EXPECT_EQ(q.at("status").as_int64(), 1);
        EXPECT_GT(q.at("end_time").as_int64(), 1780000000);
    }
    // An admin edit replaces the entry; a bad one is refused and changes nothing.
    auto hidden = catalog.merged("campaign", 1, json::object{{"invisible", true}});
    ASSERT_TRUE(hidden);
    EXPECT_FALSE(catalog.put("campaign", *hidden));
    EXPECT_TRUE(catalog.snapshot()->campaign(1)->invisible);
    auto broken = catalog.merged("campaign", 2, json::object{{"tasks", json::array{}}});
    EXPECT_TRUE(catalog.put("campaign", *broken));
    EXPECT_EQ(catalog.snapshot()->campaign(2)->tasks.size(), 2u);
    // Several at once (the reload of stored edits): the good ones apply, each bad one says why.
    auto shown = catalog.merged("campaign", 1, json::object{{"invisible", false}});
    ASSERT_TRUE(shown);
    auto errors = catalog.put_many({{"campaign", *broken}, {"campaign", *shown}, {"planet", {}}});
    ASSERT_EQ(errors.size(), 3u);
    EXPECT_TRUE(errors[0]);
    EXPECT_FALSE(errors[1]);
    EXPECT_EQ(errors[2], "unknown kind 'planet'");
    EXPECT_FALSE(catalog.snapshot()->campaign(1)->invisible);
    EXPECT_EQ(catalog.snapshot()->campaign(2)->tasks.size(), 2u);
}
