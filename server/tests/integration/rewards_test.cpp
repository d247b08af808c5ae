// Rewards through the real perch binary, the real devnet and a real local social verifier
// (tools/social-verifier.mjs): wallet sign-in (SIWE signed here), a check-in through the CheckIn
// contract on chain 1868 credited once, sessions that cannot act for another wallet, a social task
// verified by the verifier, bridge orders turned into points by the consumer, and the check-in's
// bonus on a bridge day and its streak. Campaigns, referrals, airdrops and the leaderboard:
// rewards_campaign_test.cpp. Fresh random wallets (hardhat_setBalance +
// hardhat_impersonateAccount) so reruns on one devnet never collide.
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

namespace {

// The local social verifier, run with node for as long as the test.
class Verifier {
  public:
    explicit Verifier(const std::vector<std::string>& accept) {
        log_ = std::filesystem::temp_directory_path() /
               ("perch-verifier-" + std::to_string(std::random_device{}()) + ".log");
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            if (chdir(perch::test::root_dir()) != 0) _exit(127);
            int fd = open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 1);
            dup2(fd, 2);
            std::vector<std::string> args{"node", "tools/social-verifier.mjs", "--port", "0"};
            for (const auto& a : accept) {
                args.push_back("--accept");
                args.push_back(a);
            }
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execvp("node", argv.data());
            _exit(127);
        }
        std::regex listening("listening on (http://[0-9.]+:[0-9]+)");
        perch::testing::wait_for(
            "the social verifier listening", std::chrono::seconds(60),
            [&] {
                std::ifstream in(log_);
                std::stringstream s;
                s << in.rdbuf();
                auto text = s.str();
                std::smatch m;
                if (!std::regex_search(text, m, listening)) return false;
                url_ = m[1];
                return true;
            },
            std::chrono::milliseconds(50));
    }
    ~Verifier() {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        std::filesystem::remove(log_);
    }
    const std::string& url() const { return url_; }

  private:
    pid_t pid_ = -1;
    std::filesystem::path log_;
    std::string url_;
};

void fund_and_impersonate(rpc::RpcClient& rpc, const Wallet& w) {
    run_task(rpc_call(rpc, "hardhat_setBalance",
                      json::array{w.address, "0x56BC75E2D63100000"}));  // 100 ETH
    run_task(rpc_call(rpc, "hardhat_impersonateAccount", json::array{w.address}));
}

std::string checkin_calldata(int yyyymmdd) {
    auto selector = keccak256("checkIn(uint32)").hex().substr(0, 10);
    char arg[80];
    std::snprintf(arg, sizeof arg, "%064x", yyyymmdd);
    return selector + arg;
}

// Checks in on chain and returns the transaction hash.
std::string check_in_on_chain(rpc::RpcClient& rpc, const std::string& contract, const Wallet& w) {
    auto params =
        json::array{json::object{{"from", w.address},
                                 {"to", contract},
                                 {"data", checkin_calldata(perch::rewards::utc_date(now_unix()))}}};
    auto receipt = run_task(send_and_wait(rpc, std::move(params)));
    EXPECT_EQ(receipt.at("status").as_string(), "0x1");
    return std::string(receipt.at("transactionHash").as_string());
}

std::string checkin_body(const std::string& user, const std::string& hash) {
    return json::serialize(
        json::object{{"encrypt", json::object{{"timestamp", now_unix()}, {"encrypted", ""}}},
                     {"hash", hash},
                     {"chainId", 1868},
                     {"userAddress", user}});
}

}  // namespace

