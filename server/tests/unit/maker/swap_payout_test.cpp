// Bridge and swap, the maker's pure rules: which swap orders it takes, pay by swapping or refund
// at payout time, the executor call, and the delivered amount read from the Swapped event.
#include "maker/swap_payout.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "swap/calldata.hpp"
#include "swap/swapped_event.hpp"

using namespace perch;
using namespace perch::maker;
using chain::Address;
using chain::U256;

namespace {

Address addr(std::uint8_t tag) {
    Address a;
    a.bytes[0] = 0xaa;
    a.bytes[19] = tag;
    return a;
}

const Address kWeth = addr(1);
const Address kUsdc = addr(2);
const Address kExecutor = addr(9);

swap::Pool v2(std::uint8_t id, const Address& t0, const Address& t1, const U256& r0,
              const U256& r1) {
    Address pool = addr(id);
    pool.bytes[0] = 0xbb;
    return swap::Pool{pool, "uniswap-v2", t0, t1, swap::V2Pair{r0, r1}};
}

U256 units(const char* text, unsigned decimals) {
    return *U256::parse_units(text, decimals);
}

// 10,000 WETH against 30,000,000 USDC: about 2,990 USDC for 1 ETH after the 0.3 % fee.
swap::PoolSet pools() {
    swap::PoolSet set;
    EXPECT_TRUE(set.upsert(v2(1, kWeth, kUsdc, units("10000", 18), units("30000000", 6))).ok());
    return set;
}

chain::Result<swap::Quote> quote_eth_to_usdc(const char* eth) {
    swap::QuoteOptions options;
    options.wrapped_native = kWeth;
    auto set = pools();
    return swap::best_quote(set, Address{}, kUsdc, units(eth, 18), options);
}

}  // namespace

TEST(SwapPayout, OnlyASwapTheDeploymentOffersIsTaken) {
    swap::SwapDeployment deployment;
    swap::SwapToken usdc{kUsdc, "USDC", "USD Coin", 6};
    EXPECT_EQ(swap_order_refusal(42161, nullptr, nullptr, Address{}),
              "the bridge does not swap on chain 42161");
    EXPECT_EQ(swap_order_refusal(42161, &deployment, nullptr, Address{}),
              "the destination token is not one the bridge swaps to on chain 42161");
    EXPECT_EQ(swap_order_refusal(42161, &deployment, &usdc, kUsdc),
              "the destination token is the bridged token itself; bridge it without a swap");
    EXPECT_EQ(swap_order_refusal(42161, &deployment, &usdc, Address{}), "");
}

TEST(SwapPayout, PaysWhenThePoolsGiveTheMinimumAndRefundsWhenNot) {
    auto quote = quote_eth_to_usdc("1");
    ASSERT_TRUE(quote) << quote.error().message;
    EXPECT_GT(quote->amount_out, units("2980", 6));
    // At the minimum exactly, and below it: paid.
    EXPECT_TRUE(decide_swap_payout(quote, quote->amount_out, "USDC", 6, "ETH", 18).pay);
    EXPECT_TRUE(decide_swap_payout(quote, units("2900", 6), "USDC", 6, "ETH", 18).pay);
    // One base unit above what the pools give: refunded, saying both figures.
    auto above = *quote->amount_out.add(1);
    auto refused = decide_swap_payout(quote, above, "USDC", 6, "ETH", 18);
    EXPECT_FALSE(refused.pay);
    EXPECT_EQ(refused.reason, "the destination swap cannot deliver the minimum " +
                                  above.format_units(6) + " USDC: the pools give " +
                                  quote->amount_out.format_units(6) + " USDC for 1 ETH");
    // No route, or not enough liquidity: refunded too.
    auto none = decide_swap_payout(
        chain::Result<swap::Quote>(chain::make_error(chain::Errc::swap_no_route, "no path")),
        units("1", 18), "DAI", 18, "ETH", 18);
    EXPECT_FALSE(none.pay);
    EXPECT_EQ(
        none.reason,
        "the destination swap cannot deliver the minimum 1 DAI: no pool route from ETH to DAI");
    auto dry = decide_swap_payout(chain::Result<swap::Quote>(chain::make_error(
                                      chain::Errc::swap_insufficient_liquidity, "dry")),
                                  units("1", 6), "USDC", 6, "ETH", 18);
    EXPECT_FALSE(dry.pay);
    EXPECT_NE(dry.reason.find("the pools lack the liquidity"), std::string::npos) << dry.reason;
}

