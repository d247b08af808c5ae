// The edge against the real binary: rate limits (429 + Retry-After) that every spelling of a path
// and every address of an IPv6 /64 share, caps on each client's connections, order streams and
// sign-in nonces, sign-in only for this deployment's own domains, security headers, HSTS and
// Secure cookies only behind a trusted TLS proxy, early errors answered with a lingering close,
// and the maker key file's permissions.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/json.hpp>
#include <fstream>
#include <thread>

#include "chain/signer.hpp"
#include "harness.hpp"
#include "test_paths.hpp"
#include "wallet_session.hpp"

namespace asio = boost::asio;
namespace json = boost::json;
using perch::testing::HttpResult;
using perch::testing::PerchProcess;
using perch::testing::run_perch;
using perch::testing::siwe_message;
using perch::testing::Wallet;

namespace {

const std::string kWallet = "0x1111111111111111111111111111111111111111";

struct RawAnswer {
    std::string text;                    // what came back until the server closed
    boost::system::error_code write_ec;  // a reset while we were still sending, as curl sees it
};

// Sends the head, then a body of `body_bytes`, as a client that reads only after sending does.
RawAnswer raw_exchange(int port, const std::string& head, std::size_t body_bytes) {
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    socket.connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
    boost::system::error_code ec;
    asio::write(socket, asio::buffer(head), ec);
    const std::string chunk(64 * 1024, 'x');
    for (std::size_t sent = 0; sent < body_bytes && !ec; sent += chunk.size())
        asio::write(socket, asio::buffer(chunk), ec);
    RawAnswer answer{{}, ec};
    std::array<char, 4096> buf{};
    for (;;) {
        auto n = socket.read_some(asio::buffer(buf), ec);
        answer.text.append(buf.data(), n);
        if (ec) break;
    }
    return answer;
}

// A connection that stays open: sends a request and reads up to the end of the answer's head.
class OpenConnection {
  public:
    explicit OpenConnection(int port) : socket_(io_) {
        socket_.connect({asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
    }
    // The status line and headers of the answer to a GET of `target` (streams never end).
    std::string get_head(const std::string& target, const std::string& extra_headers = {}) {
        asio::write(socket_, asio::buffer("GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                                          extra_headers + "\r\n"));
        std::string text;
        std::array<char, 4096> buf{};
        boost::system::error_code ec;
        while (text.find("\r\n\r\n") == std::string::npos && !ec) {
            auto n = socket_.read_some(asio::buffer(buf), ec);
            text.append(buf.data(), n);
        }
        return text.substr(0, text.find("\r\n\r\n"));
    }

  private:
    asio::io_context io_;
    asio::ip::tcp::socket socket_;
};

std::string nonce_of(const HttpResult& res) {
    return std::string(json::parse(res.body).at("data").at("nonce").as_string());
}

std::string msg_of(const HttpResult& res) {
    return std::string(json::parse(res.body).at("msg").as_string());
}

std::string verify_body(const Wallet& w, const std::string& message) {
    auto signature = perch::chain::to_hex(perch::chain::sign_personal_message(w.key, message));
    return json::serialize(json::object{{"message", message}, {"signature", signature}});
}

}  // namespace

TEST(Edge, SignInForAnotherSiteIsRefusedWhateverTheOriginSays) {
    PerchProcess perch;
    auto victim = Wallet::fresh();
    auto nonce = nonce_of(perch.get("/api/auth/nonce"));
    // What a phishing site at evil.example has the victim sign, then posts as if from there.
    auto phished = siwe_message("evil.example", victim.address, nonce);
    auto res = perch.request("POST", "/api/auth/verify", verify_body(victim, phished),
                             {{"Content-Type", "application/json"},
                              {"Origin", "http://evil.example"},
                              {"Host", "evil.example"}});
    EXPECT_EQ(res.status, 401) << res.body;
    EXPECT_EQ(json::parse(res.body).at("code").as_int64(), 401);
    EXPECT_NE(msg_of(res).find("the message is for another site (evil.example)"), std::string::npos)
        << res.body;
    EXPECT_EQ(res.headers.count("set-cookie"), 0U);
    // The same nonce, signed for this server's own address, signs in (whatever Origin says).
    auto own = siwe_message(perch, victim.address, nonce);
    auto ok =
        perch.request("POST", "/api/auth/verify", verify_body(victim, own),
                      {{"Content-Type", "application/json"}, {"Origin", "http://evil.example"}});
    EXPECT_EQ(ok.status, 200) << ok.body;
    EXPECT_NE(ok.headers["set-cookie"].find("perch_session="), std::string::npos);
    // Its loopback alias is the same site.
    auto alias = siwe_message("localhost:" + std::to_string(perch.port()), victim.address,
                              nonce_of(perch.get("/api/auth/nonce")));
    EXPECT_EQ(perch.post("/api/auth/verify", verify_body(victim, alias)).status, 200);
}

TEST(Edge, ConfiguredPublicDomainsAreTheOnlySignInDomains) {
    PerchProcess perch(R"("public_domains": ["bridge.example"])");
    auto w = Wallet::fresh();
    auto nonce = nonce_of(perch.get("/api/auth/nonce"));
    auto local =
        perch.post("/api/auth/verify", verify_body(w, siwe_message(perch, w.address, nonce)));
    EXPECT_EQ(local.status, 401) << local.body;
    auto site = perch.post("/api/auth/verify",
                           verify_body(w, siwe_message("Bridge.example", w.address, nonce)));
    EXPECT_EQ(site.status, 200) << site.body;
}

TEST(Edge, SignInBehindATlsProxySetsASecureCookie) {
    PerchProcess perch(R"("trusted_proxies": ["127.0.0.1"])");
    auto w = Wallet::fresh();
    auto sign_in = [&](std::map<std::string, std::string> headers) {
        auto nonce = nonce_of(perch.get("/api/auth/nonce"));
        headers["Content-Type"] = "application/json";
        auto res = perch.request("POST", "/api/auth/verify",
                                 verify_body(w, siwe_message(perch, w.address, nonce)), headers);
        EXPECT_EQ(res.status, 200) << res.body;
        return res.headers["set-cookie"];
    };
    auto tls = sign_in({{"X-Forwarded-Proto", "https"}});
    EXPECT_NE(tls.find("perch_session="), std::string::npos) << tls;
    EXPECT_NE(tls.find("HttpOnly"), std::string::npos) << tls;
    EXPECT_NE(tls.find("; Secure"), std::string::npos) << tls;
    EXPECT_EQ(sign_in({}).find("Secure"), std::string::npos);
}

TEST(Edge, EverySpellingOfAPathCountsInItsRateLimitGroup) {
    // 20 at once, then one every 10 s; nonces are not capped here, so every 429 is the limit's.
    PerchProcess perch(R"("trusted_proxies": ["127.0.0.1"],
                          "rate_limits": {"auth": {"per_ip": {"burst": 20, "per_minute": 6}}},
                          "limits": {"sign_in_nonces_per_ip": 0})");
    // 200 requests from one client over `paths` (in turn): how many were answered 200.
    auto admitted = [&](const std::vector<std::string>& paths, const std::string& ip) {
        int ok = 0;
        for (int i = 0; i < 200; ++i) {
            const auto& path = paths[static_cast<std::size_t>(i) % paths.size()];
            auto res = perch.get(path, {{"X-Forwarded-For", ip}});
            if (res.status == 200) {
                ++ok;
                continue;
            }
            EXPECT_EQ(res.status, 429) << path << ": " << res.body;
            EXPECT_NE(res.body.find("too many requests (auth)"), std::string::npos) << path;
        }
        return ok;
    };
    // The burst, and one more for every 10 s the 200 requests took.
    int plain = admitted({"/api/auth/nonce"}, "203.0.113.10");
    EXPECT_GE(plain, 20);
    EXPECT_LE(plain, 23);
    int doubled = admitted({"/api//auth/nonce"}, "203.0.113.11");
    EXPECT_GE(doubled, 20);
    EXPECT_LE(doubled, 23);
    int spelled = admitted({"//api/auth/nonce", "/api/auth/nonce/", "/api/auth/./nonce",
                            "/api/x/../auth/nonce", "/api/auth%2Fnonce", "/api/auth/%2E/nonce"},
                           "203.0.113.12");
    EXPECT_GE(spelled, 20);
    EXPECT_LE(spelled, 23);
}

TEST(Edge, AnIpv6ClientIsLimitedByItsSlash64) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"],
           "rate_limits": {"auth": {"per_ip": {"burst": 3, "per_minute": 6}}})");
    for (const char* ip : {"2001:db8:5:6::1", "2001:db8:5:6::2", "2001:db8:5:6:ffff::3"})
        EXPECT_EQ(perch.get("/api/auth/nonce", {{"X-Forwarded-For", ip}}).status, 200) << ip;
    EXPECT_EQ(perch.get("/api/auth/nonce", {{"X-Forwarded-For", "2001:db8:5:6:abcd::9"}}).status,
              429);
    EXPECT_EQ(perch.get("/api/auth/nonce", {{"X-Forwarded-For", "2001:db8:5:7::1"}}).status, 200);
}

TEST(Edge, SignInNoncesAreBoundedPerClient) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"], "limits": {"sign_in_nonces_per_ip": 5})");
    const std::map<std::string, std::string> client{{"X-Forwarded-For", "198.51.100.20"}};
    std::vector<std::string> nonces;
    for (int i = 0; i < 5; ++i) {
        auto res = perch.get("/api/auth/nonce", client);
        ASSERT_EQ(res.status, 200) << res.body;
        nonces.push_back(nonce_of(res));
    }
    auto refused = perch.get("/api/auth/nonce", client);
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(json::parse(refused.body).at("code").as_int64(), 429);
    EXPECT_NE(msg_of(refused).find("too many unused sign-in nonces"), std::string::npos);
    // Another client is not held back; a nonce used to sign in frees its place.
    EXPECT_EQ(perch.get("/api/auth/nonce", {{"X-Forwarded-For", "198.51.100.21"}}).status, 200);
    auto w = Wallet::fresh();
    auto signed_in = perch.post("/api/auth/verify",
                                verify_body(w, siwe_message(perch, w.address, nonces.front())));
    ASSERT_EQ(signed_in.status, 200) << signed_in.body;
    EXPECT_EQ(perch.get("/api/auth/nonce", client).status, 200);
    EXPECT_EQ(perch.get("/api/auth/nonce", client).status, 429);
}

