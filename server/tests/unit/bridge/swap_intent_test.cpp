// Bridge and swap: the destination swap a deposit carries in its recipient, decoded strictly
// (bridge/swap_intent.hpp), and assess_deposit's refund of a malformed one.
#include "bridge/swap_intent.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "bridge/order.hpp"

using namespace perch::bridge;
using perch::chain::Address;
using perch::chain::U256;

namespace {

constexpr const char* kRecipient = "0x00000000000000000000000000000000000a11ce";
constexpr const char* kUsdc = "0xaf88d065e77c8cc2239327c5edb3a432268e5831";

std::string with(const std::string& suffix) {
    return std::string(kRecipient) + suffix;
}

}  // namespace

TEST(SwapIntent, APlainRecipientHasNoIntent) {
    auto p = parse_recipient(kRecipient);
    EXPECT_EQ(p.recipient, kRecipient);
    EXPECT_FALSE(p.intent);
    EXPECT_EQ(p.error, "");
    // Whatever a plain recipient is (a Solana address, or nonsense), it is passed on untouched:
    // assess_deposit judges it as before.
    EXPECT_EQ(parse_recipient("xyz").recipient, "xyz");
    EXPECT_EQ(parse_recipient("xyz").error, "");
}

TEST(SwapIntent, EncodesAndDecodesRoundTrip) {
    SwapIntent intent{*Address::from_hex(kUsdc), *U256::from_dec("4466677838")};
    auto text =
        encode_recipient(*Address::from_hex("0x00000000000000000000000000000000000A11CE"), intent);
    EXPECT_EQ(text, with(std::string("?token=") + kUsdc + "&min=4466677838"));
    auto p = parse_recipient(text);
    ASSERT_EQ(p.error, "");
    EXPECT_EQ(p.recipient, kRecipient);
    ASSERT_TRUE(p.intent);
    EXPECT_EQ(p.intent->token, intent.token);
    EXPECT_EQ(p.intent->min_out, intent.min_out);
    // Native ETH on the destination is the zero address; mixed case is read as an address.
    auto eth = parse_recipient(with("?token=0x0000000000000000000000000000000000000000&min=1"));
    ASSERT_TRUE(eth.intent) << eth.error;
    EXPECT_TRUE(eth.intent->token.is_zero());
    auto mixed = parse_recipient(
        "0x00000000000000000000000000000000000A11CE?token="
        "0xaf88d065e77c8cC2239327C5EDb3A432268e5831"  // EIP-55
        "&min=5");
    ASSERT_TRUE(mixed.intent) << mixed.error;
    EXPECT_EQ(mixed.recipient, kRecipient);  // the address to pay, lower case
    // The largest minimum that fits 256 bits.
    auto max = U256::from_dec(
        "115792089237316195423570985008687907853269984665640564039457584007913129639935");
    auto big = parse_recipient(with(std::string("?token=") + kUsdc + "&min=" + max->to_dec()));
    ASSERT_TRUE(big.intent) << big.error;
    EXPECT_EQ(big.intent->min_out, *max);
}

TEST(SwapIntent, MalformedSuffixesAreRefusedWithTheirReason) {
    const std::string token = std::string("token=") + kUsdc;
    struct Case {
        std::string text;
        std::string why;
    };
    for (const auto& [text, why] : std::vector<Case>{
             {"0x1234?" + token + "&min=1", "the recipient before '?': address must be 0x"},
             {"xyz?" + token + "&min=1", "the recipient before '?': address must be 0x"},
             {"0x0000000000000000000000000000000000000000?" + token + "&min=1",
              "the recipient before '?' is the zero address"},
             {with("?token=0xAF88d065e77c8cC2239327C5EDb3A432268e5831&min=1"),
              "'token': address has an invalid EIP-55 checksum"},
             {with("?"), "must start with 'token='"},
             {with("?min=1&" + token), "must start with 'token='"},
             {with("?token=0x12&min=1"), "'token' is not a 0x address"},
             {with("?token=0xzz88d065e77c8cc2239327c5edb3a432268e5831&min=1"),
              "'token' is not a 0x address"},
             {with("?" + token), "followed by '&min='"},
             {with("?" + token + "&amount=1"), "followed by '&min='"},
             {with("?" + token + "&min="), "'min' must be a whole number"},
             {with("?" + token + "&min=1.5"), "'min' must be a whole number"},
             {with("?" + token + "&min=-1"), "'min' must be a whole number"},
             {with("?" + token + "&min=1&x=2"), "'min' must be a whole number"},
             {with("?" + token + "&min=1?"), "'min' must be a whole number"},
             {with("?" + token + "&min= 1"), "'min' must be a whole number"},
             {with("?" + token + "&min=0"), "above zero"},
             {with("?" + token + "&min=007"), "leading zeros"},
             {with("?" + token +
                   "&min=115792089237316195423570985008687907853269984665640564039"
                   "457584007913129639936"),
              "does not fit 256 bits"},
             {with("?" + token + "&min=1&" + token + "&min=1"), "'min' must be a whole number"},
             // A Solana recipient asking its own amount out, as before firm quotes.
             {"7cVfgArCheMR6Cs4t6vz5rfnqd56vZq4ndaBrY5xkxXy?out=80701109",
              "an amount out ('?out=') is not accepted"},
         }) {
        auto p = parse_recipient(text);
        EXPECT_FALSE(p.intent) << text;
        EXPECT_NE(p.error.find(why), std::string::npos) << text << ": " << p.error;
        EXPECT_EQ(p.recipient, text) << "a malformed recipient is kept as deposited";
    }
}

TEST(SwapIntent, AssessDepositRefundsAMalformedSwapAndJudgesAWellFormedOneByItsAddress) {
    auto routes = parse_routes(boost::json::parse(R"({"routes": [
      {"token": "ETH", "decimals": 18, "chains": [8453, 42161], "enabled": true,
       "min": "0.001", "max": "5", "fee_tiers": [{"up_to": "", "bps": 10}],
       "dtc": {"default": "0.00005"}, "expected_seconds": {"default": 6}}]})"));
    Deposit d;
    d.src_chain_id = 8453;
    d.dst_chain_id = 42161;
    d.amount = *U256::parse_units("1", 18);
    d.recipient = with(std::string("?token=") + kUsdc + "&min=0");
    auto refused = assess_deposit(routes, d, DepositToken{"ETH", 18}, true);
    EXPECT_FALSE(refused.pay);
    EXPECT_EQ(refused.reason,
              "the destination swap in the recipient is malformed: 'min' must be above zero");
    d.recipient = with(std::string("?token=") + kUsdc + "&min=1000");
    auto paid = assess_deposit(routes, d, DepositToken{"ETH", 18}, true);
    EXPECT_TRUE(paid.pay) << paid.reason;
    EXPECT_EQ(paid.receive_amount, *U256::parse_units("0.99895", 18));
}
