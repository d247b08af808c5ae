#pragma once
// New heads of one chain pushed by the node: `eth_subscribe("newHeads")` over a WebSocket on the
// same host and port as the chain's HTTP RPC URL (Hardhat, geth and most providers serve both on
// one port). Callers keep polling as well: the feed only makes them look sooner. A socket that
// closes, stalls or is refused is reopened with a doubling backoff, forever, until stop().
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "core/task.hpp"

namespace perch::chain::rpc {

struct Head {
    std::uint64_t number = 0;
    std::string hash;
};

// Pure helpers, unit-tested. The WebSocket URL of an http(s) RPC URL (ws/wss, same host, port and
// path), or nothing for a URL that is not http(s).
std::optional<std::string> websocket_url_of(const std::string& http_url);
// The head carried by an `eth_subscription` notification, or nothing for any other message.
std::optional<Head> parse_head_notification(std::string_view message);
// The subscription id of the answer to the subscribe request; throws RpcError when the node
// refused it (no subscriptions over this transport) or the answer is not one.
std::string parse_subscribe_answer(std::string_view message);
// The wait before reconnect attempt `failures` (1, 2, ...): `first` doubled per failure, capped.
std::chrono::milliseconds reconnect_backoff(int failures, std::chrono::milliseconds first,
                                            std::chrono::milliseconds cap);

class HeadFeed {
  public:
    using OnHead = std::function<void(const Head&)>;
    // `http_url` is the chain's RPC URL; only plain http URLs get a feed (ws://), others none.
    HeadFeed(std::string http_url, OnHead on_head);

    // Runs on the caller's executor until stop(); never throws.
    Task<void> run();
    void stop() { stopping_ = true; }
    bool usable() const { return ws_url_.has_value(); }
    // Whether a subscription is live now (for tests and logs).
    bool subscribed() const { return subscribed_.load(); }
    // Heads received over all connections, and connections that ended (for tests and logs).
    std::uint64_t heads() const { return heads_.load(); }
    std::uint64_t disconnects() const { return disconnects_.load(); }

    std::chrono::milliseconds first_backoff{200};
    std::chrono::milliseconds max_backoff{5000};
    std::chrono::milliseconds idle_timeout{10000};  // pings, then a silent socket is closed

  private:
    Task<void> session();

    std::string http_url_;
    std::optional<std::string> ws_url_;
    OnHead on_head_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> subscribed_{false};
    std::atomic<std::uint64_t> heads_{0};
    std::atomic<std::uint64_t> disconnects_{0};
};

}  // namespace perch::chain::rpc
