#pragma once
// Solana public keys (32 bytes, base58 text), program derived addresses and associated token
// accounts, and the ids of the programs Perch talks to.
#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "chain/hex.hpp"
#include "chain/result.hpp"

namespace perch::chain::solana {

// Exactly N bytes (a public key, a signature) as an array; otherwise `code` with the text "`what`
// is N bytes, not <size>".
template <std::size_t N>
Result<std::array<std::uint8_t, N>> exact_bytes(ByteView bytes, Errc code, std::string_view what) {
    if (bytes.size() != N)
        return make_error(code, std::string(what) + " is " + std::to_string(N) + " bytes, not " +
                                    std::to_string(bytes.size()));
    std::array<std::uint8_t, N> out{};
    std::copy(bytes.begin(), bytes.end(), out.begin());
    return out;
}

struct Pubkey {
    std::array<std::uint8_t, 32> bytes{};

    // Exactly 32 bytes; Errc::invalid_address otherwise.
    static Result<Pubkey> from_bytes(ByteView bytes);
    // Base58 text of exactly 32 bytes; Errc::invalid_base58 / invalid_address otherwise.
    static Result<Pubkey> from_base58(std::string_view text);
    // For constants known to be valid (program ids); throws std::invalid_argument otherwise.
    static Pubkey must(std::string_view base58);

    std::string to_base58() const;
    // Whether the bytes decompress to a point of the ed25519 curve (Solana's rule: a PDA must
    // not be on the curve, a wallet key is). Any y (mod p) whose x^2 is a square counts.
    bool is_on_curve() const;
    bool is_zero() const;

    friend bool operator==(const Pubkey&, const Pubkey&) = default;
    friend auto operator<=>(const Pubkey&, const Pubkey&) = default;  // byte order
};

// A blockhash has the same shape (32 bytes, base58).
using Blockhash = Pubkey;

// Well-known program ids.
const Pubkey& system_program_id();            // 11111111111111111111111111111111
const Pubkey& token_program_id();             // TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA
const Pubkey& token_2022_program_id();        // TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb
const Pubkey& associated_token_program_id();  // ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL
const Pubkey& memo_program_id();              // MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr (v2)
const Pubkey& memo_v1_program_id();           // Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo
// The newest memo deployment (@solana-program/memo >= 0.15 builds with it by default); read, never
// built here: the devnet node and most clusters' tooling use the v2 (MemoSq4...) program.
const Pubkey& memo_v4_program_id();         // Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH
const Pubkey& compute_budget_program_id();  // ComputeBudget111111111111111111111111111111

struct ProgramAddress {
    Pubkey address;
    std::uint8_t bump = 0;
    friend bool operator==(const ProgramAddress&, const ProgramAddress&) = default;
};

// sha256(seeds... || program_id || "ProgramDerivedAddress"); fails (Errc::invalid_address) when
// there are more than 16 seeds, a seed is longer than 32 bytes, or the result is on the curve.
Result<Pubkey> create_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id);
// Bump 255 down to 0 appended as the last seed; the first off-curve address wins.
Result<ProgramAddress> find_program_address(const std::vector<Bytes>& seeds,
                                            const Pubkey& program_id);

// The associated token account of (owner, mint) for a token program (SPL Token by default):
// the PDA of [owner, token_program, mint] under the associated token program.
ProgramAddress associated_token_address(const Pubkey& owner, const Pubkey& mint,
                                        const Pubkey& token_program = token_program_id());

}  // namespace perch::chain::solana
