#include "webhooks/rules.hpp"

#include <sodium.h>

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <boost/url/parse.hpp>

#include "chain/hex.hpp"

namespace perch::webhooks {
namespace json = boost::json;

std::string signature(std::string_view secret, std::int64_t timestamp, std::string_view body) {
    std::string signed_text = std::to_string(timestamp) + "." + std::string(body);
    crypto_auth_hmacsha256_state state;
    std::array<unsigned char, crypto_auth_hmacsha256_BYTES> mac{};
    crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret.data()),
                                secret.size());
    crypto_auth_hmacsha256_update(
        &state, reinterpret_cast<const unsigned char*>(signed_text.data()), signed_text.size());
    crypto_auth_hmacsha256_final(&state, mac.data());
    return "v1=" + chain::to_hex(chain::ByteView(mac.data(), mac.size()), false);
}

std::string new_secret() {
    std::array<unsigned char, 32> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    return "whsec_" + chain::to_hex(chain::ByteView(bytes.data(), bytes.size()), false);
}

NextTry after_failure(int attempts, std::int64_t created_at, std::int64_t now, double jitter) {
    auto cut_off = created_at + kGiveUpAfterSeconds;
    if (now >= cut_off) return {.give_up = true};
    // 10 s · 2^(n-1), capped: the shift stops growing long before it could overflow.
    auto doublings = std::clamp(attempts - 1, 0, 20);
    auto wait = std::min(kFirstRetrySeconds << doublings, kMaxRetrySeconds);
    wait +=
        static_cast<std::int64_t>(static_cast<double>(wait) * 0.1 * std::clamp(jitter, 0.0, 1.0));
    return {.give_up = false, .at = std::min(now + wait, cut_off)};
}

Taken take_events(const store::Webhook& hook, const std::vector<store::WebhookEvent>& log,
                  std::int64_t now, std::int64_t grace_seconds) {
    Taken out{{}, hook.cursor_event_id};
    for (const auto& e : log) {
        if (e.event_id <= out.cursor) continue;
        bool gap = e.event_id != out.cursor + 1;
        if (gap && e.at > now - grace_seconds) break;  // an earlier id may still commit
        out.cursor = e.event_id;
        if (e.channel == hook.channel) out.events.push_back(e);
    }
    return out;
}

std::string stored_body(const store::WebhookEvent& event, const json::value& order) {
    return json::serialize(json::object{{"event_id", event.event_id},
                                        {"order_id", event.order_id},
                                        {"order", order},
                                        {"state", event.state},
                                        {"at", event.at}});
}

std::string wire_body(std::int64_t delivery_id, std::string_view stored) {
    // stored is a JSON object with members: "{" + its members + "}".
    return "{\"id\":" + std::to_string(delivery_id) + "," + std::string(stored.substr(1));
}

std::optional<std::string> url_problem(std::string_view url) {
    if (url.size() > 2000) return "'url' must be at most 2000 characters";
    auto parsed = boost::urls::parse_absolute_uri(url);
    if (!parsed || (parsed->scheme() != "http" && parsed->scheme() != "https") ||
        parsed->host().empty())
        return "'url' must be an http or https URL with a host";
    return std::nullopt;
}

}  // namespace perch::webhooks
