// ethereum/tests RLPTests: every valid vector encoded byte for byte and decoded back, every
// invalid one rejected by the decoder, the random ones round-tripped.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "chain/rlp.hpp"
#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

namespace json = boost::json;
using test::hex;

// Minimal big-endian bytes of a decimal of any size (the "#bigint" inputs exceed 256 bits).
Bytes decimal_to_be_bytes(std::string_view digits) {
    Bytes le;  // little-endian base-256 accumulator
    for (char c : digits) {
        unsigned carry = static_cast<unsigned>(c - '0');
        for (auto& byte : le) {
            unsigned v = byte * 10u + carry;
            byte = static_cast<std::uint8_t>(v & 0xff);
            carry = v >> 8;
        }
        while (carry != 0) {
            le.push_back(static_cast<std::uint8_t>(carry & 0xff));
            carry >>= 8;
        }
    }
    return Bytes(le.rbegin(), le.rend());
}

rlp::Item item_from_json(const json::value& in) {
    if (in.is_array()) {
        std::vector<rlp::Item> children;
        for (const auto& child : in.as_array()) children.push_back(item_from_json(child));
        return rlp::Item::list(std::move(children));
    }
    if (in.is_int64() || in.is_uint64()) {
        std::uint64_t v =
            in.is_int64() ? static_cast<std::uint64_t>(in.as_int64()) : in.as_uint64();
        return rlp::Item::string(decimal_to_be_bytes(std::to_string(v)));
    }
    std::string s = test::str(in);
    if (!s.empty() && s[0] == '#') return rlp::Item::string(decimal_to_be_bytes(s.substr(1)));
    return rlp::Item::string(Bytes(s.begin(), s.end()));
}

struct RlpCase {
    std::string file;
    std::string name;
    json::value in;
    std::string out;
};

std::vector<RlpCase> load_cases(const std::string& relative) {
    std::vector<RlpCase> cases;
    auto doc = test::load_json(test::vectors_dir() / "RLPTests" / relative);
    if (!doc.is_object()) return cases;
    for (const auto& [name, body] : doc.as_object()) {
        cases.push_back({relative, std::string(name), body.at("in"), test::str(body.at("out"))});
    }
    return cases;
}

std::string case_name(const testing::TestParamInfo<RlpCase>& info) {
    std::string name = info.param.name;
    std::replace_if(
        name.begin(), name.end(),
        [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
    return name;
}

// ---- rlptest.json: encode `in` must equal `out`; decode `out` and re-encode must round-trip.
class RlpValid : public testing::TestWithParam<RlpCase> {};

TEST_P(RlpValid, EncodesByteForByteAndRoundTrips) {
    const RlpCase& c = GetParam();
    rlp::Item item = item_from_json(c.in);
    Bytes encoded = rlp::encode(item);
    EXPECT_EQ(to_hex(encoded), c.out);
    EXPECT_EQ(rlp::length(item), encoded.size());
    auto decoded = rlp::decode(hex(c.out));
    ASSERT_TRUE(decoded) << decoded.error().message;
    EXPECT_EQ(*decoded, item);
}

INSTANTIATE_TEST_SUITE_P(RLPTests, RlpValid, testing::ValuesIn(load_cases("rlptest.json")),
                         case_name);

// ---- invalidRLPTest.json: the decoder must reject every one.
class RlpInvalid : public testing::TestWithParam<RlpCase> {};

TEST_P(RlpInvalid, IsRejected) {
    auto decoded = rlp::decode(hex(GetParam().out));
    EXPECT_FALSE(decoded) << "accepted invalid RLP " << GetParam().out;
}

INSTANTIATE_TEST_SUITE_P(RLPTests, RlpInvalid, testing::ValuesIn(load_cases("invalidRLPTest.json")),
                         case_name);

// ---- RandomRLPTests/example.json: decode, re-encode, compare.
class RlpRandom : public testing::TestWithParam<RlpCase> {};

TEST_P(RlpRandom, DecodesAndReencodes) {
    auto decoded = rlp::decode(hex(GetParam().out));
    ASSERT_TRUE(decoded) << decoded.error().message;
    EXPECT_EQ(to_hex(rlp::encode(*decoded)), GetParam().out);
}

INSTANTIATE_TEST_SUITE_P(RLPTests, RlpRandom,
                         testing::ValuesIn(load_cases("RandomRLPTests/example.json")), case_name);

// Prints the pass counts per file so the report can quote them.
TEST(RlpVectorSummary, CountsPerFile) {
    int valid_pass = 0, invalid_pass = 0, random_pass = 0;
    auto valid = load_cases("rlptest.json");
    for (const auto& c : valid) {
        auto decoded = rlp::decode(hex(c.out));
        if (to_hex(rlp::encode(item_from_json(c.in))) == c.out && decoded &&
            *decoded == item_from_json(c.in)) {
            ++valid_pass;
        }
    }
    auto invalid = load_cases("invalidRLPTest.json");
    for (const auto& c : invalid) invalid_pass += rlp::decode(hex(c.out)) ? 0 : 1;
    auto random = load_cases("RandomRLPTests/example.json");
    for (const auto& c : random) {
        auto decoded = rlp::decode(hex(c.out));
        random_pass += decoded && to_hex(rlp::encode(*decoded)) == c.out ? 1 : 0;
    }
    std::cout << "[RLPTests] rlptest.json " << valid_pass << "/" << valid.size()
              << ", invalidRLPTest.json " << invalid_pass << "/" << invalid.size()
              << ", RandomRLPTests/example.json " << random_pass << "/" << random.size() << "\n";
    EXPECT_EQ(valid_pass, static_cast<int>(valid.size()));
    EXPECT_EQ(invalid_pass, static_cast<int>(invalid.size()));
    EXPECT_EQ(random_pass, static_cast<int>(random.size()));
    EXPECT_GT(valid.size(), 0u);
}

}  // namespace
}  // namespace perch::chain
