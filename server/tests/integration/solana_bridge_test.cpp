// Solana as a bridge chain (docs/solana.md) against the real devnet: the LiteSVM node and the
// Hardhat nodes, with the real perch and its maker. Both directions for SOL <-> ETH (a cross-asset
// route paid at exactly the quoted amount) and USDC <-> USDC, deposits built by build_tx and
// signed here as a wallet would, a bad memo refunded on Solana (no memo and two memos said so), a
// payout to the maker's own address paid once and never read back as a deposit, and clear
// refusals of bad recipients. Expired payouts: solana_bridge_expiry_test.cpp. The suite holds the
// maker's lock (CMakeLists.txt): two makers with one key would both pay.
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
#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/rpc.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "orders.hpp"
#include "solana_bridge_support.hpp"
#include "solana_wait.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace sol = perch::chain::solana;
using namespace perch::testing::solana_bridge;

TEST(SolanaBridge, SolToEthPaysExactlyTheQuotedAmount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_solana_key("user-3");
    auto recipient = checksum(fresh_wallet(chains, 8453, U256()));

    auto built = data_of(
        perch.post("/api/bridge_api/v1/build_tx",
                   build_body(kSolana, 8453, "SOL", "1.5", user.pubkey().to_base58(), recipient)));
    const auto& quote = built.at("quote").as_object();
    EXPECT_EQ(quote.at("receive_token").as_string(), "ETH");
    EXPECT_EQ(quote.at("receive_decimals").as_int64(), 18);
    EXPECT_EQ(quote.at("price_tolerance_bps").as_int64(), 100);
    auto quoted = wei_of(quote);
    // A firm quote (docs/solana.md "Firm quotes"): the memo names it; the amount is the server's.
    const auto& firm = quote.at("firm_quote").as_object();
    auto quote_id = std::string(firm.at("id").as_string());
    EXPECT_EQ(firm.at("typed_data").at("message").at("receiveAmount").as_string(), quoted.to_dec());
    EXPECT_EQ(
        built.at("solana_memo").as_string(),
        "perch:1:8453:" + recipient + ":" + json::serialize(quote.at("channel")) + ":" + quote_id)
        << "the memo carries the destination, the recipient as typed, the channel and the quote";

    auto before = node.lamports(user.pubkey());
    auto signature = node.sign_and_send(std::string(built.at("solana_tx").as_string()), user);
    auto order = wait_for_state(perch, kSolana, signature, "completed", 90);
    EXPECT_EQ(order.at("token").as_string(), "SOL");
    EXPECT_EQ(order.at("receive_token").as_string(), "ETH");
    EXPECT_EQ(order.at("sender").as_string(), user.pubkey().to_base58());
    EXPECT_EQ(order.at("receive_amount").as_string(), quoted.to_dec());
    EXPECT_EQ(order.at("quote_id").as_string(), quote_id);
    EXPECT_EQ(chains.native(8453, recipient), quoted) << "paid exactly what was quoted";
    // The user paid 1.5 SOL and the deposit's fee, nothing else.
    EXPECT_EQ(before - node.lamports(user.pubkey()), 1'500'000'000ULL + 5000ULL);
    // History finds it by the Solana sender and by the EVM recipient.
    auto by_sender =
        data_of(perch.get("/api/bridge_api/v1/history?address=" + user.pubkey().to_base58()));
    EXPECT_GE(by_sender.at("total").as_int64(), 1);
    auto by_recipient = data_of(perch.get("/api/bridge_api/v1/history?address=" + recipient));
    EXPECT_EQ(by_recipient.at("total").as_int64(), 1);
}

TEST(SolanaBridge, UsdcFromSolanaToAnEvmChain) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_solana_key("user-4");
    auto recipient = checksum(fresh_wallet(chains, 42161, U256()));
    auto built = data_of(
        perch.post("/api/bridge_api/v1/build_tx",
                   build_body(kSolana, 42161, "USDC", "25", user.pubkey().to_base58(), recipient)));
    auto quoted = wei_of(built.at("quote").as_object());
    EXPECT_EQ(quoted, U256(24'775'000));  // 25 - 0.1 % - 0.2 (6 decimals on both sides)
    auto before = node.usdc(user.pubkey());
    auto signature = node.sign_and_send(std::string(built.at("solana_tx").as_string()), user);
    wait_for_state(perch, kSolana, signature, "completed", 90);
    EXPECT_EQ(chains.erc20(42161, devnet.contracts.at("USDC"), recipient), quoted);
    EXPECT_EQ(before - node.usdc(user.pubkey()), 25'000'000U);
}

