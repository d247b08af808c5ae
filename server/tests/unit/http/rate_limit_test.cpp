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
