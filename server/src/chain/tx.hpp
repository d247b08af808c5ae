#pragma once
// Ethereum transactions: legacy (with EIP-155 replay protection), EIP-2930 (type 1) and EIP-1559
// (type 2). Decoding checks structure (canonical RLP, field kinds and sizes); validate_transaction
// applies the consensus rules a node would (chain id, signature ranges, intrinsic gas, ...), so
// the bridge never signs or trusts a transaction a node would refuse.
#include <cstdint>
#include <optional>
#include <vector>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/signer.hpp"
#include "chain/u256.hpp"

namespace perch::chain {

enum class TxType : std::uint8_t { legacy = 0, access_list = 1, dynamic_fee = 2 };

struct AccessListEntry {
    Address address;
    std::vector<Hash32> storage_keys;
    friend bool operator==(const AccessListEntry&, const AccessListEntry&) = default;
};

struct Transaction {
    TxType type = TxType::dynamic_fee;
    std::optional<std::uint64_t> chain_id;  // legacy without EIP-155 has none
    std::uint64_t nonce = 0;
    U256 gas_price;                 // legacy and type 1
    U256 max_priority_fee_per_gas;  // type 2
    U256 max_fee_per_gas;           // type 2
    std::uint64_t gas_limit = 0;
    std::optional<Address> to;  // none: contract creation
    U256 value;
    Bytes data;
    std::vector<AccessListEntry> access_list;  // types 1 and 2
    // Signature: y parity of R plus r and s as integers (as RLP carries them).
    std::uint8_t y_parity = 0;
    U256 r;
    U256 s;

    friend bool operator==(const Transaction&, const Transaction&) = default;
};

// Network rules a transaction must satisfy (Cancun: EIP-155, EIP-2, EIP-2028, EIP-2681,
// EIP-2930, EIP-1559, EIP-3860). EIP-7623's calldata floor (Prague) is not applied.
struct TxRules {
    std::uint64_t chain_id = 1;
    bool allow_unprotected_legacy = true;  // pre-EIP-155 v = 27/28
};

inline constexpr std::size_t kMaxInitCodeSize = 49152;  // EIP-3860

Result<Transaction> decode_transaction(ByteView raw);
Result<void> validate_transaction(const Transaction& tx, const TxRules& rules);

// Signed network encoding (type byte || RLP for typed transactions).
Bytes encode_transaction(const Transaction& tx);
// Unsigned encoding (type byte || RLP without the signature): what signing_hash hashes, and what
// an OP-stack GasPriceOracle prices (op_fee.hpp).
Bytes encode_unsigned(const Transaction& tx);
// The digest that gets signed (EIP-155 fields for protected legacy, type byte for typed).
Hash32 signing_hash(const Transaction& tx);
Hash32 transaction_hash(const Transaction& tx);
std::uint64_t intrinsic_gas(const Transaction& tx);

// Sets y_parity, r, s. Legacy transactions need chain_id set to be replay-protected.
void sign_transaction(Transaction& tx, const PrivateKey& key);
// Rejects r/s outside range and high s (EIP-2) before recovering.
Result<Address> recover_sender(const Transaction& tx);

}  // namespace perch::chain
