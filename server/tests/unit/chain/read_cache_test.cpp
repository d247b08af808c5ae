// The follower's read cache: what it answers for the readers, and what it refuses to.
#include "chain/rpc/read_cache.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"

using namespace perch::chain::rpc;
namespace json = boost::json;
using Clock = ReadCache::Clock;
using ms = std::chrono::milliseconds;

namespace {

const std::string kDepositor = "0x00000000000000000000000000000000000000d1";
const std::string kPool = "0x00000000000000000000000000000000000000a1";
const std::string kTopicA = "0x" + std::string(63, '0') + "a";
const std::string kTopicB = "0x" + std::string(63, '0') + "b";

std::string hash_of(std::uint64_t n, char fork = 'a') {
    auto digits = std::to_string(n);
    return "0x" + std::string(63 - digits.size(), fork == 'a' ? '0' : 'f') + fork + digits;
}

json::object block(std::uint64_t n, char fork = 'a', char parent_fork = 0) {
    if (!parent_fork) parent_fork = fork;
    json::array txs;
    txs.push_back(json::object{{"hash", "0xt" + std::to_string(n)}, {"from", "0x1"}});
    return json::object{{"number", quantity_hex(n)},
                        {"hash", hash_of(n, fork)},
                        {"parentHash", n == 0 ? hash_of(0, 'z') : hash_of(n - 1, parent_fork)},
                        {"baseFeePerGas", "0x7"},
                        {"transactions", std::move(txs)}};
}

json::object log_at(std::uint64_t n, const std::string& address, const std::string& topic,
                    char fork = 'a') {
    return json::object{{"address", address},
                        {"blockNumber", quantity_hex(n)},
                        {"blockHash", hash_of(n, fork)},
                        {"topics", json::array{json::string(topic)}},
                        {"data", "0x"}};
}

Call logs_call(std::uint64_t from, std::uint64_t to, json::value address, json::array topics = {}) {
    json::object filter{{"fromBlock", quantity_hex(from)},
                        {"toBlock", quantity_hex(to)},
                        {"address", std::move(address)}};
    if (!topics.empty()) filter["topics"] = std::move(topics);
    return {"eth_getLogs", json::array{std::move(filter)}};
}

Call block_call(json::value which, bool full) {
    return {"eth_getBlockByNumber", json::array{std::move(which), full}};
}

// A cache following blocks [first, last] of fork 'a' with the given logs, its readers' addresses known.
std::unique_ptr<ReadCache> following(std::uint64_t first, std::uint64_t last,
                                     const json::array& logs, const Interest& interest,
                                     Clock::time_point now) {
    auto cache = std::make_unique<ReadCache>(ms(3000), 64);
    std::vector<json::object> blocks;
    for (auto n = first; n <= last; ++n) blocks.push_back(block(n));
    EXPECT_TRUE(cache->add(blocks, logs, interest, now));
    return cache;
}

}  // namespace

TEST(ReadCache, AnswersTheHeadAndBlocksItReadAndNothingElse) {
    auto now = Clock::now();
    auto cache = following(10, 12, {}, {{}, true}, now);
    auto head = cache->answer({{"eth_blockNumber", {}}}, now);
    ASSERT_TRUE(head);
    EXPECT_EQ((*head)[0].result, json::value("0xc"));
    auto latest = cache->answer({block_call("latest", false)}, now);
    ASSERT_TRUE(latest);
    EXPECT_EQ((*latest)[0].result.as_object().at("hash"), json::value(hash_of(12)));
    // Without transactions asked: their hashes, as a node answers.
    EXPECT_EQ((*latest)[0].result.as_object().at("transactions").as_array()[0],
              json::value("0xt12"));
    auto full = cache->answer({block_call("0xb", true)}, now);
    ASSERT_TRUE(full);
    EXPECT_TRUE(full->at(0).result.at("transactions").as_array()[0].is_object());
    EXPECT_FALSE(cache->answer({block_call("0x9", false)}, now));   // before the window
    EXPECT_FALSE(cache->answer({block_call("0xd", false)}, now));   // after the head
    EXPECT_FALSE(cache->answer({block_call("finalized", false)}, now));
    EXPECT_FALSE(cache->answer({{"eth_getBalance", json::array{"0x1", "latest"}}}, now));
}

