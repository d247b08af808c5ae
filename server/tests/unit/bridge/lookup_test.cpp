// /query's one box: an address, a transaction hash or an order key, normalised as stored; anything
// else is refused.
#include "bridge/lookup.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace perch::bridge;

namespace {
const std::string kHash = "0x" + std::string(62, 'a') + "0B";
const std::string kLowerHash = "0x" + std::string(62, 'a') + "0b";
}  // namespace

TEST(Lookup, AnAddressIsLowerCased) {
    auto l = parse_lookup("  0x90F79bf6EB2c4f870365E785982E1f101E93b906 ");
    ASSERT_TRUE(l);
    EXPECT_EQ(l->kind, LookupKind::address);
    EXPECT_EQ(l->value, "0x90f79bf6eb2c4f870365e785982e1f101e93b906");
    EXPECT_EQ(to_string(l->kind), "address");
    // A mixed case that is not the checksum is a mistyped address, not a lookup.
    EXPECT_FALSE(parse_lookup("0x90f79bf6EB2c4f870365E785982E1f101E93b906"));
}

TEST(Lookup, ATransactionHashIsLowerCased) {
    auto l = parse_lookup(kHash);
    ASSERT_TRUE(l);
    EXPECT_EQ(l->kind, LookupKind::tx_hash);
    EXPECT_EQ(l->value, kLowerHash);
    EXPECT_EQ(to_string(l->kind), "tx_hash");
}

TEST(Lookup, AnOrderKeyIsWrittenAsTheWatcherWritesIt) {
    auto l = parse_lookup("8453:" + kHash + ":007");
    ASSERT_TRUE(l);
    EXPECT_EQ(l->kind, LookupKind::order_key);
    EXPECT_EQ(l->value, "8453:" + kLowerHash + ":7");
    EXPECT_EQ(to_string(l->kind), "order_key");
}

TEST(Lookup, AnythingElseIsRefused) {
    for (const auto& bad :
         std::vector<std::string>{"", "   ", "hello", "0x12", "0x" + std::string(63, 'a'),
                                  "8453:" + kHash, "8453:" + kHash + ":", ":" + kHash + ":1",
                                  "x:" + kHash + ":1", "8453:0x12:1", "8453:" + kHash + ":1:2",
                                  "-1:" + kHash + ":1", "8453:" + kHash + ":99999999999999999999"})
        EXPECT_FALSE(parse_lookup(bad)) << bad;
}
