// What a bridge-and-swap charges for its destination swap's gas: the route's gas at the gas
// price, in the bridged token (the native coin 1:1, a token at the pools' price of the native
// coin), taken from the amount before it is swapped.
#include "swap/swap_gas.hpp"

#include <gtest/gtest.h>

using namespace perch;
using namespace perch::swap;
using chain::Address;
using chain::U256;

namespace {

const Address kWeth = *Address::from_hex("0xaa00000000000000000000000000000000000001");
const Address kUsdc = *Address::from_hex("0xaa00000000000000000000000000000000000002");
const Address kDai = *Address::from_hex("0xaa00000000000000000000000000000000000003");

U256 units(const char* text, unsigned decimals) {
    return *U256::parse_units(text, decimals);
}

// A V2 pair at 0xbb..<id> with its reserves.
Pool v2(char id, const Address& t0, const Address& t1, const char* r0, const char* r1, unsigned d0,
        unsigned d1) {
    auto pool = *Address::from_hex(std::string("0xbb0000000000000000000000000000000000000") + id);
    return Pool{pool, "uniswap-v2", t0, t1, V2Pair{units(r0, d0), units(r1, d1)}};
}

// 10,000 WETH against 30,000,000 USDC (about 3,000 USDC an ETH), and a USDC/DAI pool.
PoolSet pools() {
    PoolSet set;
    EXPECT_TRUE(set.upsert(v2('1', kWeth, kUsdc, "10000", "30000000", 18, 6)).ok());
    EXPECT_TRUE(set.upsert(v2('2', kUsdc, kDai, "1000000", "1000000", 6, 18)).ok());
    return set;
}

QuoteOptions at_gwei(std::uint64_t gwei) {
    QuoteOptions options;
    options.wrapped_native = kWeth;
    options.gas_price_wei = U256(gwei * 1'000'000'000ULL);
    return options;
}

}  // namespace

TEST(SwapGas, NativeGasIsChargedOneToOneAndATokenAtThePoolsPrice) {
    auto set = pools();
    auto options = at_gwei(1);
    const U256 gas_wei = units("0.001", 18);
    EXPECT_EQ(gas_in_token(gas_wei, native_rate(set, Address{}, options)), gas_wei);
    EXPECT_EQ(gas_in_token(gas_wei, native_rate(set, kWeth, options)), gas_wei);
    // 0.001 ETH is about 3 USDC: the rate is what selling 1 WETH gives (fee and impact included).
    auto rate = native_rate(set, kUsdc, options);
    ASSERT_TRUE(rate.has_value());
    auto usdc = gas_in_token(gas_wei, rate);
    EXPECT_GT(usdc, units("2.95", 6));
    EXPECT_LT(usdc, units("3", 6));
    EXPECT_EQ(usdc, *(*gas_wei.mul(rate->token_out)).div(rate->native_in));
}

TEST(SwapGas, GasNoPoolPricesIsNotCharged) {
    PoolSet set;
    EXPECT_TRUE(set.upsert(v2('2', kUsdc, kDai, "1000000", "1000000", 6, 18)).ok());
    auto rate = native_rate(set, kUsdc, at_gwei(1));
    EXPECT_FALSE(rate.has_value());
    EXPECT_TRUE(gas_in_token(units("0.001", 18), rate).is_zero());
    EXPECT_TRUE(gas_in_token(units("0.001", 18), NativeRate{U256(), U256(5)}).is_zero());
}

TEST(SwapGas, TheSwapIsQuotedOnTheAmountLessItsGas) {
    auto set = pools();
    auto options = at_gwei(2);
    const auto amount = units("1", 18);
    auto charged = quote_after_gas(set, Address{}, kDai, amount, options);
    ASSERT_TRUE(charged.ok()) << charged.error().message;
    // Two V2 hops: the router's estimate for the route, at 2 gwei, in ETH.
    auto whole = best_quote(set, Address{}, kDai, amount, options);
    ASSERT_TRUE(whole.ok());
    EXPECT_EQ(charged->gas_units, whole->gas_units);
    EXPECT_EQ(charged->gas_fee, U256(whole->gas_units * 2'000'000'000ULL));
    EXPECT_EQ(charged->gas_price_wei, options.gas_price_wei);
    EXPECT_EQ(charged->quote.amount_in, *amount.sub(charged->gas_fee));
    EXPECT_LT(charged->quote.amount_out, whole->amount_out);

    // From USDC the gas is charged in USDC at the pools' price of ETH.
    auto from_usdc = quote_after_gas(set, kUsdc, kDai, units("1000", 6), options);
    ASSERT_TRUE(from_usdc.ok());
    auto wei = U256(from_usdc->gas_units * 2'000'000'000ULL);
    EXPECT_EQ(from_usdc->gas_fee, gas_in_token(wei, native_rate(set, kUsdc, options)));
    EXPECT_EQ(from_usdc->quote.amount_in, *units("1000", 6).sub(from_usdc->gas_fee));

    // A zero gas price charges nothing: the quote is the router's for the whole amount.
    auto free = quote_after_gas(set, Address{}, kDai, amount, at_gwei(0));
    ASSERT_TRUE(free.ok());
    EXPECT_TRUE(free->gas_fee.is_zero());
    EXPECT_EQ(free->quote.amount_in, amount);
}

TEST(SwapGas, AnAmountThatDoesNotCoverTheGasIsRefused) {
    auto set = pools();
    // 110,000 gas at 1,000 gwei is 0.11 ETH: more than the 0.1 ETH bridged.
    auto charged = quote_after_gas(set, Address{}, kUsdc, units("0.1", 18), at_gwei(1000));
    ASSERT_FALSE(charged.ok());
    EXPECT_EQ(charged.error().code, chain::Errc::swap_invalid_input);
    EXPECT_NE(charged.error().message.find("does not cover"), std::string::npos);
}