TEST(ReadCache, AnswersNothingOnceTheNodeWasNotHeardForAWhile) {
    auto now = Clock::now();
    auto cache = following(10, 12, {}, {}, now);
    EXPECT_TRUE(cache->answer({{"eth_blockNumber", {}}}, now + ms(2900)));
    EXPECT_FALSE(cache->answer({{"eth_blockNumber", {}}}, now + ms(3100)));
    cache->heard(now + ms(3100));
    EXPECT_TRUE(cache->answer({{"eth_blockNumber", {}}}, now + ms(3200)));
}

TEST(ReadCache, ABatchIsAnsweredWholeOrNotAtAll) {
    // A batch's answers must come from one node: a lagging-node check pairs logs with a block.
    auto now = Clock::now();
    auto cache = following(10, 12, {}, {}, now);
    EXPECT_FALSE(cache->answer({block_call("0xc", false), block_call("0xd", false)}, now));
    EXPECT_TRUE(cache->answer({block_call("0xb", false), block_call("0xc", false)}, now));
}

TEST(ReadCache, LogsOnlyForAddressesReadSinceTheRangeBegan) {
    auto now = Clock::now();
    json::array logs{log_at(11, kDepositor, kTopicA), log_at(12, kDepositor, kTopicB),
                     log_at(12, kPool, kTopicA)};
    auto cache = following(10, 12, logs, {{kDepositor}, false}, now);
    auto read = cache->answer({logs_call(10, 12, json::string(kDepositor))}, now);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->at(0).result.as_array().size(), 2U);
    // Topics filter as a node does: position 0 must be A.
    read = cache->answer({logs_call(10, 12, json::string(kDepositor), {json::string(kTopicA)})}, now);
    ASSERT_TRUE(read);
    ASSERT_EQ(read->at(0).result.as_array().size(), 1U);
    EXPECT_EQ(read->at(0).result.as_array()[0].at("blockNumber"), json::value("0xb"));
    // Upper-case addresses (EIP-55) and a list of alternatives match too.
    read = cache->answer({logs_call(12, 12, json::array{"0x00000000000000000000000000000000000000D1"},
                                   {json::array{json::string(kTopicA), json::string(kTopicB)}})},
                        now);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->at(0).result.as_array().size(), 1U);
    // The pool's logs were not read (nobody asked for them): the node must answer.
    EXPECT_FALSE(cache->answer({logs_call(12, 12, json::string(kPool))}, now));
    // Nor a range older than what was read, nor every contract's logs.
    EXPECT_FALSE(cache->answer({logs_call(9, 12, json::string(kDepositor))}, now));
    json::object no_address{{"fromBlock", "0xa"}, {"toBlock", "0xc"}};
    EXPECT_FALSE(cache->answer({{"eth_getLogs", json::array{no_address}}}, now));
}

TEST(ReadCache, AReadersMissBecomesInterestCoveredFromTheNextRead) {
    auto now = Clock::now();
    auto cache = following(10, 12, {}, {{kDepositor}, false}, now);
    EXPECT_FALSE(cache->answer({logs_call(12, 12, json::string(kPool))}, now));
    cache->note_interest({logs_call(12, 12, json::string(kPool))});
    auto wanted = cache->interest();
    EXPECT_EQ(wanted.addresses, (std::vector<std::string>{kPool, kDepositor}));
    ASSERT_TRUE(cache->add({block(13)}, json::array{log_at(13, kPool, kTopicA)}, wanted, now));
    EXPECT_FALSE(cache->answer({logs_call(12, 13, json::string(kPool))}, now));
    auto read = cache->answer({logs_call(13, 13, json::string(kPool))}, now);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->at(0).result.as_array().size(), 1U);
    // A one-off read of old history is no interest: it would make every later block cost more.
    cache->note_interest({logs_call(1, 5, json::string("0x00000000000000000000000000000000000000e1"))});
    EXPECT_EQ(cache->interest().addresses.size(), 2U);
    // Asking for transactions once makes every later block read with them.
    EXPECT_FALSE(cache->interest().full_blocks);
    cache->note_interest({block_call("0xd", true)});
    EXPECT_TRUE(cache->interest().full_blocks);
}

