// The C++ Solana layer against @solana/kit (server/tests/fixtures/kit_solana.json, written by
// server/tests/fixtures/gen/gen-solana.mjs): same base58, keys, signatures, PDAs and ATAs, the
// same compiled messages and signed wire bytes, and the same decoded instructions.
#include <gtest/gtest.h>

#include <map>

#include "chain/solana/base58.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain_test_support.hpp"

namespace perch::chain::solana {
namespace {

namespace json = boost::json;
using test::hex;
using test::str;

const json::object& fixture() {
    static const json::value value = test::load_json(test::fixtures_dir() / "kit_solana.json");
    return value.as_object();
}

Pubkey key(const json::value& v) {
    auto k = Pubkey::from_base58(str(v));
    EXPECT_TRUE(k) << str(v);
    return k ? *k : Pubkey{};
}

std::uint64_t u64(const json::value& v) {
    if (v.is_string()) return std::stoull(str(v));
    return v.to_number<std::uint64_t>();
}

// The fixture's keys by name (the devnet's derivation for the named ones).
const std::map<std::string, Keypair>& keypairs() {
    static const auto all = [] {
        std::map<std::string, Keypair> out;
        for (const auto& k : fixture().at("keypairs").as_array()) {
            auto pair = Keypair::from_seed_hex(str(k.at("seed_hex")));
            out.emplace(str(k.at("name")), std::move(*pair));
        }
        return out;
    }();
    return all;
}

TEST(SolanaKit, Base58Vectors) {
    const auto& vectors = fixture().at("base58").as_array();
    ASSERT_GE(vectors.size(), 20u);
    for (const auto& v : vectors) {
        auto bytes = hex(str(v.at("hex")));
        EXPECT_EQ(base58_encode(bytes), str(v.at("text"))) << str(v.at("hex"));
        auto decoded = base58_decode(str(v.at("text")));
        ASSERT_TRUE(decoded) << str(v.at("text"));
        EXPECT_EQ(*decoded, bytes) << str(v.at("text"));
    }
    for (const auto& t : fixture().at("base58_invalid").as_array()) {
        auto decoded = base58_decode(str(t));
        ASSERT_FALSE(decoded) << "accepted " << str(t);
        EXPECT_EQ(decoded.error().code, Errc::invalid_base58);
    }
}

TEST(SolanaKit, KeypairsAndSignatures) {
    for (const auto& k : fixture().at("keypairs").as_array()) {
        const auto& pair = keypairs().at(str(k.at("name")));
        EXPECT_EQ(pair.pubkey().to_base58(), str(k.at("pubkey")));
        for (const auto& s : k.at("signatures").as_array()) {
            auto message = hex(str(s.at("message_hex")));
            auto signature = pair.sign(message);
            EXPECT_EQ(signature.to_base58(), str(s.at("signature")));
            EXPECT_TRUE(verify(pair.pubkey(), message, signature));
            message.push_back(0);
            EXPECT_FALSE(verify(pair.pubkey(), message, signature));
        }
    }
}

TEST(SolanaKit, OnCurve) {
    int on = 0, off = 0;
    for (const auto& c : fixture().at("on_curve").as_array()) {
        auto k = Pubkey::from_bytes(hex(str(c.at("hex"))));
        ASSERT_TRUE(k);
        // Where kit (RFC 8032) and the runtime (curve25519-dalek) differ, the runtime's answer.
        const auto* runtime = c.as_object().if_contains("runtime_on_curve");
        bool expected = runtime ? runtime->as_bool() : c.at("on_curve").as_bool();
        EXPECT_EQ(k->is_on_curve(), expected) << str(c.at("hex"));
        (expected ? on : off) += 1;
    }
    EXPECT_GT(on, 5);  // the fixture covers both answers
    EXPECT_GT(off, 5);
}

TEST(SolanaKit, ProgramDerivedAddresses) {
    for (const auto& p : fixture().at("pdas").as_array()) {
        std::vector<Bytes> seeds;
        for (const auto& s : p.at("seeds_hex").as_array()) seeds.push_back(hex(str(s)));
        auto found = find_program_address(seeds, key(p.at("program")));
        ASSERT_TRUE(found) << found.error().message;
        EXPECT_EQ(found->address.to_base58(), str(p.at("address")));
        EXPECT_EQ(found->bump, p.at("bump").to_number<int>());
        EXPECT_FALSE(found->address.is_on_curve());
        seeds.push_back(Bytes{found->bump});
        auto created = create_program_address(seeds, key(p.at("program")));
        ASSERT_TRUE(created);
        EXPECT_EQ(*created, found->address);
    }
    for (const auto& a : fixture().at("atas").as_array()) {
        auto ata = associated_token_address(key(a.at("owner")), key(a.at("mint")),
                                            key(a.at("token_program")));
        EXPECT_EQ(ata.address.to_base58(), str(a.at("address")));
        EXPECT_EQ(ata.bump, a.at("bump").to_number<int>());
    }
}

Instruction build(const json::object& spec) {
    auto kind = str(spec.at("kind"));
    auto signer = [&](const char* name) { return keypairs().at(str(spec.at(name))).pubkey(); };
    auto token_program = [&] {
        return spec.contains("token_program") ? key(spec.at("token_program")) : token_program_id();
    };
    if (kind == "system_transfer")
        return system_transfer(signer("from"), key(spec.at("to")), u64(spec.at("lamports")));
    if (kind == "token_transfer")
        return token_transfer(key(spec.at("source")), key(spec.at("destination")),
                              signer("authority"), u64(spec.at("amount")));
    if (kind == "token_transfer_checked")
        return token_transfer_checked(
            key(spec.at("source")), key(spec.at("mint")), key(spec.at("destination")),
            signer("authority"), u64(spec.at("amount")),
            static_cast<std::uint8_t>(u64(spec.at("decimals"))), token_program());
    if (kind == "create_ata_idempotent") {
        auto ix = create_associated_token_account_idempotent(signer("payer"), key(spec.at("owner")),
                                                             key(spec.at("mint")), token_program());
        EXPECT_EQ(ix.accounts.at(1).pubkey, key(spec.at("ata")));  // our ATA is kit's
        return ix;
    }
    if (kind == "memo") {
        std::vector<Pubkey> signers;
        if (const auto* list = spec.if_contains("signers"))
            for (const auto& n : list->as_array())
                signers.push_back(keypairs().at(str(n)).pubkey());
        auto ix = memo(str(spec.at("text")), signers);
        if (const auto* program = spec.if_contains("program")) ix.program_id = key(*program);
        return ix;
    }
    if (kind == "compute_unit_limit")
        return set_compute_unit_limit(static_cast<std::uint32_t>(u64(spec.at("units"))));
    if (kind == "compute_unit_price") return set_compute_unit_price(u64(spec.at("micro_lamports")));
    ADD_FAILURE() << "unknown instruction kind " << kind;
    return {};
}

// Compares a decoded instruction with kit's parse of the same instruction.
void expect_decoded(const DecodedInstruction& got, const json::object& want) {
    auto kind = str(want.at("kind"));
    auto b58 = [](const Pubkey& k) { return k.to_base58(); };
    if (kind == "system_transfer") {
        const auto* t = std::get_if<SystemTransfer>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(b58(t->from), str(want.at("from")));
        EXPECT_EQ(b58(t->to), str(want.at("to")));
        EXPECT_EQ(t->lamports, u64(want.at("lamports")));
    } else if (kind == "token_transfer") {
        const auto* t = std::get_if<TokenTransfer>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(b58(t->program), str(want.at("program")));
        EXPECT_EQ(b58(t->source), str(want.at("source")));
        EXPECT_EQ(b58(t->destination), str(want.at("destination")));
        EXPECT_EQ(b58(t->authority), str(want.at("authority")));
        EXPECT_EQ(t->amount, u64(want.at("amount")));
    } else if (kind == "token_transfer_checked") {
        const auto* t = std::get_if<TokenTransferChecked>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(b58(t->program), str(want.at("program")));
        EXPECT_EQ(b58(t->source), str(want.at("source")));
        EXPECT_EQ(b58(t->mint), str(want.at("mint")));
        EXPECT_EQ(b58(t->destination), str(want.at("destination")));
        EXPECT_EQ(b58(t->authority), str(want.at("authority")));
        EXPECT_EQ(t->amount, u64(want.at("amount")));
        EXPECT_EQ(t->decimals, u64(want.at("decimals")));
    } else if (kind == "create_ata") {
        const auto* t = std::get_if<CreateAssociatedTokenAccount>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_TRUE(t->idempotent);
        EXPECT_EQ(b58(t->payer), str(want.at("payer")));
        EXPECT_EQ(b58(t->account), str(want.at("account")));
        EXPECT_EQ(b58(t->owner), str(want.at("owner")));
        EXPECT_EQ(b58(t->mint), str(want.at("mint")));
        EXPECT_EQ(b58(t->system_program), str(want.at("system_program")));
        EXPECT_EQ(b58(t->token_program), str(want.at("token_program")));
    } else if (kind == "memo") {
        const auto* t = std::get_if<Memo>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(t->text, str(want.at("text")));
        std::vector<std::string> signers;
        for (const auto& s : t->signers) signers.push_back(b58(s));
        std::vector<std::string> expected;
        for (const auto& s : want.at("signers").as_array()) expected.push_back(str(s));
        EXPECT_EQ(signers, expected);
    } else if (kind == "compute_unit_limit") {
        const auto* t = std::get_if<SetComputeUnitLimit>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(t->units, u64(want.at("units")));
    } else if (kind == "compute_unit_price") {
        const auto* t = std::get_if<SetComputeUnitPrice>(&got);
        ASSERT_TRUE(t) << kind;
        EXPECT_EQ(t->micro_lamports, u64(want.at("micro_lamports")));
    } else {
        ADD_FAILURE() << "unknown decoded kind " << kind;
    }
}

TEST(SolanaKit, CompileSignAndDecodeTransactions) {
    const auto& cases = fixture().at("transactions").as_array();
    ASSERT_GE(cases.size(), 12u);
    for (const auto& c : cases) {
        SCOPED_TRACE(str(c.at("name")));
        std::vector<Instruction> instructions;
        for (const auto& spec : c.at("instructions").as_array())
            instructions.push_back(build(spec.as_object()));
        auto version = str(c.at("version")) == "v0" ? MessageVersion::v0 : MessageVersion::legacy;
        const auto& payer = keypairs().at(str(c.at("fee_payer")));
        auto message =
            compile_message(payer.pubkey(), instructions, key(c.at("blockhash")), version);
        ASSERT_TRUE(message) << message.error().message;
        EXPECT_EQ(to_hex(serialize_message(*message), false), str(c.at("message_hex")));

        // Sign with every key that is a signer of the message.
        auto tx = unsigned_transaction(*message);
        EXPECT_EQ(verify_transaction(tx).error().code, Errc::tx_invalid_signature);
        std::vector<const Keypair*> signers;
        for (const auto& [name, pair] : keypairs())
            for (std::size_t i = 0; i < message->header.num_required_signatures; ++i)
                if (message->account_keys[i] == pair.pubkey()) signers.push_back(&pair);
        ASSERT_EQ(signers.size(), message->header.num_required_signatures);
        ASSERT_TRUE(sign_transaction(tx, signers));
        EXPECT_TRUE(verify_transaction(tx));
        auto wire = serialize_transaction(tx);
        EXPECT_EQ(to_hex(wire, false), str(c.at("wire_hex")));
        EXPECT_EQ(to_base64(wire), str(c.at("wire_base64")));
        EXPECT_EQ(tx.id(), str(c.at("id")));
        EXPECT_LE(wire.size(), kPacketDataSize);

        // Back from the wire (as from a wallet or a block) and decoded.
        auto b64 = from_base64(str(c.at("wire_base64")));
        ASSERT_TRUE(b64);
        auto parsed = parse_transaction(*b64);
        ASSERT_TRUE(parsed) << parsed.error().message;
        EXPECT_EQ(*parsed, tx);
        auto decoded = decode_message(parsed->message);
        ASSERT_TRUE(decoded) << decoded.error().message;
        const auto& want = c.at("decoded").as_array();
        ASSERT_EQ(decoded->size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i)
            expect_decoded((*decoded)[i], want[i].as_object());
    }
}

TEST(SolanaKit, V0WithAddressTableLookups) {
    const auto& cases = fixture().at("v0_lookups").as_array();
    ASSERT_GE(cases.size(), 3u);
    for (const auto& c : cases) {
        SCOPED_TRACE(str(c.at("name")));
        auto wire = hex(str(c.at("wire_hex")));
        auto tx = parse_transaction(wire);
        ASSERT_TRUE(tx) << tx.error().message;
        EXPECT_EQ(tx->message.version, MessageVersion::v0);
        EXPECT_EQ(serialize_transaction(*tx), wire);
        EXPECT_EQ(to_hex(serialize_message(tx->message), false), str(c.at("message_hex")));
        EXPECT_EQ(tx->id(), str(c.at("id")));
        EXPECT_TRUE(verify_transaction(*tx));
        const auto& header = c.at("header").as_object();
        EXPECT_EQ(tx->message.header.num_required_signatures, u64(header.at("numSignerAccounts")));
        EXPECT_EQ(tx->message.header.num_readonly_signed,
                  u64(header.at("numReadonlySignerAccounts")));
        EXPECT_EQ(tx->message.header.num_readonly_unsigned,
                  u64(header.at("numReadonlyNonSignerAccounts")));
        std::vector<Pubkey> keys;
        for (const auto& k : c.at("static_keys").as_array()) keys.push_back(key(k));
        EXPECT_EQ(tx->message.account_keys, keys);
        const auto& lookups = c.at("lookups").as_array();
        ASSERT_EQ(tx->message.address_table_lookups.size(), lookups.size());
        for (std::size_t i = 0; i < lookups.size(); ++i) {
            const auto& got = tx->message.address_table_lookups[i];
            EXPECT_EQ(got.account_key, key(lookups[i].at("account_key")));
            std::vector<std::uint8_t> w, r;
            for (const auto& x : lookups[i].at("writable_indexes").as_array())
                w.push_back(static_cast<std::uint8_t>(u64(x)));
            for (const auto& x : lookups[i].at("readonly_indexes").as_array())
                r.push_back(static_cast<std::uint8_t>(u64(x)));
            EXPECT_EQ(got.writable_indexes, w);
            EXPECT_EQ(got.readonly_indexes, r);
        }
        // Without the tables' contents the message cannot be decoded ...
        EXPECT_FALSE(decode_message(tx->message));
        // ... with the loaded addresses (as getTransaction reports them) it can.
        auto all = keys;
        std::size_t loaded_writable = c.at("loaded_writable").as_array().size();
        for (const auto& k : c.at("loaded_writable").as_array()) all.push_back(key(k));
        for (const auto& k : c.at("loaded_readonly").as_array()) all.push_back(key(k));
        for (std::size_t i = keys.size(); i < all.size(); ++i)
            EXPECT_EQ(tx->message.is_writable(i), i < keys.size() + loaded_writable);
        const auto& want = c.at("decoded").as_array();
        ASSERT_EQ(tx->message.instructions.size(), want.size());
        for (std::size_t i = 0; i < want.size(); ++i) {
            auto decoded = decode_compiled(tx->message.instructions[i], all);
            ASSERT_TRUE(decoded) << decoded.error().message;
            expect_decoded(*decoded, want[i].as_object());
        }
    }
}

}  // namespace
}  // namespace perch::chain::solana
