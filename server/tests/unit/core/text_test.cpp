#include "core/text.hpp"

#include <gtest/gtest.h>

using namespace perch::text;

TEST(Text, EvmAddress) {
    EXPECT_TRUE(is_evm_address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"));
    EXPECT_FALSE(is_evm_address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293B"));
    EXPECT_FALSE(is_evm_address("3C44CdDdB6a900fa2b585dd299e03d12FA4293BCaa"));
    EXPECT_FALSE(is_evm_address("0xZC44CdDdB6a900fa2b585dd299e03d12FA4293BC"));
}

TEST(Text, WalletAddressAcrossEcosystems) {
    EXPECT_TRUE(is_wallet_address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"));
    EXPECT_TRUE(
        is_wallet_address("0x04a3c1f0e9b2d8a7c6b5a4938271605f4e3d2c1b0a99887766554433221100ff"));
    EXPECT_TRUE(is_wallet_address("7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"));
    EXPECT_TRUE(is_wallet_address("bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"));
    EXPECT_FALSE(is_wallet_address("not-an-address"));
    EXPECT_FALSE(is_wallet_address("0x"));
    EXPECT_FALSE(is_wallet_address(""));
    EXPECT_FALSE(is_wallet_address("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl"));  // not base58
}

TEST(Text, SplitTrimsAndDropsEmpty) {
    EXPECT_EQ(split(" a, b ,,c ", ','), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(split("", ',').empty());
}

TEST(Text, ParseIntTakesTheWholeTextOnly) {
    EXPECT_EQ(parse_int("8453"), 8453);
    EXPECT_EQ(parse_int("-7"), -7);
    EXPECT_FALSE(parse_int(""));
    EXPECT_FALSE(parse_int("12a"));
    EXPECT_FALSE(parse_int(" 12"));
    EXPECT_FALSE(parse_int("99999999999999999999"));
}
