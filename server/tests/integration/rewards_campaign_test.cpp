// Rewards campaigns through the real perch binary: the admin token guarding campaign edits,
// sharing a campaign, binding a referrer, the airdrop checkers and the event leaderboard.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <sstream>
#include <thread>

#include "auth/session.hpp"
#include "chain/keccak.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/signer.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "rewards/rules.hpp"
#include "rewards_support.hpp"
#include "test_paths.hpp"
#include "wait.hpp"
#include "wallet_session.hpp"

namespace json = boost::json;
using namespace perch::testing::rewards;

TEST(RewardsServer, AdminTokenGuardsCampaignEdits) {
    const std::string token = "integration-admin-token-42";
    PerchProcess closed({}, {{"PERCH_ADMIN_TOKEN", ""}});
    EXPECT_EQ(closed.post("/api/admin/api/campaigns/1/hide", "").status, 403);

    PerchProcess perch({}, {{"PERCH_ADMIN_TOKEN", token}});
    auto admin = [&](const std::string& target, const std::string& body) {
        return perch.request(
            "POST", target, body,
            {{"Content-Type", "application/json"}, {"Authorization", "Bearer " + token}});
    };
    auto ids = [&](const std::string& query) {
        auto list = json::parse(perch.get("/api/campaign_api/v1/campaigns" + query).body)
                        .at("data")
                        .at("list")
                        .as_array();
        std::vector<std::int64_t> out;
        for (const auto& c : list) out.push_back(c.at("id").as_int64());
        return out;
    };
    auto before = ids("");
    ASSERT_FALSE(before.empty());
    EXPECT_EQ(perch
                  .request("POST", "/api/admin/api/campaigns/1/hide", "",
                           {{"Authorization", "Bearer wrong-token-wrong-token"}})
                  .status,
              401);

    // Create: shown first (newest start), in the campaign's theme.
    auto created = admin("/api/admin/api/campaigns",
                         R"({"id": 77, "name": "Admin Week", "status": 1, "theme_id": 1,
                             "start_time": 1790000000, "end_time": 0, "tasks": [
                             {"points": 15, "conditions": {"transfer_count": 1, "to_chain": 1}}]})");
    ASSERT_EQ(created.status, 200) << created.body;
    EXPECT_EQ(json::parse(created.body).at("code").as_int64(), 200);
    EXPECT_EQ(ids("").front(), 77);
    EXPECT_EQ(admin("/api/admin/api/campaigns", R"({"id": 77, "name": "again", "tasks": [
                  {"points": 1, "conditions": {"transfer_count": 1}}]})")
                  .status,
              409);
    // Update: fields merge; a bad edit is refused and changes nothing.
    EXPECT_EQ(admin("/api/admin/api/campaigns/77", R"({"name": "Admin Week 2"})").status, 200);
    EXPECT_EQ(admin("/api/admin/api/campaigns/77", R"({"tasks": []})").status, 400);
    auto list = json::parse(perch.get("/api/campaign_api/v1/campaigns").body).at("data").at("list");
    EXPECT_EQ(list.at(0).at("name").as_string(), "Admin Week 2");
    EXPECT_EQ(list.at(0).at("theme_name").as_string(), "Chain Campaigns");
    // Hide: gone from both lists.
    EXPECT_EQ(admin("/api/admin/api/campaigns/77/hide", "").status, 200);
    EXPECT_EQ(ids(""), before);
    auto all = ids("?type=all");
    EXPECT_EQ(std::count(all.begin(), all.end(), 77), 0);
    // Quests: hiding one removes it from the activity panel.
    auto quests = [&] {
        return json::parse(perch.get("/api/admin/api/activity/info").body)
            .at("data")
            .as_array()
            .size();
    };
    auto shown = quests();
    ASSERT_GT(shown, 0u);
    EXPECT_EQ(admin("/api/admin/api/quests/1/hide", "").status, 200);
    EXPECT_EQ(quests(), shown - 1);
    EXPECT_EQ(admin("/api/admin/api/quests/999/hide", "").status, 404);
}

