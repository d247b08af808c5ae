// The OP-stack L1 data fee against the real devnet (docs/operations.md "The OP-stack L1 data
// fee"): Base and Soneium run Hardhat's `op` chain type with the L1 fee scalars set, so every
// transaction there pays an L1 fee besides its gas. A payout to Base records its whole cost (gas x
// effective price + the receipt's l1Fee) with its transaction and in /metrics by route; a refund
// on Soneium keeps back the GasPriceOracle's bound of its own L1 fee, which covers what the chain
// charged. In the MakerOn suite: it holds the maker's lock.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>

#include "chain/op_fee.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "maker_support.hpp"
#include "orders.hpp"
#include "wait.hpp"

namespace json = boost::json;
using namespace perch::testing::maker;

namespace {

json::object receipt_of(Chains& chains, std::int64_t chain, const json::value& hash) {
    auto r = chains.call(chain, "eth_getTransactionReceipt", {hash});
    return r.is_object() ? r.as_object() : json::object{};
}

}  // namespace

TEST(MakerOn, AnOpStackPayoutsCostHasItsL1FeeAndARefundThereKeepsItBack) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    mine_past_earlier_deposits(chains, devnet);
    const char* kMetricsToken = "maker-op-fee-token-0123456789";
    PerchProcess perch(maker_config(devnet) + ", \"admin_token\": \"" + kMetricsToken + "\"");
    wait_for_watchers(perch.db(), devnet.rpc_urls.size());

    // A payout of ETH from Arbitrum (an L1-type chain) to Base (OP stack).
    auto recipient = fresh_wallet(chains, 8453, U256());
    auto paid = deposit(chains, devnet, 42161, fresh_wallet(chains, 42161, kEth), "",
                        *U256::parse_units("0.01", 18), 8453, recipient);
    auto order = wait_for_state(perch, 42161, paid.tx_hash, "completed");
    EXPECT_EQ(chains.native(8453, recipient), u256_of(order.at("receive_amount")));
    auto receipt = receipt_of(chains, 8453, order.at("dst_tx_hash"));
    ASSERT_TRUE(receipt.contains("l1Fee")) << json::serialize(receipt);
    auto l1_fee = rpc::quantity(receipt.at("l1Fee"));
    EXPECT_FALSE(l1_fee.is_zero()) << "the devnet's op chains charge an L1 data fee";
    auto cost =
        *(*rpc::quantity(receipt.at("gasUsed")).mul(rpc::quantity(receipt.at("effectiveGasPrice"))))
             .add(l1_fee);
    auto stored = perch.db().column(
        "SELECT gas_cost || ' ' || l1_fee FROM maker_txs WHERE kind = 'payout' AND mined_hash = '" +
        std::string(order.at("dst_tx_hash").as_string()) + "'");
    ASSERT_EQ(stored.size(), 1u);
    EXPECT_EQ(stored[0], cost.to_dec() + " " + l1_fee.to_dec());
    auto metrics = perch.get("/metrics", {{"X-Admin-Token", kMetricsToken}});
    ASSERT_EQ(metrics.status, 200) << metrics.body;
    const std::string route = "{token=\"ETH\",src=\"42161\",dst=\"8453\"} ";
    for (const auto& line : {"perch_maker_payout_cost_wei" + route + cost.to_dec() + "\n",
                             "perch_maker_payout_l1_fee_wei" + route + l1_fee.to_dec() + "\n",
                             // routes.json: ETH's dtc is 0.00005 ETH off Ethereum, which covers it.
                             "perch_maker_route_dtc_wei" + route + "50000000000000\n",
                             "perch_maker_route_dtc_short" + route + "0\n"})
        EXPECT_NE(metrics.body.find(line), std::string::npos) << line << "\n" << metrics.body;

    // A deposit below the route's minimum on Soneium, refunded there: the deposit less 50 000 gas
    // at the max fee signed and less the oracle's bound of the refund's L1 fee, which covers the
    // L1 fee the refund paid.
    auto below =
        deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "",
                *U256::parse_units("0.0005", 18), 42161, fresh_wallet(chains, 42161, U256()));
    auto refunded = wait_for_state(perch, 1868, below.tx_hash, "refunded");
    auto refund = tx_by_hash(chains, 1868, refunded.at("refund_tx_hash"));
    ASSERT_FALSE(refund.empty());
    auto bound = refund_l1_fee(chains, 1868, refund, below.amount);
    EXPECT_FALSE(bound.is_zero());
    auto gas = *rpc::quantity(refund.at("maxFeePerGas")).mul(50'000);
    auto back = *(*below.amount.sub(gas)).sub(bound);
    EXPECT_EQ(rpc::quantity(refund.at("value")), back);
    EXPECT_EQ(chains.native(1868, below.from), *below.balance_after.add(back));
    auto refund_receipt = receipt_of(chains, 1868, refunded.at("refund_tx_hash"));
    auto charged = rpc::quantity(refund_receipt.at("l1Fee"));
    EXPECT_FALSE(charged.is_zero());
    EXPECT_LE(charged, bound) << "the maker paid more L1 fee than the refund kept back";
    // What the refund kept back beyond its gas is on record with the order (the status page's
    // refund cost).
    auto deduction = perch.db().column(
        "SELECT refund_deduction FROM bridge_orders WHERE "
        "src_tx_hash = '" +
        below.tx_hash + "'");
    ASSERT_EQ(deduction.size(), 1u);
    EXPECT_EQ(deduction[0], bound.to_dec());
}
