// The request path against the real binary: reference data answered from preserialized headers
// with the same headers the general path sets, conditional and HTTP/1.0 requests, pipelining,
// the off-thread access log, slow clients cut at the read timeout while others are served, and
// many keep-alive connections at once.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "harness.hpp"

namespace asio = boost::asio;
using perch::testing::PerchProcess;
using tcp = asio::ip::tcp;

namespace {

const std::string kChains = "/api/bridge_api/v1/get-all-chains";

struct Raw {
    asio::io_context io;
    tcp::socket socket{io};
    explicit Raw(int port) {
        socket.connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
    }
    void send(const std::string& text) { asio::write(socket, asio::buffer(text)); }
    // Reads until `count` answers' heads and bodies (by Content-Length) are in, or the close.
    std::string read_answers(int count) {
        std::string out;
        std::array<char, 65536> buf{};
        boost::system::error_code ec;
        while (complete(out) < count) {
            auto n = socket.read_some(asio::buffer(buf), ec);
            if (ec) break;
            out.append(buf.data(), n);
        }
        return out;
    }
    static int complete(const std::string& text) {
        int n = 0;
        std::size_t pos = 0;
        for (;;) {
            auto end = text.find("\r\n\r\n", pos);
            if (end == std::string::npos) return n;
            auto cl = text.find("Content-Length: ", pos);
            if (cl == std::string::npos || cl > end) return n;
            auto length = std::stoul(text.substr(cl + 16, 20));
            if (text.size() < end + 4 + length) return n;
            pos = end + 4 + length;
            ++n;
        }
    }
};

}  // namespace