TEST(RewardsServer, SharingACompletedCampaignAddsFiftyOnce) {
    PerchProcess perch;
    auto erin = Wallet::fresh();
    auto session = sign_in(perch, erin);
    const auto share = "/api/campaign_api/v1/" + erin.lower() + "/campaigns/2?join_type=2";
    // Campaign 2 (config/campaigns.json) needs 2 bridges to Base.
    EXPECT_EQ(perch.request("POST", share, "", session.headers()).status, 400);
    insert_completed_order(perch, 1, erin.lower(), "ETH", 8453);
    insert_completed_order(perch, 2, erin.lower(), "USDC", 8453);
    EXPECT_EQ(wait_for_points(perch, erin.lower(), "campaign_points", 40), 40);  // tiers 10 + 30
    auto progress = [&] {
        return json::parse(perch
                               .get("/api/campaign_api/v1/" + erin.lower() +
                                    "/campaigns/points?campaign_id=2")
                               .body)
            .at("data")
            .at("campaigns")
            .at(0)
            .as_object();
    };
    EXPECT_TRUE(progress().at("done").as_bool());
    EXPECT_EQ(progress().at("extra_points").as_int64(), 0);  // the web app opens the share modal
    auto ok = perch.request("POST", share, "", session.headers());
    ASSERT_EQ(ok.status, 200) << ok.body;
    EXPECT_EQ(perch.request("POST", share, "", session.headers()).status, 200);
    EXPECT_EQ(field(points_of(perch, erin.lower()), "campaign_points"), 90);
    EXPECT_EQ(progress().at("extra_points").as_int64(), 50);
}

TEST(RewardsServer, SharingAHiddenOrInactiveCampaignIsRefused) {
    PerchProcess perch;
    auto fay = Wallet::fresh();
    auto session = sign_in(perch, fay);
    // Campaign 4 (config/campaigns.json) is status 0 and invisible; one bridge to Ethereum
    // completes its only task, so only its state can refuse the share.
    insert_completed_order(perch, 1, fay.lower(), "USDC", 1);
    EXPECT_EQ(wait_for_points(perch, fay.lower(), "cross_points", 100), 100);
    auto before = field(points_of(perch, fay.lower()), "campaign_points");
    auto res =
        perch.request("POST", "/api/campaign_api/v1/" + fay.lower() + "/campaigns/4?join_type=2",
                      "", session.headers());
    EXPECT_EQ(res.status, 400) << res.body;
    EXPECT_NE(res.body.find("campaign 4 is not open (hidden or not active)"), std::string::npos)
        << res.body;
    EXPECT_EQ(field(points_of(perch, fay.lower()), "campaign_points"), before);
}

TEST(RewardsServer, BindingAReferrerWithAnotherWalletsSessionChangesNothing) {
    PerchProcess perch;
    auto alice = Wallet::fresh();
    auto bob = Wallet::fresh();
    auto mallory = Wallet::fresh();
    const auto target = "/api/campaign_api/v1/" + alice.lower() + "/referrer";
    auto alice_session = sign_in(perch, alice);
    ASSERT_EQ(perch
                  .request("POST", target, json::serialize(json::object{{"referrer", bob.address}}),
                           alice_session.headers())
                  .status,
              200);
    // Mallory, signed in as herself, tries to make herself Alice's referrer.
    auto mallory_session = sign_in(perch, mallory);
    auto body = json::serialize(json::object{{"referrer", mallory.address}});
    auto forged = perch.request("POST", target, body, mallory_session.headers());
    EXPECT_EQ(forged.status, 403) << forged.body;
    EXPECT_EQ(perch.request("POST", target, body, {}).status, 401);
    auto info = json::parse(perch.get("/api/campaign_api/v1/" + alice.lower() + "/referInfo").body)
                    .at("data")
                    .as_object();
    EXPECT_EQ(info.at("referrer").as_string(), bob.lower());
    auto mallorys =
        json::parse(perch.get("/api/campaign_api/v1/" + mallory.lower() + "/referInfo").body)
            .at("data")
            .as_object();
    EXPECT_EQ(mallorys.at("total_referees").as_int64(), 0);
}

TEST(RewardsServer, AirdropBatchQueryAnswersImportedAllocations) {
    PerchProcess perch;
    auto csv = perch.dir() / "airdrop.csv";
    std::ofstream(csv) << "address,value\n0x00000000000000000000000000000000000000AA,123.45\n";
    auto [rc, out] = perch::testing::run_perch({"import-airdrop", csv.string()},
                                               {{"PERCH_DATABASE_URL", perch.db().url()}});
    ASSERT_EQ(rc, 0) << out;
    EXPECT_NE(out.find("1 allocation(s) imported for layerzero"), std::string::npos) << out;
    auto res = perch.post("/api/lottery/maker/layerzero/drop",
                          R"({"addressList": ["0x00000000000000000000000000000000000000aa",
                              "0x00000000000000000000000000000000000000bb"]})");
    ASSERT_EQ(res.status, 200) << res.body;
    auto answer = json::parse(res.body).as_object();
    EXPECT_EQ(answer.at("code").as_int64(), 200);
    EXPECT_EQ(answer.at("data").at(0).at("value").as_string(), "123.45");
    EXPECT_EQ(answer.at("data").at(1).at("value").as_string(), "0");
    auto bad = perch.post("/api/lottery/maker/layerzero/drop", R"({"addressList": ["0x12"]})");
    EXPECT_EQ(bad.status, 400);
    EXPECT_EQ(json::parse(bad.body).at("msg").as_string(), "address error.");
    auto empty = perch.post("/api/lottery/maker/layerzero/drop", R"({"addressList": []})");
    EXPECT_EQ(json::parse(empty.body).at("msg").as_string(), "Please enter the address.");
}

