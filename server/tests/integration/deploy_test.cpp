// /deploy's server side through the real perch binary and the real devnet: a deployment made on
// chain is recorded for the receipt's sender once, earns the network's points once per network,
// and anything that is not a successful contract creation is refused with the reason.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "chain/keccak.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "test_paths.hpp"

namespace json = boost::json;
using perch::Task;
using perch::chain::Hash32;
using perch::chain::rpc::RpcClient;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_task;
using perch::testing::send_and_wait;

namespace {

// Funds and impersonates `address` on the chain behind `rpc`.
void fund(RpcClient& rpc, const std::string& address) {
    run_task(rpc_call(rpc, "hardhat_setBalance", json::array{address, "0x56BC75E2D63100000"}));
    run_task(rpc_call(rpc, "hardhat_impersonateAccount", json::array{address}));
}

// A fresh random address, so reruns on one devnet never collide.
std::string fresh_address() {
    std::random_device rd;
    std::string address = "0x";
    const char* hex = "0123456789abcdef";
    for (int i = 0; i < 40; ++i) address += hex[rd() % 16];
    return address;
}

// Sends {from, data[, to]} and returns the mined receipt.
json::object send(RpcClient& rpc, const std::string& from, const std::string& data,
                  const std::string& to = {}) {
    json::object tx{{"from", from}, {"data", data}, {"gas", "0x2dc6c0"}};
    if (!to.empty()) tx["to"] = to;
    return run_task(send_and_wait(rpc, json::array{std::move(tx)}));
}

// The Hello template's creation code (config/deploy-templates.json) with the constructor's one
// string argument "gm", ABI-encoded.
std::string hello_creation_code() {
    std::ifstream in(std::string(perch::test::root_dir()) + "/config/deploy-templates.json");
    std::stringstream text;
    text << in.rdbuf();
    auto doc = json::parse(text.str());  // (kept alive: the loop walks into it)
    for (const auto& t : doc.at("templates").as_array()) {
        if (t.at("id").as_string() != "hello") continue;
        std::string code(t.at("bytecode").as_string());
        code += std::string(62, '0') + "20";    // offset of the string
        code += std::string(63, '0') + "2";     // its length
        code += "676d" + std::string(60, '0');  // "gm", padded
        return code;
    }
    ADD_FAILURE() << "no hello template";
    return {};
}

std::string record_body(std::int64_t chain_id, const json::object& receipt) {
    return json::serialize(
        json::object{{"chain_id", chain_id}, {"tx_hash", receipt.at("transactionHash")}});
}

std::int64_t campaign_points(const PerchProcess& perch, const std::string& user) {
    auto res = perch.get("/api/campaign_api/v1/" + user + "/points");
    return json::parse(res.body).at("data").at("campaign_points").to_number<std::int64_t>();
}

}  // namespace

// Points: the network's deployment points once per network, and a campaign's deploy task once.
TEST(DeployServer, DeploymentsRecordedOnceAndPointsOncePerNetwork) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    RpcClient base({devnet.rpc_urls.at(8453)});
    RpcClient arbitrum({devnet.rpc_urls.at(42161)});
    auto user = fresh_address();
    fund(base, user);
    fund(arbitrum, user);

    auto first = send(base, user, hello_creation_code());
    ASSERT_EQ(first.at("status").as_string(), "0x1");
    auto res = perch.post("/api/deploy_api/v1/deployments", record_body(8453, first));
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("template").as_string(), "hello");
    EXPECT_EQ(data.at("address").as_string(), user);
    EXPECT_EQ(data.at("contract_address").as_string(),
              perch::text::to_lower(first.at("contractAddress").as_string()));
    EXPECT_TRUE(data.at("recorded_now").as_bool());
    // The network's 20 (config/deploy.json) and campaign 5's task "deploy on Base", 30.
    EXPECT_EQ(data.at("points_credited").as_int64(), 50);
    EXPECT_EQ(campaign_points(perch, user), 50);
    auto progress =
        json::parse(
            perch.get("/api/campaign_api/v1/" + user + "/campaigns/points?campaign_id=5").body)
            .at("data")
            .at("campaigns")
            .at(0)
            .as_object();
    EXPECT_EQ(progress.at("campaign_points").as_int64(), 30);
    EXPECT_EQ(json::serialize(progress.at("tiers_reached")), "[false,true]");
    EXPECT_FALSE(progress.at("done").as_bool());

    // The same transaction again: already recorded, nothing credited.
    res = perch.post("/api/deploy_api/v1/deployments", record_body(8453, first));
    ASSERT_EQ(res.status, 200) << res.body;
    data = json::parse(res.body).at("data").as_object();
    EXPECT_FALSE(data.at("recorded_now").as_bool());
    EXPECT_EQ(data.at("points_credited").as_int64(), 0);

    // A second contract on the same network: recorded, no more points. A custom contract (empty
    // runtime code) on another network: recorded as custom, that network's points.
    auto second = send(base, user, hello_creation_code());
    res = perch.post("/api/deploy_api/v1/deployments", record_body(8453, second));
    EXPECT_EQ(json::parse(res.body).at("data").at("points_credited").as_int64(), 0);
    auto custom = send(arbitrum, user, "0x6000600055");
    res = perch.post("/api/deploy_api/v1/deployments", record_body(42161, custom));
    ASSERT_EQ(res.status, 200) << res.body;
    data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("template").as_string(), "custom");
    EXPECT_EQ(data.at("points_credited").as_int64(), 20);
    EXPECT_EQ(campaign_points(perch, user), 70);

    auto list = json::parse(perch.get("/api/deploy_api/v1/deployments?address=" + user).body)
                    .at("data")
                    .as_object();
    ASSERT_EQ(list.at("list").as_array().size(), 3u);
    EXPECT_EQ(list.at("list").at(0).at("chain_id").as_int64(), 42161);  // newest first
    EXPECT_EQ(list.at("list").at(2).at("tx_hash").as_string(),
              first.at("transactionHash").as_string());
    EXPECT_EQ(list.at("points_per_network").as_int64(), 20);
}

