#include "chain/rlp.hpp"

#include <gtest/gtest.h>

#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

using test::hex;

Bytes encode_string(std::string_view s) {
    Bytes out;
    rlp::encode(out, as_bytes(s));
    return out;
}

Bytes encode_u64(std::uint64_t v) {
    Bytes out;
    rlp::encode(out, v);
    EXPECT_EQ(out.size(), rlp::length(v));
    return out;
}

TEST(Rlp, EncodesStringsAndIntegers) {
    EXPECT_EQ(to_hex(encode_string("")), "0x80");
    EXPECT_EQ(to_hex(encode_string("dog")), "0x83646f67");
    EXPECT_EQ(to_hex(encode_string(std::string(1, '\x7f'))), "0x7f");
    EXPECT_EQ(to_hex(encode_string(std::string(1, '\x80'))), "0x8180");
    EXPECT_EQ(to_hex(encode_u64(0)), "0x80");
    EXPECT_EQ(to_hex(encode_u64(15)), "0x0f");
    EXPECT_EQ(to_hex(encode_u64(1024)), "0x820400");
    Bytes out;
    rlp::encode(out, *U256::from_dec("83729609699884896815286331701780722"));
    EXPECT_EQ(to_hex(out), "0x8f102030405060708090a0b0c0d0e0f2");
}

TEST(Rlp, LengthMatchesEncodingForLongItems) {
    std::string s(1024, 'x');
    EXPECT_EQ(rlp::length(as_bytes(s)), encode_string(s).size());
    auto list = rlp::Item::list({rlp::Item::string(Bytes(60, 1)), rlp::Item::list({})});
    EXPECT_EQ(rlp::length(list), rlp::encode(list).size());
}

TEST(Rlp, DecodesTree) {
    auto item = rlp::decode(hex("0xc88363617483646f67"));
    ASSERT_TRUE(item);
    ASSERT_TRUE(item->is_list);
    ASSERT_EQ(item->items.size(), 2u);
    EXPECT_EQ(std::string(item->items[1].bytes.begin(), item->items[1].bytes.end()), "dog");
}

TEST(Rlp, RejectsNonCanonicalAndMalformed) {
    EXPECT_EQ(rlp::decode(hex("0x8100")).error().code, Errc::rlp_non_canonical);  // wrapped byte
    EXPECT_EQ(rlp::decode(hex("0xb800")).error().code, Errc::rlp_non_canonical);  // long form short
    EXPECT_EQ(rlp::decode(hex("0xb90038" + std::string(112, '0'))).error().code,
              Errc::rlp_non_canonical);
    EXPECT_EQ(rlp::decode(hex("0x83646f")).error().code, Errc::rlp_truncated);
    EXPECT_EQ(rlp::decode(hex("0x8080")).error().code, Errc::rlp_trailing_bytes);
    EXPECT_EQ(rlp::decode(hex("")).error().code, Errc::rlp_truncated);
    EXPECT_EQ(rlp::decode(hex("0xbf0f000000000000021111")).error().code, Errc::rlp_truncated);
    // Lists nested one deeper than the limit.
    Bytes nested{0xc0};
    for (std::size_t i = 0; i < rlp::kMaxDepth + 1; ++i) {
        Bytes wrapped;
        rlp::encode_header(wrapped, {true, nested.size()});
        wrapped.insert(wrapped.end(), nested.begin(), nested.end());
        nested = std::move(wrapped);
    }
    EXPECT_EQ(rlp::decode(nested).error().code, Errc::rlp_too_deep);
}

TEST(Rlp, IntegerPayloadsMustBeMinimal) {
    EXPECT_EQ(*rlp::decode_u64(Bytes{}), 0u);
    EXPECT_EQ(*rlp::decode_u64(Bytes{0x01, 0x00}), 256u);
    EXPECT_EQ(rlp::decode_u64(Bytes{0x00}).error().code, Errc::rlp_non_canonical);
    EXPECT_EQ(rlp::decode_u64(Bytes(9, 1)).error().code, Errc::overflow);
    EXPECT_EQ(rlp::decode_u64(Bytes{0x00, 1, 2, 3, 4, 5, 6, 7, 8}).error().code,
              Errc::rlp_non_canonical);
    EXPECT_EQ(rlp::decode_u256(Bytes(33, 1)).error().code, Errc::overflow);
    EXPECT_EQ(rlp::decode_u256(Bytes{0x00, 0x01}).error().code, Errc::rlp_non_canonical);
}

}  // namespace
}  // namespace perch::chain
