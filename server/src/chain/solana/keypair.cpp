#include "chain/solana/keypair.hpp"

#include <openssl/evp.h>
#include <sodium.h>

#include <algorithm>
#include <stdexcept>

#include "chain/solana/base58.hpp"

namespace perch::chain::solana {
namespace {

void ensure_sodium() {
    static const bool ready = [] {
        if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
        return true;
    }();
    (void)ready;
}

}  // namespace

std::array<std::uint8_t, 32> sha256(ByteView data) {
    std::array<std::uint8_t, 32> out{};
    unsigned int size = 0;
    if (EVP_Digest(data.data(), data.size(), out.data(), &size, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("sha256 failed");
    return out;
}

Result<Signature> Signature::from_bytes(ByteView bytes) {
    auto exact = exact_bytes<64>(bytes, Errc::tx_invalid_signature, "an ed25519 signature");
    if (!exact) return exact.error();
    return Signature{*exact};
}

Result<Signature> Signature::from_base58(std::string_view text) {
    if (text.size() > 88)
        return make_error(Errc::tx_invalid_signature,
                          "a signature is at most 88 base58 characters");
    auto bytes = base58_decode(text);
    if (!bytes) return bytes.error();
    return from_bytes(*bytes);
}

std::string Signature::to_base58() const {
    return base58_encode(bytes);
}

bool Signature::is_zero() const {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

Result<Keypair> Keypair::from_seed(ByteView seed32) {
    if (seed32.size() != crypto_sign_SEEDBYTES)
        return make_error(Errc::invalid_key,
                          "an ed25519 seed is 32 bytes, not " + std::to_string(seed32.size()));
    ensure_sodium();
    Keypair key;
    std::array<std::uint8_t, crypto_sign_PUBLICKEYBYTES> pk{};
    crypto_sign_seed_keypair(pk.data(), key.secret_.data(), seed32.data());
    key.pubkey_.bytes = pk;
    return key;
}

Result<Keypair> Keypair::from_seed_hex(std::string_view text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
        text.remove_suffix(1);
    auto bytes = from_hex(text);
    if (!bytes) return make_error(Errc::invalid_key, "seed: " + bytes.error().message);
    auto key = from_seed(*bytes);
    wipe_secret(*bytes);
    return key;
}

Keypair Keypair::generate() {
    ensure_sodium();
    std::array<std::uint8_t, 32> seed{};
    randombytes_buf(seed.data(), seed.size());
    auto key = from_seed(seed);
    wipe_secret(seed);
    return std::move(key).value();
}

Signature Keypair::sign(ByteView message) const {
    Signature s;
    crypto_sign_detached(s.bytes.data(), nullptr, message.data(), message.size(), secret_.data());
    return s;
}

bool verify(const Pubkey& signer, ByteView message, const Signature& signature) {
    ensure_sodium();
    return crypto_sign_verify_detached(signature.bytes.data(), message.data(), message.size(),
                                       signer.bytes.data()) == 0;
}

}  // namespace perch::chain::solana
