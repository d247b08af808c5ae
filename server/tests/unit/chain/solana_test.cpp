// Hand-written cases for the Solana layer: the edges the kit fixtures do not reach (bad input
// must be an error that names the problem, never a crash or a wrong value).
#include <gtest/gtest.h>

#include "chain/solana/base58.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain_test_support.hpp"

namespace perch::chain::solana {
namespace {

using test::hex;

Keypair seeded(std::uint8_t fill) {
    Bytes seed(32, fill);
    return std::move(Keypair::from_seed(seed).value());
}

TEST(SolanaBase58, LeadingZerosAndBadCharacters) {
    EXPECT_EQ(base58_encode(hex("000000")), "111");
    EXPECT_EQ(base58_encode(hex("00000001")), "1112");
    EXPECT_EQ(*base58_decode("1112"), hex("00000001"));
    EXPECT_EQ(base58_decode("").value(), Bytes{});
    auto bad = base58_decode("abc0def");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, Errc::invalid_base58);
    EXPECT_NE(bad.error().message.find("'0' at position 3"), std::string::npos)
        << bad.error().message;
    EXPECT_FALSE(base58_decode("\xc3\xa9"));
    // The system program is 32 zero bytes.
    EXPECT_EQ(system_program_id().to_base58(), "11111111111111111111111111111111");
    EXPECT_TRUE(system_program_id().is_zero());
}

TEST(SolanaPubkey, RejectsWrongLengths) {
    EXPECT_EQ(Pubkey::from_base58("1111").error().code, Errc::invalid_address);  // 4 bytes
    EXPECT_EQ(Pubkey::from_base58("").error().code, Errc::invalid_address);
    EXPECT_EQ(Pubkey::from_base58("0OIl").error().code, Errc::invalid_base58);
    EXPECT_EQ(Pubkey::from_bytes(Bytes(31, 1)).error().code, Errc::invalid_address);
    EXPECT_EQ(Pubkey::from_base58(token_program_id().to_base58()).value(), token_program_id());
    EXPECT_THROW(Pubkey::must("not base58!"), std::invalid_argument);
}

TEST(SolanaPubkey, ProgramAddressLimits) {
    std::vector<Bytes> too_long{Bytes(33, 1)};
    EXPECT_EQ(create_program_address(too_long, token_program_id()).error().code,
              Errc::invalid_address);
    EXPECT_FALSE(find_program_address(too_long, token_program_id()));
    std::vector<Bytes> too_many(17, Bytes{1});
    EXPECT_FALSE(create_program_address(too_many, token_program_id()));
    EXPECT_FALSE(find_program_address(std::vector<Bytes>(16, Bytes{1}), token_program_id()));
    // A wallet key is on the curve; a PDA never is.
    EXPECT_TRUE(seeded(7).pubkey().is_on_curve());
    auto pda = find_program_address({Bytes{'p', 'e', 'r', 'c', 'h'}}, memo_program_id());
    ASSERT_TRUE(pda);
    EXPECT_FALSE(pda->address.is_on_curve());
}

TEST(SolanaKeypair, SeedsAndWiping) {
    EXPECT_EQ(Keypair::from_seed(Bytes(31, 0)).error().code, Errc::invalid_key);
    EXPECT_EQ(Keypair::from_seed_hex("zz").error().code, Errc::invalid_key);
    auto from_hex = Keypair::from_seed_hex(std::string(64, '0') + "\n");  // a key file's newline
    ASSERT_TRUE(from_hex);
    EXPECT_EQ(from_hex->pubkey(), seeded(0).pubkey());
    auto a = Keypair::generate();
    auto b = Keypair::generate();
    EXPECT_NE(a.pubkey(), b.pubkey());
    auto moved = std::move(a);
    auto sig = moved.sign(as_bytes("x"));
    EXPECT_TRUE(verify(moved.pubkey(), as_bytes("x"), sig));
    EXPECT_FALSE(verify(b.pubkey(), as_bytes("x"), sig));
    EXPECT_EQ(Signature::from_base58("11").error().code, Errc::tx_invalid_signature);
    EXPECT_EQ(Signature::from_base58(sig.to_base58()).value(), sig);
}

TEST(SolanaCompactU16, KnownEncodingsAndRejections) {
    struct Case {
        std::uint16_t value;
        const char* hex;
    };
    for (auto c : {Case{0, "00"}, Case{1, "01"}, Case{0x7f, "7f"}, Case{0x80, "8001"},
                   Case{0xff, "ff01"}, Case{0x100, "8002"}, Case{0x3fff, "ff7f"},
                   Case{0x4000, "808001"}, Case{0xffff, "ffff03"}}) {
        Bytes out;
        append_compact_u16(out, c.value);
        EXPECT_EQ(to_hex(out, false), c.hex);
        std::size_t offset = 0;
        auto back = read_compact_u16(out, offset);
        ASSERT_TRUE(back);
        EXPECT_EQ(*back, c.value);
        EXPECT_EQ(offset, out.size());
    }
    for (const char* bad : {"", "80", "8080", "8000", "808000", "ffff04", "80808001"}) {
        auto bytes = hex(bad);
        std::size_t offset = 0;
        auto r = read_compact_u16(bytes, offset);
        EXPECT_FALSE(r) << bad;
        if (!r) {
            EXPECT_EQ(r.error().code, Errc::sol_malformed);
        }
    }
}

Transaction sample(MessageVersion version = MessageVersion::legacy) {
    static const auto payer = seeded(1);
    static const auto other = seeded(2);
    Blockhash blockhash;
    blockhash.bytes.fill(9);
    std::vector<Instruction> ixs{system_transfer(payer.pubkey(), other.pubkey(), 5),
                                 memo("perch:1:31337:0xabc:0", {other.pubkey()})};
    auto tx =
        unsigned_transaction(compile_message(payer.pubkey(), ixs, blockhash, version).value());
    std::vector<const Keypair*> keys{&payer, &other};
    EXPECT_TRUE(sign_transaction(tx, keys));
    return tx;
}

TEST(SolanaMessage, CompileOrdersAndMergesAccounts) {
    auto payer = seeded(1), a = seeded(2), b = seeded(3);
    Blockhash blockhash;
    // b appears readonly then writable, a as a readonly signer, the payer again as a plain account.
    std::vector<Instruction> ixs{
        Instruction{memo_program_id(), {{b.pubkey(), false, false}, {a.pubkey(), true, false}}, {}},
        Instruction{
            memo_program_id(), {{b.pubkey(), false, true}, {payer.pubkey(), false, false}}, {}}};
    auto m = compile_message(payer.pubkey(), ixs, blockhash).value();
    ASSERT_EQ(m.account_keys.size(), 4u);
    EXPECT_EQ(m.account_keys[0], payer.pubkey());
    EXPECT_EQ(m.account_keys[1], a.pubkey());  // readonly signer
    EXPECT_EQ(m.account_keys[2], b.pubkey());  // writable non-signer (merged)
    EXPECT_EQ(m.account_keys[3], memo_program_id());
    EXPECT_EQ(m.header, (MessageHeader{2, 1, 1}));
    EXPECT_TRUE(m.is_writable(0));
    EXPECT_FALSE(m.is_writable(1));
    EXPECT_TRUE(m.is_signer(1));
    EXPECT_TRUE(m.is_writable(2));
    EXPECT_FALSE(m.is_signer(2));
    EXPECT_FALSE(m.is_writable(3));
    EXPECT_EQ(m.instructions[0].accounts, (std::vector<std::uint8_t>{2, 1}));
    EXPECT_EQ(m.instructions[1].accounts, (std::vector<std::uint8_t>{2, 0}));
    EXPECT_EQ(m.instructions[1].program_id_index, 3);
}

TEST(SolanaMessage, TooManyAccountsIsAnError) {
    auto payer = seeded(1);
    Instruction ix{memo_program_id(), {}, {}};
    for (int i = 0; i < 300; ++i) {
        Pubkey k;
        k.bytes[0] = static_cast<std::uint8_t>(i);
        k.bytes[1] = static_cast<std::uint8_t>(i >> 8);
        k.bytes[2] = 1;
        ix.accounts.push_back({k, false, false});
    }
    auto m = compile_message(payer.pubkey(), {ix}, Blockhash{});
    ASSERT_FALSE(m);
    EXPECT_EQ(m.error().code, Errc::tx_invalid_field);
    Instruction payer_as_program{payer.pubkey(), {}, {}};
    EXPECT_EQ(compile_message(payer.pubkey(), {payer_as_program}, Blockhash{}).error().code,
              Errc::tx_invalid_field);
}

TEST(SolanaTransaction, EveryTruncationAndTrailingByteIsRejected) {
    for (auto version : {MessageVersion::legacy, MessageVersion::v0}) {
        auto wire = serialize_transaction(sample(version));
        ASSERT_TRUE(parse_transaction(wire));
        for (std::size_t n = 0; n < wire.size(); ++n) {
            auto cut = ByteView(wire).first(n);
            auto r = parse_transaction(cut);
            ASSERT_FALSE(r) << "accepted " << n << " of " << wire.size() << " bytes";
            EXPECT_EQ(r.error().code, Errc::sol_malformed);
        }
        auto longer = wire;
        longer.push_back(0);
        EXPECT_NE(parse_transaction(longer).error().message.find("trailing"), std::string::npos);
    }
}

TEST(SolanaTransaction, StructuralRulesAreChecked) {
    auto tx = sample();
    auto wire = serialize_transaction(tx);
    // One signature for two required signers.
    {
        auto t = tx;
        t.signatures.pop_back();
        EXPECT_FALSE(parse_transaction(serialize_transaction(t)));
    }
    // A program index of 0 (the fee payer) or past the keys; an account index past the keys.
    for (int which = 0; which < 3; ++which) {
        auto t = tx;
        auto& ix = t.message.instructions[0];
        if (which == 0) ix.program_id_index = 0;
        if (which == 1)
            ix.program_id_index = static_cast<std::uint8_t>(t.message.account_keys.size());
        if (which == 2) ix.accounts[0] = static_cast<std::uint8_t>(t.message.account_keys.size());
        auto r = parse_transaction(serialize_transaction(t));
        ASSERT_FALSE(r) << which;
        EXPECT_EQ(r.error().code, Errc::sol_malformed);
    }
    // A header counting more readonly signers than signers.
    {
        auto t = tx;
        t.message.header.num_readonly_signed = 2;
        EXPECT_FALSE(parse_transaction(serialize_transaction(t)));
    }
    // Message version 1 does not exist yet.
    {
        auto m = serialize_message(sample(MessageVersion::v0).message);
        m[0] = 0x81;
        EXPECT_NE(parse_message(m).error().message.find("version 1"), std::string::npos);
    }
    EXPECT_EQ(parse_transaction(wire).value(), tx);
}

TEST(SolanaTransaction, ATruncationNamesTheFieldItCuts) {
    auto error_of = [](ByteView wire) {
        auto r = parse_transaction(wire);
        return r ? std::string("accepted") : r.error().message;
    };
    auto legacy = serialize_transaction(sample());
    auto v0 = serialize_transaction(sample(MessageVersion::v0));
    EXPECT_EQ(error_of({}), "signature count: truncated compact-u16");
    EXPECT_EQ(error_of(ByteView(legacy).first(1)), "truncated in signatures");
    EXPECT_EQ(error_of(ByteView(legacy).first(1 + 2 * 64)), "truncated at message prefix");
    EXPECT_EQ(error_of(ByteView(legacy).first(legacy.size() - 1)), "truncated in instruction data");
    EXPECT_EQ(error_of(ByteView(v0).first(v0.size() - 1)), "lookup count: truncated compact-u16");
    EXPECT_EQ(parse_message(Bytes{}).error().message, "truncated at message prefix");
}

TEST(SolanaMessage, AddressTableLookupsRoundTrip) {
    auto m = sample(MessageVersion::v0).message;
    Pubkey table;
    table.bytes.fill(4);
    m.address_table_lookups.push_back({table, {1, 2}, {3}});
    EXPECT_EQ(parse_message(serialize_message(m)).value(), m);
    m.address_table_lookups.push_back({table, {}, {}});
    EXPECT_EQ(parse_message(serialize_message(m)).error().message,
              "an address table lookup without indexes");
}

TEST(SolanaTransaction, SigningRules) {
    auto tx = sample();
    EXPECT_TRUE(verify_transaction(tx));
    EXPECT_EQ(tx.id(), tx.signatures[0].to_base58());
    // Any change to the message breaks the signatures.
    auto tampered = tx;
    tampered.message.instructions[0].data.back() ^= 1;
    EXPECT_EQ(verify_transaction(tampered).error().code, Errc::tx_invalid_signature);
    // A key that is not a signer is refused, and the transaction is unchanged.
    auto stranger = seeded(5);
    std::vector<const Keypair*> keys{&stranger};
    auto before = tx;
    EXPECT_EQ(sign_transaction(tx, keys).error().code, Errc::invalid_key);
    EXPECT_EQ(tx, before);
    // Partly signed: the second signer's slot stays zero.
    auto partial = unsigned_transaction(tx.message);
    auto payer = seeded(1);
    std::vector<const Keypair*> only_payer{&payer};
    ASSERT_TRUE(sign_transaction(partial, only_payer));
    EXPECT_FALSE(partial.signatures[0].is_zero());
    EXPECT_TRUE(partial.signatures[1].is_zero());
    EXPECT_FALSE(verify_transaction(partial));
}

TEST(SolanaBase64, RoundTripAndErrors) {
    for (std::size_t n = 0; n < 10; ++n) {
        Bytes data(n);
        for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<std::uint8_t>(i * 37 + 200);
        EXPECT_EQ(from_base64(to_base64(data)).value(), data) << n;
    }
    EXPECT_EQ(to_base64(as_bytes("foobar")), "Zm9vYmFy");
    EXPECT_EQ(to_base64(as_bytes("fo")), "Zm8=");
    EXPECT_FALSE(from_base64("Zm9"));
    EXPECT_FALSE(from_base64("Zm=v"));
    EXPECT_FALSE(from_base64("Zm9v!A=="));
    EXPECT_FALSE(from_base64("Zg==Zg=="));
    EXPECT_FALSE(from_base64("Zm9="));  // "fo" is Zm8=: stray bits after the padding
    EXPECT_FALSE(from_base64("Zh=="));
}

TEST(SolanaInstructions, DecodeErrorsAndUnknowns) {
    auto a = seeded(1).pubkey(), b = seeded(2).pubkey();
    std::vector<Pubkey> two{a, b};
    // System transfer with short data or one account.
    auto ix = system_transfer(a, b, 7);
    EXPECT_EQ(
        decode_instruction(system_program_id(), two, ByteView(ix.data).first(11)).error().code,
        Errc::sol_invalid_instruction);
    EXPECT_FALSE(decode_instruction(system_program_id(), std::vector<Pubkey>{a}, ix.data));
    // Trailing data is accepted as the runtime accepts it.
    auto longer = ix.data;
    longer.push_back(0xee);
    auto t = decode_instruction(system_program_id(), two, longer);
    ASSERT_TRUE(t);
    EXPECT_EQ(std::get<SystemTransfer>(*t).lamports, 7u);
    // Another system instruction (CreateAccount = 0) is not a transfer.
    Bytes create(52, 0);
    EXPECT_TRUE(std::holds_alternative<OtherInstruction>(
        decode_instruction(system_program_id(), two, create).value()));
    // Token TransferChecked needs 4 accounts.
    auto tc = token_transfer_checked(a, b, a, b, 1, 6);
    EXPECT_FALSE(decode_instruction(token_program_id(), std::vector<Pubkey>(3, a), tc.data));
    // Memo must be UTF-8 (overlong, surrogate, truncated sequences are not).
    for (const char* bad : {"c080", "eda080", "e282", "f4908080", "ff"})
        EXPECT_FALSE(decode_instruction(memo_program_id(), {}, hex(bad))) << bad;
    auto m = decode_instruction(memo("ok \xe2\x9c\x93"));
    ASSERT_TRUE(m);
    EXPECT_EQ(std::get<Memo>(*m).text, "ok \xe2\x9c\x93");
    // Compute budget with the wrong length.
    EXPECT_FALSE(decode_instruction(compute_budget_program_id(), {}, hex("020000")));
    EXPECT_EQ(
        std::get<SetComputeUnitPrice>(decode_instruction(set_compute_unit_price(12345)).value())
            .micro_lamports,
        12345u);
    // Another program entirely.
    auto other = decode_instruction(b, two, hex("00"));
    ASSERT_TRUE(other);
    EXPECT_EQ(std::get<OtherInstruction>(*other).program, b);
    // Compiled instruction indexes past the keys.
    CompiledInstruction c{0, {5}, {}};
    EXPECT_EQ(decode_compiled(c, two).error().code, Errc::sol_malformed);
}

}  // namespace
}  // namespace perch::chain::solana
