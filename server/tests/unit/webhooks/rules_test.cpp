// The webhooks' pure rules: the signature against a vector computed with OpenSSL's command line,
// the retry schedule and its 24-hour cut-off, which events a webhook takes (its channel only, and
// never past an id that may still commit), and the bytes sent.
#include "webhooks/rules.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

using namespace perch::webhooks;
using perch::store::Webhook;
using perch::store::WebhookEvent;

// printf '%s' '1767225600.{"id":7,"event_id":42,"state":"queued"}' |
//   openssl dgst -sha256 -hmac 'whsec_test_secret'
TEST(WebhookRules, SignatureIsHmacSha256OfTimestampDotBody) {
    EXPECT_EQ(
        signature("whsec_test_secret", 1767225600, R"({"id":7,"event_id":42,"state":"queued"})"),
        "v1=d7ac56b15d1df400ba173f08d170ac280cfd1c6dfe5e4d8e5d4fccccaef4878a");
    // Another timestamp, body or secret is another signature.
    EXPECT_NE(
        signature("whsec_test_secret", 1767225601, R"({"id":7,"event_id":42,"state":"queued"})"),
        signature("whsec_test_secret", 1767225600, R"({"id":7,"event_id":42,"state":"queued"})"));
    EXPECT_NE(signature("whsec_other", 1767225600, "{}"),
              signature("whsec_test_secret", 1767225600, "{}"));
}

TEST(WebhookRules, SecretsAreFreshAndLongEnough) {
    auto a = new_secret(), b = new_secret();
    EXPECT_EQ(a.size(), 6u + 64u);
    EXPECT_TRUE(a.starts_with("whsec_"));
    EXPECT_NE(a, b);
}

TEST(WebhookRules, RetriesDoubleFromTenSecondsUpToAnHour) {
    const std::int64_t made = 1'000'000;
    std::vector<std::int64_t> waits;
    for (int attempt = 1; attempt <= 11; ++attempt) {
        auto next = after_failure(attempt, made, made, 0.0);
        ASSERT_FALSE(next.give_up);
        waits.push_back(next.at - made);
    }
    EXPECT_EQ(waits,
              (std::vector<std::int64_t>{10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600}));
    // Jitter stretches a wait by at most 10 %.
    EXPECT_EQ(after_failure(1, made, made, 0.999).at - made, 10 + 0);  // 0.999 s rounds down
    EXPECT_EQ(after_failure(4, made, made, 0.5).at - made, 80 + 4);
    EXPECT_EQ(after_failure(30, made, made, 0.99).at - made, 3600 + 356);
}

TEST(WebhookRules, ADeliveryIsTriedUntilTwentyFourHoursAfterItWasMade) {
    const std::int64_t made = 1'000'000;
    const std::int64_t cut_off = made + 24 * 3600;
    // The last wait ends at the cut-off, not after it: that attempt is the last one.
    auto late = after_failure(20, made, cut_off - 100, 0.0);
    EXPECT_FALSE(late.give_up);
    EXPECT_EQ(late.at, cut_off);
    EXPECT_TRUE(after_failure(21, made, cut_off, 0.0).give_up);
    EXPECT_TRUE(after_failure(21, made, cut_off + 5, 0.0).give_up);
    EXPECT_FALSE(after_failure(1, made, cut_off - 1, 0.0).give_up);
}

TEST(WebhookRules, OnlyTwoHundredsAreDelivered) {
    EXPECT_TRUE(delivered(200));
    EXPECT_TRUE(delivered(204));
    EXPECT_FALSE(delivered(0));
    EXPECT_FALSE(delivered(301));
    EXPECT_FALSE(delivered(404));
    EXPECT_FALSE(delivered(500));
}

namespace {

WebhookEvent event(std::int64_t id, std::int64_t channel, std::int64_t at = 100) {
    return WebhookEvent{id, 1000 + id, channel, "queued", at};
}

std::vector<std::int64_t> ids(const Taken& t) {
    std::vector<std::int64_t> out;
    for (const auto& e : t.events) out.push_back(e.event_id);
    return out;
}

}  // namespace

TEST(WebhookRules, AWebhookTakesItsChannelsEventsAndMovesPastOthers) {
    Webhook hook{.channel = 7, .cursor_event_id = 10};
    auto taken =
        take_events(hook, {event(11, 7), event(12, 9), event(13, 7), event(14, 9)}, 100, 10);
    EXPECT_EQ(ids(taken), (std::vector<std::int64_t>{11, 13}));
    EXPECT_EQ(taken.cursor, 14);  // the other channel's events are passed too
    EXPECT_EQ(take_events(hook, {}, 100, 10).cursor, 10);
}

TEST(WebhookRules, TheCursorWaitsAtAGapUntilItIsOldEnough) {
    Webhook hook{.channel = 7, .cursor_event_id = 10};
    // 12 is missing: a transaction holding it may still commit. Until 13 is 10 s old, stop at 11.
    std::vector<WebhookEvent> log{event(11, 7, 100), event(13, 7, 95), event(14, 7, 100)};
    auto early = take_events(hook, log, 100, 10);
    EXPECT_EQ(ids(early), (std::vector<std::int64_t>{11}));
    EXPECT_EQ(early.cursor, 11);
    // 10 s after 13 was written, 12 was rolled back: move past it.
    auto later = take_events(hook, log, 105, 10);
    EXPECT_EQ(ids(later), (std::vector<std::int64_t>{11, 13, 14}));
    EXPECT_EQ(later.cursor, 14);
    // A gap right after the cursor stops everything.
    EXPECT_EQ(take_events(hook, {event(12, 7, 100)}, 100, 10).cursor, 10);
}

TEST(WebhookRules, TheBodySentCarriesTheDeliveryIdFirst) {
    auto stored = stored_body(WebhookEvent{42, 5, 7, "completed", 1700000000},
                              boost::json::object{{"state", "completed"}});
    EXPECT_EQ(stored,
              R"({"event_id":42,"order_id":5,"order":{"state":"completed"},"state":"completed",)"
              R"("at":1700000000})");
    auto wire = wire_body(9, stored);
    EXPECT_EQ(wire, R"({"id":9,"event_id":42,"order_id":5,"order":{"state":"completed"},)"
                    R"("state":"completed","at":1700000000})");
    EXPECT_EQ(boost::json::parse(wire).at("id").as_int64(), 9);
}

TEST(WebhookRules, OnlyHttpAndHttpsUrlsWithAHostAreTaken) {
    EXPECT_FALSE(url_problem("https://hooks.example.com/perch?x=1"));
    EXPECT_FALSE(url_problem("http://127.0.0.1:8080/in"));
    EXPECT_TRUE(url_problem("ftp://example.com/"));
    EXPECT_TRUE(url_problem("example.com/hook"));
    EXPECT_TRUE(url_problem("http:///nohost"));
    EXPECT_TRUE(url_problem(""));
    EXPECT_TRUE(url_problem("https://x.example/" + std::string(2000, 'a')));
}
