#include "http/rate_limit.hpp"

#include <gtest/gtest.h>

using namespace std::chrono_literals;
using perch::RateGroup;
using perch::RateRule;
using perch::http::RateClock;
using perch::http::RateLimiter;
using perch::http::TokenBucket;

namespace {

const auto t0 = RateClock::time_point{} + 1000s;

std::vector<RateGroup> groups() {
    return {
        {"auth", {"/api/auth/"}, {}, {3, 60}, {}},  // 3 at once, then one a second
        {"writes", {"/api/"}, {"POST"}, {100, 600}, {2, 6}},
    };
}

}  // namespace

TEST(TokenBucket, BurstThenRefillAtTheRate) {
    RateRule rule{3, 60};  // one token a second
    TokenBucket b;
    EXPECT_FALSE(b.take(rule, t0));
    EXPECT_FALSE(b.take(rule, t0));
    EXPECT_FALSE(b.take(rule, t0));
    auto wait = b.take(rule, t0);
    ASSERT_TRUE(wait);
    EXPECT_EQ(*wait, 1000ms);
    EXPECT_TRUE(b.take(rule, t0 + 500ms));  // half a token
    EXPECT_FALSE(b.take(rule, t0 + 1000ms));
    EXPECT_FALSE(b.full(rule, t0 + 1000ms));
    EXPECT_TRUE(b.full(rule, t0 + 10s));  // never more than the burst
    for (int i = 0; i < 3; ++i) EXPECT_FALSE(b.take(rule, t0 + 10s));
    EXPECT_TRUE(b.take(rule, t0 + 10s));
}

TEST(TokenBucket, ZeroBurstMeansNoLimit) {
    TokenBucket b;
    for (int i = 0; i < 1000; ++i) EXPECT_FALSE(b.take(RateRule{}, t0));
}

TEST(RateLimiter, FirstMatchingGroupByPathAndMethod) {
    RateLimiter limiter(groups());
    EXPECT_EQ(limiter.group_of("GET", "/api/auth/nonce")->name, "auth");
    EXPECT_EQ(limiter.group_of("POST", "/api/auth/verify")->name, "auth");
    EXPECT_EQ(limiter.group_of("POST", "/api/config/user-action")->name, "writes");
    EXPECT_EQ(limiter.group_of("GET", "/api/health"), nullptr);
    EXPECT_EQ(limiter.group_of("GET", "/"), nullptr);
}

TEST(RateLimiter, PerClientIpWithRetryAfter) {
    RateLimiter limiter(groups());
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(limiter.admit("GET", "/api/auth/nonce", "1.1.1.1", "", t0).group, nullptr);
    auto refused = limiter.admit("GET", "/api/auth/nonce", "1.1.1.1", "", t0);
    ASSERT_NE(refused.group, nullptr);
    EXPECT_EQ(refused.group->name, "auth");
    EXPECT_EQ(refused.retry_after, 1s);
    // Another client, and another group, are not affected.
    EXPECT_EQ(limiter.admit("GET", "/api/auth/nonce", "2.2.2.2", "", t0).group, nullptr);
    EXPECT_EQ(limiter.admit("GET", "/api/health", "1.1.1.1", "", t0).group, nullptr);
    EXPECT_EQ(limiter.admit("GET", "/api/auth/nonce", "1.1.1.1", "", t0 + 1s).group, nullptr);
}

TEST(RateLimiter, PerWalletAddressAcrossIps) {
    RateLimiter limiter(groups());
    const char* wallet = "0xabc";
    EXPECT_EQ(limiter.admit("POST", "/api/x", "1.1.1.1", wallet, t0).group, nullptr);
    EXPECT_EQ(limiter.admit("POST", "/api/x", "2.2.2.2", wallet, t0).group, nullptr);
    auto refused = limiter.admit("POST", "/api/x", "3.3.3.3", wallet, t0);
    ASSERT_NE(refused.group, nullptr);
    EXPECT_EQ(refused.retry_after, 10s);  // 6 a minute
    EXPECT_EQ(limiter.admit("POST", "/api/x", "3.3.3.3", "0xdef", t0).group, nullptr);
}

TEST(RateLimiter, MemoryStaysBoundedByActiveClients) {
    RateLimiter limiter(groups());
    // A flood of 300,000 new clients at one instant: shards cap at 8192 buckets each.
    for (int i = 0; i < 300000; ++i)
        limiter.admit("GET", "/api/auth/nonce", std::to_string(i), "", t0);
    EXPECT_LE(limiter.bucket_count(), 16U * 8192U);
    // The most recent clients keep their buckets: the last one is still refused after its burst.
    for (int i = 0; i < 2; ++i) limiter.admit("GET", "/api/auth/nonce", "299999", "", t0);
    EXPECT_NE(limiter.admit("GET", "/api/auth/nonce", "299999", "", t0).group, nullptr);
}

TEST(RateLimiter, AnIpv6ClientIsCountedByItsSlash64) {
    RateLimiter limiter(groups());
    // Every address of one /64 shares the client's bucket: 3 at once in all.
    for (const char* ip : {"2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::3"})
        EXPECT_EQ(limiter.admit("GET", "/api/auth/nonce", ip, "", t0).group, nullptr) << ip;
    auto refused = limiter.admit("GET", "/api/auth/nonce", "2001:db8:1:2:abcd::4", "", t0);
    ASSERT_NE(refused.group, nullptr);
    EXPECT_EQ(refused.group->name, "auth");
    // The next /64 is another client.
    EXPECT_EQ(limiter.admit("GET", "/api/auth/nonce", "2001:db8:1:3::1", "", t0).group, nullptr);
}

TEST(RateLimiter, GroupPrefixesAreNormalizedLikePaths) {
    RateLimiter limiter(
        {{"auth", {"/api//auth/"}, {}, {3, 60}, {}}, {"quote", {"/api/./quote"}, {}, {3, 60}, {}}});
    EXPECT_EQ(limiter.group_of("GET", "/api/auth/nonce")->name, "auth");
    EXPECT_EQ(limiter.group_of("GET", "/api/auth"), nullptr);  // the folder's name alone
    EXPECT_EQ(limiter.group_of("GET", "/api/quote")->name, "quote");
}

TEST(ConcurrencyCap, AtMostCapPerClientUntilASlotIsGivenBack) {
    perch::http::ConcurrencyCap cap(2);
    auto a = cap.acquire("1.1.1.1");
    auto b = cap.acquire("1.1.1.1");
    ASSERT_TRUE(a && b);
    EXPECT_FALSE(cap.acquire("1.1.1.1"));
    EXPECT_TRUE(cap.acquire("2.2.2.2"));  // taken and given back at once
    EXPECT_EQ(cap.held("2.2.2.2"), 0U);
    EXPECT_EQ(cap.held("1.1.1.1"), 2U);
    {
        auto moved = std::move(*a);  // a moved slot is given back once, by its new owner
        a.reset();
        EXPECT_EQ(cap.held("1.1.1.1"), 2U);
    }
    EXPECT_EQ(cap.held("1.1.1.1"), 1U);
    EXPECT_TRUE(cap.acquire("1.1.1.1"));
}

TEST(ConcurrencyCap, ZeroMeansNoCap) {
    perch::http::ConcurrencyCap cap(0);
    std::vector<perch::http::ConcurrencyCap::Slot> slots;
    for (int i = 0; i < 1000; ++i) {
        auto slot = cap.acquire("1.1.1.1");
        ASSERT_TRUE(slot);
        slots.push_back(std::move(*slot));
    }
    EXPECT_EQ(cap.held("1.1.1.1"), 0U);
}
