#include "chain/solana/pubkey.hpp"

#include <openssl/bn.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "chain/solana/base58.hpp"
#include "chain/solana/keypair.hpp"

namespace perch::chain::solana {
namespace {

struct BnFree {
    void operator()(BIGNUM* bn) const { BN_free(bn); }
};
struct CtxFree {
    void operator()(BN_CTX* ctx) const { BN_CTX_free(ctx); }
};
using Bn = std::unique_ptr<BIGNUM, BnFree>;
using BnCtx = std::unique_ptr<BN_CTX, CtxFree>;

Bn bn() {
    Bn n(BN_new());
    if (!n) throw std::bad_alloc();
    return n;
}

// The field of edwards25519: p = 2^255 - 19, d = -121665/121666, and (p-1)/2.
struct Field {
    Bn p = bn(), d = bn(), half = bn();
    Field() {
        BnCtx ctx(BN_CTX_new());
        if (!ctx) throw std::bad_alloc();
        BN_set_bit(p.get(), 255);
        BN_sub_word(p.get(), 19);
        Bn num = bn(), den = bn();
        BN_set_word(num.get(), 121665);
        BN_sub(num.get(), p.get(), num.get());  // -121665 mod p
        BN_set_word(den.get(), 121666);
        BN_mod_inverse(den.get(), den.get(), p.get(), ctx.get());
        BN_mod_mul(d.get(), num.get(), den.get(), p.get(), ctx.get());
        BN_copy(half.get(), p.get());
        BN_sub_word(half.get(), 1);
        BN_rshift1(half.get(), half.get());
    }
};

const Field& field() {
    static const Field f;
    return f;
}

void append(Bytes& out, ByteView bytes) {
    out.insert(out.end(), bytes.begin(), bytes.end());
}

}  // namespace

Result<Pubkey> Pubkey::from_bytes(ByteView bytes) {
    auto exact = exact_bytes<32>(bytes, Errc::invalid_address, "a Solana public key");
    if (!exact) return exact.error();
    return Pubkey{*exact};
}

Result<Pubkey> Pubkey::from_base58(std::string_view text) {
    if (text.empty() || text.size() > 44)
        return make_error(
            Errc::invalid_address,
            "a Solana address is 32 to 44 base58 characters, not " + std::to_string(text.size()));
    auto bytes = base58_decode(text);
    if (!bytes) return bytes.error();
    return from_bytes(*bytes);
}

Pubkey Pubkey::must(std::string_view base58) {
    auto key = from_base58(base58);
    if (!key) throw std::invalid_argument("bad Solana address constant: " + key.error().message);
    return *key;
}

std::string Pubkey::to_base58() const {
    return base58_encode(bytes);
}

bool Pubkey::is_zero() const {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

bool Pubkey::is_on_curve() const {
    // Decompression as curve25519-dalek does it: y is the low 255 bits (little-endian), taken
    // mod p; the point exists when x^2 = (y^2 - 1) / (d y^2 + 1) has a root (x = 0 included).
    const auto& f = field();
    std::array<std::uint8_t, 32> be{};
    for (std::size_t i = 0; i < 32; ++i) be[i] = bytes[31 - i];
    be[0] &= 0x7f;
    BnCtx ctx(BN_CTX_new());
    if (!ctx) throw std::bad_alloc();
    Bn y = bn(), yy = bn(), u = bn(), v = bn(), w = bn(), one = bn();
    BN_bin2bn(be.data(), static_cast<int>(be.size()), y.get());
    BN_one(one.get());
    BN_nnmod(y.get(), y.get(), f.p.get(), ctx.get());
    BN_mod_sqr(yy.get(), y.get(), f.p.get(), ctx.get());
    BN_mod_sub(u.get(), yy.get(), one.get(), f.p.get(), ctx.get());
    BN_mod_mul(v.get(), yy.get(), f.d.get(), f.p.get(), ctx.get());
    BN_mod_add(v.get(), v.get(), one.get(), f.p.get(), ctx.get());
    if (BN_is_zero(u.get())) return true;   // x = 0
    if (BN_is_zero(v.get())) return false;  // cannot happen for edwards25519 (-1/d is no square)
    // u/v is a square exactly when u*v is (they differ by the square v^2): one exponentiation.
    BN_mod_mul(w.get(), u.get(), v.get(), f.p.get(), ctx.get());
    BN_mod_exp(w.get(), w.get(), f.half.get(), f.p.get(), ctx.get());  // Euler's criterion
    return BN_is_one(w.get());
}

#define PERCH_PROGRAM_ID(fn, text)                    \
    const Pubkey& fn() {                              \
        static const Pubkey key = Pubkey::must(text); \
        return key;                                   \
    }
PERCH_PROGRAM_ID(system_program_id, "11111111111111111111111111111111")
PERCH_PROGRAM_ID(token_program_id, "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")
PERCH_PROGRAM_ID(token_2022_program_id, "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb")
PERCH_PROGRAM_ID(associated_token_program_id, "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
PERCH_PROGRAM_ID(memo_program_id, "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")
PERCH_PROGRAM_ID(memo_v1_program_id, "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo")
PERCH_PROGRAM_ID(memo_v4_program_id, "Memo4c2pN8afCj432Lb7RMVKi9PbQnnW7ewFFaV3oAH")
PERCH_PROGRAM_ID(compute_budget_program_id, "ComputeBudget111111111111111111111111111111")
#undef PERCH_PROGRAM_ID

Result<Pubkey> create_program_address(const std::vector<Bytes>& seeds, const Pubkey& program_id) {
    if (seeds.size() > 16)
        return make_error(Errc::invalid_address,
                          "at most 16 seeds, not " + std::to_string(seeds.size()));
    Bytes input;
    for (std::size_t i = 0; i < seeds.size(); ++i) {
        if (seeds[i].size() > 32)
            return make_error(Errc::invalid_address, "seed " + std::to_string(i) + " is " +
                                                         std::to_string(seeds[i].size()) +
                                                         " bytes (at most 32)");
        append(input, seeds[i]);
    }
    append(input, program_id.bytes);
    append(input, as_bytes("ProgramDerivedAddress"));
    Pubkey address;
    address.bytes = sha256(input);
    if (address.is_on_curve())
        return make_error(Errc::invalid_address, "the derived address is on the curve");
    return address;
}

Result<ProgramAddress> find_program_address(const std::vector<Bytes>& seeds,
                                            const Pubkey& program_id) {
    if (seeds.size() > 15)  // the bump is the 16th
        return make_error(Errc::invalid_address,
                          "at most 15 seeds besides the bump, not " + std::to_string(seeds.size()));
    for (std::size_t i = 0; i < seeds.size(); ++i)
        if (seeds[i].size() > 32)
            return make_error(Errc::invalid_address, "seed " + std::to_string(i) + " is " +
                                                         std::to_string(seeds[i].size()) +
                                                         " bytes (at most 32)");
    auto with_bump = seeds;
    with_bump.push_back(Bytes{0});
    for (int bump = 255; bump >= 0; --bump) {
        with_bump.back()[0] = static_cast<std::uint8_t>(bump);
        // The seeds are valid, so the only failure left is an on-curve result: try the next bump.
        auto address = create_program_address(with_bump, program_id);
        if (address) return ProgramAddress{*address, static_cast<std::uint8_t>(bump)};
    }
    return make_error(Errc::invalid_address, "no bump gives an off-curve address");
}

ProgramAddress associated_token_address(const Pubkey& owner, const Pubkey& mint,
                                        const Pubkey& token_program) {
    std::vector<Bytes> seeds{Bytes(owner.bytes.begin(), owner.bytes.end()),
                             Bytes(token_program.bytes.begin(), token_program.bytes.end()),
                             Bytes(mint.bytes.begin(), mint.bytes.end())};
    // Three 32-byte seeds are always valid, and a bump is found with overwhelming probability.
    auto found = find_program_address(seeds, associated_token_program_id());
    if (!found) throw std::runtime_error("associated token address: " + found.error().message);
    return *found;
}

}  // namespace perch::chain::solana
