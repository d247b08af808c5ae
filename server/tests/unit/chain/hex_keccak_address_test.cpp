#include <gtest/gtest.h>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain_test_support.hpp"

namespace perch::chain {
namespace {

TEST(Hex, RoundTrips) {
    Bytes data{0x00, 0x01, 0xab, 0xff};
    EXPECT_EQ(to_hex(data), "0x0001abff");
    EXPECT_EQ(to_hex(data, false), "0001abff");
    EXPECT_EQ(*from_hex("0x0001ABff"), data);
    EXPECT_EQ(*from_hex("0001abff"), data);
    EXPECT_TRUE(from_hex("0x")->empty());
    EXPECT_EQ(from_hex("0x123").error().code, Errc::invalid_hex);
    EXPECT_EQ(from_hex("0xzz").error().code, Errc::invalid_hex);
}

TEST(Keccak, KnownAnswers) {
    EXPECT_EQ(keccak256(std::string_view{}).hex(),
              "0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
    EXPECT_EQ(keccak256(std::string_view{"abc"}).hex(),
              "0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45");
    // Keccak padding differs from SHA3-256: SHA3-256("") is a7ffc6f8...; make sure we are not it.
    EXPECT_NE(keccak256(std::string_view{}).hex().substr(0, 10), "0xa7ffc6f8");
    EXPECT_EQ(keccak256(std::string_view{"transfer(address,uint256)"}).hex().substr(0, 10),
              "0xa9059cbb");
}

TEST(Address, Eip55Checksum) {
    // Examples from EIP-55.
    for (const char* text : {"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
                             "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
                             "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
                             "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb"}) {
        auto address = Address::from_hex(text);
        ASSERT_TRUE(address) << text;
        EXPECT_EQ(address->checksum_hex(), text);
    }
}

TEST(Address, AcceptsSingleCaseRejectsBadMixedCase) {
    EXPECT_TRUE(Address::from_hex("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"));
    EXPECT_TRUE(Address::from_hex("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED"));
    EXPECT_EQ(Address::from_hex("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD").error().code,
              Errc::bad_checksum);
    EXPECT_FALSE(Address::from_hex("5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"));
    EXPECT_FALSE(Address::from_hex("0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea"));
    EXPECT_FALSE(Address::from_hex("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg"));
    EXPECT_TRUE(is_valid_address("0x0000000000000000000000000000000000000000"));
    EXPECT_TRUE(Address::from_hex("0x0000000000000000000000000000000000000000")->is_zero());
}

TEST(Hash32, FromHex) {
    EXPECT_TRUE(Hash32::from_hex("0x" + std::string(64, 'a')));
    EXPECT_FALSE(Hash32::from_hex("0x" + std::string(62, 'a')));
}

}  // namespace
}  // namespace perch::chain