TEST(Edge, OpenConnectionsAreCappedPerPeer) {
    PerchProcess perch(R"("limits": {"connections_per_ip": 3, "uncapped_peers": []})");
    std::vector<std::unique_ptr<OpenConnection>> open;
    for (int i = 0; i < 3; ++i) {
        open.push_back(std::make_unique<OpenConnection>(perch.port()));
        EXPECT_TRUE(open.back()->get_head("/api/health").starts_with("HTTP/1.1 200")) << i;
    }
    auto refused = perch.get("/api/health");
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_EQ(json::parse(refused.body).at("code").as_int64(), 429);
    EXPECT_NE(msg_of(refused).find("too many open connections from your address (at most 3)"),
              std::string::npos)
        << refused.body;
    // Once one closes, the peer may open another.
    open.pop_back();
    int status = 0;
    for (int i = 0; i < 50 && status != 200; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        status = perch.get("/api/health").status;
    }
    EXPECT_EQ(status, 200);
}

TEST(Edge, LoopbackPeersAreNotCappedByDefault) {
    PerchProcess perch(R"("limits": {"connections_per_ip": 2})");
    std::vector<std::unique_ptr<OpenConnection>> open;
    for (int i = 0; i < 5; ++i) {
        open.push_back(std::make_unique<OpenConnection>(perch.port()));
        EXPECT_TRUE(open.back()->get_head("/api/health").starts_with("HTTP/1.1 200")) << i;
    }
}

