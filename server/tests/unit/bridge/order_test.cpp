// The maker's pure rules: order states, pay-or-refund of a confirmed deposit, fee bumps, the
// transactions it signs and what a refund returns.
#include "bridge/order.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/erc20.hpp"
#include "chain/signer.hpp"

using namespace perch::bridge;
using perch::chain::Address;
using perch::chain::U256;

namespace {

RouteTable routes() {
    return parse_routes(boost::json::parse(R"({"routes": [
      {"token": "ETH", "decimals": 18, "chains": [1, 8453, 42161], "enabled": true,
       "min": "0.001", "max": "5", "fee_tiers": [{"up_to": "", "bps": 10}],
       "dtc": {"1": "0.0015", "default": "0.00005"}, "expected_seconds": {"default": 6},
       "large_from": "2"},
      {"token": "USDT", "decimals": 6, "chains": [1, 8453], "enabled": false,
       "min": "1", "max": "100", "fee_tiers": [{"up_to": "", "bps": 10}],
       "dtc": {"default": "0.2"}, "expected_seconds": {"default": 6}}]})"));
}

Deposit eth_deposit(const char* amount, std::int64_t dst = 42161,
                    std::string recipient = "0x00000000000000000000000000000000000a11ce") {
    Deposit d;
    d.src_chain_id = 8453;
    d.dst_chain_id = dst;
    d.amount = *U256::parse_units(amount, 18);
    d.recipient = std::move(recipient);
    return d;
}

const DepositToken kEth{"ETH", 18};

}  // namespace

TEST(OrderState, NamesRoundTripAndFinalStates) {
    for (auto s : {OrderState::confirming, OrderState::queued, OrderState::paying,
                   OrderState::completed, OrderState::refunding, OrderState::refunded,
                   OrderState::failed, OrderState::dropped, OrderState::rejected}) {
        EXPECT_EQ(parse_order_state(to_string(s)), s);
    }
    EXPECT_FALSE(parse_order_state("lost"));
    EXPECT_TRUE(is_final(OrderState::completed));
    EXPECT_TRUE(is_final(OrderState::refunded));
    EXPECT_FALSE(is_final(OrderState::dropped));  // revived if the deposit is mined again
    EXPECT_FALSE(is_final(OrderState::paying));
    EXPECT_FALSE(is_final(OrderState::refunding));
    EXPECT_TRUE(is_final(OrderState::rejected));  // an unlisted token: never refunded
}

TEST(AssessDeposit, PaysAmountMinusBridgeFeeAndDestinationCost) {
    auto a = assess_deposit(routes(), eth_deposit("1"), kEth, true);
    ASSERT_TRUE(a.pay) << a.reason;
    // 10 bps of 1 ETH = 0.001, plus 0.00005 DTC on 42161.
    EXPECT_EQ(a.fee, *U256::parse_units("0.00105", 18));
    EXPECT_EQ(a.receive_amount, *U256::parse_units("0.99895", 18));
    EXPECT_TRUE(a.reason.empty());
}

TEST(AssessDeposit, RefundsWithTheReason) {
    auto below = assess_deposit(routes(), eth_deposit("0.0005"), kEth, true);
    EXPECT_FALSE(below.pay);
    EXPECT_EQ(below.reason, "the minimum is 0.001 ETH");
    auto above = assess_deposit(routes(), eth_deposit("6"), kEth, true);
    EXPECT_EQ(above.reason, "the maximum is 5 ETH");
    auto no_route = assess_deposit(routes(), eth_deposit("1", 10), kEth, true);
    EXPECT_FALSE(no_route.pay);
    EXPECT_NE(no_route.reason.find("cannot be bridged"), std::string::npos);
    auto paused = assess_deposit(routes(), eth_deposit("1", 1), DepositToken{"USDT", 6}, true);
    EXPECT_FALSE(paused.pay);
    EXPECT_TRUE(below.refundable);
    EXPECT_TRUE(no_route.refundable);
}

// Anyone can mint a token and deposit it; a refund of it would be owed to every such deposit and
// the maker can neither value nor sign it: it is rejected with the reason, never refunded.
TEST(AssessDeposit, RejectsATokenTheCatalogDoesNotListWithoutARefund) {
    auto unknown_token = assess_deposit(routes(), eth_deposit("1"), std::nullopt, true);
    EXPECT_FALSE(unknown_token.pay);
    EXPECT_FALSE(unknown_token.refundable);
    EXPECT_EQ(unknown_token.reason, kUnlistedTokenReason);
    EXPECT_NE(unknown_token.reason.find("does not list this token"), std::string::npos);
}

TEST(AssessDeposit, RefusesRecipientsThatAreNotAddressesOnEvmDestinations) {
    for (const char* bad : {"", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq", "0x1234",
                            "0x0000000000000000000000000000000000000000"}) {
        auto a = assess_deposit(routes(), eth_deposit("1", 42161, bad), kEth, true);
        EXPECT_FALSE(a.pay) << bad;
        EXPECT_NE(a.reason.find("not an address"), std::string::npos) << bad;
    }
    // A non-EVM destination checks its own address form elsewhere; the route decides here.
    auto other = assess_deposit(routes(), eth_deposit("1", 42161, "anything"), kEth, false);
    EXPECT_TRUE(other.pay);
}

