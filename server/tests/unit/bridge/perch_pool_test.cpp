#include "bridge/perch_pool.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

using namespace perch::bridge;
using perch::chain::Address;
using perch::chain::U256;
namespace json = boost::json;

namespace {

const Address kPool = *Address::from_hex("0x5FC8d32690cc91D4c39d9d3abcBD16989F875707");
const Address kUser = *Address::from_hex("0x90F79bf6EB2c4f870365E785982E1f101E93b906");
const Address kUsdc = *Address::from_hex("0x5FbDB2315678afecb367f032d93F642f64180aa3");

std::string word(const Address& a) {
    return "0x000000000000000000000000" + a.lower_hex().substr(2);
}

// A Deposited/Withdrawn log as eth_getLogs returns it (viem's encodeEventTopics gives the same
// topics: keccak of the canonical signature, then the indexed addresses as words).
json::object log_of(const perch::chain::Hash32& topic, const U256& amount) {
    auto data = amount.to_be_bytes32();
    return {{"address", kPool.checksum_hex()},
            {"topics", json::array{json::string(topic.hex()), json::string(word(kUser)),
                                   json::string(word(kUsdc))}},
            {"data", perch::chain::to_hex(perch::chain::Bytes(data.begin(), data.end()))},
            {"blockNumber", "0x2a"},
            {"logIndex", "0x3"},
            {"transactionHash", "0x" + std::string(64, 'A')},
            {"removed", false}};
}

}  // namespace

TEST(PoolAbi, CallsEncodeTheContractsSelectors) {
    // viem toFunctionSelector: available(address) 0x10098ad5, payout(...) 0x20f801d4
    EXPECT_EQ(perch::chain::to_hex(pool_available_calldata(kUsdc)).substr(0, 10), "0x10098ad5");
    auto t = pool_payout_transfer(kPool, kUsdc, kUser, U256(7));
    EXPECT_EQ(t.to, kPool);
    EXPECT_TRUE(t.value.is_zero());
    EXPECT_EQ(perch::chain::to_hex(t.data).substr(0, 10), "0x20f801d4");
    EXPECT_EQ(t.data.size(), 4U + 3 * 32);
    EXPECT_GT(t.gas_limit, 100000U);
}

TEST(PoolAbi, DepositedAndWithdrawnLogsDecode) {
    auto d = decode_pool_event(log_of(pool_deposited_topic(), U256(1500)), kPool);
    ASSERT_TRUE(d);
    EXPECT_TRUE(d->deposit);
    EXPECT_EQ(d->user, kUser);
    EXPECT_EQ(d->token, kUsdc);
    EXPECT_EQ(d->amount, U256(1500));
    EXPECT_EQ(d->block_number, 42U);
    EXPECT_EQ(d->log_index, 3U);
    EXPECT_EQ(d->tx_hash, "0x" + std::string(64, 'a'));
    auto w = decode_pool_event(log_of(pool_withdrawn_topic(), U256(1)), kPool);
    ASSERT_TRUE(w);
    EXPECT_FALSE(w->deposit);
}

TEST(PoolAbi, AnythingElseIsRefusedWithTheReason) {
    std::string why;
    auto other = log_of(pool_deposited_topic(), U256(1));
    other["address"] = kUsdc.checksum_hex();
    EXPECT_FALSE(decode_pool_event(other, kPool, &why));
    EXPECT_EQ(why, "log is not from the pool");
    auto removed = log_of(pool_deposited_topic(), U256(1));
    removed["removed"] = true;
    EXPECT_FALSE(decode_pool_event(removed, kPool, &why));
    EXPECT_EQ(why, "log was removed by a reorg");
    EXPECT_FALSE(decode_pool_event(log_of(perch::chain::Hash32{}, U256(1)), kPool, &why));
    EXPECT_EQ(why, "not a Deposited or Withdrawn event");
    auto pending = log_of(pool_deposited_topic(), U256(1));
    pending.erase("blockNumber");
    EXPECT_FALSE(decode_pool_event(pending, kPool, &why));
    EXPECT_EQ(why, "log is not mined yet");
    EXPECT_FALSE(decode_pool_event(json::value("junk"), kPool, &why));
}
