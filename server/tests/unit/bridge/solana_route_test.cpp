// Solana as a bridge chain (docs/solana.md), the pure parts: the deposit memo, Solana addresses,
// cross-asset pricing (SOL <-> ETH), the quote of such a route and the recipient checks of the
// maker's pay-or-refund (firm quotes themselves: firm_quote_test.cpp).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "bridge/cross_price.hpp"
#include "bridge/order.hpp"
#include "bridge/quote.hpp"
#include "bridge/solana_address.hpp"
#include "bridge/solana_bridge.hpp"
#include "bridge/solana_memo.hpp"
#include "bridge/swap_intent.hpp"
#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch::bridge;
using perch::chain::U256;

namespace {

constexpr std::int64_t kSolana = 83797601;
constexpr const char* kSolRecipient = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
constexpr const char* kEvmRecipient = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
constexpr const char* kQuoteId = "q0123456789abcdef01234567";

RouteTable committed_routes() {
    std::ifstream in(std::string(perch::test::config_dir()) + "/routes.json");
    std::stringstream buf;
    buf << in.rdbuf();
    return parse_routes(boost::json::parse(buf.str()));
}

U256 units(const char* text, unsigned decimals) {
    return *U256::parse_units(text, decimals);
}

}  // namespace

TEST(SolanaMemo, ParsesTheVersionOneFormat) {
    auto p = parse_deposit_memo(std::string("perch:1:8453:") + kEvmRecipient + ":7");
    ASSERT_TRUE(p.memo) << p.error;
    EXPECT_EQ(p.memo->dst_chain_id, 8453);
    EXPECT_EQ(p.memo->recipient, kEvmRecipient);  // as typed: EIP-55 kept
    EXPECT_EQ(p.memo->channel, 7);
    EXPECT_EQ(p.memo->quote_id, "");

    auto cross = parse_deposit_memo(std::string("perch:1:1:") + kEvmRecipient + ":0:" + kQuoteId);
    ASSERT_TRUE(cross.memo) << cross.error;
    EXPECT_EQ(cross.memo->quote_id, kQuoteId);
    EXPECT_EQ(format_deposit_memo(*cross.memo),
              std::string("perch:1:1:") + kEvmRecipient + ":0:" + kQuoteId);
    // The sixth field is a quote id, never an amount the depositor writes.
    EXPECT_EQ(
        parse_deposit_memo(std::string("perch:1:1:") + kEvmRecipient + ":0:49850000000").error,
        "the memo's sixth field is not a quote id");
    EXPECT_EQ(format_deposit_memo(*p.memo), std::string("perch:1:8453:") + kEvmRecipient + ":7");
}

TEST(SolanaMemo, RefusesAnythingElseWithAReason) {
    auto error = [](const std::string& text) { return parse_deposit_memo(text).error; };
    EXPECT_EQ(error("hello"), "the memo does not start with 'perch:'");
    EXPECT_EQ(error("perch:2:1:x:0"), "the memo's version is not 1 (perch:1:...)");
    EXPECT_NE(error("perch:1:1:x"), "");                       // no channel
    EXPECT_NE(error("perch:1:1:x:0:5:6"), "");                 // too many fields
    EXPECT_NE(error("perch:1::x:0"), "");                      // empty chain id
    EXPECT_NE(error("perch:1:01:x:0"), "");                    // leading zero
    EXPECT_NE(error("perch:1:0:x:0"), "");                     // chain 0
    EXPECT_NE(error("perch:1:-1:x:0"), "");                    // sign
    EXPECT_NE(error("perch:1:99999999999999999999:x:0"), "");  // beyond int64
    EXPECT_EQ(error("perch:1:1::0"), "the memo has no recipient");
    EXPECT_NE(error("perch:1:1:a b:0"), "");    // whitespace
    EXPECT_NE(error("perch:1:1:x:zero"), "");   // channel not a number
    EXPECT_NE(error("perch:1:1:x:0:0"), "");    // a zero quoted amount
    EXPECT_NE(error("perch:1:1:x:0:1.5"), "");  // not whole
    EXPECT_NE(error(std::string("perch:1:1:") + std::string(300, 'a') + ":0"), "");
    EXPECT_FALSE(parse_deposit_memo(" perch:1:1:x:0").memo);  // nothing around it either
}