TEST(RewardsServer, EachAirdropCheckerQueriesItsOwnAllocationSet) {
    PerchProcess perch;
    auto csv = perch.dir() / "strk.csv";
    std::ofstream(csv) << "address,value\n0x00000000000000000000000000000000000000AA,77\n";
    const std::pair<std::string, std::string> db{"PERCH_DATABASE_URL", perch.db().url()};
    auto [rc, out] =
        perch::testing::run_perch({"import-airdrop", csv.string(), "--campaign", "strk"}, {db});
    ASSERT_EQ(rc, 0) << out;
    EXPECT_NE(out.find("1 allocation(s) imported for strk"), std::string::npos) << out;
    const std::string body = R"({"addressList": ["0x00000000000000000000000000000000000000aa"]})";
    auto value_on = [&](const std::string& campaign) {
        auto res = perch.post("/api/lottery/maker/" + campaign + "/drop", body);
        EXPECT_EQ(res.status, 200) << campaign << ": " << res.body;
        return std::string(json::parse(res.body).at("data").at(0).at("value").as_string());
    };
    EXPECT_EQ(value_on("strk"), "77");
    EXPECT_EQ(value_on("layerzero"), "0");  // sets never mix
    EXPECT_EQ(value_on("taiko"), "0");
    auto unknown = perch.post("/api/lottery/maker/nope/drop", body);
    EXPECT_EQ(unknown.status, 404);
    EXPECT_EQ(json::parse(unknown.body).at("msg").as_string(), "no airdrop named 'nope'");
    std::tie(rc, out) =
        perch::testing::run_perch({"import-airdrop", csv.string(), "--campaign", "strkk"}, {db});
    EXPECT_EQ(rc, 2);
    EXPECT_NE(out.find("--campaign 'strkk'"), std::string::npos) << out;
}

TEST(RewardsServer, EventLeaderboardSumsTheLedgerInsideTheWindowOnly) {
    PerchProcess perch;
    // Owlmazing Summer: 1717200000 .. 1725148799 (config/events.json). Ledger rows as the store
    // writes them, some inside the window, some outside.
    struct Row {
        const char* user;
        int points;
        std::int64_t at;
    };
    const Row rows[] = {{"0x00000000000000000000000000000000000000a1", 150, 1717200000},
                        {"0x00000000000000000000000000000000000000a1", 20, 1720000000},
                        {"0x00000000000000000000000000000000000000b2", 300, 1725148799},
                        {"0x00000000000000000000000000000000000000c3", 170, 1722000000},
                        {"0x00000000000000000000000000000000000000c3", 999, 1725148800},   // after
                        {"0x00000000000000000000000000000000000000d4", 500, 1717199999}};  // before
    int n = 0;
    for (const auto& r : rows) {
        auto sql =
            "INSERT INTO points_ledger (user_address, kind, points, source, created_at) "
            "VALUES ('" +
            std::string(r.user) + "', 'cross', " + std::to_string(r.points) +
            ", 'seed:" + std::to_string(n++) + "', " + std::to_string(r.at) + ")";
        perch.db().exec(sql);
    }
    auto res = perch.get("/api/campaign_api/v1/events/owlmazing");
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("title").as_string(), "Owlmazing Summer");
    EXPECT_TRUE(data.at("ended").as_bool());
    const auto& board = data.at("leaderboard").as_array();
    ASSERT_EQ(board.size(), 3U);
    // b2 300; a1 and c3 both 170: ties by address.
    EXPECT_EQ(board[0].at("address").as_string(), "0x00000000000000000000000000000000000000b2");
    EXPECT_EQ(board[0].at("points").as_int64(), 300);
    EXPECT_EQ(board[1].at("address").as_string(), "0x00000000000000000000000000000000000000a1");
    EXPECT_EQ(board[1].at("points").as_int64(), 170);
    EXPECT_EQ(board[2].at("address").as_string(), "0x00000000000000000000000000000000000000c3");
    EXPECT_EQ(board[2].at("rank").as_int64(), 3);
    auto other = json::parse(perch.get("/api/campaign_api/v1/events/owlympics").body).at("data");
    // Owlympics (2024-07-26 .. 2024-08-11) holds only c3's credit of 2024-07-26.
    ASSERT_EQ(other.at("leaderboard").as_array().size(), 1U);
    EXPECT_EQ(other.at("leaderboard").at(0).at("points").as_int64(), 170);
    EXPECT_EQ(perch.get("/api/campaign_api/v1/events/nope").status, 404);
}
