// The OP-stack L1 data fee's pure parts, on figures read from the devnet's op chain (Hardhat 3.17,
// docs/operations.md "The OP-stack L1 data fee").
#include "chain/op_fee.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/hex.hpp"

namespace perch::chain::op {
namespace {

namespace json = boost::json;

// 0.01 ETH to 0x…dEaD on chain 10, nonce 0, 50 000 gas, 1 gwei tip, 2 gwei cap (unsigned).
Transaction refund_like() {
    Transaction tx;
    tx.type = TxType::dynamic_fee;
    tx.chain_id = 10;
    tx.nonce = 0;
    tx.max_priority_fee_per_gas = 1'000'000'000ULL;
    tx.max_fee_per_gas = 2'000'000'000ULL;
    tx.gas_limit = 50'000;
    tx.to = *Address::from_hex("0x000000000000000000000000000000000000dEaD");
    tx.value = *U256::from_dec("10000000000000000");
    return tx;
}

TEST(OpFee, TheOracleIsThePredeployAndItsCallsEncodeAsSolidityDoes) {
    EXPECT_EQ(gas_price_oracle().lower_hex(), "0x420000000000000000000000000000000000000f");
    EXPECT_EQ(to_hex(l1_fee_upper_bound_call(48)),
              "0xf1c7a58b0000000000000000000000000000000000000000000000000000000000000030");
    Bytes tx{0x02, 0xc9, 0x0a};
    EXPECT_EQ(to_hex(l1_fee_call(tx)),
              "0x49948e0e"
              "0000000000000000000000000000000000000000000000000000000000000020"
              "0000000000000000000000000000000000000000000000000000000000000003"
              "02c90a0000000000000000000000000000000000000000000000000000000000");
}

TEST(OpFee, TheAnswerIsOneUint256AndAnythingElseIsAnError) {
    auto answer = from_hex("0x000000000000000000000000000000000000000000000000000000ff9ca94740");
    ASSERT_TRUE(answer);
    auto fee = decode_fee(*answer);
    ASSERT_TRUE(fee);
    EXPECT_EQ(fee->to_dec(), "1097845000000");
    EXPECT_FALSE(decode_fee(Bytes{}));
    EXPECT_FALSE(decode_fee(Bytes(31, 0)));
}

TEST(OpFee, TheUnsignedBytesAreWhatTheOraclePricesAndTheBoundHoldsForAnyNonceAndLimit) {
    auto tx = refund_like();
    // viem's serializeTransaction of the same fields, without a signature.
    EXPECT_EQ(to_hex(encode_unsigned(tx)),
              "0x02ee0a80843b9aca00847735940082c35094000000000000000000000000000000000000dead8723"
              "86f26fc1000080c0");
    EXPECT_EQ(encode_unsigned(tx).size(), 48u);
    // Nonce and limit at 9 bytes each (+8, +6) and the list's length then needs 2 bytes (+1).
    EXPECT_EQ(unsigned_size_bound(tx), 63u);
    tx.nonce = 123'456;
    tx.gas_limit = 3'000'000;
    EXPECT_LE(encode_unsigned(tx).size(), unsigned_size_bound(tx));
    EXPECT_EQ(unsigned_size_bound(tx), 63u);
}

TEST(OpFee, AReceiptsCostIsItsGasAtTheEffectivePricePlusItsL1Fee) {
    // The devnet's op receipt of a 21 000-gas transfer: the sender paid 37 763 013 001 000 wei.
    auto op = json::parse(R"({"status": "0x1", "gasUsed": "0x5208",
        "effectiveGasPrice": "0x68113dbd", "l1Fee": "0xff9ca94740", "l1GasUsed": "0x640"})")
                  .as_object();
    auto cost = receipt_cost(op);
    ASSERT_TRUE(cost);
    EXPECT_EQ(cost->l2.to_dec(), "36665168001000");
    EXPECT_EQ(cost->l1.to_dec(), "1097845000000");
    EXPECT_EQ(cost->total().to_dec(), "37763013001000");
    // An L1 chain's receipt has no l1Fee: its cost is its gas alone.
    op.erase("l1Fee");
    cost = receipt_cost(op);
    ASSERT_TRUE(cost);
    EXPECT_TRUE(cost->l1.is_zero());
    EXPECT_EQ(cost->total().to_dec(), "36665168001000");
    // A receipt without its gas figures, or with an l1Fee that is no quantity, is an error.
    EXPECT_FALSE(receipt_cost(json::parse(R"({"gasUsed": "0x5208"})").as_object()));
    EXPECT_FALSE(receipt_cost(json::parse(R"({"gasUsed": "0x5208", "effectiveGasPrice": "0x1",
        "l1Fee": 7})")
                                  .as_object()));
}

}  // namespace
}  // namespace perch::chain::op
