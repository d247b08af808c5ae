#pragma once
// Solana messages and transactions: compiling instructions into a message (account ordering,
// merged metas), legacy and v0 wire formats (v0 with address-table lookups), compact-u16 lengths,
// signing, and parsing of untrusted wire bytes (never throws: errors as values).
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chain/hex.hpp"
#include "chain/result.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/pubkey.hpp"

namespace perch::chain::solana {

// The largest transaction a leader accepts (IPv6 MTU minus headers).
inline constexpr std::size_t kPacketDataSize = 1232;

// compact-u16 ("shortvec"): 1 to 3 bytes, 7 bits each, little-endian.
void append_compact_u16(Bytes& out, std::uint16_t value);
// Reads at `offset` and advances it; rejects truncated, overlong (non-canonical) and > 0xffff.
Result<std::uint16_t> read_compact_u16(ByteView in, std::size_t& offset);

struct AccountMeta {
    Pubkey pubkey;
    bool is_signer = false;
    bool is_writable = false;
    friend bool operator==(const AccountMeta&, const AccountMeta&) = default;
};

struct Instruction {
    Pubkey program_id;
    std::vector<AccountMeta> accounts;
    Bytes data;
    friend bool operator==(const Instruction&, const Instruction&) = default;
};

struct MessageHeader {
    std::uint8_t num_required_signatures = 0;
    std::uint8_t num_readonly_signed = 0;
    std::uint8_t num_readonly_unsigned = 0;
    friend bool operator==(const MessageHeader&, const MessageHeader&) = default;
};

// An instruction inside a message: indexes into the message's account list (static keys, then
// the lookups' writable, then their readonly addresses).
struct CompiledInstruction {
    std::uint8_t program_id_index = 0;
    std::vector<std::uint8_t> accounts;
    Bytes data;
    friend bool operator==(const CompiledInstruction&, const CompiledInstruction&) = default;
};

struct AddressTableLookup {
    Pubkey account_key;
    std::vector<std::uint8_t> writable_indexes;
    std::vector<std::uint8_t> readonly_indexes;
    friend bool operator==(const AddressTableLookup&, const AddressTableLookup&) = default;
};

enum class MessageVersion { legacy, v0 };

struct Message {
    MessageVersion version = MessageVersion::legacy;
    MessageHeader header;
    std::vector<Pubkey> account_keys;  // static keys
    Blockhash recent_blockhash;
    std::vector<CompiledInstruction> instructions;
    std::vector<AddressTableLookup> address_table_lookups;  // v0 only

    const Pubkey& fee_payer() const { return account_keys.at(0); }
    // For a static key index (loaded addresses are writable per their lookup list).
    bool is_signer(std::size_t index) const;
    bool is_writable(std::size_t index) const;

    friend bool operator==(const Message&, const Message&) = default;
};

// Compiles instructions with `fee_payer` first, then writable signers, readonly signers,
// writable non-signers, readonly non-signers (program ids are readonly non-signers). Duplicate
// metas are merged (signer and writable are or-ed). Inside each group addresses are ordered as
// @solana/kit orders them (ICU collation of the base58 text, lower case first), so our bytes are
// the web app's bytes. A v0 message built here has no lookups.
// Errc::tx_invalid_field when more than 256 accounts would be needed.
Result<Message> compile_message(const Pubkey& fee_payer,
                                const std::vector<Instruction>& instructions,
                                const Blockhash& recent_blockhash,
                                MessageVersion version = MessageVersion::legacy);

// Wire bytes of a message (what gets signed): v0 starts with 0x80.
Bytes serialize_message(const Message& message);
// Checks structure: lengths, header consistent with the keys, indexes in range, no trailing bytes.
Result<Message> parse_message(ByteView bytes);

struct Transaction {
    std::vector<Signature> signatures;  // one per required signer, in key order
    Message message;

    // The transaction id: the first signature in base58 (empty when there is none).
    std::string id() const;
    friend bool operator==(const Transaction&, const Transaction&) = default;
};

// A transaction with zeroed signatures (what build_tx hands to a wallet).
Transaction unsigned_transaction(Message message);
// Signs with every given key that is a required signer; Errc::invalid_key when a key is not a
// signer of the message. Signatures of signers not given are left as they are.
Result<void> sign_transaction(Transaction& tx, std::span<const Keypair* const> keys);
// Every signature present and valid for its signer (Errc::tx_invalid_signature otherwise).
Result<void> verify_transaction(const Transaction& tx);

Bytes serialize_transaction(const Transaction& tx);
// Signature count must equal header.num_required_signatures.
Result<Transaction> parse_transaction(ByteView bytes);

std::string to_base64(ByteView bytes);
Result<Bytes> from_base64(std::string_view text);

}  // namespace perch::chain::solana
