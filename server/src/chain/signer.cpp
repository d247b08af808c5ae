#include "chain/signer.hpp"

#include <secp256k1.h>
#include <secp256k1_recovery.h>

#include <algorithm>
#include <memory>
#include <random>

namespace perch::chain {
namespace {

struct ContextDeleter {
    void operator()(secp256k1_context* ctx) const { secp256k1_context_destroy(ctx); }
};

// One context for the process: creating it is expensive, and libsecp256k1 documents a const
// context as safe to share between threads. Randomised once against side-channel leaks.
const secp256k1_context* context() {
    static const std::unique_ptr<secp256k1_context, ContextDeleter> ctx = [] {
        std::unique_ptr<secp256k1_context, ContextDeleter> created(
            secp256k1_context_create(SECP256K1_CONTEXT_NONE));
        std::array<unsigned char, 32> seed{};
        std::random_device device;
        for (auto& b : seed) b = static_cast<unsigned char>(device());
        [[maybe_unused]] int randomized = secp256k1_context_randomize(created.get(), seed.data());
        return created;
    }();
    return ctx.get();
}

const U256 kOrder =
    *U256::from_hex("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");

}  // namespace

U256 secp256k1_order() {
    return kOrder;
}
U256 secp256k1_half_order() {
    return kOrder.shr(1);
}

Bytes Signature::to_rsv65() const {
    Bytes out(r.bytes.begin(), r.bytes.end());
    out.insert(out.end(), s.bytes.begin(), s.bytes.end());
    out.push_back(static_cast<std::uint8_t>(27 + recovery_id));
    return out;
}

Result<Signature> Signature::from_rsv65(ByteView bytes) {
    if (bytes.size() != 65)
        return make_error(Errc::tx_invalid_signature, "signature must be 65 bytes");
    std::uint8_t v = bytes[64];
    if (v >= 27) v = static_cast<std::uint8_t>(v - 27);
    if (v > 1) return make_error(Errc::tx_invalid_signature, "signature v must be 0, 1, 27 or 28");
    Signature sig;
    std::copy_n(bytes.begin(), 32, sig.r.bytes.begin());
    std::copy_n(bytes.begin() + 32, 32, sig.s.bytes.begin());
    sig.recovery_id = v;
    return sig;
}

Result<PrivateKey> PrivateKey::from_bytes(ByteView bytes) {
    if (bytes.size() != 32) return make_error(Errc::invalid_key, "private key must be 32 bytes");
    PrivateKey key;
    std::copy(bytes.begin(), bytes.end(), key.secret_.data());
    if (secp256k1_ec_seckey_verify(context(), key.secret_.data()) != 1) {
        return make_error(Errc::invalid_key, "private key is zero or not below the curve order");
    }
    return key;
}

Result<PrivateKey> PrivateKey::from_hex(std::string_view text) {
    auto bytes = chain::from_hex(text);
    if (!bytes) return make_error(Errc::invalid_key, "private key is not hex");
    auto key = from_bytes(*bytes);
    wipe_secret(*bytes);
    return key;
}

std::array<std::uint8_t, 64> PrivateKey::public_key() const {
    secp256k1_pubkey pubkey;
    // Cannot fail: the secret was verified on construction.
    [[maybe_unused]] int created = secp256k1_ec_pubkey_create(context(), &pubkey, secret_.data());
    std::array<std::uint8_t, 65> serialized{};
    std::size_t len = serialized.size();
    secp256k1_ec_pubkey_serialize(context(), serialized.data(), &len, &pubkey,
                                  SECP256K1_EC_UNCOMPRESSED);
    std::array<std::uint8_t, 64> out{};
    std::copy(serialized.begin() + 1, serialized.end(), out.begin());
    return out;
}

Address PrivateKey::address() const {
    return address_of_public_key(public_key());
}

Signature PrivateKey::sign_hash(const Hash32& digest) const {
    secp256k1_ecdsa_recoverable_signature raw;
    // Null nonce function = RFC 6979, so the same key and digest always give the same signature
    // (and the same bytes as viem/ethers); libsecp256k1 always produces low s.
    [[maybe_unused]] int signed_ok = secp256k1_ecdsa_sign_recoverable(
        context(), &raw, digest.bytes.data(), secret_.data(), nullptr, nullptr);
    std::array<std::uint8_t, 64> compact{};
    int recid = 0;
    secp256k1_ecdsa_recoverable_signature_serialize_compact(context(), compact.data(), &recid,
                                                            &raw);
    Signature sig;
    std::copy_n(compact.begin(), 32, sig.r.bytes.begin());
    std::copy_n(compact.begin() + 32, 32, sig.s.bytes.begin());
    sig.recovery_id = static_cast<std::uint8_t>(recid);
    return sig;
}

Address address_of_public_key(ByteView public_key64) {
    Hash32 hash = keccak256(public_key64);
    Address out;
    std::copy(hash.bytes.begin() + 12, hash.bytes.end(), out.bytes.begin());
    return out;
}

bool is_low_s(const Signature& signature) {
    return *U256::from_be_bytes(signature.s.bytes) <= secp256k1_half_order();
}

Result<Address> recover_address(const Hash32& digest, const Signature& signature) {
    U256 r = *U256::from_be_bytes(signature.r.bytes);
    U256 s = *U256::from_be_bytes(signature.s.bytes);
    if (r.is_zero() || s.is_zero() || r >= kOrder || s >= kOrder || signature.recovery_id > 1) {
        return make_error(Errc::tx_invalid_signature, "signature r/s out of range");
    }
    std::array<std::uint8_t, 64> compact{};
    std::copy(signature.r.bytes.begin(), signature.r.bytes.end(), compact.begin());
    std::copy(signature.s.bytes.begin(), signature.s.bytes.end(), compact.begin() + 32);
    secp256k1_ecdsa_recoverable_signature raw;
    if (secp256k1_ecdsa_recoverable_signature_parse_compact(context(), &raw, compact.data(),
                                                            signature.recovery_id) != 1) {
        return make_error(Errc::recovery_failed, "signature does not parse");
    }
    secp256k1_pubkey pubkey;
    if (secp256k1_ecdsa_recover(context(), &pubkey, &raw, digest.bytes.data()) != 1) {
        return make_error(Errc::recovery_failed, "no public key recovers from this signature");
    }
    std::array<std::uint8_t, 65> serialized{};
    std::size_t len = serialized.size();
    secp256k1_ec_pubkey_serialize(context(), serialized.data(), &len, &pubkey,
                                  SECP256K1_EC_UNCOMPRESSED);
    return address_of_public_key(ByteView{serialized}.subspan(1));
}

Hash32 personal_message_hash(ByteView message) {
    std::string prefix =
        "\x19"
        "Ethereum Signed Message:\n" +
        std::to_string(message.size());
    Bytes data(prefix.begin(), prefix.end());
    data.insert(data.end(), message.begin(), message.end());
    return keccak256(data);
}

Result<Address> recover_personal_signer(std::string_view message, ByteView signature65) {
    auto sig = Signature::from_rsv65(signature65);
    if (!sig) return sig.error();
    return recover_address(personal_message_hash(message), *sig);
}

Bytes sign_personal_message(const PrivateKey& key, std::string_view message) {
    return key.sign_hash(personal_message_hash(message)).to_rsv65();
}

}  // namespace perch::chain
