// Firm quotes of cross-asset routes (bridge/firm_quote.hpp): the EIP-712 digest an integrator
// recomputes (pinned to viem's hashTypedData), and the maker's rule: pay exactly the stored quote
// when the deposit matches it and was included in time, refund anything else with the reason.
#include "bridge/firm_quote.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "bridge/order.hpp"
#include "bridge/swap_intent.hpp"
#include "chain/hex.hpp"
#include "test_paths.hpp"

using namespace perch::bridge;
using perch::chain::PrivateKey;
using perch::chain::U256;

namespace {

constexpr std::int64_t kSolana = 83797601;
constexpr const char* kSolRecipient = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
// Hardhat's account #1 (the devnet maker): a fixed key whose signature viem also computed.
constexpr const char* kKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

RouteTable committed_routes() {
    std::ifstream in(std::string(perch::test::config_dir()) + "/routes.json");
    std::stringstream buf;
    buf << in.rdbuf();
    return parse_routes(boost::json::parse(buf.str()));
}

FirmQuote eth_to_sol() {
    return FirmQuote{"q0123456789abcdef01234567",
                     42161,
                     kSolana,
                     "ETH",
                     *U256::parse_units("1", 18),
                     kSolRecipient,
                     "SOL",
                     U256(19983990000ULL),
                     0,
                     1800000000,
                     1800000120,
                     {}};
}

Deposit deposit_naming(const FirmQuote& q) {
    Deposit d;
    d.src_chain_id = q.from_chain;
    d.dst_chain_id = q.to_chain;
    d.amount = q.amount;
    d.channel = q.channel;
    d.recipient = encode_quoted_recipient(q.recipient, q.id);
    return d;
}

}  // namespace

TEST(FirmQuote, DigestIsViemsHashTypedData) {
    // viem: hashTypedData({domain: {name: "Perch Quote", version: "1"}, types: {Quote: [...]},
    // primaryType: "Quote", message: eth_to_sol()}) (docs/solana.md "Firm quotes").
    EXPECT_EQ(quote_digest(eth_to_sol()).hex(),
              "0x5963c94a839d69a6bdf51a57ddbd67ba8dd8033859dde675428f1ce824505e7c");
    auto q = eth_to_sol();
    auto key = PrivateKey::from_hex(kKey);
    ASSERT_TRUE(key);
    sign_quote(q, *key);
    EXPECT_EQ(q.signature,
              "0xee20f825ca8fdf23422e39106307ec3646e748f25d7ca8bc003bca97988b87bb302be992fcbcdc5e1"
              "95a1eb3b3cbee750173314c8e5818e115f0d70a9f91bdcf1c");
    EXPECT_EQ(quote_signer(q), key->address());
    q.receive_amount = U256(19983990001ULL);  // tampered: another signer recovers
    EXPECT_NE(quote_signer(q), key->address());
}

TEST(FirmQuote, IdsAreStrict) {
    EXPECT_TRUE(is_quote_id("q0123456789abcdef01234567"));
    EXPECT_FALSE(is_quote_id("q0123456789ABCDEF01234567"));
    EXPECT_FALSE(is_quote_id("q0123456789abcdef0123456"));
    EXPECT_FALSE(is_quote_id("x0123456789abcdef01234567"));
    EXPECT_FALSE(is_quote_id("19983990000"));
}

TEST(FirmQuote, AMatchingDepositInTimeIsPaidExactlyTheQuote) {
    auto table = committed_routes();
    auto q = eth_to_sol();
    auto paid = assess_deposit(table, deposit_naming(q), DepositToken{"ETH", 18},
                               Destination::solana, NamedQuote{q, q.expires_at});
    ASSERT_TRUE(paid.pay) << paid.reason;
    EXPECT_EQ(paid.receive_amount, q.receive_amount);
    EXPECT_EQ(paid.fee, *U256::parse_units("0.0008", 18));  // 8 bps of 1 ETH
}

TEST(FirmQuote, AnythingElseIsRefundedWithTheReason) {
    auto table = committed_routes();
    const DepositToken eth{"ETH", 18};
    auto q = eth_to_sol();
    auto reason = [&](const Deposit& d, const NamedQuote& named) {
        auto a = assess_deposit(table, d, eth, Destination::solana, named);
        EXPECT_FALSE(a.pay);
        EXPECT_TRUE(a.refundable);
        return a.reason;
    };
    auto d = deposit_naming(q);
    EXPECT_EQ(reason(d, {std::nullopt, q.issued_at}),
              "the deposit names quote q0123456789abcdef01234567, which this bridge never issued");
    EXPECT_NE(reason(d, {q, q.expires_at + 1}).find("had expired when the deposit was included"),
              std::string::npos);
    EXPECT_NE(reason(d, {q, 0}).find("block time is unknown"), std::string::npos);
    auto more = d;
    more.amount = *U256::parse_units("2", 18);
    EXPECT_NE(reason(more, {q, q.issued_at}).find("its amount is 2000000000000000000"),
              std::string::npos);
    auto elsewhere = d;
    elsewhere.recipient = encode_quoted_recipient("11111111111111111111111111111111", q.id);
    EXPECT_NE(reason(elsewhere, {q, q.issued_at}).find("its recipient is"), std::string::npos);
    auto other_chain = d;
    other_chain.src_chain_id = 8453;
    EXPECT_NE(reason(other_chain, {q, q.issued_at}).find("its route is 8453"), std::string::npos);
    auto channel = d;
    channel.channel = 3;
    EXPECT_NE(reason(channel, {q, q.issued_at}).find("its channel is 3"), std::string::npos);
    // No quote named at all: the depositor cannot pick the amount either.
    auto bare = d;
    bare.recipient = kSolRecipient;
    EXPECT_NE(reason(bare, {q, q.issued_at}).find("names no quote"), std::string::npos);
}
