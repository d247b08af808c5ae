#pragma once
// What the maker's integration tests share: the devnet's maker and funded accounts, a deposit sent
// straight to the Depositor, a perch config with the maker on, and waits for its watchers.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <random>
#include <string>

#include "bridge/deposit_tx.hpp"
#include "chain/erc20.hpp"
#include "chain/hex.hpp"
#include "chain/op_fee.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/u256.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "test_database.hpp"
#include "wait.hpp"

namespace perch::testing::maker {

// `using namespace perch::testing::maker;` in a test file brings these, the chain layer and the
// test harness (perch::testing) at once.
using namespace perch::chain;
using namespace perch::testing;

constexpr const char* kMaker = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";     // Hardhat #1
constexpr const char* kDeployer = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";  // Hardhat #0
constexpr const char* kUser9 = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";     // holds USDT
constexpr std::int64_t kChannel = 98675412;
inline const U256 kEth = *U256::parse_units("1", 18);

using Chains = DevnetChains;

struct Deposit {
    std::int64_t chain = 0;
    std::string from;
    std::string tx_hash;
    U256 amount;
    U256 balance_after;  // the sender's balance of the deposited token right after it
};

// Depositor.deposit straight to the contract (not through the API, which refuses bad input).
inline Deposit deposit(Chains& chains, const Devnet& devnet, std::int64_t chain,
                       const std::string& from, const std::string& token, const U256& amount,
                       std::int64_t dst, const std::string& recipient) {
    const auto& depositor = devnet.contracts.at("Depositor");
    auto token_address = token.empty() ? Address{} : *Address::from_hex(token);
    if (!token.empty())
        chains.send(chain, from, token,
                    perch::chain::erc20::approve(*Address::from_hex(depositor), amount));
    auto receipt = chains.send(
        chain, from, depositor,
        perch::bridge::deposit_calldata(token_address, amount, dst, recipient, kChannel),
        token.empty() ? amount : U256());
    auto balance = token.empty() ? chains.native(chain, from) : chains.erc20(chain, token, from);
    return {chain, from, std::string(receipt.at("transactionHash").as_string()), amount, balance};
}

// `maker_extra` goes inside the "maker" object (", \"key\": value").
inline std::string maker_config(const Devnet& devnet, const std::string& maker_extra = "") {
    return "\"chain_profile\": \"" + devnet.state_path +
           "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
           "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000" +
           maker_extra + "}";
}

// The watchers start at each chain's head: deposits must come after their first read.
inline void wait_for_watchers(const TestDatabase& db, std::size_t chains) {
    perch::testing::wait_for("the maker's watchers started", std::chrono::seconds(90), [&] {
        auto started = db.column("SELECT chain_id FROM watch_cursors").size();
        return started >= chains ? perch::testing::Seen::yes()
                                 : perch::testing::Seen::not_yet(std::to_string(started) + " of " +
                                                                 std::to_string(chains));
    });
}

// The watchers start at each chain's head block, inclusive, so a deposit another test left
// unpaid in that block would be paid and counted here too. One new block on each chain puts such
// a deposit below where the watchers start.
inline void mine_past_earlier_deposits(Chains& chains, const Devnet& devnet) {
    for (const auto& [chain_id, _] : devnet.rpc_urls) chains.call(chain_id, "evm_mine", {});
}

// What a refund transaction sent, as the chain has it.
inline boost::json::object tx_by_hash(Chains& chains, std::int64_t chain,
                                      const boost::json::value& hash) {
    auto tx = chains.call(chain, "eth_getTransactionByHash", {hash});
    return tx.is_object() ? tx.as_object() : boost::json::object{};
}

// What a native refund of `amount` keeps back for its L1 data fee on its source chain, as the
// maker prices it: on an OP-stack chain (the GasPriceOracle predeploy has code) the oracle's
// upper bound for the refund's widest unsigned size (chain/op_fee.hpp); 0 on any other chain.
inline U256 refund_l1_fee(DevnetChains& chains, std::int64_t chain,
                          const boost::json::object& refund, const U256& amount) {
    auto oracle = perch::chain::op::gas_price_oracle().lower_hex();
    if (chains.call(chain, "eth_getCode", {oracle, "latest"}).as_string() == "0x") return U256();
    Transaction probe;
    probe.chain_id = static_cast<std::uint64_t>(chain);
    probe.max_fee_per_gas = rpc::quantity(refund.at("maxFeePerGas"));
    probe.max_priority_fee_per_gas = rpc::quantity(refund.at("maxPriorityFeePerGas"));
    probe.to = *Address::from_hex(std::string(refund.at("to").as_string()));
    probe.value = amount;  // priced before its value was known: on the whole deposit
    auto call =
        perch::chain::op::l1_fee_upper_bound_call(perch::chain::op::unsigned_size_bound(probe));
    auto answer = chains.call(
        chain, "eth_call", {boost::json::object{{"to", oracle}, {"data", to_hex(call)}}, "latest"});
    return *perch::chain::op::decode_fee(*from_hex(std::string(answer.as_string())));
}

inline std::string text_of(const boost::json::object& o, const char* key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? perch::text::to_lower(v->as_string()) : std::string();
}

inline U256 u256_of(const boost::json::value& v) {
    return *U256::from_dec(std::string(v.as_string()));
}

// A random 32-byte hash, so rows a test stores never collide with an earlier run's.
inline std::string random_hash() {
    std::random_device rd;
    Bytes bytes(32);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rd());
    return to_hex(bytes);
}

}  // namespace perch::testing::maker