TEST(RewardsServer, SignInCheckInOnChainAndReplayCreditsNothing) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    rpc::RpcClient soneium({devnet.rpc_urls.at(1868)});
    auto alice = Wallet::fresh();
    fund_and_impersonate(soneium, alice);

    // The contract list names chain 1868 first.
    auto contracts = json::parse(perch.get("/api/lottery/maker/sign/contract").body).as_object();
    EXPECT_EQ(contracts.at("code").as_int64(), 200);
    EXPECT_EQ(contracts.at("data").at(0).at("chainId").as_int64(), 1868);

    auto session = sign_in(perch, alice);
    auto who = perch.get("/api/auth/session", {{"Cookie", session.cookie}});
    EXPECT_EQ(json::parse(who.body).at("data").at("address").as_string(), alice.lower());

    auto tx = check_in_on_chain(soneium, devnet.contracts.at("CheckIn"), alice);
    // Without the session: refused, nothing credited.
    auto anonymous =
        perch.request("POST", "/api/lottery/maker/sign/in", checkin_body(alice.address, tx),
                      {{"Content-Type", "application/json"}});
    EXPECT_EQ(anonymous.status, 401) << anonymous.body;
    EXPECT_EQ(field(points_of(perch, alice.lower()), "check_in_points"), 0);

    auto res = perch.request("POST", "/api/lottery/maker/sign/in", checkin_body(alice.address, tx),
                             session.headers());
    ASSERT_EQ(res.status, 200) << res.body;
    auto answer = json::parse(res.body).as_object();
    EXPECT_EQ(answer.at("code").as_int64(), 200);
    const int today = perch::rewards::utc_date(now_unix());
    const auto expected = perch::rewards::checkin_credit(today, {}, false).points;  // 2 (4 on a
                                                                                    // special day)
    EXPECT_EQ(field(answer.at("data").as_object(), "points"), expected);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "check_in_points"), expected);

    // Replaying the same transaction hash credits nothing.
    auto replay = perch.request("POST", "/api/lottery/maker/sign/in",
                                checkin_body(alice.address, tx), session.headers());
    EXPECT_EQ(replay.status, 409) << replay.body;
    EXPECT_EQ(field(points_of(perch, alice.lower()), "check_in_points"), expected);

    // The week and the month show the day with its transaction.
    auto week =
        json::parse(perch.get("/api/campaign_api/v1/" + alice.lower() + "/chainSignInInfo").body)
            .at("data")
            .as_object();
    auto mask = std::string(week.at("sign_in_mask").as_string());
    EXPECT_EQ(mask[static_cast<std::size_t>(perch::rewards::weekday(today))], '1');
    auto month = json::parse(perch
                                 .get("/api/lottery/maker/sign/user?address=" + alice.address +
                                      "&year=" + std::to_string(today / 10000) +
                                      "&month=" + std::to_string(today / 100 % 100))
                                 .body)
                     .at("data")
                     .as_object();
    EXPECT_TRUE(month.at("isCheckIn").as_bool());
    EXPECT_EQ(month.at("historyList").at(0).at("txHash").as_string(), tx);
    EXPECT_EQ(month.at("transactionCount").as_int64(), 1);

    // Sign-out ends the session.
    perch.request("POST", "/api/auth/logout", "", {{"Cookie", session.cookie}});
    auto after = perch.get("/api/auth/session", {{"Cookie", session.cookie}});
    EXPECT_TRUE(json::parse(after.body).at("data").is_null());
}

TEST(RewardsServer, CheckInOfAnotherWalletsTransactionIsRefused) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    rpc::RpcClient soneium({devnet.rpc_urls.at(1868)});
    auto alice = Wallet::fresh();
    auto mallory = Wallet::fresh();
    fund_and_impersonate(soneium, alice);
    auto tx = check_in_on_chain(soneium, devnet.contracts.at("CheckIn"), alice);
    auto session = sign_in(perch, mallory);
    // Mallory claims Alice's transaction for herself: the receipt's sender is not her.
    auto res = perch.request("POST", "/api/lottery/maker/sign/in",
                             checkin_body(mallory.address, tx), session.headers());
    EXPECT_EQ(res.status, 400) << res.body;
    EXPECT_NE(res.body.find("not sent by this wallet"), std::string::npos) << res.body;
    // ... or as Alice: her session is not Alice's.
    auto as_alice = perch.request("POST", "/api/lottery/maker/sign/in",
                                  checkin_body(alice.address, tx), session.headers());
    EXPECT_EQ(as_alice.status, 403) << as_alice.body;
    EXPECT_EQ(field(points_of(perch, mallory.lower()), "check_in_points"), 0);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "check_in_points"), 0);
}