TEST(SwapPayout, TheExecutorCallSendsTheNativeAmountAndTheOrdersMinimum) {
    auto quote = quote_eth_to_usdc("1");
    ASSERT_TRUE(quote);
    auto min = units("2900", 6);
    auto recipient = addr(7);
    auto t = swap_transfer(kExecutor, *quote, min, recipient, 1'800'000'000);
    EXPECT_EQ(t.to, kExecutor);
    EXPECT_EQ(t.value, units("1", 18));
    EXPECT_EQ(t.data, swap::execute_calldata(*quote, min, recipient, 1'800'000'000));
    EXPECT_EQ(t.gas_limit, quote->gas_units * 2 + 100'000);
    // An ERC-20 in sends no value (the executor pulls it).
    auto usdc_in = *quote;
    usdc_in.token_in = kUsdc;
    EXPECT_TRUE(swap_transfer(kExecutor, usdc_in, min, recipient, 1).value.is_zero());
}

TEST(SwapPayout, TheDeliveredAmountIsTheExecutorsSwappedAmountOut) {
    auto event = *chain::abi::parse_event(perch::swap::kSwappedEvent);
    auto word = [](const U256& v) { return chain::to_hex(v.to_be_bytes32()).substr(2); };
    auto topic_of = [](const Address& a) {
        return "0x" + std::string(24, '0') + a.lower_hex().substr(2);
    };
    auto data = "0x" + word(U256()) + word(U256::from_be_bytes(kUsdc.bytes).value()) +
                word(units("1", 18)) + word(units("2991.5", 6));
    boost::json::object log{
        {"address", kExecutor.lower_hex()},
        {"topics", boost::json::array{event.topic().hex(), topic_of(addr(5)), topic_of(addr(7))}},
        {"data", data}};
    boost::json::object other = log;
    other["address"] = addr(8).lower_hex();  // a look-alike from another contract
    boost::json::object receipt{{"logs", boost::json::array{other, log}}};
    auto paid = swapped_amount(receipt, kExecutor);
    ASSERT_TRUE(paid);
    EXPECT_EQ(*paid, units("2991.5", 6));
    // The whole event, as the swap history records a user's swap.
    auto swapped = swap::swapped_in(receipt, kExecutor);
    ASSERT_TRUE(swapped);
    EXPECT_EQ(swapped->sender, addr(5));
    EXPECT_EQ(swapped->recipient, addr(7));
    EXPECT_TRUE(swapped->token_in.is_zero());
    EXPECT_EQ(swapped->token_out, kUsdc);
    EXPECT_EQ(swapped->amount_in, units("1", 18));
    boost::json::object plain{{"logs", boost::json::array{}}};
    EXPECT_FALSE(swapped_amount(plain, kExecutor));
}

TEST(SwapPayout, AnAmountThatDoesNotCoverTheSwapsGasIsRefundedSayingSo) {
    auto short_of_gas =
        decide_swap_payout(chain::Result<swap::Quote>(chain::make_error(
                               chain::Errc::swap_invalid_input,
                               "the bridged amount does not cover the destination swap's gas")),
                           units("1", 6), "USDC", 6, "ETH", 18);
    EXPECT_FALSE(short_of_gas.pay);
    EXPECT_EQ(short_of_gas.reason,
              "the destination swap cannot deliver the minimum 1 USDC: the bridged amount does not "
              "cover the destination swap's gas");
}

TEST(SwapPayout, ARevertedSwapsGasIsReadFromItsReceiptAndItsTokenFromItsCall) {
    boost::json::object receipt{{"status", "0x0"},
                                {"gasUsed", "0x2dc6c"},                // 187,500
                                {"effectiveGasPrice", "0x3b9aca00"}};  // 1 gwei
    EXPECT_EQ(burned_gas_wei(receipt), U256(187'500ULL * 1'000'000'000ULL));
    EXPECT_TRUE(burned_gas_wei(boost::json::object{{"gasUsed", "0x1"}}).is_zero());
    // On an OP-stack chain its L1 data fee was paid too.
    receipt["l1Fee"] = "0xff9ca94740";  // 1,097,845,000,000
    EXPECT_EQ(burned_gas_wei(receipt), U256(187'500ULL * 1'000'000'000ULL + 1'097'845'000'000ULL));

    auto quote = quote_eth_to_usdc("1");
    ASSERT_TRUE(quote);
    auto native_in = swap::execute_calldata(*quote, U256(1), addr(7), 1);
    EXPECT_EQ(swapped_token(native_in), Address{});
    auto usdc_in = *quote;
    usdc_in.token_in = kUsdc;
    EXPECT_EQ(swapped_token(swap::execute_calldata(usdc_in, U256(1), addr(7), 1)), kUsdc);
    // A plain transfer's calldata (ERC-20 transfer) is no executor call.
    chain::Bytes transfer{0xa9, 0x05, 0x9c, 0xbb};
    transfer.resize(68);
    EXPECT_FALSE(swapped_token(transfer));
    EXPECT_FALSE(swapped_token(chain::Bytes{}));
}

TEST(SwapPayout, TheRefundOfARevertedSwapKeepsBackBothGasesNeverBelowZero) {
    const auto deposit = units("0.05", 18);
    const auto refund_gas = units("0.0001", 18);
    const auto burned = units("0.0002", 18);
    EXPECT_EQ(refund_after_swap_gas(deposit, refund_gas, U256()), units("0.0499", 18));
    EXPECT_EQ(refund_after_swap_gas(deposit, refund_gas, burned), units("0.0497", 18));
    // Nothing left, or less than nothing: no refund (never a negative one, never an overflow).
    EXPECT_FALSE(refund_after_swap_gas(units("0.0003", 18), refund_gas, burned));
    EXPECT_FALSE(refund_after_swap_gas(units("0.0001", 18), refund_gas, burned));
    EXPECT_FALSE(refund_after_swap_gas(deposit, refund_gas, U256::max()));
    EXPECT_EQ(refund_after_swap_gas(units("0.0003", 18), refund_gas, U256(0)), units("0.0002", 18));
}