TEST(SolanaAddress, Base58OfExactly32Bytes) {
    EXPECT_TRUE(is_solana_address("11111111111111111111111111111111"));  // 32 zero bytes
    EXPECT_TRUE(is_solana_address(kSolRecipient));
    EXPECT_TRUE(is_solana_address("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"));
    EXPECT_FALSE(is_solana_address("1111111111111111111111111111111"));              // 31 bytes
    EXPECT_FALSE(is_solana_address(std::string(44, 'z')));                           // 33 bytes
    EXPECT_FALSE(is_solana_address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0"));  // '0'
    EXPECT_FALSE(is_solana_address("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5Dl"));  // 'l'
    EXPECT_FALSE(is_solana_address(kEvmRecipient));
    EXPECT_FALSE(is_solana_address(""));
}

TEST(CrossPrice, ConvertsAtUsdPricesRoundingDown) {
    // 1 SOL at 150 USD is 0.05 ETH at 3000 USD.
    EXPECT_EQ(convert_amount(units("1", 9), 9, 150, 18, 3000), units("0.05", 18));
    EXPECT_EQ(convert_amount(units("0.05", 18), 18, 3000, 9, 150), units("1", 9));
    // One base unit of SOL is 5e7 wei; a third of a lamport is rounded down to 0.
    EXPECT_EQ(convert_amount(U256(1), 9, 150, 18, 3000), U256(50000000));
    EXPECT_EQ(convert_amount(U256(1), 18, 1, 9, 3), U256(0));
    EXPECT_FALSE(convert_amount(U256(1), 9, 0, 18, 3000));        // no price
    EXPECT_FALSE(convert_amount(U256(1), 9, -1, 18, 3000));       // junk
    EXPECT_FALSE(convert_amount(U256(1), 9, 150, 18, 1e300));     // junk
    EXPECT_FALSE(convert_amount(U256::max(), 9, 150, 18, 3000));  // overflow is refused
}

TEST(SolanaRoutes, UsdcBetweenSolanaAndEvmIsSixDecimalsBothSides) {
    auto table = committed_routes();
    for (std::int64_t evm : {1, 8453, 42161}) {
        const auto* to = table.find("USDC", evm, kSolana);
        const auto* from = table.find("USDC", kSolana, evm);
        ASSERT_TRUE(to && from) << evm;
        EXPECT_FALSE(to->cross());
        EXPECT_EQ(to->decimals, 6U);
    }
    auto q = make_quote(table, QuoteRequest{8453, kSolana, "USDC", units("100", 6)},
                        units("1000000", 6), 0);
    ASSERT_TRUE(q.quote) << q.refusal->message;
    EXPECT_EQ(q.quote->dtc, units("0.5", 6));
    EXPECT_EQ(q.quote->receive_amount, units("99.4", 6));  // 100 - 0.1 % - 0.5
    EXPECT_EQ(q.quote->receive_token, "USDC");
    auto back = make_quote(table, QuoteRequest{kSolana, 8453, "USDC", units("100", 6)},
                           units("1000000", 6), 0);
    ASSERT_TRUE(back.quote);
    EXPECT_EQ(back.quote->expected_seconds, 15U);
    // ETH has no same-token route to Solana, SOL none to an EVM chain: those are cross routes.
    EXPECT_TRUE(table.find("ETH", 1, kSolana)->cross());
    EXPECT_TRUE(table.find("SOL", kSolana, 8453)->cross());
    EXPECT_FALSE(table.find("SOL", kSolana, 1868));  // not among its to_chains
    EXPECT_FALSE(table.find("SOL", 8453, kSolana));  // one direction per entry
    EXPECT_FALSE(table.find("ETH", 1, 8453)->cross());
}

TEST(SolanaRoutes, CrossQuoteFixesTheAmountOut) {
    auto table = committed_routes();
    QuoteRequest sol_to_eth{kSolana, 8453, "SOL", units("10", 9), 150, 3000};
    auto q = make_quote(table, sol_to_eth, units("1000", 18), 1000);
    ASSERT_TRUE(q.quote) << q.refusal->message;
    EXPECT_TRUE(q.quote->cross);
    EXPECT_EQ(q.quote->receive_token, "ETH");
    EXPECT_EQ(q.quote->receive_decimals, 18U);
    EXPECT_EQ(q.quote->bps, 10U);
    EXPECT_EQ(q.quote->bridge_fee, units("0.01", 9));  // 10 bps of 10 SOL
    EXPECT_EQ(q.quote->dtc, units("0.00005", 18));
    // 9.99 SOL × 150 / 3000 = 0.4995 ETH, less 0.00005 ETH.
    EXPECT_EQ(q.quote->receive_amount, units("0.49945", 18));
    EXPECT_EQ(q.quote->price_tolerance_bps, 100U);
    EXPECT_EQ(q.quote->expires_at, 1060);

    // ETH -> SOL: 1 ETH, 8 bps, at 3000 / 150 = 19.984 SOL, less 0.00001 SOL.
    QuoteRequest eth_to_sol{42161, kSolana, "ETH", units("1", 18), 3000, 150};
    auto r = make_quote(table, eth_to_sol, units("1000", 9), 0);
    ASSERT_TRUE(r.quote) << r.refusal->message;
    EXPECT_EQ(r.quote->receive_amount, units("19.98399", 9));
    // The max is bounded by the maker's SOL, in ETH: 10 SOL is 0.5 ETH.
    auto dry = make_quote(table, eth_to_sol, units("10", 9), 0);
    ASSERT_TRUE(dry.refusal);
    EXPECT_EQ(dry.refusal->reason, QuoteRefusal::Reason::no_liquidity);
    auto small = make_quote(table, QuoteRequest{42161, kSolana, "ETH", units("0.1", 18), 3000, 150},
                            units("10", 9), 0);
    ASSERT_TRUE(small.quote);
    EXPECT_EQ(small.quote->max, units("0.5", 18));

    QuoteRequest unpriced{kSolana, 8453, "SOL", units("10", 9), 0, 3000};
    auto none = make_quote(table, unpriced, units("1000", 18), 0);
    ASSERT_TRUE(none.refusal);
    EXPECT_EQ(none.refusal->reason, QuoteRefusal::Reason::no_price);
    auto below = make_quote(table, QuoteRequest{kSolana, 8453, "SOL", units("0.01", 9), 150, 3000},
                            units("1000", 18), 0);
    ASSERT_TRUE(below.refusal);
    EXPECT_EQ(below.refusal->message, "the minimum is 0.05 SOL");
}

TEST(SolanaRoutes, CrossRoutesLiveInTheirOwnList) {
    auto parse = [](const char* text) { return parse_routes(boost::json::parse(text)); };
    const char* kCross = R"({"token": "SOL", "decimals": 9, "chains": [83797601],
      "to_token": "ETH", "to_decimals": 18, "to_chains": [1], "price_tolerance_bps": 100,
      "enabled": true, "min": "1", "max": "2", "fee_tiers": [{"up_to": "", "bps": 1}],
      "dtc": {"default": "0.1"}, "expected_seconds": {"default": 6}})";
    EXPECT_NO_THROW(
        parse((std::string(R"({"routes": [], "cross_routes": [)") + kCross + "]}").c_str()));
    EXPECT_THROW(parse((std::string(R"({"routes": [)") + kCross + "]}").c_str()),
                 perch::ConfigError);
    std::string bad_tolerance(kCross);
    bad_tolerance.replace(bad_tolerance.find("100"), 3, "20000");
    EXPECT_THROW(parse((R"({"routes": [], "cross_routes": [)" + bad_tolerance + "]}").c_str()),
                 perch::ConfigError);
}

