// The pool indexer against a scripted node (one V2 pair whose reserves change every block): a
// reorganisation goes back to the newest checkpoint still on the chain and reads on from there,
// not from the start block; one deeper than every checkpoint reads again from the start.
#include "swap/pool_indexer.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>

#include "../chain/scripted_http_server.hpp"
#include "chain/rpc/eth.hpp"
#include "core/run_blocking.hpp"
#include "pool_log_support.hpp"

namespace perch::swap {
namespace {
namespace json = boost::json;
namespace abi = chain::abi;
using chain::Address;
using chain::rpc::quantity_hex;
using chain::rpc::quantity_u64;
using namespace test;

const Address kFactory = addr(0xf2), kToken0 = addr(0x10), kToken1 = addr(0x11), kPair = addr(0x20);

// A chain of `head` blocks; from `fork_at` on, its blocks (and their reserves) are another
// history's. Every request's eth_getLogs fromBlock is kept.
struct Chain {
    std::atomic<std::uint64_t> head{40};
    std::atomic<std::uint64_t> fork_at{1'000'000};
    std::atomic<std::uint64_t> lowest_log_read{UINT64_MAX};

    bool forked(std::uint64_t n) const { return n >= fork_at; }
    std::string hash(std::uint64_t n) const {
        auto digits = std::to_string(n);
        return "0x" + std::string(64 - digits.size() - 1, '0') + (forked(n) ? "b" : "a") + digits;
    }
    std::uint64_t reserve0(std::uint64_t n) const { return forked(n) ? n * 7 : n * 1000; }

    json::value logs(const json::object& filter) {
        auto from = quantity_u64(filter.at("fromBlock")), to = quantity_u64(filter.at("toBlock"));
        lowest_log_read = std::min(lowest_log_read.load(), from);
        std::set<std::string> emitters;
        for (const auto& a : filter.at("address").as_array())
            emitters.insert(std::string(a.as_string()));
        json::array out;
        for (auto n = from; n <= std::min<std::uint64_t>(to, head); ++n) {
            if (n == 1 && emitters.count(kFactory.lower_hex()))
                out.push_back(log_of(
                    kPairCreated, kFactory, {abi::Value::of(kToken0), abi::Value::of(kToken1)},
                    {"address", "uint256"}, {abi::Value::of(kPair), abi::Value::of(U256(1))}, n));
            if (n >= 2 && emitters.count(kPair.lower_hex()))
                out.push_back(log_of(kSync, kPair, {}, {"uint112", "uint112"},
                                     {abi::Value::of(U256(reserve0(n))), abi::Value::of(U256(n))},
                                     n));
        }
        return out;
    }

    json::value answer(const std::string& method, const json::array& params) {
        if (method == "eth_blockNumber") return json::string(quantity_hex(head));
        if (method == "eth_getBlockByNumber") {
            auto n = quantity_u64(params.at(0));
            if (n > head) return nullptr;
            return json::object{{"number", quantity_hex(n)}, {"hash", hash(n)}};
        }
        if (method == "eth_getLogs") return logs(params.at(0).as_object());
        return nullptr;
    }
};

json::object reply_to(Chain& chain, const json::object& request) {
    return {{"jsonrpc", "2.0"},
            {"id", request.at("id")},
            {"result", chain.answer(std::string(request.at("method").as_string()),
                                    request.at("params").as_array())}};
}

std::string answer(Chain& chain, const std::string& body) {
    auto doc = json::parse(body);
    if (!doc.is_array()) return json::serialize(reply_to(chain, doc.as_object()));
    json::array all;
    for (const auto& request : doc.as_array()) all.push_back(reply_to(chain, request.as_object()));
    return json::serialize(all);
}

template <class T>
T run_task(Task<T> task) {
    static boost::asio::io_context io;
    return run_blocking(std::move(task), io);
}

void catch_up(PoolIndexer& indexer) {
    for (int i = 0; i < 100; ++i)
        if (run_task(indexer.sync_once())) return;
    FAIL() << "the indexer did not reach the head";
}

U256 reserve0_read(const PoolIndexer& indexer) {
    return indexer.book().v2_pairs().at(kPair).reserve0;
}

struct Fixture {
    Chain chain;
    chain::test::ScriptedHttpServer node{[this](const std::string& body, int) {
        return chain::test::Answer::json(answer(chain, body));
    }};
    chain::rpc::RpcClient rpc{{node.url()}, {.timeout = std::chrono::seconds(5), .attempts = 1}};
    // Four blocks a round, so that the checkpoints are a few blocks apart.
    PoolIndexer indexer{8453,
                        rpc,
                        {{"uniswap-v2", Venue::Kind::v2, kFactory}},
                        0,
                        {.poll = std::chrono::milliseconds(10), .max_log_range = 4}};
};

}  // namespace

TEST(PoolIndexer, AReorganisationGoesBackToACheckpointNotToTheStartBlock) {
    Fixture f;
    catch_up(f.indexer);
    ASSERT_EQ(f.indexer.indexed_block(), 40U);
    EXPECT_EQ(reserve0_read(f.indexer), U256(40'000));

    // Blocks 38 on are replaced by another history, and the chain grows to 43.
    f.chain.fork_at = 38;
    f.chain.head = 43;
    f.chain.lowest_log_read = UINT64_MAX;
    catch_up(f.indexer);
    EXPECT_EQ(f.indexer.indexed_block(), 43U);
    EXPECT_EQ(reserve0_read(f.indexer), U256(43 * 7));
    EXPECT_EQ(f.indexer.rewinds(), 1);
    EXPECT_EQ(f.indexer.rebuilds(), 0);
    // Read again from the newest checkpoint below the fork (blocks 8 apart), not from block 0.
    EXPECT_GE(f.chain.lowest_log_read.load(), 40U - PoolIndexer::kCheckpointEvery * 2);
    EXPECT_LT(f.chain.lowest_log_read.load(), 38U);
    // The published set is the new history's.
    auto pools = f.indexer.pools();
    ASSERT_TRUE(pools);
}

TEST(PoolIndexer, AReorganisationBelowEveryCheckpointReadsFromTheStartBlock) {
    Fixture f;
    catch_up(f.indexer);
    f.chain.fork_at = 3;
    f.chain.head = 41;
    f.chain.lowest_log_read = UINT64_MAX;
    catch_up(f.indexer);
    EXPECT_EQ(reserve0_read(f.indexer), U256(41 * 7));
    EXPECT_EQ(f.indexer.rebuilds(), 1);
    EXPECT_EQ(f.chain.lowest_log_read.load(), 0U);
}

TEST(PoolIndexer, ALaggingNodeIsNotAReorganisation) {
    Fixture f;
    catch_up(f.indexer);
    f.chain.head = 38;  // a backend three blocks behind
    EXPECT_TRUE(run_task(f.indexer.sync_once()));
    f.chain.head = 42;
    catch_up(f.indexer);
    EXPECT_EQ(reserve0_read(f.indexer), U256(42'000));
    EXPECT_EQ(f.indexer.rewinds(), 0);
    EXPECT_EQ(f.indexer.rebuilds(), 0);
}

}  // namespace perch::swap