TEST(Fees, TwiceTheBaseFeePlusTipAndBumpsOfAQuarter) {
    auto f = fees_for(U256(100), U256(7));
    EXPECT_EQ(f.max_fee_per_gas, U256(207));
    EXPECT_EQ(f.max_priority_fee_per_gas, U256(7));
    auto b = bumped(f);
    EXPECT_EQ(b.max_fee_per_gas, U256(259));  // 207 × 1.25 = 258.75 → 258, + 1
    EXPECT_EQ(b.max_priority_fee_per_gas, U256(9));
    // Replacement rule: both caps at least 10 % higher.
    EXPECT_GE(*b.max_fee_per_gas.mul(10), *f.max_fee_per_gas.mul(11));
    EXPECT_GE(*b.max_priority_fee_per_gas.mul(10), *f.max_priority_fee_per_gas.mul(11));
}

TEST(Transfers, NativeIsAValueTransferAndTokensCallTransfer) {
    auto recipient = *Address::from_hex("0x00000000000000000000000000000000000a11ce");
    auto usdc = *Address::from_hex("0x5FbDB2315678afecb367f032d93F642f64180aa3");
    auto native = transfer_of(Address{}, recipient, U256(5));
    EXPECT_EQ(native.to, recipient);
    EXPECT_EQ(native.value, U256(5));
    EXPECT_TRUE(native.data.empty());
    auto token = transfer_of(usdc, recipient, U256(5));
    EXPECT_EQ(token.to, usdc);
    EXPECT_TRUE(token.value.is_zero());
    EXPECT_EQ(token.data, perch::chain::erc20::transfer(recipient, U256(5)));
    EXPECT_GT(token.gas_limit, native.gas_limit);
}

TEST(Transfers, SignedTransactionRecoversToTheMaker) {
    auto key = *perch::chain::PrivateKey::from_hex(
        "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    auto recipient = *Address::from_hex("0x00000000000000000000000000000000000a11ce");
    auto tx = transaction_for(transfer_of(Address{}, recipient, U256(5)), 42161, 7,
                              fees_for(U256(100), U256(1)));
    perch::chain::sign_transaction(tx, key);
    EXPECT_EQ(*tx.chain_id, 42161u);
    EXPECT_EQ(tx.nonce, 7u);
    auto sender = perch::chain::recover_sender(tx);
    ASSERT_TRUE(sender);
    EXPECT_EQ(*sender, key.address());
    auto round_trip = perch::chain::decode_transaction(perch::chain::encode_transaction(tx));
    ASSERT_TRUE(round_trip);
    EXPECT_EQ(*round_trip, tx);
}

TEST(Refunds, ReturnWhatIsLeftAfterTheRefundsOwnCost) {
    EXPECT_EQ(refund_amount(U256(100), U256(30)), U256(70));
    EXPECT_FALSE(refund_amount(U256(30), U256(30)));
    EXPECT_FALSE(refund_amount(U256(10), U256(30)));
    auto transfer = transfer_of(Address{}, Address{}, U256(1));
    EXPECT_EQ(native_transfer_cost(transfer, fees_for(U256(10), U256(0))),
              U256(20 * transfer.gas_limit));
}

TEST(Confirmations, LargeDepositsOfARouteWaitLonger) {
    auto table = routes();
    const auto* route = table.find("ETH", 8453, 42161);
    ASSERT_TRUE(route && route->large_from);
    ConfirmationPolicy policy{1, 3, *route->large_from};
    EXPECT_EQ(confirmations_for(policy, *U256::parse_units("1.99", 18)), 1u);
    EXPECT_EQ(confirmations_for(policy, *U256::parse_units("2", 18)), 3u);
}

TEST(Fillers, ReplaceEveryEarlierVersionAndMoveNothing) {
    Fees previous{U256(100), U256(10)};
    // The current market is cheaper: the filler still outbids the stored version by 25 %.
    auto fees = replacement_fees(previous, Fees{U256(50), U256(1)});
    EXPECT_EQ(fees.max_fee_per_gas, U256(126));
    EXPECT_EQ(fees.max_priority_fee_per_gas, U256(13));
    // The market went up: the filler pays what mines now.
    fees = replacement_fees(previous, Fees{U256(1000), U256(20)});
    EXPECT_EQ(fees.max_fee_per_gas, U256(1000));
    EXPECT_EQ(fees.max_priority_fee_per_gas, U256(20));

    auto key = *perch::chain::PrivateKey::from_hex(
        "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
    auto maker = key.address();
    auto tx = filler_for(maker, 42161, 7, fees);
    EXPECT_EQ(tx.to, maker);
    EXPECT_TRUE(tx.value.is_zero());
    EXPECT_TRUE(tx.data.empty());
    EXPECT_EQ(tx.nonce, 7u);
    EXPECT_EQ(tx.chain_id, std::optional<std::uint64_t>(42161));
    EXPECT_EQ(tx.gas_limit, 21000u);
    EXPECT_EQ(tx.max_fee_per_gas, U256(1000));
}
