// Deposits read through devnet/scripts/provider-proxy.mjs, which answers like a load-balanced
// provider: rate limits (HTTP 429 with Retry-After, -32005 inside a 200), an eth_getLogs range
// cap, a batch cap, HTML 5xx pages, resets, truncated bodies and backends 0-3 blocks behind. A
// watcher that reads as the maker's should (the head from any node, logs through
// get_logs_adaptive, which reads only what the answering node has) finds every deposit, once.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "bridge/deposit_event.hpp"
#include "bridge/deposit_tx.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/logs.hpp"
#include "core/json_file.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "swap/deployment.hpp"
#include "swap/pool_indexer.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
using namespace perch::chain;
using namespace perch::chain::rpc;
using perch::Task;
namespace bridge = perch::bridge;
using perch::testing::run_task;

namespace {

constexpr std::int64_t kChain = 8453;
constexpr std::int64_t kChannel = 98675412;

// The proxy as a child process: started with the test's settings, stopped with the test.
class ProviderProxy {
  public:
    // `settings`: the proxy's flags, separated by spaces.
    ProviderProxy(const std::string& upstream, const std::string& settings)
        : port_(perch::testing::free_port()),
          log_(std::filesystem::temp_directory_path() /
               ("perch-provider-proxy-" + std::to_string(port_) + ".log")) {
        std::vector<std::string> args{
            "node", std::string(perch::test::root_dir()) + "/devnet/scripts/provider-proxy.mjs",
            "--chain", std::to_string(port_) + "=" + upstream};
        std::istringstream words(settings);
        for (std::string word; words >> word;) args.push_back(word);
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            int fd = ::open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 1);
            dup2(fd, 2);
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execvp("node", argv.data());
            _exit(127);
        }
        perch::testing::wait_for("the provider proxy listening", std::chrono::seconds(30), [&] {
            return output().find("provider proxy ready") != std::string::npos;
        });
    }
    ~ProviderProxy() {
        kill(pid_, SIGTERM);
        int status = 0;
        waitpid(pid_, &status, 0);
        std::filesystem::remove(log_);
    }
    ProviderProxy(const ProviderProxy&) = delete;
    ProviderProxy& operator=(const ProviderProxy&) = delete;

    int port() const { return port_; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }
    json::object stats() const {
        auto res = perch::testing::http_request(port_, "GET", "/__proxy/stats");
        return json::parse(res.body).as_object();
    }
    std::string output() const {
        std::ifstream in(log_);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }

  private:
    int port_;
    std::filesystem::path log_;
    pid_t pid_ = -1;
};

std::int64_t count_of(const json::object& stats, const char* what) {
    const auto* v = stats.if_contains(what);
    return v ? v->to_number<std::int64_t>() : 0;
}

// A deposit's identity, as the maker's orders key it (chain, transaction, log position).
using DepositKey = std::string;

// Reads Deposit logs the way the maker's watcher should: the head from whichever node answers,
// then get_logs_adaptive from the cursor, which stops where the answering node's blocks stop.
struct Watcher {
    RpcClient& rpc;
    Address depositor;
    std::uint64_t next_block;
    LogSpan span{100};
    std::map<DepositKey, int> seen;  // how often each deposit was read
    int rounds = 0;

    Task<void> round() {
        ++rounds;
        auto head = co_await Eth(rpc).block_number();
        json::object filter{{"address", depositor.lower_hex()},
                            {"topics", json::array{json::string(bridge::deposit_topic().hex())}}};
        auto read = co_await get_logs_adaptive(rpc, std::move(filter), next_block, head, span);
        for (const auto& log : read.logs) {
            auto d = bridge::decode_deposit(log, kChain, depositor);
            if (d) ++seen[d->order_key()];
        }
        next_block = read.next_block;
    }
};

// The same rounds as the maker's watcher reads today: logs from the cursor to the head one node
// reported, and the cursor moved past that head whatever the answering node had.
struct NaiveWatcher {
    RpcClient& rpc;
    Address depositor;
    std::uint64_t next_block;
    std::set<DepositKey> seen;

