// The pure parts of address names: EIP-137 namehash, the reverse node, which names are shown, the
// calls of each step and the reading of their answers. Vectors from EIP-137 and viem 2.57.
#include "names/ens.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace names = perch::names;
namespace json = boost::json;
using perch::chain::Address;
using perch::chain::rpc::Reply;
using perch::chain::rpc::RpcError;

namespace {

Address address(std::string_view hex) {
    return *Address::from_hex(hex);
}

Reply result(std::string hex) {
    return Reply{json::string(hex), std::nullopt};
}

std::string word(std::string_view hex_without_0x) {  // left-padded to 32 bytes
    return std::string(64 - hex_without_0x.size(), '0') + std::string(hex_without_0x);
}

}  // namespace

TEST(Names, NamehashMatchesEip137AndViem) {
    EXPECT_EQ(names::namehash("").hex(), "0x" + std::string(64, '0'));
    EXPECT_EQ(names::namehash("eth").hex(),
              "0x93cdeb708b7545dc668eb9280176169d1c33cfd8ed6f04690a0bcc88a93fc4ae");
    EXPECT_EQ(names::namehash("foo.eth").hex(),
              "0xde9b09fd7c5f901e23a3f19fecc54828e9c848539801e86591bd9801b019f84f");
    EXPECT_EQ(names::namehash("perch-demo.eth").hex(),
              "0x30695768002abbfcdd009e37a283479be39881bf58fbbf2432754bbcc859f3a6");
}

TEST(Names, ReverseNodeIsTheLowerCaseHexUnderAddrReverse) {
    auto user = address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    EXPECT_EQ(names::reverse_name(user), "3c44cdddb6a900fa2b585dd299e03d12fa4293bc.addr.reverse");
    EXPECT_EQ(names::reverse_node(user).hex(),
              "0x79c28201d2a1bfe6ce2b93152486b2950f5803f962642f1c46c6543761058bf0");
}

TEST(Names, OnlyPlainLowerCaseAsciiNamesAreShown) {
    for (auto ok : {"alice.eth", "perch-demo.eth", "a1.b2.eth", "_dev.eth", "__x.eth", "eth",
                    "x-y-z.eth", "0x.eth"}) {
        EXPECT_TRUE(names::is_plain_name(ok)) << ok;
    }
    for (auto bad : {"", "Alice.eth", "ALICE.ETH", "alice.eth.", ".eth", "alice..eth", "al ice.eth",
                     "a_b.eth", "ab--cd.eth", "xn--80ak6aa92e.eth", "alice.eth\n", "alice/eth",
                     "\xd0\xb0lice.eth" /* Cyrillic a */, "vitalik\xe2\x80\x8b.eth" /* ZWSP */}) {
        EXPECT_FALSE(names::is_plain_name(bad)) << bad;
    }
    EXPECT_TRUE(names::is_plain_name(std::string(251, 'a') + ".eth"));   // 255 bytes
    EXPECT_FALSE(names::is_plain_name(std::string(252, 'a') + ".eth"));  // 256
}

TEST(Names, CallsUseEnsSelectorsWithTheNode) {
    auto registry = address("0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e");
    auto node = names::namehash("eth");
    auto call = names::resolver_call(registry, node);
    EXPECT_EQ(call.method, "eth_call");
    EXPECT_EQ(call.params.at(0).at("to").as_string(), "0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e");
    EXPECT_EQ(call.params.at(0).at("data").as_string(), "0x0178b8bf" + node.hex().substr(2));
    EXPECT_EQ(call.params.at(1).as_string(), "latest");
    EXPECT_EQ(names::name_call(registry, node).params.at(0).at("data").as_string(),
              "0x691f3431" + node.hex().substr(2));
    EXPECT_EQ(names::addr_call(registry, node).params.at(0).at("data").as_string(),
              "0x3b3b57de" + node.hex().substr(2));
}

TEST(Names, AddressAnswersAreCheckedWords) {
    auto user = address("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
    EXPECT_EQ(
        names::address_answer(result("0x" + word("3c44cdddb6a900fa2b585dd299e03d12fa4293bc"))),
        user);
    EXPECT_FALSE(names::address_answer(result("0x" + word(""))));  // the zero address: no record
    EXPECT_FALSE(names::address_answer(result("0x")));             // no code at the address
    EXPECT_FALSE(names::address_answer(
        result("0x01" + word("3c44cdddb6a900fa2b585dd299e03d12fa4293bc").substr(2))));
    EXPECT_FALSE(names::address_answer(result("0xzz")));
    EXPECT_FALSE(names::address_answer(
        Reply{nullptr, RpcError(RpcError::Kind::rpc, "execution reverted", 3)}));
}

TEST(Names, StringAnswersAreAbiStrings) {
    auto encoded =
        "0x0000000000000000000000000000000000000000000000000000000000000020"
        "000000000000000000000000000000000000000000000000000000000000000e"
        "70657263682d64656d6f2e657468000000000000000000000000000000000000";
    EXPECT_EQ(names::string_answer(result(encoded)), "perch-demo.eth");
    EXPECT_FALSE(names::string_answer(result("0x" + word("20") + word("0"))));  // ""
    EXPECT_FALSE(names::string_answer(result("0x")));
    EXPECT_FALSE(names::string_answer(result("0x" + word("20") + word("ff"))));  // too short
    EXPECT_FALSE(names::string_answer(Reply{nullptr, RpcError(RpcError::Kind::rpc, "reverted")}));
}
