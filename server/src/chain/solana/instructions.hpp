#pragma once
// The instructions Perch builds and reads: System transfer, SPL Token Transfer and
// TransferChecked, Associated Token Account CreateIdempotent (and Create), Memo v2 and
// ComputeBudget SetComputeUnitLimit / SetComputeUnitPrice. The decoders read them back from a
// fetched or parsed transaction (what the maker's deposit watcher needs).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "chain/result.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/pubkey.hpp"

namespace perch::chain::solana {

// ---- builders
Instruction system_transfer(const Pubkey& from, const Pubkey& to, std::uint64_t lamports);
Instruction token_transfer(const Pubkey& source, const Pubkey& destination, const Pubkey& authority,
                           std::uint64_t amount, const Pubkey& token_program = token_program_id());
Instruction token_transfer_checked(const Pubkey& source, const Pubkey& mint,
                                   const Pubkey& destination, const Pubkey& authority,
                                   std::uint64_t amount, std::uint8_t decimals,
                                   const Pubkey& token_program = token_program_id());
// Creates owner's ATA for mint if it does not exist (payer pays the rent); no-op otherwise.
Instruction create_associated_token_account_idempotent(
    const Pubkey& payer, const Pubkey& owner, const Pubkey& mint,
    const Pubkey& token_program = token_program_id());
// Memo v2 (MemoSq4...): the UTF-8 text; each signer must sign the transaction. The decoder also
// reads memos of the v1 and v4 programs.
Instruction memo(std::string_view text, const std::vector<Pubkey>& signers = {});
Instruction set_compute_unit_limit(std::uint32_t units);
Instruction set_compute_unit_price(std::uint64_t micro_lamports);

// ---- decoded forms
struct SystemTransfer {
    Pubkey from, to;
    std::uint64_t lamports = 0;
    friend bool operator==(const SystemTransfer&, const SystemTransfer&) = default;
};
struct TokenTransfer {  // SPL Token Transfer (3): no mint, no decimals
    Pubkey program, source, destination, authority;
    std::uint64_t amount = 0;
    friend bool operator==(const TokenTransfer&, const TokenTransfer&) = default;
};
struct TokenTransferChecked {  // SPL Token TransferChecked (12)
    Pubkey program, source, mint, destination, authority;
    std::uint64_t amount = 0;
    std::uint8_t decimals = 0;
    friend bool operator==(const TokenTransferChecked&, const TokenTransferChecked&) = default;
};
struct CreateAssociatedTokenAccount {
    Pubkey payer, account, owner, mint, system_program, token_program;
    bool idempotent = false;
    friend bool operator==(const CreateAssociatedTokenAccount&,
                           const CreateAssociatedTokenAccount&) = default;
};
struct Memo {
    std::string text;  // valid UTF-8 (the memo program rejects anything else)
    std::vector<Pubkey> signers;
    friend bool operator==(const Memo&, const Memo&) = default;
};
struct SetComputeUnitLimit {
    std::uint32_t units = 0;
    friend bool operator==(const SetComputeUnitLimit&, const SetComputeUnitLimit&) = default;
};
struct SetComputeUnitPrice {
    std::uint64_t micro_lamports = 0;
    friend bool operator==(const SetComputeUnitPrice&, const SetComputeUnitPrice&) = default;
};
// Any other instruction (another program, or another instruction of these programs).
struct OtherInstruction {
    Pubkey program;
    friend bool operator==(const OtherInstruction&, const OtherInstruction&) = default;
};

using DecodedInstruction =
    std::variant<SystemTransfer, TokenTransfer, TokenTransferChecked, CreateAssociatedTokenAccount,
                 Memo, SetComputeUnitLimit, SetComputeUnitPrice, OtherInstruction>;

// Decodes one instruction from its program, its resolved accounts and its data. A known
// instruction with bad data or too few accounts is an error (Errc::sol_invalid_instruction), an
// unknown one is OtherInstruction.
Result<DecodedInstruction> decode_instruction(const Pubkey& program,
                                              std::span<const Pubkey> accounts, ByteView data);
Result<DecodedInstruction> decode_instruction(const Instruction& instruction);

// Resolves a compiled instruction against the full account list (static keys, then loaded
// writable, then loaded readonly addresses) and decodes it.
Result<DecodedInstruction> decode_compiled(const CompiledInstruction& instruction,
                                           std::span<const Pubkey> account_keys);
// Every top-level instruction of a message without lookups, in order.
Result<std::vector<DecodedInstruction>> decode_message(const Message& message);

}  // namespace perch::chain::solana
