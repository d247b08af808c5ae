#pragma once
// secp256k1 keys and recoverable signatures (libsecp256k1), EIP-191 personal messages.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/secret_bytes.hpp"
#include "chain/u256.hpp"

namespace perch::chain {

// The secp256k1 group order n, and n/2 (the EIP-2 low-s bound).
U256 secp256k1_order();
U256 secp256k1_half_order();

// Compact recoverable signature. recovery_id is 0 or 1 (y parity of R).
struct Signature {
    Hash32 r;
    Hash32 s;
    std::uint8_t recovery_id = 0;

    // 65 bytes r || s || v with v = 27 + recovery_id (what personal_sign returns).
    Bytes to_rsv65() const;
    // Accepts v as 0/1 or 27/28.
    static Result<Signature> from_rsv65(ByteView bytes);
    friend bool operator==(const Signature&, const Signature&) = default;
};

// A private key. Move-only; its bytes are wiped on destruction and when moved from (SecretBytes).
class PrivateKey {
  public:
    static Result<PrivateKey> from_bytes(ByteView bytes);  // 32 bytes, 0 < k < n
    static Result<PrivateKey> from_hex(std::string_view text);

    Address address() const;
    // 64-byte uncompressed public key without the 0x04 prefix.
    std::array<std::uint8_t, 64> public_key() const;
    // Deterministic (RFC 6979) low-s signature of a 32-byte digest.
    Signature sign_hash(const Hash32& digest) const;

  private:
    PrivateKey() = default;
    SecretBytes<32> secret_;
};

// Address of a 64-byte uncompressed public key (x || y): last 20 bytes of its keccak.
Address address_of_public_key(ByteView public_key64);

// ecrecover. Rejects r or s outside [1, n-1]; does NOT require low s (callers that must, check
// is_low_s) because personal_sign signatures from some wallets are not normalised.
Result<Address> recover_address(const Hash32& digest, const Signature& signature);
bool is_low_s(const Signature& signature);

// EIP-191 version 0x45: keccak("\x19Ethereum Signed Message:\n" + len(message) + message).
Hash32 personal_message_hash(ByteView message);
inline Hash32 personal_message_hash(std::string_view message) {
    return personal_message_hash(as_bytes(message));
}
Result<Address> recover_personal_signer(std::string_view message, ByteView signature65);
// What personal_sign returns: r || s || v (v = 27/28).
Bytes sign_personal_message(const PrivateKey& key, std::string_view message);

}  // namespace perch::chain
