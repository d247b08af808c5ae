#include "chain/tx.hpp"

#include <gtest/gtest.h>

#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

namespace json = boost::json;
using test::hex;

PrivateKey key_of(std::string_view text) {
    auto key = PrivateKey::from_hex(text);
    EXPECT_TRUE(key) << text;
    return std::move(*key);
}

Transaction eip155_example() {
    Transaction tx;
    tx.type = TxType::legacy;
    tx.chain_id = 1;
    tx.nonce = 9;
    tx.gas_price = 20'000'000'000ULL;
    tx.gas_limit = 21000;
    tx.to = *Address::from_hex("0x3535353535353535353535353535353535353535");
    tx.value = *U256::from_dec("1000000000000000000");
    return tx;
}

// The worked example in EIP-155.
TEST(Transaction, Eip155KnownAnswer) {
    Transaction tx = eip155_example();
    EXPECT_EQ(signing_hash(tx).hex(),
              "0xdaf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53");
    PrivateKey key = key_of("0x4646464646464646464646464646464646464646464646464646464646464646");
    sign_transaction(tx, key);
    EXPECT_EQ(
        to_hex(encode_transaction(tx)),
        "0xf86c098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a76400008025"
        "a0"
        "28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276a067cbe9d8997f761aecb70330"
        "4b3800ccf555c9f3dc64214b297fb1966a3b6d83");
    auto sender = recover_sender(tx);
    ASSERT_TRUE(sender);
    EXPECT_EQ(*sender, key.address());
    EXPECT_EQ(sender->checksum_hex(), "0x9d8A62f656a8d1615C1294fd71e9CFb3E4855A4F");
    auto decoded = decode_transaction(encode_transaction(tx));
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, tx);
    EXPECT_TRUE(validate_transaction(tx, TxRules{1}));
    EXPECT_EQ(validate_transaction(tx, TxRules{5}).error().code, Errc::tx_invalid_chain_id);
}

Transaction tx_from_fixture(const json::object& f) {
    Transaction tx;
    std::string type = test::str(f.at("type"));
    tx.type = type == "legacy"    ? TxType::legacy
              : type == "eip2930" ? TxType::access_list
                                  : TxType::dynamic_fee;
    tx.chain_id = static_cast<std::uint64_t>(f.at("chainId").to_number<std::int64_t>());
    const auto& nonce = f.at("nonce");
    tx.nonce = nonce.is_string() ? U256::from_dec(test::str(nonce))->low_u64()
                                 : static_cast<std::uint64_t>(nonce.to_number<std::int64_t>());
    auto num = [&](const char* key) {
        return f.contains(key) ? *U256::from_dec(test::str(f.at(key))) : U256();
    };
    tx.gas_price = num("gasPrice");
    tx.max_priority_fee_per_gas = num("maxPriorityFeePerGas");
    tx.max_fee_per_gas = num("maxFeePerGas");
    tx.gas_limit = num("gas").low_u64();
    if (!f.at("to").is_null()) tx.to = *Address::from_hex(test::str(f.at("to")));
    tx.value = num("value");
    tx.data = hex(test::str(f.at("data")));
    for (const auto& entry : f.at("accessList").as_array()) {
        AccessListEntry e{*Address::from_hex(test::str(entry.at("address"))), {}};
        for (const auto& key : entry.at("storageKeys").as_array()) {
            e.storage_keys.push_back(*Hash32::from_hex(test::str(key)));
        }
        tx.access_list.push_back(std::move(e));
    }
    return tx;
}

// viem signs the same transactions with the same keys: RFC 6979 makes the bytes identical.
TEST(Transaction, MatchesViemSignedFixtures) {
    auto fixtures = test::load_json(test::fixtures_dir() / "viem_transactions.json");
    ASSERT_TRUE(fixtures.is_array());
    int checked = 0;
    for (const auto& item : fixtures.as_array()) {
        const auto& f = item.as_object();
        SCOPED_TRACE(test::str(f.at("name")));
        Transaction tx = tx_from_fixture(f.at("tx").as_object());
        EXPECT_EQ(signing_hash(tx), keccak256(hex(test::str(f.at("unsigned")))));
        PrivateKey key = key_of(test::str(f.at("key")));
        EXPECT_EQ(key.address().checksum_hex(), test::str(f.at("address")));
        sign_transaction(tx, key);
        EXPECT_EQ(to_hex(encode_transaction(tx)), test::str(f.at("signed")));
        EXPECT_EQ(transaction_hash(tx).hex(), test::str(f.at("hash")));
        auto decoded = decode_transaction(hex(test::str(f.at("signed"))));
        ASSERT_TRUE(decoded) << decoded.error().message;
        EXPECT_EQ(*decoded, tx);
        auto sender = recover_sender(*decoded);
        ASSERT_TRUE(sender);
        EXPECT_EQ(sender->checksum_hex(), test::str(f.at("address")));
        EXPECT_TRUE(validate_transaction(*decoded, TxRules{*tx.chain_id}));
        ++checked;
    }
    EXPECT_EQ(checked, 8);
}

TEST(Transaction, IntrinsicGasRules) {
    Transaction tx = eip155_example();
    EXPECT_EQ(intrinsic_gas(tx), 21000u);
    tx.data = {0, 1};
    EXPECT_EQ(intrinsic_gas(tx), 21000u + 4 + 16);
    tx.to.reset();
    tx.data = Bytes(33, 1);
    EXPECT_EQ(intrinsic_gas(tx), 21000u + 32000 + 33 * 16 + 2 * 2);
    tx.access_list.push_back({Address{}, {Hash32{}, Hash32{}}});
    EXPECT_EQ(intrinsic_gas(tx), 21000u + 32000 + 33 * 16 + 4 + 2400 + 2 * 1900);
}

TEST(Transaction, RejectsMalformedInput) {
    EXPECT_FALSE(decode_transaction(Bytes{}));
    EXPECT_EQ(decode_transaction(hex("0x03c0")).error().code, Errc::tx_unsupported_type);
    EXPECT_EQ(decode_transaction(hex("0x02c0")).error().code, Errc::tx_invalid_field);
    EXPECT_FALSE(decode_transaction(hex("0x02")));
    EXPECT_FALSE(decode_transaction(hex("0xf86c09")));
    // Flip one byte of a valid signature: either it no longer parses or recovers someone else.
    Transaction tx = eip155_example();
    PrivateKey key = key_of("0x4646464646464646464646464646464646464646464646464646464646464646");
    sign_transaction(tx, key);
    Bytes raw = encode_transaction(tx);
    raw[raw.size() - 5] ^= 0x01;
    auto tampered = decode_transaction(raw);
    ASSERT_TRUE(tampered);
    auto sender = recover_sender(*tampered);
    EXPECT_TRUE(!sender || *sender != key.address());
    // High s (EIP-2) is refused even though it would recover.
    Transaction high_s = tx;
    high_s.s = *secp256k1_order().sub(tx.s);
    EXPECT_EQ(recover_sender(high_s).error().code, Errc::tx_invalid_signature);
}

}  // namespace
}  // namespace perch::chain