TEST(Edge, OrderStreamsAreCappedPerClient) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"], "limits": {"order_streams_per_ip": 2})");
    const std::string target =
        "/api/bridge_api/v1/order/stream?chain_id=8453&tx_hash=0x" + std::string(64, 'a');
    const std::string client_a = "X-Forwarded-For: 192.0.2.30\r\n";
    std::vector<std::unique_ptr<OpenConnection>> streams;
    for (int i = 0; i < 2; ++i) {
        streams.push_back(std::make_unique<OpenConnection>(perch.port()));
        auto head = streams.back()->get_head(target, client_a);
        EXPECT_TRUE(head.starts_with("HTTP/1.1 200")) << head;
        EXPECT_NE(head.find("text/event-stream"), std::string::npos) << head;
    }
    auto refused = perch.get(target, {{"X-Forwarded-For", "192.0.2.30"}});
    EXPECT_EQ(refused.status, 429) << refused.body;
    EXPECT_NE(msg_of(refused).find("too many open order streams from your address (at most 2)"),
              std::string::npos)
        << refused.body;
    // Another client still opens one.
    OpenConnection other(perch.port());
    EXPECT_TRUE(
        other.get_head(target, "X-Forwarded-For: 192.0.2.31\r\n").starts_with("HTTP/1.1 200"));
}

