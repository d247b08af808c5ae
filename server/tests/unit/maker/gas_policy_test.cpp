// The maker's gas rules on real chains: limits from estimates with a margin, which estimation
// errors mean a revert, replacement fees that follow the base fee under the chain's cap, stuck
// nonces, and low-balance thresholds.
#include "maker/gas_policy.hpp"

#include <gtest/gtest.h>

using namespace perch::maker;
using perch::GasSettings;
using perch::bridge::Fees;
using perch::chain::U256;
using perch::chain::rpc::RpcError;

namespace {
constexpr std::uint64_t kGwei = 1'000'000'000;
U256 gwei(std::uint64_t n) {
    return U256(n * kGwei);
}
}  // namespace

TEST(GasPolicy, LimitIsTheEstimateWithItsMarginRoundedUp) {
    EXPECT_EQ(limit_with_margin(21000, 20), 25200U);
    EXPECT_EQ(limit_with_margin(51234, 20), 61481U);  // 10246.8 rounded up
    EXPECT_EQ(limit_with_margin(50000, 0), 50000U);
    EXPECT_EQ(limit_with_margin(50000, -5), 50000U);  // never below the estimate
}

TEST(GasPolicy, OnlyARevertAnswerMeansTheTransactionWouldFail) {
    using Kind = RpcError::Kind;
    EXPECT_TRUE(estimate_reverts(RpcError(Kind::rpc, "execution reverted", 3)));
    EXPECT_TRUE(estimate_reverts(RpcError(Kind::rpc, "execution reverted: paused", -32000)));
    EXPECT_TRUE(estimate_reverts(
        RpcError(Kind::rpc,
                 "Error: VM Exception while processing transaction: reverted with reason "
                 "string 'ERC20: transfer amount exceeds balance'",
                 -32603)));
    EXPECT_TRUE(estimate_reverts(RpcError(Kind::rpc, "Reverted 0x08c379a0", 3)));
    // No word on the transaction itself: the fixed limit is used instead.
    EXPECT_FALSE(estimate_reverts(RpcError(Kind::rpc,
                                           "the method eth_estimateGas does not "
                                           "exist/is not available",
                                           -32601)));
    EXPECT_FALSE(estimate_reverts(RpcError(Kind::timeout, "timed out")));
    EXPECT_FALSE(estimate_reverts(RpcError(Kind::rate_limited, "429", 429)));
    EXPECT_FALSE(estimate_reverts(RpcError(Kind::transport, "execution reverted")));
    EXPECT_FALSE(estimate_reverts(RpcError(Kind::rpc, "insufficient funds for transfer", -32000)));
}

TEST(GasPolicy, FeeCapIsPerChainElseTheDefaultInGwei) {
    GasSettings gas;
    gas.max_fee_gwei = 300;
    gas.max_fee_gwei_by_chain[8453] = 5;
    EXPECT_EQ(fee_cap(gas, 1), gwei(300));
    EXPECT_EQ(fee_cap(gas, 8453), gwei(5));
}

TEST(GasPolicy, FirstFeesStayUnderTheCap) {
    auto spike = under_cap(Fees{gwei(101), gwei(1)}, gwei(60));
    EXPECT_EQ(spike.max_fee_per_gas, gwei(60));
    EXPECT_EQ(spike.max_priority_fee_per_gas, gwei(1));
    auto calm = under_cap(Fees{gwei(3), gwei(1)}, gwei(60));
    EXPECT_EQ(calm.max_fee_per_gas, gwei(3));
    EXPECT_EQ(under_cap(Fees{gwei(80), gwei(70)}, gwei(60)).max_priority_fee_per_gas, gwei(60));
}

