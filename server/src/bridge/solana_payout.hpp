#pragma once
// Payouts and refunds on Solana (docs/solana.md), pure: the instructions the maker signs, what a
// refund returns, and the rule that keeps a payout exactly-once although a Solana transaction
// cannot be replaced the way an EVM nonce can.
//
// The rule: the maker signs a transaction against a recent blockhash and stores its bytes and
// that blockhash's lastValidBlockHeight before sending. It sends the same bytes again until the
// signature is seen. Only when the chain's finalized block height (read in one request with the
// statuses, so from one node) is above lastValidBlockHeight and the signature is still unknown
// can that transaction never land: then, and only then, a new one is built, and it is recorded
// under the maker's lease as the one successor of the expired one. So two versions that could
// both land never exist.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chain/solana/message.hpp"
#include "chain/solana/pubkey.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

// The base fee of a transaction with one signature (lamports).
inline constexpr std::uint64_t kSolanaSignatureFee = 5000;

// Sending `amount` to `recipient`: SOL with a System transfer (mint nullopt), a token with the
// recipient's associated token account created idempotently (the maker pays its rent) and a
// TransferChecked from the maker's. A Memo `note` ("perch:payout:<order key>") makes each
// transaction unique, so two equal payouts in one slot are still two transactions. A non-zero
// `micro_lamports` puts a SetComputeUnitPrice first (a priority fee, solana_compute_unit_price).
std::vector<chain::solana::Instruction> solana_transfer_instructions(
    const chain::solana::Pubkey& maker, const chain::solana::Pubkey& recipient,
    const std::optional<chain::solana::Pubkey>& mint, std::uint8_t decimals, std::uint64_t amount,
    std::string_view note, std::uint64_t micro_lamports = 0);

// The compute-unit price (micro-lamports) the maker's transactions offer, from the recent slots'
// prices (getRecentPrioritizationFees): the 75th percentile (nearest rank) of the non-zero ones,
// at least `floor` and at most `cap`; `floor` when none paid a price (a quiet chain: with the
// default floor of 0, no priority fee at all).
std::uint64_t solana_compute_unit_price(std::vector<std::uint64_t> recent, std::uint64_t floor,
                                        std::uint64_t cap);

// What a transaction of these instructions with one signature costs its fee payer at
// `micro_lamports` a compute unit: the signature fee plus ceil(price x units / 10^6), the units
// the runtime's default (no SetComputeUnitLimit): 3,000 per System or ComputeBudget instruction,
// 200,000 per other, at most 1,400,000.
std::uint64_t solana_fee(const std::vector<chain::solana::Instruction>& instructions,
                         std::uint64_t micro_lamports);

// What the chain says of a stored version, read after the block height.
struct SolanaSeen {
    bool found = false;   // the node knows the signature (any commitment)
    bool final = false;   // ... at the commitment the maker waits for
    bool failed = false;  // it landed with an error (it moved nothing but its fee)
};

enum class SolanaNext {
    wait,     // seen, not final yet: nothing to do
    landed,   // final and succeeded: the order is settled
    failed,   // final with an error: the payout is refunded, the refund needs an operator
    resend,   // unknown, the blockhash still valid: send the same bytes again
    rebuild,  // unknown and expired: it can never land; a new version may be built
};

// `block_height`: finalized, read with the statuses from the same node.
SolanaNext solana_next_step(const SolanaSeen& seen, std::uint64_t block_height,
                            std::uint64_t valid_until);

// The note a payout or refund transaction carries.
std::string solana_note(std::string_view kind, std::string_view order_key);

}  // namespace perch::bridge
