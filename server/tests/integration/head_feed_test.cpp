// The newHeads WebSocket feed against the devnet's Hardhat nodes (same port as HTTP): heads arrive
// in order and match the node's blocks; when the socket is cut the feed says so and reconnects
// with backoff; a node without the WebSocket leaves the feed down (callers keep polling).
#include "chain/rpc/head_feed.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <functional>
#include <list>
#include <mutex>
#include <thread>

#include "chain/rpc/eth.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "devnet.hpp"

using namespace perch::chain::rpc;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// A TCP relay in front of a node that the test can cut: every open connection is closed and new
// ones are refused until resume().
class CuttableRelay {
  public:
    CuttableRelay(asio::io_context& io, std::string host, std::string port)
        : io_(io), acceptor_(io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
        upstream_ = tcp::resolver(io).resolve(host, port);
        port_ = acceptor_.local_endpoint().port();
        start();
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    void cut() {
        asio::post(io_, [this] {
            boost::system::error_code ec;
            acceptor_.close(ec);
            // Closed, not erased: the relay's coroutines still hold references to them.
            for (auto& s : sockets_) s.close(ec);
        });
    }
    void resume() {
        asio::post(io_, [this] {
            acceptor_.open(tcp::v4());
            acceptor_.set_option(tcp::acceptor::reuse_address(true));
            acceptor_.bind(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port_));
            acceptor_.listen();
            start();
        });
    }

  private:
    void start() { asio::co_spawn(io_, accept_loop(), asio::detached); }
    asio::awaitable<void> accept_loop() {
        try {
            for (;;) {
                auto& client =
                    sockets_.emplace_back(co_await acceptor_.async_accept(asio::use_awaitable));
                auto& node = sockets_.emplace_back(io_);
                co_await asio::async_connect(node, upstream_, asio::use_awaitable);
                asio::co_spawn(io_, pipe(client, node), asio::detached);
                asio::co_spawn(io_, pipe(node, client), asio::detached);
            }
        } catch (const std::exception&) {
            // cut: the acceptor was closed
        }
    }
    static asio::awaitable<void> pipe(tcp::socket& from, tcp::socket& to) {
        std::array<char, 16384> buf{};
        try {
            for (;;) {
                auto n = co_await from.async_read_some(asio::buffer(buf), asio::use_awaitable);
                co_await asio::async_write(to, asio::buffer(buf.data(), n), asio::use_awaitable);
            }
        } catch (const std::exception&) {
            boost::system::error_code ec;
            to.close(ec);  // one side gone: the other goes too
        }
    }

    asio::io_context& io_;
    tcp::acceptor acceptor_;
    tcp::resolver::results_type upstream_;
    unsigned short port_ = 0;
    std::list<tcp::socket> sockets_;  // list: references stay valid while others are added
};

// Heads as the feed delivered them, read from the test thread.
struct Seen {
    std::mutex mutex;
    std::vector<Head> heads;
    void add(const Head& h) {
        std::lock_guard lock(mutex);
        heads.push_back(h);
    }
    std::size_t size() {
        std::lock_guard lock(mutex);
        return heads.size();
    }
};

bool wait_until(const std::function<bool()>& done, std::chrono::seconds limit) {
    auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        if (done()) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done();
}

// Runs an io_context on a thread for the test's duration.
struct Running {
    asio::io_context io;
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> work{
        io.get_executor()};
    std::thread thread{[this] { io.run(); }};
    void finish() {
        work.reset();
        io.stop();
        if (thread.joinable()) thread.join();
    }
    ~Running() { finish(); }
};

// Declared after everything the io thread uses, so that thread stops before any of it is gone.
struct StopFirst {
    Running& run;
    ~StopFirst() { run.finish(); }
};

perch::Task<boost::json::value> block_at(RpcClient& rpc, std::uint64_t n) {
    boost::json::array params{boost::json::string(quantity_hex(n)), false};
    co_return co_await rpc.call("eth_getBlockByNumber", std::move(params));
}

}  // namespace

TEST(HeadFeedDevnet, HeadsArriveInOrderAndMatchTheNode) {
    PERCH_REQUIRE_DEVNET(devnet);
    const auto& url = devnet.rpc_urls.begin()->second;
    Running run;
    Seen seen;
    HeadFeed feed(url, [&](const Head& h) { seen.add(h); });
    asio::co_spawn(run.io, feed.run(), asio::detached);
    StopFirst stop_first{run};
    ASSERT_TRUE(wait_until([&] { return seen.size() >= 3; }, std::chrono::seconds(10)))
        << "no heads from " << url << " within 10 s (1 s blocks)";
    EXPECT_TRUE(feed.subscribed());
    feed.stop();
    std::vector<Head> heads;
    {
        std::lock_guard lock(seen.mutex);
        heads = seen.heads;
    }
    for (std::size_t i = 1; i < heads.size(); ++i)
        EXPECT_EQ(heads[i].number, heads[i - 1].number + 1);
    RpcClient rpc({url});
    auto block = perch::testing::run_task(block_at(rpc, heads.back().number));
    EXPECT_EQ(block.at("hash").as_string(), heads.back().hash);
}

TEST(HeadFeedDevnet, ACutSocketIsReportedAndReopenedWithBackoff) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto node = parse_http_url(devnet.rpc_urls.begin()->second);
    Running run;
    CuttableRelay relay(run.io, node.host, node.port);
    Seen seen;
    HeadFeed feed(relay.url(), [&](const Head& h) { seen.add(h); });
    feed.first_backoff = std::chrono::milliseconds(100);
    feed.max_backoff = std::chrono::milliseconds(400);
    asio::co_spawn(run.io, feed.run(), asio::detached);
    StopFirst stop_first{run};
    ASSERT_TRUE(wait_until([&] { return seen.size() >= 1 && feed.subscribed(); },
                           std::chrono::seconds(10)));

    relay.cut();
    ASSERT_TRUE(wait_until([&] { return !feed.subscribed() && feed.disconnects() >= 1; },
                           std::chrono::seconds(5)))
        << "the feed did not notice its socket was closed";
    // While the relay refuses, reconnects fail and back off; no heads come in.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    auto during = seen.size();
    EXPECT_GE(feed.disconnects(), 3U) << "expected several refused reconnects in 1.5 s";
    EXPECT_LE(feed.disconnects(), 12U) << "reconnects are not backing off";
    EXPECT_FALSE(feed.subscribed());

    relay.resume();
    ASSERT_TRUE(wait_until([&] { return feed.subscribed() && seen.size() >= during + 2; },
                           std::chrono::seconds(10)))
        << "the feed did not come back after the relay reopened";
    feed.stop();
}

TEST(HeadFeedDevnet, NoWebSocketMeansNoSubscription) {
    // A port that refuses: the feed stays down and keeps retrying; nothing throws.
    Running run;
    tcp::acceptor closed(run.io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    auto port = closed.local_endpoint().port();
    closed.close();
    Seen seen;
    HeadFeed feed("http://127.0.0.1:" + std::to_string(port), [&](const Head& h) { seen.add(h); });
    feed.first_backoff = std::chrono::milliseconds(50);
    asio::co_spawn(run.io, feed.run(), asio::detached);
    StopFirst stop_first{run};
    ASSERT_TRUE(wait_until([&] { return feed.disconnects() >= 2; }, std::chrono::seconds(5)));
    EXPECT_FALSE(feed.subscribed());
    EXPECT_EQ(seen.size(), 0U);
    feed.stop();
}
