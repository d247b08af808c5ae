// The activity rules: decoding a block and its receipts, what each transaction adds to whom, and
// how a batch's blocks merge onto the stored rows; the tracker's USD figures.
#include "activity/block_activity.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "activity/tracker.hpp"
#include "chain/rpc/rpc_error.hpp"

using namespace perch;
using namespace perch::activity;
namespace json = boost::json;
using chain::U256;

namespace {

const std::string kAlice = "0x00000000000000000000000000000000000a11ce";
const std::string kBob = "0x0000000000000000000000000000000000000b0b";
const std::string kToken = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
const std::string kDapp = "0x000000000000000000000000000000000000da99";
const std::string kNew = "0x0000000000000000000000000000000000000e77";

std::string topic(const std::string& address) {
    return "0x000000000000000000000000" + address.substr(2);
}

std::string hash(int n) {
    auto s = std::to_string(n);
    return "0x" + std::string(64 - s.size(), '0') + s;
}

json::object tx(int n, const std::string& from, json::value to, const char* value) {
    return {{"hash", hash(n)}, {"from", from}, {"to", to}, {"value", value}, {"gasPrice", "0x1"}};
}

json::object receipt(int n, int status, const char* gas_used, json::array logs,
                     json::value created = nullptr) {
    return {{"transactionHash", hash(n)}, {"status", status ? "0x1" : "0x0"},
            {"gasUsed", gas_used},        {"effectiveGasPrice", "0x3b9aca00"},  // 1 gwei
            {"logs", std::move(logs)},    {"contractAddress", std::move(created)}};
}

json::object transfer_log(const std::string& token, const std::string& from, const std::string& to,
                          const char* amount_hex) {
    return {{"address", token},
            {"topics", json::array{kTransferTopic, topic(from), topic(to)}},
            {"data", amount_hex}};
}

// 2026-11-20 23:59:59 UTC.
constexpr std::int64_t kLateFriday = 1795219199;

// Alice: 1 ETH to Bob, 5 tokens to Bob (via the token), a failed call to a dapp with 2 ETH, a
// deployment; Bob: a call to the dapp whose logs prove it is a contract.
BlockFacts sample_block() {
    json::array txs{tx(1, kAlice, json::value(kBob), "0xde0b6b3a7640000"),
                    tx(2, kAlice, json::value(kToken), "0x0"),
                    tx(3, kAlice, json::value(kDapp), "0x1bc16d674ec80000"),
                    tx(4, kAlice, nullptr, "0x0"), tx(5, kBob, json::value(kDapp), "0x0")};
    json::array receipts{
        receipt(1, 1, "0x5208", {}),
        receipt(2, 1, "0xc350", {transfer_log(kToken, kAlice, kBob, "0x5")}),
        receipt(3, 0, "0x7530", {}), receipt(4, 1, "0x186a0", {}, json::value(kNew)),
        receipt(5, 1, "0x7530",
                {json::object{{"address", kDapp}, {"topics", json::array{}}, {"data", "0x"}}})};
    json::object block{{"number", "0x10"},
                       {"hash", hash(16)},
                       {"parentHash", hash(15)},
                       {"timestamp", "0x" + U256(kLateFriday).to_hex().substr(2)},
                       {"transactions", std::move(txs)}};
    return decode_block(block, receipts, {kToken});
}

}  // namespace

TEST(ActivityRules, DecodesTheBlockAndItsReceipts) {
    auto b = sample_block();
    EXPECT_EQ(b.number, 16);
    EXPECT_EQ(b.timestamp, kLateFriday);
    ASSERT_EQ(b.txs.size(), 5u);
    EXPECT_EQ(b.txs[0].gas_cost, U256(21000ULL * 1000000000ULL));
    EXPECT_FALSE(b.txs[2].success);
    EXPECT_EQ(b.txs[3].created, kNew);
    EXPECT_FALSE(b.txs[3].to.has_value());
    ASSERT_EQ(b.txs[1].transfers.size(), 1u);
    EXPECT_EQ(b.txs[1].transfers[0].to, kBob);
    EXPECT_TRUE(b.txs[1].to_is_contract);   // its receipt has logs
    EXPECT_FALSE(b.txs[2].to_is_contract);  // no logs: the indexer asks for code
    EXPECT_TRUE(b.txs[4].to_is_contract);
}

TEST(ActivityRules, MalformedAnswersAreBadResponses) {
    json::object block{{"number", "0x1"},
                       {"hash", hash(1)},
                       {"parentHash", hash(0)},
                       {"timestamp", "0x1"},
                       {"transactions", json::array{tx(1, kAlice, json::value(kBob), "0x1")}}};
    EXPECT_THROW(decode_block(block, json::array{}, {}), chain::rpc::RpcError);  // no receipt
    json::array wrong{receipt(2, 1, "0x5208", {})};
    EXPECT_THROW(decode_block(block, wrong, {}), chain::rpc::RpcError);  // another tx's
    block["timestamp"] = "soon";
    json::array right{receipt(1, 1, "0x5208", {})};
    EXPECT_THROW(decode_block(block, right, {}), chain::rpc::RpcError);
}

