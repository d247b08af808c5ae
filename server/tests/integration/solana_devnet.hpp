#pragma once
// The test devnet's Solana node (docs/solana.md) for the C++ Solana tests: its state.json entry,
// the devnet's key derivation, and a transaction signed here followed to finalized.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/rpc.hpp"
#include "core/task.hpp"
#include "devnet.hpp"
#include "solana_wait.hpp"

namespace perch::testing {

struct SolanaDevnet {
    std::string rpc_url;
    chain::solana::Pubkey maker;
    chain::solana::Pubkey usdc_mint;
    std::uint8_t usdc_decimals = 6;
    std::vector<chain::solana::Pubkey> users;
};

// The state's "solana" entry; empty when the devnet runs no Solana node.
std::optional<SolanaDevnet> solana_devnet(const std::string& state_path);

// seed = sha256("perch devnet solana " + name), as the node derives its keys.
chain::solana::Keypair devnet_solana_key(const std::string& name);

struct SentSolanaTx {
    std::string signature;
    std::uint64_t last_valid_block_height = 0;
    std::vector<chain::solana::Commitment> seen;  // each status it went through, in order
    chain::solana::FetchedTransaction fetched;    // getTransaction at finalized
};

// Compiles (fee payer = payer), signs, sends, follows it to finalized (follow_to_finalized) and
// reads the transaction back. Throws on any failure, naming it.
Task<SentSolanaTx> send_and_finalize(chain::solana::SolanaRpc& sol,
                                     const chain::solana::Keypair& payer,
                                     std::vector<chain::solana::Instruction> instructions,
                                     chain::solana::MessageVersion version);

// Until the node reports no priced slot (150 slots after the last transaction that set a
// compute-unit price): the maker prices its Solana transactions from those recent fees, so a
// suite with exact fees starts on a quiet chain.
void wait_for_unpriced_slots(chain::solana::SolanaRpc& sol);

#define PERCH_REQUIRE_SOLANA(var)                                                        \
    PERCH_REQUIRE_DEVNET(devnet_for_##var);                                              \
    auto var##_opt = ::perch::testing::solana_devnet(devnet_for_##var.state_path);       \
    if (!var##_opt) GTEST_SKIP() << "the test devnet has no Solana node (state.solana)"; \
    const auto& var = *var##_opt

}  // namespace perch::testing