TEST(SolanaBridge, EthToSolPaysOnSolanaExactlyTheQuotedAmount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto sender = fresh_wallet(chains, 8453, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();  // a new account: the payout creates it
    auto [hash, quote] =
        evm_deposit(perch, chains, 8453, "ETH", "0.02", sender, recipient.to_base58());
    EXPECT_EQ(quote.at("receive_token").as_string(), "SOL");
    auto quoted = wei_of(quote);
    auto order = wait_for_state(perch, 8453, hash, "completed", 90);
    EXPECT_EQ(order.at("recipient").as_string(), recipient.to_base58());
    EXPECT_EQ(order.at("receive_amount").as_string(), quoted.to_dec());
    EXPECT_EQ(U256(node.lamports(recipient)), quoted);
    // The payout is a Solana signature, and the order is found by it too.
    auto dst = std::string(order.at("dst_tx_hash").as_string());
    EXPECT_TRUE(sol::Signature::from_base58(dst)) << dst;
}

TEST(SolanaBridge, UsdcToSolanaCreatesTheRecipientsTokenAccount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto recipient = sol::Keypair::generate().pubkey();
    // The test tokens' owner mints a fresh sender its USDC (no shared account is touched).
    auto sender = fresh_wallet(chains, 1, *U256::parse_units("1", 18));
    std::vector<perch::chain::abi::Value> mint{
        perch::chain::abi::Value::of(*Address::from_hex(sender)),
        perch::chain::abi::Value::of(*U256::parse_units("40", 6))};
    chains.send(1, kDeployer, devnet.contracts.at("USDC"),
                to_hex(perch::chain::abi::encode_known_call("mint(address,uint256)", mint)), "0x0");
    auto [hash, quote] = evm_deposit(perch, chains, 1, "USDC", "40", sender, recipient.to_base58());
    auto quoted = wei_of(quote);
    EXPECT_EQ(quoted, U256(39'460'000));  // 40 - 0.1 % - 0.5
    wait_for_state(perch, 1, hash, "completed", 90);
    EXPECT_EQ(node.usdc(recipient), quoted.low_u64());
}

TEST(SolanaBridge, ABadMemoIsRefundedOnSolanaMinusItsCost) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_solana_key("user-5");
    auto before = node.lamports(user.pubkey());
    auto signature =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 300'000'000),
                         sol::memo("please bridge this to base")});
    auto order = wait_for_state(perch, kSolana, signature, "refunded", 90);
    EXPECT_NE(std::string(order.at("reason").as_string()).find("memo"), std::string::npos)
        << order.at("reason");
    node.wait_final(std::string(order.at("refund_tx_hash").as_string()));
    // Out: the deposit and its fee; back: the deposit less the refund's own fee.
    EXPECT_EQ(before - node.lamports(user.pubkey()), 5000ULL + 5000ULL);

    // Valid memo, unsupported route (SOL to Soneium): refunded too, with the route's reason.
    auto to_soneium =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 100'000'000),
                         sol::memo("perch:1:1868:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0")});
    auto refused = wait_for_state(perch, kSolana, to_soneium, "refunded", 90);
    EXPECT_NE(std::string(refused.at("reason").as_string()).find("cannot be bridged"),
              std::string::npos)
        << refused.at("reason");
}

// Deposits without a memo, or with two, are refunded; the order says which, not what a parser
// makes of a memo that is not there.
TEST(SolanaBridge, ADepositWithoutOneMemoIsRefundedSayingWhy) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_solana_key("user-5");
    const std::string valid = "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0";
    auto without =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 100'000'000)});
    auto with_two = node.send(
        user, {sol::memo(valid), sol::system_transfer(user.pubkey(), solana.maker, 100'000'000),
               sol::memo(valid)});
    auto reason_of = [&](const std::string& signature) {
        auto order = wait_for_state(perch, kSolana, signature, "refunded", 90);
        return std::string(order.at("reason").as_string());
    };
    auto no_memo = reason_of(without);
    EXPECT_NE(no_memo.find("no memo"), std::string::npos) << no_memo;
    EXPECT_EQ(no_memo.find("perch:'"), std::string::npos) << no_memo;
    auto two_memos = reason_of(with_two);
    EXPECT_NE(two_memos.find("more than one memo"), std::string::npos) << two_memos;
    EXPECT_EQ(two_memos.find("perch:'"), std::string::npos) << two_memos;
}

