// The edge against the real binary: rate limits (429 + Retry-After), security headers, HSTS only
// behind a trusted TLS proxy, early errors answered with a lingering close, and the maker key
// file's permissions.
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

#include "harness.hpp"

namespace asio = boost::asio;
namespace json = boost::json;
using perch::testing::PerchProcess;
using perch::testing::run_perch;

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

}  // namespace

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
    std::ifstream src(std::string(PERCH_ROOT_DIR) + "/devnet/maker.key");
    std::ofstream(key) << src.rdbuf();
    ::chmod(key.c_str(), 0644);
    std::ofstream(dir / "perch.json")
        << R"({"port": 0, "database_url": "sqlite:)" << (dir / "p.db").string()
        << R"(", "chain_profile": ")" << PERCH_ROOT_DIR
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
