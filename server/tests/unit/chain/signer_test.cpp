#include "chain/signer.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

using test::hex;

TEST(PrivateKey, RejectsInvalidKeys) {
    EXPECT_EQ(PrivateKey::from_bytes(Bytes(32, 0)).error().code, Errc::invalid_key);
    EXPECT_EQ(PrivateKey::from_bytes(Bytes(31, 1)).error().code, Errc::invalid_key);
    EXPECT_EQ(PrivateKey::from_hex("0x" + std::string(64, 'f')).error().code, Errc::invalid_key);
    EXPECT_FALSE(PrivateKey::from_hex("0xzz"));
}

TEST(PrivateKey, KnownAddresses) {
    auto key =
        PrivateKey::from_hex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    ASSERT_TRUE(key);
    EXPECT_EQ(key->address().checksum_hex(), "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    auto one = PrivateKey::from_hex("0x" + std::string(63, '0') + "1");
    ASSERT_TRUE(one);
    EXPECT_EQ(one->address().checksum_hex(), "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
}

// BasicTests/keyaddrtest.json: key = keccak(seed) and its address.
TEST(KeyAddrTest, SeedToKeyToAddress) {
    auto doc = test::load_json(test::vectors_dir() / "BasicTests" / "keyaddrtest.json");
    ASSERT_TRUE(doc.is_array());
    int pass = 0, total = 0;
    for (const auto& v : doc.as_array()) {
        ++total;
        std::string seed = test::str(v.at("seed"));
        SCOPED_TRACE(seed);
        Hash32 derived = keccak256(seed);
        bool key_ok = to_hex(derived.bytes, false) == test::str(v.at("key"));
        auto key = PrivateKey::from_bytes(derived.bytes);
        ASSERT_TRUE(key);
        bool address_ok = to_hex(key->address().bytes, false) == test::str(v.at("addr"));
        // Our own signature of keccak("") must recover to the same address.
        Hash32 digest = keccak256(std::string_view{});
        auto recovered = recover_address(digest, key->sign_hash(digest));
        bool self_ok = recovered && *recovered == key->address();
        EXPECT_TRUE(key_ok && address_ok && self_ok);
        pass += key_ok && address_ok && self_ok ? 1 : 0;
    }
    std::cout << "[keyaddrtest] " << pass << "/" << total << " seed->key->address\n";
    EXPECT_EQ(pass, total);
    EXPECT_GT(total, 0);
}

// The upstream sig_of_emptystring fields do not recover to the vector's address over keccak(""),
// a zero digest, SHA-256(""), SHA3-256("") or the EIP-191 hash of "" with either recovery id
// (checked by hand); Nethermind ignores the same check ("test values seem wrong"). Kept visible as
// a skipped test rather than silently dropped.
TEST(KeyAddrTest, SignatureOfEmptyString) {
    auto doc = test::load_json(test::vectors_dir() / "BasicTests" / "keyaddrtest.json");
    ASSERT_TRUE(doc.is_array());
    int recovered_ok = 0, total = 0;
    for (const auto& v : doc.as_array()) {
        ++total;
        const auto& sig_json = v.at("sig_of_emptystring");
        Signature sig;
        sig.r.bytes = U256::from_dec(test::str(sig_json.at("r")))->to_be_bytes32();
        sig.s.bytes = U256::from_dec(test::str(sig_json.at("s")))->to_be_bytes32();
        sig.recovery_id = static_cast<std::uint8_t>(std::stoi(test::str(sig_json.at("v"))) - 27);
        auto recovered = recover_address(keccak256(std::string_view{}), sig);
        recovered_ok +=
            recovered && to_hex(recovered->bytes, false) == test::str(v.at("addr")) ? 1 : 0;
    }
    std::cout << "[keyaddrtest] sig_of_emptystring " << recovered_ok << "/" << total
              << " recover\n";
    if (recovered_ok != total) {
        GTEST_SKIP()
            << "upstream sig_of_emptystring does not recover to addr under any known digest";
    }
}

TEST(PersonalSign, MatchesViemFixtures) {
    auto fixtures = test::load_json(test::fixtures_dir() / "viem_personal_sign.json");
    ASSERT_TRUE(fixtures.is_array());
    for (const auto& f : fixtures.as_array()) {
        std::string message = test::str(f.at("message"));
        SCOPED_TRACE(message);
        EXPECT_EQ(personal_message_hash(message).hex(), test::str(f.at("hash")));
        Bytes signature = hex(test::str(f.at("signature")));
        auto signer = recover_personal_signer(message, signature);
        ASSERT_TRUE(signer) << signer.error().message;
        EXPECT_EQ(signer->checksum_hex(), test::str(f.at("address")));
        auto key = PrivateKey::from_hex(test::str(f.at("key")));
        EXPECT_EQ(to_hex(sign_personal_message(*key, message)), test::str(f.at("signature")));
    }
}

TEST(PersonalSign, BadSignaturesAreErrors) {
    auto key =
        PrivateKey::from_hex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    Bytes sig = sign_personal_message(*key, "hello");
    EXPECT_FALSE(recover_personal_signer("hello", Bytes(64, 1)));  // wrong length
    Bytes bad_v = sig;
    bad_v[64] = 29;
    EXPECT_FALSE(recover_personal_signer("hello", bad_v));
    Bytes zero_r = sig;
    std::fill(zero_r.begin(), zero_r.begin() + 32, 0);
    EXPECT_EQ(recover_personal_signer("hello", zero_r).error().code, Errc::tx_invalid_signature);
    Bytes big_s = sig;
    std::fill(big_s.begin() + 32, big_s.begin() + 64, 0xff);
    EXPECT_FALSE(recover_personal_signer("hello", big_s));
    auto other = recover_personal_signer("hello!", sig);  // different message, different signer
    EXPECT_TRUE(!other || *other != key->address());
    Bytes v01 = sig;
    v01[64] = static_cast<std::uint8_t>(v01[64] - 27);  // 0/1 form is accepted too
    EXPECT_EQ(*recover_personal_signer("hello", v01), key->address());
}

}  // namespace
}  // namespace perch::chain