TEST(ActivityRules, WhatEachTransactionAddsToWhom) {
    auto b = sample_block();
    b.txs[2].to_is_contract = true;  // as the code lookup would find
    auto delta = block_delta(b);
    const auto& alice = delta.at(kAlice);
    EXPECT_EQ(alice.txs, 4);
    EXPECT_EQ(alice.deployed, 1);
    // Every transaction's gas, the failed one's too: (21000 + 50000 + 30000 + 100000) gwei.
    EXPECT_EQ(alice.gas, U256(201000ULL * 1000000000ULL));
    EXPECT_EQ(alice.contracts, (std::set<std::string>{kToken, kDapp}));
    // The failed call's 2 ETH did not move: 1 ETH sent, 5 token units sent.
    EXPECT_EQ(alice.tokens.at(kNativeToken).first, U256(1000000000000000000ULL));
    EXPECT_EQ(alice.tokens.at(kToken).first, U256(5));
    const auto& bob = delta.at(kBob);
    EXPECT_EQ(bob.txs, 1);
    EXPECT_EQ(bob.tokens.at(kNativeToken).second, U256(1000000000000000000ULL));
    EXPECT_EQ(bob.tokens.at(kToken).second, U256(5));
    EXPECT_FALSE(delta.contains(kDapp));  // the failed call gave the dapp nothing
}

TEST(ActivityRules, BlocksMergeOntoStoredRowsAndEachOther) {
    auto b = sample_block();
    RowState state;
    store::ActivityAccount stored{kAlice, 7, 1700000000, 1700000500, 2, 1, 1, 3, 0, "1000"};
    state.accounts[kAlice] = stored;
    state.tokens[{kBob, kToken}] = {kBob, kToken, "2", "10"};
    auto w = block_write(b, block_delta(b), state);
    EXPECT_EQ(w.number, 16);
    ASSERT_EQ(w.accounts.size(), 2u);  // Alice and Bob sent; nobody else gets an account row
    const auto& alice = w.accounts[0].address == kAlice ? w.accounts[0] : w.accounts[1];
    EXPECT_EQ(alice.tx_count, 11);
    EXPECT_EQ(alice.first_active, 1700000000);
    EXPECT_EQ(alice.last_active, kLateFriday);
    EXPECT_EQ(alice.gas_spent, std::to_string(201000ULL * 1000000000ULL + 1000));
    // Day, week and month of each sender.
    ASSERT_EQ(w.periods.size(), 6u);
    EXPECT_EQ(w.periods[0].period, "2026-11-20");
    EXPECT_EQ(w.periods[1].period, "2026-W47");
    EXPECT_EQ(w.periods[2].period, "2026-11");
    auto bob_token = state.tokens.at({kBob, kToken});
    EXPECT_EQ(bob_token.received, "15");
    EXPECT_EQ(bob_token.sent, "2");
    // A second block in the same batch merges onto the first one's result.
    b.number = 17;
    b.timestamp = kLateFriday + 1;  // Saturday: a new day, the same week
    auto w2 = block_write(b, block_delta(b), state);
    const auto& alice2 = w2.accounts[0].address == kAlice ? w2.accounts[0] : w2.accounts[1];
    EXPECT_EQ(alice2.tx_count, 15);
    EXPECT_EQ(alice2.first_active, 1700000000);
    EXPECT_EQ(w2.periods[0].period, "2026-11-21");
    EXPECT_EQ(state.tokens.at({kBob, kToken}).received, "20");
}

TEST(ActivityRules, FirstActivityIsTheFirstSentTransaction) {
    AddressDelta received_only;
    received_only.tokens[kNativeToken] = {U256(), U256(5)};
    auto row = merge_account({}, received_only, 100);
    EXPECT_EQ(row.first_active, 0);
    AddressDelta sent;
    sent.txs = 1;
    row = merge_account(row, sent, 200);
    row = merge_account(row, sent, 300);
    EXPECT_EQ(row.first_active, 200);
    EXPECT_EQ(row.last_active, 300);
    EXPECT_EQ(row.tx_count, 2);
}

TEST(TrackerFigures, UsdAtThePriceTableAndZeroWithoutAPrice) {
    UsdPrices prices{{"ETH", 3000}, {"USDC", 1}};
    EXPECT_DOUBLE_EQ(usd_of("1500000000000000000", 18, prices, "ETH"), 4500);
    EXPECT_DOUBLE_EQ(usd_of("2500000", 6, prices, "USDC"), 2.5);
    EXPECT_DOUBLE_EQ(usd_of("5", 0, prices, "PEPE"), 0);
    std::vector<TokenFigures> tokens{{{kNativeToken, "ETH", 18}, "1000000000000000000", "0"},
                                     {{kToken, "USDC", 6}, "1000000", "3000000"},
                                     {{kDapp, "PEPE", 18}, "7", "7"}};
    EXPECT_DOUBLE_EQ(volume_usd(tokens, prices), 3001);  // sent only: received is others' doing
    std::vector<store::BridgeLeg> legs{{kAlice, 1, true, "ETH", 18, "100000000000000000"},
                                       {kAlice, 1, false, "USDC", 6, "50000000"}};
    auto f = bridge_figures(legs, prices);
    EXPECT_EQ(f.deposits, 1);
    EXPECT_EQ(f.payouts, 1);
    EXPECT_DOUBLE_EQ(f.volume_usd, 350);
}
