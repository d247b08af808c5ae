#pragma once
// ed25519 keys and signatures on libsodium. A Solana keypair is a 32-byte seed; its public key is
// the account address, and a transaction id is its first signature in base58.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/hex.hpp"
#include "chain/result.hpp"
#include "chain/secret_bytes.hpp"
#include "chain/solana/pubkey.hpp"

namespace perch::chain::solana {

struct Signature {
    std::array<std::uint8_t, 64> bytes{};

    static Result<Signature> from_bytes(ByteView bytes);  // exactly 64 bytes
    static Result<Signature> from_base58(std::string_view text);
    std::string to_base58() const;
    bool is_zero() const;  // the placeholder of a not yet signed transaction

    friend bool operator==(const Signature&, const Signature&) = default;
};

// A signing key. Move-only; its secret is wiped on destruction and when moved from (SecretBytes).
class Keypair {
  public:
    // Errc::invalid_key unless exactly 32 bytes.
    static Result<Keypair> from_seed(ByteView seed32);
    // 64 hex digits (with or without 0x): the format of devnet/solana-maker.key.
    static Result<Keypair> from_seed_hex(std::string_view text);
    // A fresh random key (libsodium's CSPRNG).
    static Keypair generate();

    const Pubkey& pubkey() const { return pubkey_; }
    // Deterministic ed25519 (RFC 8032) signature of the message bytes.
    Signature sign(ByteView message) const;

  private:
    Keypair() = default;
    SecretBytes<64> secret_;  // libsodium's seed || public key
    Pubkey pubkey_;
};

// Strict verification (libsodium rejects non-canonical and small-order encodings).
bool verify(const Pubkey& signer, ByteView message, const Signature& signature);

// sha256 (OpenSSL), for PDAs and tests.
std::array<std::uint8_t, 32> sha256(ByteView data);

}  // namespace perch::chain::solana