TEST(GasPolicy, ReplacementBumpsThePreviousFeesWhenTheBaseFeeIsLow) {
    Fees previous{gwei(10), gwei(1)};
    Fees now{gwei(4), gwei(1)};  // base fee 1.5 gwei
    auto r = replacement_fees(previous, now, 25, gwei(500));
    EXPECT_FALSE(r.at_cap);
    EXPECT_EQ(r.fees.max_fee_per_gas, U256(12'500'000'001));
    EXPECT_EQ(r.fees.max_priority_fee_per_gas, U256(1'250'000'001));
    // The node's minimum (10 %) when configured so.
    EXPECT_EQ(replacement_fees(previous, now, 10, gwei(500)).fees.max_fee_per_gas,
              U256(11'000'000'001));
}

TEST(GasPolicy, ReplacementFollowsABaseFeeThatRoseAboveTheBump) {
    Fees previous{gwei(10), gwei(1)};
    Fees now{gwei(81), gwei(2)};  // base fee 39.5 gwei: twice it plus the tip
    auto r = replacement_fees(previous, now, 25, gwei(500));
    EXPECT_FALSE(r.at_cap);
    EXPECT_EQ(r.fees.max_fee_per_gas, gwei(81));
    EXPECT_EQ(r.fees.max_priority_fee_per_gas, gwei(2));
}

TEST(GasPolicy, ReplacementStopsAtTheCapAndKeepsThePreviousVersion) {
    Fees previous{gwei(10), gwei(1)};
    // What the chain needs is above the cap, but a valid bump fits: the cap itself.
    auto capped = replacement_fees(previous, Fees{gwei(90), gwei(1)}, 25, gwei(20));
    EXPECT_FALSE(capped.at_cap);
    EXPECT_EQ(capped.fees.max_fee_per_gas, gwei(20));
    // Even the minimum bump passes the cap: no replacement, the nonce stays with `previous`.
    auto stop = replacement_fees(Fees{gwei(18), gwei(1)}, Fees{gwei(90), gwei(1)}, 25, gwei(20));
    EXPECT_TRUE(stop.at_cap);
    EXPECT_EQ(stop.fees.max_fee_per_gas, gwei(18));
    auto at = replacement_fees(Fees{gwei(20), gwei(1)}, Fees{gwei(4), gwei(1)}, 10, gwei(20));
    EXPECT_TRUE(at.at_cap);
}

TEST(GasPolicy, ReplacementNeverTipsAboveItsMaxFee) {
    // The node's tip is above the cap: the tip is cut to the (capped) max fee, nodes refuse more.
    auto r = replacement_fees(Fees{gwei(10), gwei(9)}, Fees{gwei(40), gwei(30)}, 25, gwei(13));
    EXPECT_FALSE(r.at_cap);
    EXPECT_EQ(r.fees.max_fee_per_gas, gwei(13));
    EXPECT_EQ(r.fees.max_priority_fee_per_gas, gwei(13));
}

TEST(GasPolicy, NonceIsStuckOnlyAfterTheBound) {
    std::chrono::milliseconds bound(120000);
    EXPECT_FALSE(nonce_stuck(1000, 1000 + 120, bound));
    EXPECT_TRUE(nonce_stuck(1000, 1000 + 121, bound));
    EXPECT_FALSE(nonce_stuck(1000, 1000, bound));
}

TEST(GasPolicy, LowBalanceThresholdIsConfiguredElseTheRouteMaximum) {
    GasSettings gas;
    gas.low_balance[31337]["USDC"] = "2500.5";
    gas.low_balance[31338]["USDC"] = "lots";
    EXPECT_EQ(low_balance_threshold(gas, 31337, "USDC", 6, U256(7)), U256(2'500'500'000));
    EXPECT_EQ(low_balance_threshold(gas, 31337, "ETH", 18, U256(7)), U256(7));
    EXPECT_EQ(low_balance_threshold(gas, 1, "USDC", 6, U256(9)), U256(9));
    EXPECT_FALSE(low_balance_threshold(gas, 31338, "USDC", 6, U256(9)));
}

TEST(GasPolicy, DefaultThresholdIsTheLargestSameTokenRouteMaxOnTheChain) {
    perch::bridge::RouteTable table;
    perch::bridge::Route small, large, elsewhere, cross;
    small.token = large.token = elsewhere.token = cross.token = "USDC";
    small.chains = {31337, 31338};
    small.max = U256(1000);
    large.chains = {31338, 31339};
    large.max = U256(5000);
    elsewhere.chains = {1, 10};
    elsewhere.max = U256(9000);
    cross.chains = {31337};
    cross.to_token = "SOL";
    cross.max = U256(7000);
    table.routes = {small, large, elsewhere, cross};
    EXPECT_EQ(largest_route_payout(table, 31337, "USDC"), U256(1000));
    EXPECT_EQ(largest_route_payout(table, 31338, "USDC"), U256(5000));
    EXPECT_EQ(largest_route_payout(table, 31337, "ETH"), U256());
}

// The attack: a load-balanced provider's backend behind the chain estimates a payout on state
// without the maker's funds or the deposit's block, and answers a revert or an error. That is
// "not yet", never a reason to refund a payable order: the payout is estimated again.
TEST(GasPolicy, AnEstimateThatRevertsOrFailsIsNotYetNeverARefund) {
    using Kind = RpcError::Kind;
    GasSettings gas;
    for (const auto& error : {RpcError(Kind::rpc, "execution reverted", -32000),
                              RpcError(Kind::rpc, "execution reverted: ERC20: balance", 3),
                              RpcError(Kind::rpc, "header not found", -32000),
                              RpcError(Kind::rate_limited, "request rate limited", -32005),
                              RpcError(Kind::timeout, "timed out")}) {
        auto verdict = gas_verdict(error, std::nullopt, gas, 42161);
        EXPECT_FALSE(verdict.sign) << error.what();
        EXPECT_NE(verdict.why.find(error.what()), std::string::npos);
        // A revert is the transaction's answer (refunded only once it has lasted); anything
        // else is the node's trouble and never a reason to refund.
        EXPECT_EQ(verdict.transient, !estimate_reverts(error)) << error.what();
    }
    EXPECT_TRUE(gas_verdict(RpcError(Kind::timeout, "timed out"), std::nullopt, gas, 1).transient);
    EXPECT_TRUE(gas_verdict(RpcError(Kind::rate_limited, "request rate limited", -32005),
                            std::nullopt, gas, 1)
                    .transient);
    auto reverts = gas_verdict(RpcError(Kind::rpc, "execution reverted", 3), std::nullopt, gas, 1);
    EXPECT_NE(reverts.why.find("would revert"), std::string::npos);
    EXPECT_FALSE(reverts.transient) << "a revert, lasting, is refunded";
    EXPECT_FALSE(gas_verdict(std::nullopt, std::nullopt, gas, 1).sign);  // no quantity
    EXPECT_TRUE(gas_verdict(std::nullopt, std::nullopt, gas, 1).transient);
    // A node without eth_estimateGas at all: asking again changes nothing, the fixed limit.
    auto none =
        gas_verdict(RpcError(Kind::rpc, "the method eth_estimateGas does not exist", -32601),
                    std::nullopt, gas, 1);
    EXPECT_TRUE(none.sign);
    EXPECT_EQ(none.limit, 0U);
}

TEST(GasPolicy, AnEstimateAboveTheCeilingIsNotSigned) {
    GasSettings gas;
    gas.max_gas_limit = 120000;
    gas.max_gas_limit_by_chain[42161] = 2'000'000;  // Arbitrum's estimates carry its L1 gas
    auto plain = gas_verdict(std::nullopt, 51234, gas, 1);
    EXPECT_TRUE(plain.sign);
    EXPECT_EQ(plain.limit, 61481U);
    EXPECT_TRUE(gas_verdict(std::nullopt, 100000, gas, 1).sign);  // 120,000 with its margin
    // A token whose hook burns gas: far above the old fixed 50,000, above the ceiling.
    auto hook = gas_verdict(std::nullopt, 100001, gas, 1);
    EXPECT_FALSE(hook.sign);
    EXPECT_FALSE(hook.transient) << "the transfer's own cost: refunded once it has lasted";
    EXPECT_NE(hook.why.find("maker.gas.max_gas_limit 120000"), std::string::npos);
    EXPECT_TRUE(gas_verdict(std::nullopt, 900000, gas, 42161).sign);
    EXPECT_EQ(gas_ceiling(gas, 42161), 2'000'000U);
    EXPECT_EQ(gas_ceiling(gas, 8453), 120000U);
}
