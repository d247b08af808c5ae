#include "wallet_session.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <random>

#include "auth/session.hpp"
#include "core/text.hpp"

namespace perch::testing {
namespace json = boost::json;

std::int64_t now_unix() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

Wallet Wallet::fresh() {
    std::random_device rd;
    for (;;) {
        chain::Bytes seed(32);
        for (auto& b : seed) b = static_cast<std::uint8_t>(rd());
        if (auto k = chain::PrivateKey::from_bytes(seed)) {
            auto address = k->address().checksum_hex();
            return Wallet{std::move(*k), address};
        }
    }
}

std::string Wallet::lower() const {
    return text::to_lower(address);
}

std::map<std::string, std::string> Session::headers() const {
    return {{"Content-Type", "application/json"},
            {"Cookie", cookie},
            {"X-Perch-Auth", auth::auth_header_value(user, now_unix())}};
}

std::string siwe_message(const std::string& domain, const std::string& address,
                         const std::string& nonce) {
    return domain + " wants you to sign in with your Ethereum account:\n" + address +
           "\n\nSign in to Perch.\n\nURI: http://" + domain +
           "\nVersion: 1\nChain ID: 1868\nNonce: " + nonce + "\nIssued At: 2026-01-01T00:00:00Z";
}

std::string siwe_message(const PerchProcess& perch, const std::string& address,
                         const std::string& nonce) {
    return siwe_message("127.0.0.1:" + std::to_string(perch.port()), address, nonce);
}

Session sign_in(const PerchProcess& perch, const Wallet& w) {
    auto nonce_res = perch.get("/api/auth/nonce");
    EXPECT_EQ(nonce_res.status, 200) << nonce_res.body;
    auto nonce = std::string(json::parse(nonce_res.body).at("data").at("nonce").as_string());
    auto message = siwe_message(perch, w.address, nonce);
    auto signature = chain::to_hex(chain::sign_personal_message(w.key, message));
    auto body = json::serialize(json::object{{"message", message}, {"signature", signature}});
    auto res = perch.post("/api/auth/verify", body);
    EXPECT_EQ(res.status, 200) << res.body;
    auto set_cookie = res.headers["set-cookie"];
    EXPECT_NE(set_cookie.find("HttpOnly"), std::string::npos);
    EXPECT_NE(set_cookie.find("SameSite=Lax"), std::string::npos);
    return Session{set_cookie.substr(0, set_cookie.find(';')), w.lower()};
}

}  // namespace perch::testing