    Task<void> round() {
        auto head = co_await Eth(rpc).block_number();
        if (head < next_block) co_return;
        json::object filter{{"address", depositor.lower_hex()},
                            {"fromBlock", quantity_hex(next_block)},
                            {"toBlock", quantity_hex(head)},
                            {"topics", json::array{json::string(bridge::deposit_topic().hex())}}};
        std::vector<Call> calls{{"eth_getLogs", json::array{std::move(filter)}}};
        auto replies = co_await rpc.batch(std::move(calls));
        if (replies[0].error) co_return;  // (a range cap: tried again next round)
        for (const auto& log : replies[0].result.as_array())
            if (auto d = bridge::decode_deposit(log, kChain, depositor))
                seen.insert(d->order_key());
        next_block = head + 1;
    }
};

Task<std::uint64_t> chain_id_of(RpcClient& rpc) {
    co_return co_await Eth(rpc).chain_id();
}

template <class W>
void round_ignoring_outages(W& watcher) {
    try {
        run_task(watcher.round());
    } catch (const RpcError&) {
        // A node not heard for a whole round (a hang, a reset on every attempt): next round.
    }
}

}  // namespace

TEST(ProviderProxy, NoDepositIsLostBehindRateLimitsCapsAndLaggingBackends) {
    PERCH_REQUIRE_DEVNET(devnet);
    perch::testing::DevnetChains chains(devnet);
    ProviderProxy proxy(devnet.rpc_urls.at(kChain),
                        "--seed 28 --latency 30-120 --p429 0.05 --retry-after 1 --p-in-body 0.04 "
                        "--log-range 4 --batch-max 6 --p5xx 0.03 --p-reset 0.01 --p-truncate 0.01 "
                        "--p-hang 0.005 --hang-ms 5000 --backends 3 --lag 0-3");
    RpcClient rpc({proxy.url()}, {.timeout = std::chrono::milliseconds(3000),
                                  .attempts = 4,
                                  .backoff = std::chrono::milliseconds(100),
                                  .requests_per_second = 40,
                                  .batch_size = 6});
    auto depositor = *Address::from_hex(devnet.contracts.at("Depositor"));
    auto start = chains.call(kChain, "eth_blockNumber", {});
    auto first_block = quantity_u64(start) + 1;
    // Ten empty blocks first: the first read spans more blocks than the proxy's range cap. One
    // evm_mine at a time: Base is an OP-stack chain, and EDR 0.20 panics mining the block after a
    // hardhat_mine of several (its reserved blocks lack the extra data an op block builder reads).
    for (int i = 0; i < 10; ++i) chains.call(kChain, "evm_mine", {});
    Watcher watcher{rpc, depositor, first_block};
    NaiveWatcher naive{rpc, depositor, first_block};

    // Deposits in bursts (several per block), the watchers reading between them.
    std::set<DepositKey> made;
    auto amount = *U256::parse_units("0.001", 18);
    auto recipient = "0x000000000000000000000000000000000000bEEF";
    for (int burst = 0; burst < 5; ++burst) {
        std::vector<std::string> hashes;
        for (int i = 0; i < 4; ++i) {
            auto from = perch::testing::fresh_wallet(chains, kChain, *U256::parse_units("1", 18));
            json::object tx{{"from", from},
                            {"to", devnet.contracts.at("Depositor")},
                            {"data", to_hex(bridge::deposit_calldata(Address{}, amount, 42161,
                                                                     recipient, kChannel))},
                            {"value", amount.to_hex()}};
            hashes.emplace_back(
                chains.call(kChain, "eth_sendTransaction", {std::move(tx)}).as_string());
            round_ignoring_outages(watcher);
            round_ignoring_outages(naive);
        }
        for (const auto& hash : hashes) {
            auto receipt = run_task(
                perch::testing::wait_for_receipt(chains.at(kChain), *Hash32::from_hex(hash)));
            ASSERT_EQ(receipt.at("status").as_string(), "0x1");
            for (const auto& log : receipt.at("logs").as_array())
                if (auto d = bridge::decode_deposit(log, kChain, depositor))
                    made.insert(d->order_key());
        }
    }
    ASSERT_EQ(made.size(), 20U);
    auto last_block = quantity_u64(chains.call(kChain, "eth_blockNumber", {}));
    // The watcher catches up to the last deposit's block at the pace of the proxy's faults.
    perch::testing::wait_for(
        "the watcher past the last deposit's block", std::chrono::seconds(120),
        [&] {
            round_ignoring_outages(watcher);
            round_ignoring_outages(naive);
            return watcher.next_block > last_block
                       ? perch::testing::Seen::yes()
                       : perch::testing::Seen::not_yet("at block " +
                                                       std::to_string(watcher.next_block) + " of " +
                                                       std::to_string(last_block));
        },
        std::chrono::milliseconds(200));

    std::set<DepositKey> found;
    for (const auto& [key, times] : watcher.seen) {
        found.insert(key);
        EXPECT_EQ(times, 1) << "deposit " << key << " read " << times << " times";
    }
    EXPECT_EQ(found, made) << "lost: " << made.size() - std::min(made.size(), found.size());

    // The proxy did behave like a provider: every kind of fault happened during the run.
    auto stats = proxy.stats();
    EXPECT_GT(count_of(stats, "lagged_answers"), 0) << json::serialize(stats);
    EXPECT_GT(count_of(stats, "log_range_refusals"), 0) << json::serialize(stats);
    EXPECT_GT(count_of(stats, "http_429") + count_of(stats, "in_body_rate_limits"), 0)
        << json::serialize(stats);
    std::size_t naive_lost = 0;
    for (const auto& key : made) naive_lost += naive.seen.count(key) ? 0 : 1;
    std::cout << "provider proxy: " << json::serialize(stats) << "\nwatcher rounds "
              << watcher.rounds << ", deposits " << made.size() << ", found " << found.size()
              << "; a watcher reading as the maker does today lost " << naive_lost << "\n";
}

