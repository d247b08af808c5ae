// build_tx through the real perch binary; the transactions it returns are sent from the devnet's
// unlocked account #6 and must produce a real Deposit that pays the maker.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "bridge/deposit_event.hpp"
#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "devnet.hpp"
#include "harness.hpp"

namespace json = boost::json;
using namespace perch::chain;
using perch::Task;
using perch::testing::PerchProcess;
using perch::testing::run_task;
using perch::testing::send_and_wait;

namespace {

constexpr const char* kUser = "0x976EA74026E726554dB657fA54763abd0C3a0aa9";  // Hardhat #6
constexpr const char* kMaker = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

std::string build_body(const char* token, const char* amount, const std::string& recipient) {
    return std::string(R"({"from_chain_id": 8453, "to_chain_id": 42161, "token": ")") + token +
           R"(", "amount": ")" + amount + R"(", "sender": ")" + kUser + R"(", "recipient": ")" +
           recipient + R"("})";
}

json::array send_params(const json::value& tx) {
    return json::array{json::object{
        {"from", kUser}, {"to", tx.at("to")}, {"data", tx.at("data")}, {"value", tx.at("value")}}};
}

json::object send(rpc::RpcClient& rpc, const json::value& tx) {
    return run_task(send_and_wait(rpc, send_params(tx)));
}

Task<U256> usdc_of(rpc::RpcClient& rpc, Address token, const char* owner) {
    auto call = rpc::erc20_balance_call(token, *Address::from_hex(owner));
    co_return rpc::quantity(co_await rpc.call(call.method, call.params));
}

}  // namespace

TEST(BuildTx, Erc20NeedsApproveThenDepositsToTheMaker) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    rpc::RpcClient base({devnet.rpc_urls.at(8453)});
    auto usdc = *Address::from_hex(devnet.contracts.at("USDC"));
    auto maker_before = run_task(usdc_of(base, usdc, kMaker));

    auto first = perch.post("/api/bridge_api/v1/build_tx", build_body("USDC", "25", kUser));
    ASSERT_EQ(first.status, 200) << first.body;
    auto built = json::parse(first.body).at("data").as_object();
    ASSERT_TRUE(built.at("approve").is_object()) << "a fresh account has no allowance";
    EXPECT_EQ(built.at("quote").at("receive_amount").as_string(),
              "24.775");  // 25 - 0.1 % - 0.2 DTC
    EXPECT_EQ(send(base, built.at("approve")).at("status").as_string(), "0x1");

    auto second = perch.post("/api/bridge_api/v1/build_tx", build_body("USDC", "25", kUser));
    auto rebuilt = json::parse(second.body).at("data").as_object();
    EXPECT_TRUE(rebuilt.at("approve").is_null()) << "the allowance now covers the amount";
    auto receipt = send(base, rebuilt.at("deposit"));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");

    auto event = *perch::chain::abi::parse_event(
        "event Deposit(address indexed sender, address indexed token, uint256 amount, uint256 "
        "indexed dstChainId, "
        "string recipient, uint256 channel)");
    bool seen = false;
    for (const auto& log : receipt.at("logs").as_array()) {
        std::vector<Hash32> topics;
        for (const auto& t : log.at("topics").as_array())
            topics.push_back(*Hash32::from_hex(t.as_string()));
        if (topics.empty() || topics[0] != event.topic()) continue;
        auto values = event.decode_log(topics, rpc::data_of(log.at("data")));
        ASSERT_TRUE(values) << values.error().message;
        EXPECT_EQ(std::get<Address>((*values)[0].data), *Address::from_hex(kUser));
        EXPECT_EQ(std::get<U256>((*values)[2].data), U256(25'000'000));
        EXPECT_EQ(std::get<U256>((*values)[3].data), U256(42161));
        EXPECT_EQ(std::get<std::string>((*values)[4].data), kUser);
        EXPECT_EQ(std::get<U256>((*values)[5].data), U256(98675412));
        // The maker's decoder reads the same real log into an order.
        auto deposit = perch::bridge::decode_deposit(
            log, 8453, *Address::from_hex(devnet.contracts.at("Depositor")));
        ASSERT_TRUE(deposit);
        EXPECT_EQ(deposit->amount, U256(25'000'000));
        EXPECT_EQ(deposit->dst_chain_id, 42161);
        EXPECT_EQ(deposit->recipient, kUser);
        EXPECT_EQ(deposit->tx_hash, *Hash32::from_hex(receipt.at("transactionHash").as_string()));
        seen = true;
    }
    EXPECT_TRUE(seen) << "no Deposit event in the receipt";
    EXPECT_EQ(run_task(usdc_of(base, usdc, kMaker)), *maker_before.add(U256(25'000'000)));
}

TEST(BuildTx, NativeDepositCarriesTheValue) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto res = perch.post("/api/bridge_api/v1/build_tx", build_body("ETH", "0.01", kUser));
    ASSERT_EQ(res.status, 200) << res.body;
    auto built = json::parse(res.body).at("data").as_object();
    EXPECT_TRUE(built.at("approve").is_null());
    EXPECT_EQ(built.at("deposit").at("value").as_string(),
              U256(10'000'000'000'000'000ULL).to_hex());
    rpc::RpcClient base({devnet.rpc_urls.at(8453)});
    EXPECT_EQ(send(base, built.at("deposit")).at("status").as_string(), "0x1");
}

TEST(BuildTx, BadInputIsRefusedClearly) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto check = [&](const std::string& body, const std::string& needle) {
        auto res = perch.post("/api/bridge_api/v1/build_tx", body);
        EXPECT_EQ(res.status, 400) << body;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    check(build_body("USDC", "25", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"),
          "is not an address on chain");
    check(build_body("USDC", "0.5", kUser), "the minimum is 1 USDC");
    check(R"({"from_chain_id": 8453})", "'to_chain_id' is required");
    auto unknown_channel = build_body("USDC", "25", kUser);
    unknown_channel.insert(unknown_channel.size() - 1, R"(, "channel": 12345)");
    check(unknown_channel, "'channel': '12345' is not a known channel id");
    check(
        R"({"from_chain_id": 8453, "to_chain_id": 42161, "token": "USDC", "amount": "5", "sender": "me",)"
        R"( "recipient": "0x976EA74026E726554dB657fA54763abd0C3a0aa9"})",
        "'sender': 'me' is not an EVM address");
}