TEST(RewardsServer, SocialTaskVerifiedByTheLocalVerifierAndGuardedBySession) {
    Verifier verifier({"twitter:perch_fan"});
    // By environment, which also wins over any PERCH_SOCIAL_VERIFIER_URL the test run inherited.
    PerchProcess perch({}, {{"PERCH_SOCIAL_VERIFIER_URL", verifier.url()}});
    auto alice = Wallet::fresh();
    auto bob = Wallet::fresh();
    auto alice_session = sign_in(perch, alice);
    auto bob_session = sign_in(perch, bob);
    const auto task = "/api/campaign_api/v1/" + alice.lower() +
                      "/campaigns/29?join_type=1&join_platform=1&twitter_username=%40perch_fan";

    // Bob's session cannot verify Alice's task; no session at all is a 401.
    auto as_bob = perch.request("POST", task, "", bob_session.headers());
    EXPECT_EQ(as_bob.status, 403) << as_bob.body;
    auto anonymous = perch.request("POST", task, "", {});
    EXPECT_EQ(anonymous.status, 401) << anonymous.body;
    // A stale per-request header is refused too.
    auto stale = alice_session.headers();
    stale["X-Perch-Auth"] = perch::auth::auth_header_value(alice.lower(), now_unix() - 3 * 3600);
    EXPECT_EQ(perch.request("POST", task, "", stale).status, 401);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "campaign_points"), 0);

    // The verifier says no for a handle that does not follow: 'verify fail', nothing credited.
    auto wrong =
        perch.request("POST",
                      "/api/campaign_api/v1/" + alice.lower() +
                          "/campaigns/29?join_type=1&join_platform=1&twitter_username=nobody",
                      "", alice_session.headers());
    EXPECT_EQ(wrong.status, 400) << wrong.body;
    EXPECT_NE(wrong.body.find("verify fail"), std::string::npos);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "campaign_points"), 0);

    // Alice's own session with a handle the verifier knows: +30, once.
    auto ok = perch.request("POST", task, "", alice_session.headers());
    ASSERT_EQ(ok.status, 200) << ok.body;
    auto answer = json::parse(ok.body).as_object();
    EXPECT_EQ(answer.at("code").as_int64(), 0);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "campaign_points"), 30);
    EXPECT_EQ(perch.request("POST", task, "", alice_session.headers()).status, 200);
    EXPECT_EQ(field(points_of(perch, alice.lower()), "campaign_points"), 30);
    EXPECT_EQ(field(points_of(perch, bob.lower()), "campaign_points"), 0);
    // The same X account cannot earn for a second wallet, whatever the handle's case.
    auto bobs =
        perch.request("POST",
                      "/api/campaign_api/v1/" + bob.lower() +
                          "/campaigns/29?join_type=1&join_platform=1&twitter_username=Perch_Fan",
                      "", bob_session.headers());
    EXPECT_EQ(bobs.status, 400) << bobs.body;
    EXPECT_NE(bobs.body.find("already earns points for another wallet"), std::string::npos);
    EXPECT_EQ(field(points_of(perch, bob.lower()), "campaign_points"), 0);

    // The completion is served (a reload or another device sees it): campaign_points = the
    // credited 30 and done for Alice's task 29; not for task 30, nor for Bob.
    auto progress_of = [&](const std::string& user) {
        auto list =
            json::parse(
                perch.get("/api/campaign_api/v1/" + user + "/campaigns/points?campaign_id=29,30")
                    .body)
                .at("data")
                .at("campaigns")
                .as_array();
        std::map<std::int64_t, json::object> out;
        for (const auto& e : list) out[e.at("campaign_id").as_int64()] = e.as_object();
        return out;
    };
    auto mine = progress_of(alice.lower());
    ASSERT_EQ(mine.size(), 2u);
    EXPECT_EQ(mine[29].at("campaign_points").as_int64(), 30);
    EXPECT_TRUE(mine[29].at("done").as_bool());
    EXPECT_EQ(mine[30].at("campaign_points").as_int64(), 0);
    EXPECT_FALSE(mine[30].at("done").as_bool());
    EXPECT_FALSE(progress_of(bob.lower())[29].at("done").as_bool());

    // The tasks themselves come from config/quests.json, the Discord OAuth client id included.
    auto tasks =
        json::parse(perch.get("/api/campaign_api/v1/social_tasks").body).at("data").at("list");
    std::map<std::int64_t, json::object> by_id;
    for (const auto& t : tasks.as_array()) by_id[t.at("id").as_int64()] = t.as_object();
    EXPECT_EQ(by_id.at(29).at("platform").as_string(), "twitter");
    EXPECT_EQ(by_id.at(31).at("platform").as_string(), "follow");
    EXPECT_FALSE(by_id.at(30).at("client_id").as_string().empty());

    // A Discord task with a code the verifier does not know; the wrong query for a task.
    auto discord = perch.request(
        "POST", "/api/campaign_api/v1/" + alice.lower() + "/campaigns/30?join_platform=3&code=xyz",
        "", alice_session.headers());
    EXPECT_EQ(discord.status, 400);
    auto mismatch = perch.request(
        "POST", "/api/campaign_api/v1/" + alice.lower() + "/campaigns/30?join_platform=2", "",
        alice_session.headers());
    EXPECT_EQ(mismatch.status, 400);
    EXPECT_NE(mismatch.body.find("discord task"), std::string::npos) << mismatch.body;
}