TEST(ProviderProxy, AStormOf429sIsWaitedOutNotReturned) {
    PERCH_REQUIRE_DEVNET(devnet);
    ProviderProxy proxy(devnet.rpc_urls.at(kChain), "--retry-after 1");
    auto storm = perch::testing::http_request(proxy.port(), "POST", "/__proxy/config",
                                              R"({"storm_ms": 3000})",
                                              {{"Content-Type", "application/json"}});
    ASSERT_EQ(storm.status, 200);
    RpcClient rpc({proxy.url()}, {.rate_limit_patience = std::chrono::milliseconds(20000)});
    auto started = std::chrono::steady_clock::now();
    auto id = run_task(chain_id_of(rpc));
    EXPECT_EQ(id, static_cast<std::uint64_t>(kChain));
    EXPECT_GE(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(2500));
    auto stats = proxy.stats();
    EXPECT_GE(count_of(stats, "storm_429"), 2) << json::serialize(stats);
    // Waited, not hammered: about one request per Retry-After second.
    EXPECT_LE(count_of(stats, "storm_429"), 6) << json::serialize(stats);
}

// The pool indexer through a provider whose backends lag 0-3 blocks: an older head or a block the
// answering node has not got yet is "not yet", never a reorganisation. Reading pools again from the
// start block on every such answer (as it did) would cost a full rebuild several times a minute.
TEST(ProviderProxy, ThePoolIndexerFollowsLaggingBackendsWithoutRebuilding) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto state = perch::read_json_file(devnet.state_path, "devnet state");
    auto deployment = perch::swap::parse_swap_deployment(state);
    ASSERT_TRUE(deployment) << "the test devnet deploys the swap contracts";
    ProviderProxy proxy(devnet.rpc_urls.at(kChain),
                        "--seed 7 --latency 5-30 --backends 3 --lag 0-3");
    RpcClient lagging({proxy.url()}, {.timeout = std::chrono::milliseconds(3000), .attempts = 4});
    RpcClient direct({devnet.rpc_urls.at(kChain)}, {.timeout = std::chrono::seconds(60)});
    perch::swap::PoolIndexer through(kChain, lagging, deployment->venues, deployment->start_block);
    perch::swap::PoolIndexer reference(kChain, direct, deployment->venues, deployment->start_block);
    // Rounds over 15 s of blocks (one a second): the backends answer heads and blocks of their own.
    int rounds = 0;
    for (auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
         std::chrono::steady_clock::now() < until; ++rounds) {
        try {
            run_task(through.sync_once());
        } catch (const RpcError&) {
            // a round the proxy failed altogether: the next one asks again
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    while (!run_task(reference.sync_once())) {
    }
    EXPECT_EQ(through.rebuilds(), 0) << "in " << rounds << " rounds";
    ASSERT_TRUE(through.pools());
    auto pools = through.book().pools();
    auto expected = reference.book().pools();
    std::sort(pools.begin(), pools.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(pools, expected);
    EXPECT_FALSE(pools.empty());
    EXPECT_GT(count_of(proxy.stats(), "lagged_answers"), 0) << json::serialize(proxy.stats());
}
