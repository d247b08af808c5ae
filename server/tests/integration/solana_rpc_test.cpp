// The Solana chain layer against the devnet's Solana node (LiteSVM, docs/solana.md): a SOL
// transfer and a USDC TransferChecked with ATA creation and a memo, signed in C++, sent, followed
// to finalized and read back with getTransaction; then the node's error answers as typed errors.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/rpc.hpp"
#include "devnet.hpp"
#include "solana_devnet.hpp"

using namespace perch::chain;
using namespace perch::chain::solana;
using perch::Task;
using perch::chain::rpc::RpcClient;
using perch::chain::rpc::RpcError;
using perch::testing::devnet_solana_key;
using perch::testing::run_task;
using perch::testing::send_and_finalize;
namespace json = boost::json;

namespace {

std::size_t index_of(const std::vector<Pubkey>& keys, const Pubkey& key) {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key) return i;
    ADD_FAILURE() << key.to_base58() << " is not among the transaction's accounts";
    return 0;
}

template <class T>
const T& as(const DecodedInstruction& d) {
    static const T none{};
    const auto* value = std::get_if<T>(&d);
    EXPECT_TRUE(value) << "another instruction kind (index " << d.index() << ")";
    return value ? *value : none;
}

TEST(SolanaRpc, SolTransferWithMemoFinalizesAndReadsBack) {
    PERCH_REQUIRE_SOLANA(devnet);
    RpcClient client({devnet.rpc_url});
    SolanaRpc sol(client);
    auto payer = devnet_solana_key("user-7");
    ASSERT_EQ(payer.pubkey(), devnet.users.at(7));  // the node's derivation is ours
    auto recipient = Keypair::generate().pubkey();  // a fresh account: created by the transfer
    const std::uint64_t lamports = 12'345'678;
    const std::string text = "perch:1:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0";

    auto payer_before = run_task(sol.get_balance(payer.pubkey(), Commitment::confirmed));
    auto sent = run_task(send_and_finalize(
        sol, payer, {system_transfer(payer.pubkey(), recipient, lamports), memo(text)},
        MessageVersion::legacy));
    EXPECT_EQ(sent.seen.back(), Commitment::finalized);
    const auto& t = sent.fetched;
    EXPECT_EQ(t.id(), sent.signature);
    EXPECT_FALSE(t.failed());
    EXPECT_EQ(t.fee, 5000u);  // one signature, no priority fee
    EXPECT_GT(t.slot, 447'552'000u);
    EXPECT_TRUE(t.block_time);
    EXPECT_LE(t.slot, sent.last_valid_block_height);
    auto keys = t.account_keys();
    ASSERT_EQ(keys.at(0), payer.pubkey());
    auto r = index_of(keys, recipient);
    EXPECT_EQ(t.pre_balances.at(r), 0u);
    EXPECT_EQ(t.post_balances.at(r), lamports);
    EXPECT_EQ(t.pre_balances.at(0) - t.post_balances.at(0), lamports + t.fee);
    EXPECT_FALSE(t.log_messages.empty());

    // What the deposit watcher reads: which program, the accounts, the amount, the memo.
    ASSERT_EQ(t.message.instructions.size(), 2u);
    auto transfer = decode_compiled(t.message.instructions[0], keys);
    ASSERT_TRUE(transfer) << transfer.error().message;
    EXPECT_EQ(as<SystemTransfer>(*transfer), (SystemTransfer{payer.pubkey(), recipient, lamports}));
    auto note = decode_compiled(t.message.instructions[1], keys);
    ASSERT_TRUE(note);
    EXPECT_EQ(as<Memo>(*note).text, text);

    EXPECT_EQ(run_task(sol.get_balance(recipient, Commitment::finalized)), lamports);
    EXPECT_LE(run_task(sol.get_balance(payer.pubkey(), Commitment::finalized)),
              payer_before - lamports - 5000);
    auto history = run_task(sol.get_signatures_for_address(recipient, {}));
    ASSERT_EQ(history.size(), 1u);
    EXPECT_EQ(history[0].signature, sent.signature);
    EXPECT_EQ(history[0].slot, t.slot);
    EXPECT_EQ(history[0].memo, "[" + std::to_string(text.size()) + "] " + text);
    EXPECT_EQ(history[0].confirmation_status, Commitment::finalized);
}

