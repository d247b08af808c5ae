#pragma once
// What the Solana bridge's integration tests share: the devnet's Solana node as state.json
// describes it, a wallet's view of that node, a perch config with the maker on for both kinds of
// chain, build_tx requests and an EVM -> Solana deposit sent through them.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "bridge/solana_memo.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/rpc.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "solana_devnet.hpp"
#include "solana_wait.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace perch::testing::solana_bridge {

namespace json = boost::json;
namespace sol = perch::chain::solana;
// `using namespace perch::testing::solana_bridge;` in a test file brings these, the chain layer and
// the test harness (perch::testing) at once.
using namespace perch::chain;
using namespace perch::testing;

inline constexpr std::int64_t kSolana = perch::bridge::kSolanaChainId;
inline constexpr const char* kDeployer =
    "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";  // Hardhat #0

using Chains = DevnetChains;

// The devnet's Solana node as state.json describes it (solana_devnet.hpp); skips the test
// without one.
#define REQUIRE_SOLANA(devnet, var)                                                    \
    auto var##_opt = ::perch::testing::solana_devnet(devnet.state_path);               \
    if (!var##_opt) GTEST_SKIP() << "the test devnet has no Solana node (state.json)"; \
    const auto& var = *var##_opt

// The Solana node as a wallet and an explorer use it.
struct SolanaNode {
    explicit SolanaNode(const SolanaDevnet& d) : devnet(d), client({d.rpc_url}), rpc(client) {}

    std::uint64_t lamports(const sol::Pubkey& owner) {
        return run_task(rpc.get_balance(owner, sol::Commitment::confirmed));
    }
    // The owner's USDC (its associated account; 0 while it has none).
    std::uint64_t usdc(const sol::Pubkey& owner) {
        auto ata = sol::associated_token_address(owner, devnet.usdc_mint).address;
        auto info = run_task(rpc.get_account_info(ata, sol::Commitment::confirmed));
        if (!info) return 0;
        return sol::parse_token_account(ata, info->data)->amount;
    }
    json::value call(std::string method, json::array params) {
        return run_task(perch::testing::rpc_call(client, std::move(method), std::move(params)));
    }
    // Signs the unsigned transaction build_tx answered and sends it; the signature.
    std::string sign_and_send(const std::string& base64, const sol::Keypair& key) {
        auto tx = *sol::parse_transaction(*sol::from_base64(base64));
        const sol::Keypair* keys[] = {&key};
        EXPECT_TRUE(sol::sign_transaction(tx, keys));
        return run_task(rpc.send_transaction(sol::serialize_transaction(tx)));
    }
    // A transaction of our own (a deposit the API would refuse to build).
    std::string send(const sol::Keypair& key, const std::vector<sol::Instruction>& instructions) {
        auto latest = run_task(rpc.get_latest_blockhash(sol::Commitment::confirmed));
        auto message = *sol::compile_message(key.pubkey(), instructions, latest.blockhash);
        auto tx = sol::unsigned_transaction(std::move(message));
        const sol::Keypair* keys[] = {&key};
        EXPECT_TRUE(sol::sign_transaction(tx, keys));
        auto wire = sol::serialize_transaction(tx);
        auto signature = run_task(rpc.send_transaction(wire));
        sent_[signature] = {std::move(wire), latest.last_valid_block_height};
        return signature;
    }
    // Waits until the transaction is final (the maker reads finalized), at the node's pace.
    void wait_final(const std::string& signature) {
        auto it = sent_.find(signature);
        auto sent = it == sent_.end() ? Sent{{}, UINT64_MAX} : it->second;
        run_task(perch::testing::follow_to_finalized(rpc, signature, sent.wire, sent.valid_to));
    }

    struct Sent {
        perch::chain::Bytes wire;
        std::uint64_t valid_to = 0;
    };
    std::map<std::string, Sent> sent_;  // what send() sent, to re-send while the node lacks it
    SolanaDevnet devnet;
    rpc::RpcClient client;
    sol::SolanaRpc rpc;
};

inline std::string maker_config(const Devnet& devnet) {
    return "\"chain_profile\": \"" + devnet.state_path +
           "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
           "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000}, "
           "\"solana\": {\"maker_key_file\": \"devnet/solana-maker.key\"}, "
           "\"quote_signer_key_file\": \"devnet/quote-signer.key\"";
}

// The maker's Solana watcher starts at the newest transactions: deposits must come after it.
inline void wait_for_solana_watcher(const PerchProcess& perch) {
    try {
        perch::testing::wait_for(
            "the maker's Solana watcher started", std::chrono::seconds(90), [&] {
                return !perch.db()
                            .column("SELECT chain_id FROM watch_cursors WHERE chain_id = 83797601")
                            .empty();
            });
    } catch (const perch::testing::WaitTimeout& e) {
        FAIL() << e.what() << "\n" << perch.output();
    }
}

inline json::object data_of(const perch::testing::HttpResult& res) {
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").as_object();
}

inline std::string build_body(std::int64_t from, std::int64_t to, const std::string& token,
                              const std::string& amount, const std::string& sender,
                              const std::string& recipient) {
    return json::serialize(json::object{{"from_chain_id", std::to_string(from)},
                                        {"to_chain_id", std::to_string(to)},
                                        {"token", token},
                                        {"amount", amount},
                                        {"sender", sender},
                                        {"recipient", recipient}});
}

inline U256 wei_of(const json::object& quote) {
    return *U256::from_dec(std::string(quote.at("receive_amount_wei").as_string()));
}

inline std::string checksum(const std::string& address) {
    return Address::from_hex(address)->checksum_hex();
}

// EVM -> Solana through build_tx, sent from `from` (unlocked or impersonated); the deposit's
// transaction hash and the quote.
inline std::pair<std::string, json::object> evm_deposit(
    PerchProcess& perch, Chains& chains, std::int64_t chain, const std::string& token,
    const std::string& amount, const std::string& from, const std::string& recipient) {
    auto built = data_of(perch.post("/api/bridge_api/v1/build_tx",
                                    build_body(chain, kSolana, token, amount, from, recipient)));
    if (built.at("approve").is_object()) {
        const auto& a = built.at("approve").as_object();
        chains.send(chain, from, std::string(a.at("to").as_string()),
                    std::string(a.at("data").as_string()), std::string(a.at("value").as_string()));
    }
    const auto& d = built.at("deposit").as_object();
    auto receipt =
        chains.send(chain, from, std::string(d.at("to").as_string()),
                    std::string(d.at("data").as_string()), std::string(d.at("value").as_string()));
    return {std::string(receipt.at("transactionHash").as_string()), built.at("quote").as_object()};
}

}  // namespace perch::testing::solana_bridge