TEST(ReadCache, AReorganisationReplacesWhatWasFollowed) {
    auto now = Clock::now();
    json::array logs{log_at(12, kDepositor, kTopicA)};
    auto cache = following(10, 12, logs, {{kDepositor}, false}, now);
    // Block 12 replaced by 12' (same parent 11), then 13' on it: the old 12 and its log are gone.
    ASSERT_TRUE(cache->add({block(12, 'b', 'a'), block(13, 'b')}, {}, {{kDepositor}, false}, now));
    EXPECT_EQ(cache->head()->hash, hash_of(13, 'b'));
    EXPECT_FALSE(cache->hash_at(11));  // not known to be on the new chain
    EXPECT_EQ(cache->hash_at(12), hash_of(12, 'b'));
    auto read = cache->answer({logs_call(12, 13, json::string(kDepositor))}, now);
    ASSERT_TRUE(read);
    EXPECT_TRUE(read->at(0).result.as_array().empty());
    // A restart to a lower head replaces it too.
    ASSERT_TRUE(cache->add({block(3, 'c')}, {}, {{kDepositor}, false}, now));
    EXPECT_EQ(cache->answer({{"eth_blockNumber", {}}}, now)->at(0).result, json::value("0x3"));
}

TEST(ReadCache, RefusesBlocksThatDoNotLinkAndLogsOfAnotherFork) {
    auto now = Clock::now();
    auto cache = following(10, 12, {}, {{kDepositor}, false}, now);
    EXPECT_FALSE(cache->add({block(13), block(15)}, {}, {{kDepositor}, false}, now));
    EXPECT_FALSE(cache->add({block(13, 'a'), block(14, 'b')}, {}, {{kDepositor}, false}, now));
    EXPECT_FALSE(cache->add({block(13)}, json::array{log_at(13, kDepositor, kTopicA, 'b')},
                           {{kDepositor}, false}, now));
    EXPECT_FALSE(cache->add({block(13)}, json::array{log_at(14, kDepositor, kTopicA)},
                           {{kDepositor}, false}, now));
    EXPECT_EQ(cache->head()->number, 12U);  // nothing changed
}

TEST(ReadCache, KeepsAWindowOfBlocks) {
    auto now = Clock::now();
    ReadCache cache(ms(3000), 4);
    std::vector<json::object> blocks;
    for (std::uint64_t n = 1; n <= 10; ++n) blocks.push_back(block(n));
    ASSERT_TRUE(cache.add(blocks, {}, {{kDepositor}, false}, now));
    EXPECT_FALSE(cache.hash_at(6));
    EXPECT_TRUE(cache.hash_at(7));
    EXPECT_FALSE(cache.answer({logs_call(6, 10, json::string(kDepositor))}, now));
    EXPECT_TRUE(cache.answer({logs_call(7, 10, json::string(kDepositor))}, now));
}

TEST(ReadCache, ThePriorityFeeIsKeptForHalfAMinute) {
    auto now = Clock::now();
    ReadCache cache(ms(3000));
    Call fee{"eth_maxPriorityFeePerGas", {}};
    EXPECT_FALSE(cache.answer({fee}, now));
    cache.remember(fee, json::value("0x3b9aca00"), now);
    EXPECT_EQ(cache.answer({fee}, now + ms(29000))->at(0).result, json::value("0x3b9aca00"));
    EXPECT_FALSE(cache.answer({fee}, now + ms(31000)));
}

TEST(LogMatches, AddressAndTopicPositionsAsANodeReadsThem) {
    auto log = log_at(1, kPool, kTopicA);
    EXPECT_TRUE(log_matches(json::object{}, log));
    EXPECT_TRUE(log_matches(json::object{{"address", kPool}, {"topics", json::array{nullptr}}}, log));
    EXPECT_FALSE(log_matches(json::object{{"address", kDepositor}}, log));
    EXPECT_FALSE(log_matches(json::object{{"topics", json::array{json::string(kTopicB)}}}, log));
    // A second position the log does not have.
    EXPECT_FALSE(log_matches(
        json::object{{"topics", json::array{json::string(kTopicA), json::string(kTopicB)}}}, log));
    EXPECT_TRUE(log_matches(json::object{{"topics", json::array{json::string(kTopicA), nullptr}}}, log));
}
