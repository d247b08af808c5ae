// Balances through the real perch binary against the devnet: values equal what the nodes say,
// failures are per chain, bad input is a 400 naming the problem.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "devnet.hpp"
#include "harness.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;
using perch::testing::run_task;

namespace {

constexpr const char* kMaker = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

std::string profile_config(const perch::testing::Devnet& devnet) {
    return "\"chain_profile\": \"" + devnet.state_path + "\"";
}

perch::Task<perch::chain::U256> usdc_balance(perch::chain::rpc::RpcClient& rpc,
                                             perch::chain::Address token) {
    auto call =
        perch::chain::rpc::erc20_balance_call(token, *perch::chain::Address::from_hex(kMaker));
    auto answer = co_await rpc.call(call.method, call.params);
    co_return perch::chain::rpc::quantity(answer);
}

}  // namespace

TEST(Balances, MultiBalanceMatchesTheNodesAndReportsFailuresPerChain) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet));
    auto res = perch.get(std::string("/api/balance_api/v1/multi-balance?user_address=") + kMaker +
                         "&chain_ids=1,8453,42161,1868,10,666666666&token_name=USDC");
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    perch::chain::rpc::RpcClient rpc({devnet.rpc_urls.at(1868)});
    auto expected =
        run_task(usdc_balance(rpc, *perch::chain::Address::from_hex(devnet.contracts.at("USDC"))));
    for (const char* id : {"1", "8453", "42161", "1868"}) {
        EXPECT_EQ(data.at(id).at("status_code").as_int64(), 0) << id << ": " << data.at(id);
    }
    EXPECT_EQ(data.at("1868").at("view_value").as_string(), expected.format_units(6));
    EXPECT_NE(data.at("10").at("status_code").as_int64(), 0);  // no reachable RPC here
    EXPECT_FALSE(data.at("10").at("status_message").as_string().empty());
    EXPECT_NE(data.at("666666666").at("status_code").as_int64(), 0);
}

TEST(Balances, QueryBalancesReadsSeveralTokensOnOneChain) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet));
    auto body = std::string(R"({"user":")") + kMaker +
                R"(","chain_name":"Base","version":1,"tokens":[)" +
                R"({"name":"ETH","address":"","decimals":18},{"name":"USDT","address":")" +
                devnet.contracts.at("USDT") + R"(","decimals":6}]})";
    auto res = perch.post("/api/swap_auxiliary_api/v1/query_balances", body);
    ASSERT_EQ(res.status, 200) << res.body;
    auto balances = json::parse(res.body).at("data").at("balances").as_array();
    ASSERT_EQ(balances.size(), 2U);
    EXPECT_FALSE(balances[0].at("balance").as_string().empty());
    EXPECT_GE(std::stod(std::string(balances[1].at("balance").as_string())), 1.0);
}

TEST(Balances, SingleBalanceAnswersE18OrAClearError) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(profile_config(devnet));
    auto ok = perch.get(std::string("/api/balance?chainid=8453&token=USDC&address=") + kMaker);
    ASSERT_EQ(ok.status, 200) << ok.body;
    auto msg = json::parse(ok.body).at("msg").as_object();
    // e18 is the value scaled to 18 decimals (the maker's balance moves as other tests bridge).
    EXPECT_EQ(msg.at("e18").as_string(),
              perch::chain::U256::parse_units(msg.at("value").as_string(), 18)->to_dec())
        << ok.body;
    auto starknet = perch.get(
        "/api/"
        "balance?chainid=666666666&token=ETH&address=0x04a3c1f0e9b2d8a7c6b5a4938271605f4e3d2c1b");
    EXPECT_EQ(starknet.status, 503);
    EXPECT_NE(starknet.body.find("not reachable"), std::string::npos) << starknet.body;
}

TEST(Balances, BadInputIsA400NamingTheProblem) {
    PerchProcess perch;
    auto check = [&](const std::string& target, const std::string& needle) {
        auto res = perch.get(target);
        EXPECT_EQ(res.status, 400) << target;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    std::string user = std::string("user_address=") + kMaker;
    check("/api/balance_api/v1/multi-balance?user_address=0x12&chain_ids=1&token_name=USDC",
          "user_address");
    check("/api/balance_api/v1/multi-balance?" + user + "&chain_ids=1,99999&token_name=USDC",
          "'chain_ids': '99999' is not a chain this server knows");
    check("/api/balance_api/v1/multi-balance?" + user + "&chain_ids=1&token_name=NOPE",
          "'token_name': 'NOPE' is not a token this server lists");
    check("/api/balance_api/v1/multi-balance?" + user + "&chain_ids=1,x&token_name=USDC",
          "'chain_ids': 'x' is not a chain id");
    check("/api/balance_api/v1/multi-balance?" + user + "&token_name=USDC", "chain_ids");
    std::string many = "1";
    for (int i = 0; i < 16; ++i) many += ",1";
    check("/api/balance_api/v1/multi-balance?" + user + "&chain_ids=" + many + "&token_name=USDC",
          "is not a list of at most 16 chain ids");
    auto bad_body = perch.post("/api/swap_auxiliary_api/v1/query_balances",
                               R"({"user":"0x1","chain_name":"Base","tokens":[]})");
    EXPECT_EQ(bad_body.status, 400);
}
