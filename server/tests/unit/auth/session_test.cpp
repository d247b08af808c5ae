// Sign-in helpers: SHA-256 known answers, nonces, cookies, and the per-request header the web
// client computes (web/src/api/authHeader.ts: sha256("<user lower>:<YYYYMMDDHH>")).
#include "auth/session.hpp"

#include <gtest/gtest.h>

using namespace perch::auth;

TEST(AuthSession, Sha256KnownAnswers) {
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(AuthSession, NoncesAndTokensAreFreshAndWellFormed) {
    auto a = new_nonce();
    auto b = new_nonce();
    EXPECT_EQ(a.size(), 24u);
    EXPECT_NE(a, b);
    for (char c : a) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(c)));
    EXPECT_EQ(random_hex(32).size(), 64u);
}

TEST(AuthSession, CookieParsingAndAttributes) {
    EXPECT_EQ(cookie_value("a=1; perch_session=abc; b=2", "perch_session"), "abc");
    EXPECT_FALSE(cookie_value("perch_sessionx=1", "perch_session"));
    EXPECT_FALSE(cookie_value("", "perch_session"));
    auto set = session_cookie("tok", 60);
    EXPECT_NE(set.find("HttpOnly"), std::string::npos);
    EXPECT_NE(set.find("SameSite=Lax"), std::string::npos);
    EXPECT_NE(set.find("Path=/"), std::string::npos);
    EXPECT_NE(cleared_session_cookie().find("Max-Age=0"), std::string::npos);
}

TEST(AuthSession, PerRequestHeaderByUtcHour) {
    // 2026-11-22 08:58:15 UTC.
    const std::int64_t now = 1795337895;
    EXPECT_EQ(utc_hour_stamp(now), "2026112208");
    const std::string user = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc";
    auto expected = sha256_hex("0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc:2026112208");
    EXPECT_EQ(auth_header_value(user, now), expected);
    EXPECT_TRUE(auth_header_ok(expected, user, now));
    EXPECT_TRUE(auth_header_ok(expected, user, now + 3600));  // the next hour still accepts it
    EXPECT_FALSE(auth_header_ok(expected, user, now + 2 * 3600));
    EXPECT_FALSE(auth_header_ok(expected, "0x0000000000000000000000000000000000000001", now));
    EXPECT_FALSE(auth_header_ok("", user, now));
}
