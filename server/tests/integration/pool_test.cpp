// /pool's server side through the real perch binary and the real devnet: an allow-listed wallet's
// ETH in PerchPool is read from the contract, its Deposited / Withdrawn logs are indexed, and pool
// points accrue at config/pool.json's rate (1 point per ETH-hour) into the points summary's
// pool_points, and stop accruing once it is withdrawn.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <thread>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "wait.hpp"

namespace json = boost::json;
using perch::Task;
using perch::chain::U256;
using perch::chain::rpc::RpcClient;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_task;
using perch::testing::send_and_wait;

namespace {

constexpr std::int64_t kChain = 1;
// On config/pool-allowlist.json; no key here, so the devnet impersonates it.
constexpr const char* kProvider = "0xe5900c01a1e66f07109fe8bfac3590549b0ea063";

std::string pool_call(const char* signature, const U256& amount) {
    namespace abi = perch::chain::abi;
    return perch::chain::to_hex(*abi::parse_function(signature)->encode_call(
        std::vector<abi::Value>{abi::Value::of(perch::chain::Address{}), abi::Value::of(amount)}));
}

json::object pool_of(const PerchProcess& perch, const std::string& address) {
    auto res = perch.get("/api/pool_api/v1/pool?address=" + address);
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").as_object();
}

U256 my_eth(const json::object& pool) {
    for (const auto& c : pool.at("chains").as_array()) {
        if (c.at("chain_id").as_int64() != kChain) continue;
        for (const auto& t : c.at("tokens").as_array())
            if (t.at("symbol").as_string() == "ETH")
                return *U256::from_dec(std::string(t.at("mine").as_string()));
    }
    ADD_FAILURE() << "no ETH on chain 1: " << json::serialize(pool);
    return {};
}

double accrued(const json::object& pool) {
    return std::stod(std::string(pool.at("points").at("accrued").as_string()));
}

std::int64_t pool_points(const PerchProcess& perch, const std::string& address) {
    auto res = perch.get("/api/campaign_api/v1/" + address + "/points");
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").at("pool_points").as_int64();
}

}  // namespace

TEST(PoolServer, AnAllowListedDepositEarnsPoolPointsUntilItIsWithdrawn) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient rpc({devnet.rpc_urls.at(kChain)});
    const auto& pool = devnet.contracts.at("Pool");
    run_task(rpc_call(rpc, "hardhat_setBalance", json::array{kProvider, "0x21E19E0C9BAB2400000"}));
    run_task(rpc_call(rpc, "hardhat_impersonateAccount", json::array{kProvider}));
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");

    auto before = pool_of(perch, kProvider);
    EXPECT_TRUE(before.at("allowed").as_bool());
    EXPECT_EQ(before.at("points_per_token_hour").at("ETH").as_string(), "1");
    EXPECT_FALSE(
        pool_of(perch, "0x000000000000000000000000000000000000dead").at("allowed").as_bool());

    // 3,600 ETH earn a point a second.
    auto amount = *U256::parse_units("3600", 18);
    auto receipt = run_task(send_and_wait(
        rpc, json::array{
                 json::object{{"from", kProvider},
                              {"to", pool},
                              {"data", pool_call("deposit(address token, uint256 amount)", amount)},
                              {"value", amount.to_hex()}}}));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    EXPECT_EQ(my_eth(pool_of(perch, kProvider)), *my_eth(before).add(amount));
    double start = accrued(before);
    json::object now;
    ASSERT_NO_THROW(perch::testing::wait_for(
        "3 points accrued", std::chrono::seconds(90),
        [&] {
            now = pool_of(perch, kProvider);
            return accrued(now) >= start + 3
                       ? perch::testing::Seen::yes()
                       : perch::testing::Seen::not_yet(std::to_string(accrued(now) - start));
        },
        std::chrono::milliseconds(200)))
        << json::serialize(now);
    ASSERT_GE(accrued(now), start + 3) << json::serialize(now);
    // Whole points reach the summary's pool_points.
    auto summary = pool_points(perch, kProvider);
    EXPECT_GE(summary, static_cast<std::int64_t>(start) + 3);

    // Withdrawn: the points stop growing (once the indexer has read the withdrawal).
    receipt = run_task(send_and_wait(
        rpc, json::array{json::object{
                 {"from", kProvider},
                 {"to", pool},
                 {"data", pool_call("withdraw(address token, uint256 amount)", amount)}}}));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    double settled = 0;
    for (int i = 0; i < 30; ++i) {
        auto first = accrued(pool_of(perch, kProvider));
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        settled = accrued(pool_of(perch, kProvider));
        if (settled == first) break;
    }
    std::this_thread::sleep_for(std::chrono::seconds(2));
    auto last = pool_of(perch, kProvider);
    EXPECT_EQ(accrued(last), settled);
    EXPECT_EQ(my_eth(last), my_eth(before));
    EXPECT_EQ(pool_points(perch, kProvider), static_cast<std::int64_t>(settled));
}