// A deployment counts at its block's time (the deploy campaign's window), not when it is reported.
TEST(DeployServer, ADeploymentIsDatedByItsBlockNotByItsReport) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    RpcClient base({devnet.rpc_urls.at(8453)});
    auto user = fresh_address();
    fund(base, user);
    auto receipt = send(base, user, hello_creation_code());
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    auto block = run_task(
        rpc_call(base, "eth_getBlockByNumber", json::array{receipt.at("blockNumber"), false}));
    auto mined_at = static_cast<std::int64_t>(
        std::stoull(std::string(block.at("timestamp").as_string()), nullptr, 16));
    std::this_thread::sleep_for(std::chrono::milliseconds(2500));  // reported later
    auto res = perch.post("/api/deploy_api/v1/deployments", record_body(8453, receipt));
    ASSERT_EQ(res.status, 200) << res.body;
    auto list = json::parse(perch.get("/api/deploy_api/v1/deployments?address=" + user).body);
    ASSERT_EQ(list.at("data").at("list").as_array().size(), 1u);
    EXPECT_EQ(list.at("data").at("list").at(0).at("created_at").to_number<std::int64_t>(),
              mined_at);
}

TEST(DeployServer, WhatIsNotADeploymentIsRefusedAndChangesNothing) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    RpcClient base({devnet.rpc_urls.at(8453)});
    auto user = fresh_address();
    fund(base, user);
    auto transfer = send(base, user, "0x", "0x000000000000000000000000000000000000dead");
    auto res = perch.post("/api/deploy_api/v1/deployments", record_body(8453, transfer));
    EXPECT_EQ(res.status, 400);
    EXPECT_NE(res.body.find("this transaction did not deploy a contract"), std::string::npos)
        << res.body;

    auto unknown =
        perch.post("/api/deploy_api/v1/deployments",
                   R"({"chain_id": 8453, "tx_hash": "0x)" + std::string(64, '1') + "\"}");
    EXPECT_EQ(unknown.status, 400);
    EXPECT_NE(unknown.body.find("the deployment transaction is not known on chain 8453"),
              std::string::npos)
        << unknown.body;

    for (const auto* body :
         {R"({"tx_hash": "0x12"})", R"({"chain_id": 8453, "tx_hash": "0x12"})",
          R"({"chain_id": 999999, "tx_hash": "0x12"})", R"({"chain_id": 8453})"}) {
        auto bad = perch.post("/api/deploy_api/v1/deployments", body);
        EXPECT_EQ(bad.status, 400) << body << " -> " << bad.body;
    }
    EXPECT_EQ(perch.get("/api/deploy_api/v1/deployments?address=nope").status, 400);
    auto list = json::parse(perch.get("/api/deploy_api/v1/deployments?address=" + user).body);
    EXPECT_TRUE(list.at("data").at("list").as_array().empty());
    EXPECT_EQ(campaign_points(perch, user), 0);
}