TEST(RewardsServer, BadSignInsAreRefused) {
    PerchProcess perch;
    auto alice = Wallet::fresh();
    auto bob = Wallet::fresh();
    auto nonce = std::string(
        json::parse(perch.get("/api/auth/nonce").body).at("data").at("nonce").as_string());
    // Signed by Bob for Alice's address.
    auto message = siwe_message(perch, alice.address, nonce);
    auto forged = json::serialize(json::object{
        {"message", message}, {"signature", to_hex(sign_personal_message(bob.key, message))}});
    auto res = perch.post("/api/auth/verify", forged);
    EXPECT_EQ(res.status, 401) << res.body;
    EXPECT_TRUE(res.headers["set-cookie"].empty());
    // An unknown nonce.
    auto made_up = siwe_message(perch, alice.address, "madeUpNonce12345");
    auto unknown = json::serialize(json::object{
        {"message", made_up}, {"signature", to_hex(sign_personal_message(alice.key, made_up))}});
    EXPECT_EQ(perch.post("/api/auth/verify", unknown).status, 401);
    // A good one works once; the nonce cannot be reused.
    auto good = json::serialize(json::object{
        {"message", message}, {"signature", to_hex(sign_personal_message(alice.key, message))}});
    EXPECT_EQ(perch.post("/api/auth/verify", good).status, 200);
    EXPECT_EQ(perch.post("/api/auth/verify", good).status, 401);
    // Garbage.
    EXPECT_EQ(perch.post("/api/auth/verify", R"({"message": "hello", "signature": "0x00"})").status,
              400);
}

TEST(RewardsServer, CompletedBridgeOrdersBecomePointsOnce) {
    PerchProcess perch;
    auto alice = Wallet::fresh();
    auto bob = Wallet::fresh();
    // Alice binds Bob as her referrer with her own session.
    auto session = sign_in(perch, alice);
    auto bind_body = json::serialize(json::object{{"referrer", bob.address}});
    auto bound = perch.request("POST", "/api/campaign_api/v1/" + alice.lower() + "/referrer",
                               bind_body, session.headers());
    ASSERT_EQ(bound.status, 200) << bound.body;
    auto self = perch.request("POST", "/api/campaign_api/v1/" + alice.lower() + "/referrer",
                              json::serialize(json::object{{"referrer", alice.address}}),
                              session.headers());
    EXPECT_EQ(self.status, 400);

    // The maker's table gets a completed order (what the bridge writes), straight into the file.
    insert_completed_order(perch, 1, alice.lower(), "ETH", 8453, 1);  // 150: the reference value
    insert_completed_order(perch, 2, alice.lower(), "USDC", 1, 1);    // 100
    EXPECT_EQ(wait_for_points(perch, alice.lower(), "cross_points", 250), 250);
    EXPECT_EQ(wait_for_points(perch, bob.lower(), "refer_points", 25), 25);
    auto info = json::parse(perch.get("/api/campaign_api/v1/" + bob.lower() + "/referInfo").body)
                    .at("data")
                    .as_object();
    EXPECT_EQ(info.at("total_referees").as_int64(), 1);
    EXPECT_EQ(info.at("referee_bridges").as_int64(), 2);
    // The invite page's list names Alice with her bridges and the 25 points she brought.
    auto referees =
        json::parse(perch.get("/api/campaign_api/v1/" + bob.lower() + "/referees").body);
    const auto& list = referees.at("data").at("list").as_array();
    ASSERT_EQ(list.size(), 1u);
    EXPECT_EQ(list.at(0).at("address").as_string(), alice.lower());
    EXPECT_EQ(list.at(0).at("bridges").as_int64(), 2);
    EXPECT_EQ(list.at(0).at("points").as_int64(), 25);
    EXPECT_GT(list.at(0).at("bound_at").as_int64(), 0);
    // After a bridge the referrer is fixed.
    auto change = perch.request(
        "POST", "/api/campaign_api/v1/" + alice.lower() + "/referrer",
        json::serialize(json::object{{"referrer", "0x00000000000000000000000000000000000000c1"}}),
        session.headers());
    EXPECT_EQ(change.status, 400) << change.body;
    // Campaign progress: campaign 2 (to Base) counts the first order.
    auto progress =
        json::parse(
            perch.get("/api/campaign_api/v1/" + alice.lower() + "/campaigns/points?campaign_id=2")
                .body)
            .at("data")
            .at("campaigns")
            .at(0)
            .as_object();
    EXPECT_EQ(progress.at("transfer_count_total").as_int64(), 1);
    EXPECT_EQ(progress.at("campaign_points").as_int64(), 10);
    // Later passes read past the stored cursor: nothing is credited twice.
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
    EXPECT_EQ(field(points_of(perch, alice.lower()), "cross_points"), 250);
}