TEST(SolanaRoutes, RecipientsAreCheckedAgainstTheDestination) {
    auto table = committed_routes();
    Deposit d;
    d.src_chain_id = 8453;
    d.dst_chain_id = kSolana;
    d.amount = units("100", 6);
    d.recipient = kSolRecipient;
    const DepositToken usdc{"USDC", 6};
    auto ok = assess_deposit(table, d, usdc, Destination::solana);
    ASSERT_TRUE(ok.pay) << ok.reason;
    EXPECT_EQ(ok.receive_amount, units("99.4", 6));
    d.recipient = kEvmRecipient;
    auto evm = assess_deposit(table, d, usdc, Destination::solana);
    EXPECT_FALSE(evm.pay);
    EXPECT_NE(evm.reason.find("is not an address on the destination network"), std::string::npos);
    d.recipient = encode_quoted_recipient(kSolRecipient, kQuoteId);  // a quote, same-token route
    EXPECT_FALSE(assess_deposit(table, d, usdc, Destination::solana).pay);

    // ETH -> SOL names its quote in the recipient text of Depositor.deposit.
    auto parsed = parse_recipient(encode_quoted_recipient(kSolRecipient, kQuoteId));
    EXPECT_EQ(parsed.recipient, kSolRecipient);
    EXPECT_EQ(parsed.quote_id, kQuoteId);
    EXPECT_NE(parse_recipient(std::string(kSolRecipient) + "?quote=Q0123").error, "");
    EXPECT_NE(parse_recipient(std::string(kSolRecipient) + "?quote=").error, "");
    EXPECT_NE(parse_recipient(std::string("?quote=") + kQuoteId).error, "");
    // The old form, an amount the depositor chose, is no longer a recipient suffix.
    EXPECT_NE(parse_recipient(std::string(kSolRecipient) + "?out=5").error, "");
}

