#include "bridge/deposit_event.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/abi.hpp"

using namespace perch::bridge;
using namespace perch::chain;
namespace json = boost::json;
namespace chain_abi = perch::chain::abi;

namespace {

const Address kDepositor = *Address::from_hex("0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9");
const Address kSender = *Address::from_hex("0x976EA74026E726554dB657fA54763abd0C3a0aa9");
const Address kUsdc = *Address::from_hex("0x5FbDB2315678afecb367f032d93F642f64180aa3");

std::string word(const Bytes& b) {
    return to_hex(b);
}

std::string padded(const Address& a) {
    Bytes b(12, 0);
    b.insert(b.end(), a.bytes.begin(), a.bytes.end());
    return word(b);
}

// A receipt/getLogs entry for Deposit(sender, USDC, 25 USDC, 42161, "0xrecipient", 98675412).
json::object deposit_log() {
    auto event = *chain_abi::parse_event(kDepositEvent);
    std::vector<chain_abi::Type> types{*chain_abi::parse_type("uint256"),
                                       *chain_abi::parse_type("string"),
                                       *chain_abi::parse_type("uint256")};
    std::vector<chain_abi::Value> values{chain_abi::Value::of(U256(25'000'000)),
                                         chain_abi::Value::of(std::string("0xrecipient")),
                                         chain_abi::Value::of(U256(98675412))};
    auto dst = U256(42161).to_be_bytes32();
    return json::object{
        {"address", kDepositor.lower_hex()},
        {"topics",
         json::array{json::string(to_hex(event.topic().bytes)), json::string(padded(kSender)),
                     json::string(padded(kUsdc)), json::string(to_hex(dst))}},
        {"data", to_hex(*chain_abi::encode_params(types, values))},
        {"blockNumber", "0x10"},
        {"blockHash", "0x" + std::string(64, 'b')},
        {"transactionHash", "0x" + std::string(64, 'a')},
        {"logIndex", "0x2"},
        {"removed", false}};
}

}  // namespace

TEST(DepositEvent, DecodesAWellFormedDeposit) {
    auto d = decode_deposit(deposit_log(), 8453, kDepositor);
    ASSERT_TRUE(d);
    EXPECT_EQ(d->sender, kSender);
    EXPECT_EQ(d->token, kUsdc);
    EXPECT_EQ(d->amount, U256(25'000'000));
    EXPECT_EQ(d->dst_chain_id, 42161);
    EXPECT_EQ(d->recipient, "0xrecipient");
    EXPECT_EQ(d->channel, 98675412);
    EXPECT_EQ(d->block_number, 16U);
    EXPECT_EQ(d->log_index, 2U);
    // Named by its place inside its transaction (first), not by the block-wide log index.
    EXPECT_EQ(d->order_key(), "8453:0x" + std::string(64, 'a') + ":0");
}

// A reorganisation can mine a transaction at another place in another block: its log indexes
// change, the positions of its deposits inside it do not, so neither do the orders' keys.
TEST(DepositEvent, PositionsAreNumberedInsideEachTransaction) {
    auto log_at = [](char tx, int log_index, std::uint64_t shift) {
        auto log = deposit_log();
        log["transactionHash"] = "0x" + std::string(64, tx);
        log["logIndex"] = "0x" + std::to_string(log_index + shift);  // under 10: hex = decimal
        return log;
    };
    auto keys_of = [&](std::uint64_t shift) {
        auto look_alike = log_at('a', 0, shift);
        look_alike["address"] = "0x0000000000000000000000000000000000000bad";
        // Out of log order, as no node answers, and with a look-alike first in transaction a.
        json::array logs{log_at('a', 3, shift), log_at('b', 2, shift), look_alike,
                         log_at('a', 1, shift)};
        std::vector<std::string> skipped;
        std::vector<std::string> keys;
        for (const auto& d : decode_deposits(logs, 8453, kDepositor, &skipped))
            keys.push_back(d.order_key());
        EXPECT_EQ(skipped, (std::vector<std::string>{"log is not from the Depositor"}));
        return keys;
    };
    auto a = "8453:0x" + std::string(64, 'a');
    auto b = "8453:0x" + std::string(64, 'b');
    EXPECT_EQ(keys_of(0), (std::vector<std::string>{a + ":0", b + ":0", a + ":1"}));
    EXPECT_EQ(keys_of(5), keys_of(0)) << "mined five logs later, the same deposits";
    EXPECT_TRUE(decode_deposits(json::value("junk"), 8453, kDepositor).empty());
}

TEST(DepositEvent, RefusesLookAlikesAndUnfinishedLogs) {
    std::string why;
    auto other = deposit_log();
    other["address"] = "0x0000000000000000000000000000000000000bad";
    EXPECT_FALSE(decode_deposit(other, 8453, kDepositor, &why));
    EXPECT_EQ(why, "log is not from the Depositor");

    auto removed = deposit_log();
    removed["removed"] = true;
    EXPECT_FALSE(decode_deposit(removed, 8453, kDepositor, &why));
    EXPECT_EQ(why, "log was removed by a reorg");

    auto wrong_topic = deposit_log();
    wrong_topic["topics"].as_array()[0] = json::string("0x" + std::string(64, '0'));
    EXPECT_FALSE(decode_deposit(wrong_topic, 8453, kDepositor, &why));

    auto truncated = deposit_log();
    auto data = std::string(truncated["data"].as_string());
    truncated["data"] = data.substr(0, data.size() - 70);
    EXPECT_FALSE(decode_deposit(truncated, 8453, kDepositor, &why));
    EXPECT_EQ(why, "Deposit does not decode");

    auto pending = deposit_log();
    pending["blockHash"] = nullptr;
    EXPECT_FALSE(decode_deposit(pending, 8453, kDepositor, &why));
    EXPECT_EQ(why, "log is not mined yet");

    EXPECT_FALSE(decode_deposit(json::value("junk"), 8453, kDepositor, &why));
}

TEST(DepositEvent, LargeAmountsWaitForMoreConfirmations) {
    ConfirmationPolicy policy{2, 16, *U256::parse_units("0.5", 18)};
    EXPECT_EQ(confirmations_for(policy, *U256::parse_units("0.1", 18)), 2U);
    EXPECT_EQ(confirmations_for(policy, *U256::parse_units("0.5", 18)), 16U);
    EXPECT_EQ(confirmations_for(ConfirmationPolicy{1, 4, U256(0)}, U256::max()),
              1U);  // no threshold
}
