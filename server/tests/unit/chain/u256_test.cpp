#include "chain/u256.hpp"

#include <gtest/gtest.h>

namespace perch::chain {
namespace {

U256 dec(std::string_view s) {
    return *U256::from_dec(s);
}

TEST(U256, ParsesAndFormatsDecimalAndHex) {
    EXPECT_EQ(dec("0").to_dec(), "0");
    EXPECT_EQ(dec("1000000000000000000").to_hex(), "0xde0b6b3a7640000");
    EXPECT_EQ(U256::max().to_dec(),
              "115792089237316195423570985008687907853269984665640564039457584007913129639935");
    EXPECT_EQ(U256::max().to_hex(), "0x" + std::string(64, 'f'));
    EXPECT_EQ(*U256::from_hex("0x0"), U256(0));
    EXPECT_EQ(*U256::from_hex("0x00ff"), U256(255));
    EXPECT_EQ(U256(0).to_hex(), "0x0");
    EXPECT_EQ(*U256::from_string("0x10"), U256(16));
    EXPECT_EQ(*U256::from_string("10"), U256(10));
    EXPECT_EQ(dec("12345678901234567890123456789").to_dec(), "12345678901234567890123456789");
}

TEST(U256, RejectsBadText) {
    EXPECT_FALSE(U256::from_dec(""));
    EXPECT_FALSE(U256::from_dec("12a"));
    EXPECT_FALSE(U256::from_dec("-1"));
    EXPECT_EQ(U256::from_dec(
                  "115792089237316195423570985008687907853269984665640564039457584007913129639936")
                  .error()
                  .code,
              Errc::overflow);
    EXPECT_FALSE(U256::from_hex("0x"));
    EXPECT_FALSE(U256::from_hex("0xg"));
    EXPECT_FALSE(U256::from_hex("0x1" + std::string(64, '0')));
}

TEST(U256, CheckedArithmeticNeverWraps) {
    EXPECT_EQ(*U256(2).add(3), U256(5));
    EXPECT_EQ(U256::max().add(1).error().code, Errc::overflow);
    EXPECT_EQ(U256(1).sub(2).error().code, Errc::underflow);
    EXPECT_EQ(*U256(10).sub(3), U256(7));
    EXPECT_EQ(*U256(1ULL << 63).mul(4), U256(1).shl(65));
    EXPECT_EQ(U256(1).shl(200).mul(U256(1).shl(56)).error().code, Errc::overflow);
    EXPECT_EQ(*U256(1).shl(128).mul(U256(1).shl(127)), U256(1).shl(255));
    EXPECT_EQ(U256(1).div(0).error().code, Errc::division_by_zero);
    EXPECT_EQ(U256(1).mod(0).error().code, Errc::division_by_zero);
    EXPECT_EQ(*U256(100).div(7), U256(14));
    EXPECT_EQ(*U256(100).mod(7), U256(2));
    // Wide divisor path (divisor above 64 bits).
    U256 big = dec("340282366920938463463374607431768211457");  // 2^128 + 1
    U256 product = *big.mul(dec("1000000007"));
    EXPECT_EQ(*product.div(big), dec("1000000007"));
    EXPECT_EQ(*(*product.add(5)).mod(big), U256(5));
}

TEST(U256, ComparesAndShifts) {
    EXPECT_LT(U256(1), U256(2));
    EXPECT_GT(U256(1).shl(64), U256(~0ULL));
    EXPECT_EQ(U256(1).shl(255).shr(255), U256(1));
    EXPECT_EQ(U256(1).shl(256), U256(0));
    EXPECT_EQ(U256::max().shr(300), U256(0));
    EXPECT_EQ(U256(0xff).shl(60).shr(60), U256(0xff));
    EXPECT_EQ(U256(1).shl(130).bit_length(), 131u);
}

TEST(U256, BigEndianBytes) {
    U256 v = dec("1000000000000000000");
    auto b32 = v.to_be_bytes32();
    EXPECT_EQ(*U256::from_be_bytes(b32), v);
    EXPECT_EQ(to_hex(v.to_be_bytes_minimal()), "0x0de0b6b3a7640000");
    EXPECT_TRUE(U256(0).to_be_bytes_minimal().empty());
    Bytes too_long(33, 1);
    EXPECT_FALSE(U256::from_be_bytes(too_long));
}

TEST(U256, FormatsTokenUnits) {
    EXPECT_EQ(U256(1500000).format_units(6), "1.5");
    EXPECT_EQ(U256(1000000).format_units(6), "1");
    EXPECT_EQ(U256(1).format_units(18), "0.000000000000000001");
    EXPECT_EQ(U256(0).format_units(18), "0");
    EXPECT_EQ(U256(123).format_units(0), "123");
    EXPECT_EQ(dec("1234567890000000000000").format_units(18), "1234.56789");
}

TEST(U256, ParsesTokenUnits) {
    EXPECT_EQ(*U256::parse_units("1.5", 6), U256(1500000));
    EXPECT_EQ(*U256::parse_units("1", 18), dec("1000000000000000000"));
    EXPECT_EQ(*U256::parse_units("0.000001", 6), U256(1));
    EXPECT_EQ(U256::parse_units("0.0000001", 6).error().code, Errc::too_many_decimals);
    EXPECT_FALSE(U256::parse_units("1.", 6));
    EXPECT_FALSE(U256::parse_units(".5", 6));
    EXPECT_FALSE(U256::parse_units("1.2.3", 6));
    EXPECT_FALSE(U256::parse_units("-1", 6));
    EXPECT_FALSE(U256::parse_units("", 6));
    EXPECT_EQ(U256::parse_units("1" + std::string(70, '0'), 18).error().code, Errc::overflow);
    EXPECT_EQ(U256::parse_units("12.34", 2)->format_units(2), "12.34");
}

}  // namespace
}  // namespace perch::chain