TEST(SolanaRpc, UsdcTransferCheckedCreatesTheAtaV0) {
    PERCH_REQUIRE_SOLANA(devnet);
    RpcClient client({devnet.rpc_url});
    SolanaRpc sol(client);
    auto payer = devnet_solana_key("user-7");
    const auto& mint = devnet.usdc_mint;
    auto recipient = Keypair::generate().pubkey();
    auto from_ata = associated_token_address(payer.pubkey(), mint).address;
    auto to_ata = associated_token_address(recipient, mint).address;
    const std::uint64_t amount = 1'500'000;  // 1.5 USDC
    const std::string text = "perch:1:1868:0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC:3";

    ASSERT_FALSE(run_task(sol.get_account_info(to_ata, Commitment::confirmed)));
    auto from_before = run_task(sol.get_token_account_balance(from_ata, Commitment::confirmed));
    EXPECT_EQ(from_before.decimals, devnet.usdc_decimals);
    auto sent = run_task(send_and_finalize(
        sol, payer,
        {set_compute_unit_limit(80'000), set_compute_unit_price(10'000),
         create_associated_token_account_idempotent(payer.pubkey(), recipient, mint),
         token_transfer_checked(from_ata, mint, to_ata, payer.pubkey(), amount,
                                devnet.usdc_decimals),
         memo(text)},
        MessageVersion::v0));
    const auto& t = sent.fetched;
    EXPECT_EQ(t.version, MessageVersion::v0);
    EXPECT_FALSE(t.failed());
    // 5,000 per signature + the priority fee: 80,000 CU x 10,000 micro-lamports = 800 lamports.
    EXPECT_EQ(t.fee, 5800u);
    auto keys = t.account_keys();
    ASSERT_EQ(t.message.instructions.size(), 5u);
    EXPECT_EQ(as<SetComputeUnitLimit>(*decode_compiled(t.message.instructions[0], keys)).units,
              80'000u);
    EXPECT_EQ(
        as<SetComputeUnitPrice>(*decode_compiled(t.message.instructions[1], keys)).micro_lamports,
        10'000u);
    auto create =
        as<CreateAssociatedTokenAccount>(*decode_compiled(t.message.instructions[2], keys));
    EXPECT_TRUE(create.idempotent);
    EXPECT_EQ(create.account, to_ata);
    EXPECT_EQ(create.owner, recipient);
    auto transfer = as<TokenTransferChecked>(*decode_compiled(t.message.instructions[3], keys));
    EXPECT_EQ(transfer, (TokenTransferChecked{token_program_id(), from_ata, mint, to_ata,
                                              payer.pubkey(), amount, devnet.usdc_decimals}));
    EXPECT_EQ(as<Memo>(*decode_compiled(t.message.instructions[4], keys)).text, text);
    // The ATA program created the account through inner instructions.
    EXPECT_FALSE(t.inner_instructions.empty());

    // Token balances: the new ATA from nothing to 1.5 USDC, the sender's down by as much.
    auto to_index = index_of(keys, to_ata);
    auto from_index = index_of(keys, from_ata);
    const TokenBalance* to_post = nullptr;
    const TokenBalance* from_pre = nullptr;
    const TokenBalance* from_post = nullptr;
    for (const auto& b : t.post_token_balances) {
        if (b.account_index == to_index) to_post = &b;
        if (b.account_index == from_index) from_post = &b;
    }
    for (const auto& b : t.pre_token_balances) {
        if (b.account_index == from_index) from_pre = &b;
        EXPECT_NE(b.account_index, to_index);  // it did not exist before
    }
    ASSERT_TRUE(to_post && from_pre && from_post);
    EXPECT_EQ(to_post->amount, amount);
    EXPECT_EQ(to_post->owner, recipient);
    EXPECT_EQ(to_post->mint, mint);
    EXPECT_EQ(to_post->decimals, devnet.usdc_decimals);
    EXPECT_EQ(from_pre->amount - from_post->amount, amount);

    auto balance = run_task(sol.get_token_account_balance(to_ata, Commitment::finalized));
    EXPECT_EQ(balance.amount, amount);
    EXPECT_EQ(balance.decimals, devnet.usdc_decimals);
    auto accounts =
        run_task(sol.get_token_accounts_by_owner(recipient, mint, Commitment::finalized));
    ASSERT_EQ(accounts.size(), 1u);
    EXPECT_EQ(accounts[0].address, to_ata);
    EXPECT_EQ(accounts[0].owner, recipient);
    EXPECT_EQ(accounts[0].amount, amount);
    auto info = run_task(sol.get_account_info(to_ata, Commitment::finalized));
    ASSERT_TRUE(info);
    EXPECT_EQ(info->owner, token_program_id());
    EXPECT_EQ(info->data.size(), 165u);
    EXPECT_GT(info->lamports, 0u);  // rent paid by the payer

    // Its price stays in the node's recent fees for 150 slots, and the maker prices its Solana
    // transactions from them: the maker's suites (this suite holds their lock too) start again
    // on a chain with no priced slot, so their exact fees hold.
    perch::testing::wait_for_unpriced_slots(sol);
}

TEST(SolanaRpc, NodeErrorsKeepTheirCodes) {
    PERCH_REQUIRE_SOLANA(devnet);
    RpcClient client({devnet.rpc_url});
    SolanaRpc sol(client);
    auto payer = devnet_solana_key("user-7");
    auto slot = run_task(sol.get_slot(Commitment::finalized));
    auto height = run_task(sol.get_block_height(Commitment::confirmed));
    EXPECT_GE(height, slot);  // block height = slot on this node; confirmed is ahead of finalized

    auto blockhash = run_task(sol.get_latest_blockhash(Commitment::finalized));
    EXPECT_GT(blockhash.last_valid_block_height, slot);
    auto tx = unsigned_transaction(
        compile_message(payer.pubkey(), {system_transfer(payer.pubkey(), payer.pubkey(), 1)},
                        blockhash.blockhash)
            .value());
    std::vector<const Keypair*> keys{&payer};
    ASSERT_TRUE(sign_transaction(tx, keys));

    // A simulation of the good transaction succeeds and reports its logs.
    auto simulated = run_task(sol.simulate_transaction(serialize_transaction(tx)));
    EXPECT_TRUE(simulated.ok()) << json::serialize(simulated.err);
    EXPECT_FALSE(simulated.logs.empty());

    // A wrong signature: -32003, the node's message kept.
    auto forged = tx;
    forged.signatures[0].bytes[0] ^= 1;
    try {
        run_task(sol.send_transaction(serialize_transaction(forged)));
        ADD_FAILURE() << "a forged signature was accepted";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::rpc);
        EXPECT_EQ(e.code(), -32003) << e.what();
        EXPECT_FALSE(std::string(e.what()).empty());
    }
    // An unknown blockhash fails the preflight: -32002.
    auto stale = unsigned_transaction(
        compile_message(payer.pubkey(), {system_transfer(payer.pubkey(), payer.pubkey(), 1)},
                        Blockhash{})
            .value());
    ASSERT_TRUE(sign_transaction(stale, keys));
    try {
        run_task(sol.send_transaction(serialize_transaction(stale)));
        ADD_FAILURE() << "an unknown blockhash was accepted";
    } catch (const RpcError& e) {
        EXPECT_EQ(e.kind(), RpcError::Kind::rpc);
        EXPECT_EQ(e.code(), -32002) << e.what();
    }
    // An unknown signature has no status and no transaction.
    auto statuses = run_task(sol.get_signature_statuses({forged.id()}, true));
    ASSERT_EQ(statuses.size(), 1u);
    EXPECT_FALSE(statuses[0]);
    EXPECT_FALSE(run_task(sol.get_transaction(forged.id(), Commitment::confirmed)));

    // Nobody listening: a transport error, typed as such.
    RpcClient closed({"http://127.0.0.1:9"},
                     {.timeout = std::chrono::milliseconds(500), .attempts = 1});
    SolanaRpc nowhere(closed);
    try {
        run_task(nowhere.get_slot());
        ADD_FAILURE() << "a closed port answered";
    } catch (const RpcError& e) {
        EXPECT_TRUE(e.retryable()) << e.what();
    }
}

}  // namespace
