#pragma once
// Deposits on Solana (docs/solana.md), pure: what a fetched transaction paid the maker. A deposit
// is a top-level System transfer to the maker's address (SOL) or an SPL Token TransferChecked (or
// Transfer) into the maker's USDC account, in a transaction that succeeded; the transaction's Memo
// says where it goes (bridge/solana_memo.hpp). Transfers made by another program (inner
// instructions) are not deposits: the maker could not tell who to refund. Nor are the maker's own
// transfers (its payouts and refunds, even to its own address).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bridge/solana_memo.hpp"
#include "chain/solana/pubkey.hpp"
#include "chain/solana/rpc.hpp"

namespace perch::bridge {

// What the watcher looks for: the maker's address and its USDC account.
struct SolanaWatch {
    chain::solana::Pubkey maker;
    chain::solana::Pubkey usdc_mint;
    chain::solana::Pubkey maker_usdc;  // the maker's associated token account of usdc_mint
};

// A deposit's memo error when its transaction has no Memo instruction, or more than one.
inline constexpr const char* kNoMemo = "the deposit has no memo saying where it goes";
inline constexpr const char* kSeveralMemos = "the deposit has more than one memo";

struct SolanaDeposit {
    std::string signature;    // the transaction id (base58)
    std::uint32_t index = 0;  // the transfer's instruction index: the order key's third part
    std::uint64_t slot = 0;
    std::string sender;  // who is refunded: the System transfer's `from`, the token authority
    std::string token;   // "SOL" or "USDC"
    std::string token_address;  // "" for SOL, the mint for USDC
    unsigned decimals = 9;
    std::uint64_t amount = 0;  // lamports or token base units
    MemoParse memo;            // the transaction's memo, or why there is no valid one
    std::string memo_text;     // as found (empty without a memo)

    // "<chain id>:<signature>:<instruction index>": the EVM key's shape, with Solana's fields.
    std::string order_key() const;
};

std::vector<SolanaDeposit> find_deposits(const chain::solana::FetchedTransaction& tx,
                                         const SolanaWatch& watch);

}  // namespace perch::bridge