TEST(SolanaRoutes, SettingsComeFromTheProfileWithTheConfigOverIt) {
    auto profile = boost::json::parse(R"({"solana": {"port": 8899,
        "maker": "E2LBLo8BZmp8Ss14HZimfnkwxeS6Xyda1aSfyc4HViuL",
        "usdc_mint": "nJYdxk4fjZxDcWvko18K4SLKdhvAJKV7S5mP4tT8114",
        "maker_key_file": "devnet/solana-maker.key"}})");
    perch::SolanaSettings config;
    auto s = solana_bridge_settings(&profile, config);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->rpc_url, "http://127.0.0.1:8899");
    EXPECT_EQ(s->maker.to_base58(), "E2LBLo8BZmp8Ss14HZimfnkwxeS6Xyda1aSfyc4HViuL");
    EXPECT_EQ(s->maker_key_file, "devnet/solana-maker.key");
    EXPECT_EQ(s->commitment, perch::chain::solana::Commitment::finalized);
    config.rpc_url = "http://10.0.0.1:9000";
    config.commitment = "confirmed";
    config.maker_key_file = "/etc/perch/solana.key";
    s = solana_bridge_settings(&profile, config);
    EXPECT_EQ(s->rpc_url, "http://10.0.0.1:9000");
    EXPECT_EQ(s->commitment, perch::chain::solana::Commitment::confirmed);
    EXPECT_EQ(s->maker_key_file, "/etc/perch/solana.key");
    // No Solana node named: not bridged. A malformed address: a ConfigError naming it.
    EXPECT_FALSE(solana_bridge_settings(nullptr, {}));
    auto bad = boost::json::parse(R"({"solana": {"port": 1, "maker": "0xabc", "usdc_mint": "x"}})");
    EXPECT_THROW(solana_bridge_settings(&bad, {}), perch::ConfigError);
}