TEST(Edge, RateLimitPerClientIpAnswers429WithRetryAfter) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"],
           "rate_limits": {"auth": {"per_ip": {"burst": 3, "per_minute": 6}}})");
    const std::map<std::string, std::string> client_a{{"X-Forwarded-For", "203.0.113.5"}};
    for (int i = 0; i < 3; ++i) EXPECT_EQ(perch.get("/api/auth/nonce", client_a).status, 200);
    auto refused = perch.get("/api/auth/nonce", client_a);
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers["retry-after"], "10");  // 6 a minute: one token in 10 s
    auto body = json::parse(refused.body).as_object();
    EXPECT_EQ(body.at("code").as_int64(), 429);
    EXPECT_NE(std::string(body.at("msg").as_string()).find("too many requests (auth)"),
              std::string::npos);
    // Another client behind the same proxy has its own bucket; other groups are not limited.
    EXPECT_EQ(perch.get("/api/auth/nonce", {{"X-Forwarded-For", "203.0.113.6"}}).status, 200);
    EXPECT_EQ(perch.get("/api/health", client_a).status, 200);
}

TEST(Edge, RateLimitPerWalletAddressAcrossIps) {
    PerchProcess perch(
        R"("trusted_proxies": ["127.0.0.1"],
           "rate_limits": {"writes": {"per_ip": {"burst": 100, "per_minute": 100},
                                      "per_address": {"burst": 2, "per_minute": 1}}})");
    auto bind = [&](const std::string& ip, const std::string& wallet) {
        return perch.request("POST", "/api/campaign_api/v1/" + wallet + "/referrer", "{}",
                             {{"Content-Type", "application/json"}, {"X-Forwarded-For", ip}});
    };
    EXPECT_NE(bind("198.51.100.1", kWallet).status, 429);
    EXPECT_NE(bind("198.51.100.2", kWallet).status, 429);
    auto refused = bind("198.51.100.3", kWallet);
    EXPECT_EQ(refused.status, 429);
    EXPECT_EQ(refused.headers["retry-after"], "60");
    // The same IP for another wallet still passes.
    EXPECT_NE(bind("198.51.100.3", "0x2222222222222222222222222222222222222222").status, 429);
}

TEST(Edge, SecurityHeadersOnTheAppAndTheApi) {
    PerchProcess perch;
    for (const char* target : {"/", "/api/health"}) {
        auto res = perch.get(target);
        const auto& csp = res.headers["content-security-policy"];
        EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << target;
        // The app's policy on the page; API answers get the short one for data.
        if (res.headers["content-type"].starts_with("text/html"))
            EXPECT_NE(csp.find("script-src 'self';"), std::string::npos) << target;
        else
            EXPECT_EQ(csp, "default-src 'none'; frame-ancestors 'none'") << target;
        EXPECT_EQ(res.headers["x-frame-options"], "DENY") << target;
        EXPECT_EQ(res.headers["x-content-type-options"], "nosniff") << target;
        EXPECT_EQ(res.headers["referrer-policy"], "strict-origin-when-cross-origin") << target;
        EXPECT_EQ(res.headers.count("strict-transport-security"), 0U) << target;
    }
    // A client cannot ask for HSTS itself: only a trusted proxy's X-Forwarded-Proto counts.
    auto direct = perch.get("/api/health", {{"X-Forwarded-Proto", "https"}});
    EXPECT_EQ(direct.headers.count("strict-transport-security"), 0U);
}