TEST(HttpPath, FixedRouteHeadersMatchTheGeneralPath) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"], "cors_origins": ["http://app.example"])");
    for (const auto& extra : std::vector<std::map<std::string, std::string>>{
             {},
             {{"Accept-Encoding", "gzip"}},
             {{"X-Forwarded-Proto", "https"}, {"Origin", "http://app.example"}}}) {
        auto fast = perch.get(kChains, extra);  // the fixed-route path
        // Another reference payload through a handler and finish() (a POST route): the same
        // header lines but for its own ETag and length.
        auto general =
            perch.request("POST", "/api/bridge_api/v1/get_all_exchange_infos", {}, extra);
        ASSERT_EQ(fast.status, 200);
        ASSERT_EQ(general.status, 200);
        EXPECT_EQ(std::to_string(fast.body.size()), fast.headers["content-length"]);
        for (auto* h : {&fast.headers, &general.headers}) {
            EXPECT_EQ(h->erase("etag"), 1U);
            EXPECT_EQ(h->erase("content-length"), 1U);
            h->erase("content-encoding");  // the exchanges list is too small to gzip
        }
        EXPECT_EQ(fast.headers, general.headers);
    }
    auto gz = perch.get(kChains, {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(gz.headers["content-encoding"], "gzip");
    EXPECT_EQ(static_cast<unsigned char>(gz.body[0]), 0x1f);  // the gzip magic
    auto plain = perch.get(kChains);
    EXPECT_EQ(plain.headers.count("content-encoding"), 0U);
    EXPECT_TRUE(plain.body.starts_with("{\"code\":0"));
    EXPECT_GT(plain.body.size(), gz.body.size());
    auto hsts = perch.get(kChains, {{"X-Forwarded-Proto", "https"}});
    EXPECT_EQ(hsts.headers["strict-transport-security"], "max-age=31536000");
    EXPECT_EQ(hsts.headers["content-security-policy"],
              "default-src 'none'; frame-ancestors 'none'");
}

TEST(HttpPath, ConditionalRequestGets304) {
    PerchProcess perch;
    auto first = perch.get(kChains);
    auto again = perch.get(kChains, {{"If-None-Match", first.headers["etag"]}});
    EXPECT_EQ(again.status, 304);
    EXPECT_TRUE(again.body.empty());
}

TEST(HttpPath, Http10KeepAliveAndPipelining) {
    PerchProcess perch;
    Raw raw(perch.port());
    raw.send("GET " + kChains + " HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
    auto one = raw.read_answers(1);
    EXPECT_TRUE(one.starts_with("HTTP/1.0 200 OK\r\n")) << one.substr(0, 100);
    EXPECT_NE(one.find("Connection: keep-alive\r\n"), std::string::npos);
    // Three requests in one write, answered in order on the same connection.
    std::string three;
    for (const char* t : {"/api/health", "/api/bridge_api/v1/get-all-chains", "/api/health"})
        three += std::string("GET ") + t + " HTTP/1.1\r\nHost: x\r\n\r\n";
    raw.send(three);
    auto answers = raw.read_answers(3);
    EXPECT_EQ(Raw::complete(answers), 3) << answers.substr(0, 300);
    auto chains = answers.find("\"list\"");
    auto second_health = answers.rfind("\"status\":\"ok\"");
    EXPECT_NE(chains, std::string::npos);
    EXPECT_LT(chains, second_health);
}

// After a fixed-route answer the server waits for epoll before reading the next request (no
// read that is bound to fail). An edge lost on the way would leave a request unread until the
// idle timeout cut the connection: here every request on one connection must be answered, in
// every order of fixed-route and handler answers, single, pipelined, split across writes, and
// sent while a handler waits for the store.
TEST(HttpPath, EveryRequestOnAKeepAliveConnectionIsReadAfterAFastAnswer) {
    PerchProcess perch(R"("limits": {"idle_timeout_ms": 3000})");
    Raw raw(perch.port());
    auto get = [](const std::string& target) {
        return "GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n";
    };
    const std::string fast = get(kChains);
    const std::string handler = get("/api/health");
    // A handler that suspends for a store query on the DB threads.
    const std::string store = get("/api/campaign_api/v1/0x" + std::string(40, '7') + "/points");
    int asked = 0;
    int answered = 0;
    auto ask = [&](const std::string& text, int count) {
        raw.send(text);
        asked += count;
        answered += Raw::complete(raw.read_answers(count));
    };
    for (int round = 0; round < 50; ++round) {
        ask(fast, 1);
        ask(fast, 1);
        ask(handler, 1);
        ask(fast + handler, 2);
        ask(handler + fast, 2);
        ask(fast + fast + fast, 3);
        // The next request arrives while the store handler before it is suspended: alone, and
        // behind a fast request that came with the store request.
        raw.send(store);
        std::this_thread::sleep_for(std::chrono::microseconds(round * 20));
        ask(fast, 2);
        raw.send(store + fast);
        std::this_thread::sleep_for(std::chrono::microseconds(round * 20));
        ask(fast, 3);
    }
    // A request in two writes after a fast answer: the second half comes while the server
    // waits for the rest.
    for (int round = 0; round < 5; ++round) {
        ask(fast, 1);
        raw.send(fast.substr(0, 20));
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        ask(fast.substr(20), 1);
    }
    EXPECT_EQ(answered, asked);
    EXPECT_EQ(asked, 50 * 15 + 10);
}

// The same with the server suspended on a write. After one fast answer the server waits for
// epoll before reading; a batch of 50 requests then comes in one such read, and their answers
// (2.6 MB) fill the socket buffers of a client that does not read yet. The client's next request
// arrives while the server waits to write: it must still be read once the answers before it are.
TEST(HttpPath, ARequestSentWhileTheServerWaitsToWriteIsRead) {
    PerchProcess perch(R"("limits": {"idle_timeout_ms": 3000})");
    Raw raw(perch.port());
    const std::string fast = "GET " + kChains + " HTTP/1.1\r\nHost: x\r\n\r\n";
    raw.send(fast);
    ASSERT_EQ(Raw::complete(raw.read_answers(1)), 1);
    std::string batch;
    for (int i = 0; i < 50; ++i) batch += fast;
    ASSERT_LT(batch.size(), 4096U);  // one read
    raw.send(batch);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    raw.send(fast);
    EXPECT_EQ(Raw::complete(raw.read_answers(51)), 51);
}

TEST(HttpPath, AccessLogWritesEveryRequestOffThread) {
    PerchProcess perch(R"("access_log": true)");
    for (int i = 0; i < 20; ++i) ASSERT_EQ(perch.get(kChains).status, 200);
    ASSERT_EQ(perch.get("/api/no-such-route?x=1").status, 404);
    std::string out;
    for (int i = 0; i < 40; ++i) {  // the writer flushes every 200 ms
        out = perch.output();
        if (out.find("/api/no-such-route?x=1 404") != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::size_t lines = 0;
    for (auto pos = out.find(" GET " + kChains + " 200 "); pos != std::string::npos;
         pos = out.find(" GET " + kChains + " 200 ", pos + 1))
        ++lines;
    EXPECT_EQ(lines, 20U) << out.substr(out.size() > 2000 ? out.size() - 2000 : 0);
    EXPECT_NE(out.find("127.0.0.1 GET /api/no-such-route?x=1 404 "), std::string::npos);
}

TEST(HttpPath, SlowClientCutAtReadTimeoutOthersServed) {
    // Bounds are wide (a 4 s read timeout, answers to others well inside it) so that a loaded
    // machine cannot fail the test; what it checks is the order of events, not a speed.
    PerchProcess perch(R"("limits": {"read_timeout_ms": 4000})");
    Raw slow(perch.port());
    auto started = std::chrono::steady_clock::now();
    slow.send("GET /api/health HTTP/1.1\r\n");
    std::jthread dribble([&] {
        boost::system::error_code ec;
        for (int i = 0; i < 100 && !ec; ++i) {  // a header byte every 100 ms, for up to 10 s
            asio::write(slow.socket, asio::buffer(std::string("X")), ec);
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    // Others are answered while the dribbling client is still connected, not after its cut.
    for (int i = 0; i < 5; ++i) EXPECT_EQ(perch.get("/api/health").status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::milliseconds(3500));
    slow.read_answers(1);  // returns when the server closes the dribbling connection
    auto held = std::chrono::steady_clock::now() - started;
    EXPECT_GE(held, std::chrono::milliseconds(3900));
    EXPECT_LT(held, std::chrono::milliseconds(9000)) << "the dribbling client was not cut";
}

TEST(HttpPath, IdleKeepAliveOutlivesTheReadTimeout) {
    PerchProcess perch(R"("limits": {"read_timeout_ms": 300, "idle_timeout_ms": 5000})");
    Raw raw(perch.port());
    raw.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(Raw::complete(raw.read_answers(1)), 1);
    std::this_thread::sleep_for(std::chrono::milliseconds(800));  // idle, not slow
    raw.send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(Raw::complete(raw.read_answers(1)), 1);
}

TEST(HttpPath, ThousandsOfKeepAliveConnectionsAtOnce) {
    // This test holds one descriptor per connection too: take the hard limit, as perch does.
    rlimit lim{};
    getrlimit(RLIMIT_NOFILE, &lim);
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
    const int kConnections = static_cast<int>(std::min<rlim_t>(3000, lim.rlim_cur - 200));
    PerchProcess perch;
    std::vector<std::unique_ptr<Raw>> conns;
    conns.reserve(kConnections);
    for (int i = 0; i < kConnections; ++i) conns.push_back(std::make_unique<Raw>(perch.port()));
    for (auto& c : conns) c->send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    int answered = 0;
    for (auto& c : conns) answered += Raw::complete(c->read_answers(1));
    EXPECT_EQ(answered, kConnections);
    // All still open: a normal request is answered, and every connection can ask again.
    EXPECT_EQ(perch.get(kChains).status, 200);
    conns.front()->send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    conns.back()->send("GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n");
    EXPECT_EQ(Raw::complete(conns.front()->read_answers(1)), 1);
    EXPECT_EQ(Raw::complete(conns.back()->read_answers(1)), 1);
}
