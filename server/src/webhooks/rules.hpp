#pragma once
// The webhooks' pure rules (issue 31): how a delivery is signed, when a failed one is tried again
// and when it is given up, which events of the order log a webhook takes, and the body it sends.
#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "store/webhook_store.hpp"

namespace perch::webhooks {

// "v1=" and the lower-case hex HMAC-SHA256 under `secret` of "<timestamp>.<body>": the value of
// the X-Perch-Signature header (the timestamp is X-Perch-Timestamp, unix seconds).
std::string signature(std::string_view secret, std::int64_t timestamp, std::string_view body);

// A fresh secret: 32 random bytes as "whsec_" and 64 hex digits.
std::string new_secret();

// Retries: 10 s after the first failed attempt, doubling, at most an hour apart; each wait
// stretched by up to 10 % (`jitter` in [0, 1)) so receivers coming back are not hit all at once.
// A delivery is tried until 24 hours after it was made; the last try falls on that cut-off.
inline constexpr std::int64_t kFirstRetrySeconds = 10;
inline constexpr std::int64_t kMaxRetrySeconds = 3600;
inline constexpr std::int64_t kGiveUpAfterSeconds = 24 * 3600;

struct NextTry {
    bool give_up = false;  // failed for good
    std::int64_t at = 0;   // when to try again (unless given up)
};
// After failed attempt number `attempts` (1 for the first) at `now` of a delivery made at
// `created_at`.
NextTry after_failure(int attempts, std::int64_t created_at, std::int64_t now, double jitter);
// Whether an HTTP status means delivered (any 2xx).
inline bool delivered(int status) {
    return status >= 200 && status < 300;
}

// Which events a webhook may take now. Event ids come from the database in insert order, but
// PostgreSQL hands out ids before commit, so an event of a transaction still running can appear
// later below ids already read: the cursor stops at the first gap in the ids until the event after
// the gap is `grace_seconds` old (a gap that old is a rolled-back transaction, never filled).
struct Taken {
    std::vector<store::WebhookEvent> events;  // of the webhook's channel, oldest first
    std::int64_t cursor = 0;                  // the webhook's cursor after them
};
Taken take_events(const store::Webhook& hook, const std::vector<store::WebhookEvent>& log,
                  std::int64_t now, std::int64_t grace_seconds);

// What a delivery stores when it is made (before it has its id): {"event_id", "order_id",
// "order", "state", "at"}, `order` being the order as GET order answers it.
std::string stored_body(const store::WebhookEvent& event, const boost::json::value& order);
// The bytes sent (and signed): the stored body with the delivery's "id" first. Every attempt
// sends the same bytes and the same id, which receivers dedupe by.
std::string wire_body(std::int64_t delivery_id, std::string_view stored);

// Why a webhook URL is refused, or nullopt: http or https with a host, at most 2,000 characters.
std::optional<std::string> url_problem(std::string_view url);

}  // namespace perch::webhooks