TEST(Edge, BehindATlsProxyHstsAndSecureCookies) {
    PerchProcess perch(R"("trusted_proxies": ["127.0.0.1"])");
    auto res = perch.get("/api/health", {{"X-Forwarded-Proto", "https"}});
    EXPECT_EQ(res.headers["strict-transport-security"], "max-age=31536000");
    // Logging out clears the session cookie: behind TLS the cookie carries Secure.
    auto tls =
        perch.request("POST", "/api/auth/logout", "{}",
                      {{"Content-Type", "application/json"}, {"X-Forwarded-Proto", "https"}});
    const auto& cookie = tls.headers["set-cookie"];
    EXPECT_NE(cookie.find("HttpOnly"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("SameSite=Lax"), std::string::npos) << cookie;
    EXPECT_NE(cookie.find("; Secure"), std::string::npos) << cookie;
    auto plain =
        perch.request("POST", "/api/auth/logout", "{}", {{"Content-Type", "application/json"}});
    EXPECT_EQ(plain.headers["set-cookie"].find("Secure"), std::string::npos);
}

TEST(Edge, OversizedBodyStillReads413) {
    PerchProcess perch;                 // 1 MiB body limit
    const std::size_t body = 8U << 20;  // more than the socket buffers hold
    auto answer = raw_exchange(perch.port(),
                               "POST /api/config/user-action HTTP/1.1\r\nHost: x\r\n"
                               "Content-Type: application/json\r\nContent-Length: " +
                                   std::to_string(body) + "\r\n\r\n",
                               body);
    EXPECT_FALSE(answer.write_ec) << "reset while sending: " << answer.write_ec.message();
    EXPECT_TRUE(answer.text.starts_with("HTTP/1.1 413")) << answer.text.substr(0, 200);
    EXPECT_NE(answer.text.find("request body too large"), std::string::npos);
    EXPECT_EQ(perch.get("/api/health").status, 200);
}

TEST(Edge, MalformedRequestGets400) {
    PerchProcess perch;
    auto answer = raw_exchange(perch.port(), "NOT AN HTTP REQUEST\r\n\r\n", 0);
    EXPECT_TRUE(answer.text.starts_with("HTTP/1.1 400")) << answer.text.substr(0, 200);
    EXPECT_NE(answer.text.find("malformed HTTP request"), std::string::npos);
}

TEST(Edge, MakerKeyReadableByOthersIsRefused) {
    auto dir =
        std::filesystem::temp_directory_path() / ("perch-key-mode-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto key = dir / "maker.key";
    std::ifstream src(std::string(perch::test::root_dir()) + "/devnet/maker.key");
    std::ofstream(key) << src.rdbuf();
    ::chmod(key.c_str(), 0644);
    std::ofstream(dir / "perch.json")
        << R"({"port": 0, "database_url": "sqlite:)" << (dir / "p.db").string()
        << R"(", "chain_profile": ")" << perch::test::root_dir()
        << R"(/config/devnet.json", "maker_key_file": ")" << key.string()
        << R"(", "maker": {"enabled": true}})";
    auto [status, out] = run_perch({"serve", "--config", (dir / "perch.json").string()});
    EXPECT_EQ(status, 2);
    EXPECT_NE(out.find("readable by group or others"), std::string::npos) << out;
    EXPECT_NE(out.find("chmod 600"), std::string::npos) << out;
    std::ifstream check(key);
    std::string hex;
    check >> hex;
    EXPECT_EQ(out.find(hex.substr(hex.size() - 16)),
              std::string::npos);  // the key is never printed
    std::filesystem::remove_all(dir);
}
