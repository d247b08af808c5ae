// The one reading of an eth_getLogs entry that the Depositor, PerchPool and swap pool decoders
// share: each unusable log has its reason, a pending one reads as not mined.
#include "chain/log_entry.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

namespace json = boost::json;
using perch::chain::read_log_entry;

namespace {

json::object mined_log() {
    return json::object{
        {"address", "0x5FbDB2315678afecb367f032d93F642f64180aa3"},
        {"topics",
         json::array{"0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"}},
        {"data", "0x01"},
        {"blockNumber", "0x10"},
        {"logIndex", "0x2"},
        {"transactionHash", "0x" + std::string(64, 'a')},
        {"blockHash", "0x" + std::string(64, 'b')}};
}

std::string why_of(const json::object& log) {
    std::string why;
    EXPECT_FALSE(read_log_entry(log, &why));
    return why;
}

}  // namespace

TEST(LogEntry, AMinedLogReadsWhole) {
    std::string why;
    auto e = read_log_entry(mined_log(), &why);
    ASSERT_TRUE(e) << why;
    EXPECT_EQ(e->emitter.lower_hex(), "0x5fbdb2315678afecb367f032d93f642f64180aa3");
    EXPECT_EQ(e->topics.size(), 1u);
    EXPECT_EQ(e->data, perch::chain::Bytes{0x01});
    EXPECT_EQ(*e->block_number, 16u);
    EXPECT_EQ(*e->log_index, 2u);
    EXPECT_TRUE(e->mined());
}

TEST(LogEntry, EachUnusableLogSaysWhy) {
    EXPECT_EQ(why_of(json::object{}), "log has no valid address");
    auto removed = mined_log();
    removed["removed"] = true;
    EXPECT_EQ(why_of(removed), "log was removed by a reorg");
    auto bad_address = mined_log();
    bad_address["address"] = "0x12";
    EXPECT_EQ(why_of(bad_address), "log has no valid address");
    auto no_topics = mined_log();
    no_topics["topics"] = json::array{};
    EXPECT_EQ(why_of(no_topics), "log has no valid topics");
    auto bad_topic = mined_log();
    bad_topic["topics"] = json::array{"0x12"};
    EXPECT_EQ(why_of(bad_topic), "log has no valid topics");
    auto bad_data = mined_log();
    bad_data["data"] = "0xzz";
    EXPECT_EQ(why_of(bad_data), "log data is not hex");
    std::string why;
    EXPECT_FALSE(read_log_entry(json::value(3), &why));
    EXPECT_EQ(why, "log is not an object");
}

TEST(LogEntry, APendingLogIsReadButNotMined) {
    auto pending = mined_log();
    pending.erase("blockHash");
    pending["blockNumber"] = nullptr;
    auto e = read_log_entry(pending, nullptr);
    ASSERT_TRUE(e);
    EXPECT_FALSE(e->block_number);
    EXPECT_FALSE(e->mined());
}