// An EVM deposit may name the maker's own Solana address as its recipient. The payout is paid once,
// and the maker's own transfer is not read back as a deposit: no order comes of it and no refund,
// while the watcher reads the slots after it.
TEST(SolanaBridge, APayoutToTheMakersOwnAddressIsPaidOnceAndNothingElse) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto sender = fresh_wallet(chains, 8453, *U256::parse_units("1", 18));
    auto [hash, quote] =
        evm_deposit(perch, chains, 8453, "ETH", "0.01", sender, solana.maker.to_base58());
    auto order = wait_for_state(perch, 8453, hash, "completed", 90);
    auto payout = std::string(order.at("dst_tx_hash").as_string());
    node.wait_final(payout);
    // The watcher reads finalized transactions every 100 ms; 5 s is about a dozen slots.
    std::this_thread::sleep_for(std::chrono::seconds(5));
    const auto& db = perch.db();
    EXPECT_EQ(db.column("SELECT order_key FROM bridge_orders WHERE src_chain_id = 83797601"),
              std::vector<std::string>{})
        << "the maker's own payout " << payout << " was read as a deposit";
    EXPECT_EQ(db.column("SELECT kind FROM maker_txs WHERE chain_id = 83797601"),
              std::vector<std::string>{"payout"});
    EXPECT_EQ(state_of(order_of(perch, 8453, hash)), "completed");
}

TEST(SolanaBridge, QuotesAndBuildTxRefuseBadRecipientsClearly) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto user = devnet_solana_key("user-6").pubkey().to_base58();
    auto expect_400 = [&](const perch::testing::HttpResult& res, const std::string& needle) {
        EXPECT_EQ(res.status, 400) << res.body;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    // To Solana: base58 of 32 bytes.
    expect_400(perch.get("/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=83797601&token="
                         "USDC&amount=10&recipient=0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
               "is not a Solana address (base58 of 32 bytes)");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(8453, kSolana, "ETH", "0.01", kDeployer,
                                     "1111111111111111111111111111111")),
               "is not a Solana address (base58 of 32 bytes)");
    // From Solana to an EVM chain: EIP-55, since the memo carries the text as typed.
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "1", user,
                                     "0x70997970c51812dc3a010c7d01b50e0d17dc79c8")),
               "EIP-55");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "1", "0xnotsolana",
                                     "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")),
               "'sender': '0xnotsolana' is not a Solana address");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "0.001", user,
                                     "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")),
               "the minimum is 0.05 SOL");
    // A good one answers the unsigned transaction for the wallet: fee payer the user, unsigned.
    auto built = data_of(perch.post("/api/bridge_api/v1/build_tx",
                                    build_body(kSolana, 8453, "USDC", "10", user,
                                               "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")));
    auto tx = *sol::parse_transaction(*sol::from_base64(built.at("solana_tx").as_string()));
    EXPECT_EQ(tx.message.fee_payer().to_base58(), user);
    ASSERT_EQ(tx.signatures.size(), 1U);
    EXPECT_TRUE(tx.signatures[0].is_zero());
    auto decoded = *sol::decode_message(tx.message);
    ASSERT_EQ(decoded.size(), 2U);
    auto transfer = std::get<sol::TokenTransferChecked>(decoded[0]);
    EXPECT_EQ(transfer.amount, 10'000'000U);
    EXPECT_EQ(transfer.mint, solana.usdc_mint);
    EXPECT_EQ(std::get<sol::Memo>(decoded[1]).text, built.at("solana_memo").as_string());
    EXPECT_EQ(built.at("solana_memo").as_string(),
              "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:" +
                  json::serialize(built.at("quote").at("channel")));
}