TEST(RewardsServer, BridgeThatDayMakesTheCheckInTenEitherOrder) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    rpc::RpcClient soneium({devnet.rpc_urls.at(1868)});
    const int today = perch::rewards::utc_date(now_unix());
    const auto multiplier = perch::rewards::is_special_day(today, {}) ? 2 : 1;

    // Bridge first, then check in: 10 at once.
    auto carol = Wallet::fresh();
    fund_and_impersonate(soneium, carol);
    insert_completed_order(perch, 1, carol.lower(), "ETH", 1);
    EXPECT_EQ(wait_for_points(perch, carol.lower(), "cross_points", 300), 300);
    auto carol_session = sign_in(perch, carol);
    auto tx = check_in_on_chain(soneium, devnet.contracts.at("CheckIn"), carol);
    auto res = perch.request("POST", "/api/lottery/maker/sign/in", checkin_body(carol.address, tx),
                             carol_session.headers());
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(field(points_of(perch, carol.lower()), "check_in_points"), 10 * multiplier);

    // Check in first, then the bridge completes: topped up to 10.
    auto dave = Wallet::fresh();
    fund_and_impersonate(soneium, dave);
    auto dave_session = sign_in(perch, dave);
    auto dave_tx = check_in_on_chain(soneium, devnet.contracts.at("CheckIn"), dave);
    ASSERT_EQ(perch
                  .request("POST", "/api/lottery/maker/sign/in",
                           checkin_body(dave.address, dave_tx), dave_session.headers())
                  .status,
              200);
    EXPECT_EQ(field(points_of(perch, dave.lower()), "check_in_points"), 2 * multiplier);
    insert_completed_order(perch, 2, dave.lower(), "USDC", 42161);
    EXPECT_EQ(wait_for_points(perch, dave.lower(), "check_in_points", 10 * multiplier),
              10 * multiplier);
    auto month = json::parse(perch
                                 .get("/api/lottery/maker/sign/user?address=" + dave.address +
                                      "&year=" + std::to_string(today / 10000) +
                                      "&month=" + std::to_string(today / 100 % 100))
                                 .body);
    EXPECT_TRUE(month.at("data").at("historyList").at(0).at("inBridge").as_bool());
}

TEST(RewardsServer, WeekSpecialMaskCarriesAStreakFromTheWeekBefore) {
    PerchProcess perch;
    auto gus = Wallet::fresh();
    // Check-ins on the Saturday and Sunday before this week's Monday (written as the store
    // writes them): the streak of 2 crosses the week border, so this Monday is special.
    const int today = perch::rewards::utc_date(now_unix());
    const int monday = perch::rewards::week_monday(today);
    for (int back : {1, 2}) {
        auto day = std::to_string(perch::rewards::add_days(monday, -back));
        auto sql =
            "INSERT INTO checkins (user_address, day, chain_id, tx_hash, base_points, multiplier, "
            "points, in_bridge, created_at) VALUES ('" +
            gus.lower() + "', " + day + ", 1868, '0xseed" + day + "', 2, 1, 2, 0, " +
            std::to_string(now_unix()) + ")";
        perch.db().exec(sql);
    }
    auto week =
        json::parse(perch.get("/api/campaign_api/v1/" + gus.lower() + "/chainSignInInfo").body)
            .at("data")
            .as_object();
    auto special = std::string(week.at("special_mask").as_string());
    EXPECT_EQ(special[0], '1') << special;  // Monday, by the streak only
    EXPECT_EQ(special.substr(2), "10101");  // Wed, Fri, Sun
    EXPECT_EQ(week.at("sign_in_mask").as_string(), "0000000");
    EXPECT_TRUE(week.at("list").as_array().empty());  // last week's days are not listed
}
