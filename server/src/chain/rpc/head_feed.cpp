#include "chain/rpc/head_feed.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <boost/system/system_error.hpp>

#include "chain/rpc/errors.hpp"
#include "chain/rpc/http_endpoint.hpp"
#include "chain/rpc/rpc_error.hpp"

namespace perch::chain::rpc {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace json = boost::json;

namespace {

std::uint64_t hex_u64(std::string_view s) {
    if (s.size() < 3 || s.substr(0, 2) != "0x" || s.size() > 18)
        throw std::invalid_argument(std::string(s));
    std::uint64_t v = 0;
    for (char c : s.substr(2)) {
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0) throw std::invalid_argument(std::string(s));
        v = v * 16 + static_cast<std::uint64_t>(d);
    }
    return v;
}

}  // namespace

std::optional<std::string> websocket_url_of(const std::string& http_url) {
    try {
        auto url = parse_http_url(http_url);
        return std::string(url.tls ? "wss://" : "ws://") + url.host + ":" + url.port + url.target;
    } catch (const RpcError&) {
        return std::nullopt;
    }
}

std::optional<Head> parse_head_notification(std::string_view message) {
    boost::system::error_code ec;
    auto v = json::parse(message, ec);
    if (ec || !v.is_object()) return std::nullopt;
    const auto& o = v.as_object();
    const auto* method = o.if_contains("method");
    const auto* params = o.if_contains("params");
    if (!method || !method->is_string() || method->as_string() != "eth_subscription" || !params ||
        !params->is_object())
        return std::nullopt;
    const auto* result = params->as_object().if_contains("result");
    if (!result || !result->is_object()) return std::nullopt;
    const auto* number = result->as_object().if_contains("number");
    const auto* hash = result->as_object().if_contains("hash");
    if (!number || !number->is_string() || !hash || !hash->is_string()) return std::nullopt;
    try {
        return Head{hex_u64(number->as_string()), std::string(hash->as_string())};
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
}

std::string parse_subscribe_answer(std::string_view message) {
    boost::system::error_code ec;
    auto v = json::parse(message, ec);
    if (ec || !v.is_object())
        throw RpcError(RpcError::Kind::bad_response, "eth_subscribe: answer is not a JSON object");
    const auto& o = v.as_object();
    if (const auto* error = o.if_contains("error"); error && !error->is_null()) {
        std::string text = "eth_subscribe refused";
        if (error->is_object())
            if (const auto* m = error->as_object().if_contains("message"); m && m->is_string())
                text += std::string(": ") + std::string(m->as_string());
        throw RpcError(RpcError::Kind::rpc, text);
    }
    const auto* result = o.if_contains("result");
    if (!result || !result->is_string() || result->as_string().empty())
        throw RpcError(RpcError::Kind::bad_response, "eth_subscribe: no subscription id");
    return std::string(result->as_string());
}

std::chrono::milliseconds reconnect_backoff(int failures, std::chrono::milliseconds first,
                                            std::chrono::milliseconds cap) {
    auto wait = first;
    for (int i = 1; i < failures && wait < cap; ++i) wait *= 2;
    return std::min(wait, cap);
}

HeadFeed::HeadFeed(std::string http_url, OnHead on_head)
    : http_url_(std::move(http_url)), on_head_(std::move(on_head)) {
    // wss would need the TLS stream too; such chains are polled only (see usable()).
    auto ws = websocket_url_of(http_url_);
    if (ws && ws->starts_with("ws://")) ws_url_ = ws;
}

Task<void> HeadFeed::run() {
    if (!ws_url_) co_return;
    int failures = 0;
    while (!stopping_) {
        std::string why;
        auto heads_before = heads_.load();
        try {
            co_await session();
        } catch (const boost::system::system_error& e) {
            why = e.code().message();  // without the source location Asio appends to what()
        } catch (const std::exception& e) {
            why = e.what();
        }
        subscribed_ = false;
        if (stopping_) break;
        ++disconnects_;
        // A session that delivered heads was healthy: start the backoff again from the bottom.
        failures = heads_.load() > heads_before ? 1 : failures + 1;
        // Said once per outage; the callers poll meanwhile.
        if (failures == 1)
            spdlog::warn("head feed {}: {}; polling until it is back", redact_url(*ws_url_),
                         why.empty() ? "closed" : why);
        asio::steady_timer timer(co_await asio::this_coro::executor,
                                 reconnect_backoff(failures, first_backoff, max_backoff));
        boost::system::error_code ec;
        co_await timer.async_wait(asio::redirect_error(asio::use_awaitable, ec));
    }
}

Task<void> HeadFeed::session() {
    auto url = parse_http_url(http_url_);
    auto executor = co_await asio::this_coro::executor;
    asio::ip::tcp::resolver resolver(executor);
    auto endpoints = co_await resolver.async_resolve(url.host, url.port, asio::use_awaitable);
    websocket::stream<beast::tcp_stream> ws(executor);
    beast::get_lowest_layer(ws).expires_after(std::chrono::seconds(5));
    co_await beast::get_lowest_layer(ws).async_connect(endpoints, asio::use_awaitable);
    beast::get_lowest_layer(ws).socket().set_option(asio::ip::tcp::no_delay(true));
    beast::get_lowest_layer(ws).expires_never();
    websocket::stream_base::timeout timeouts{};
    timeouts.handshake_timeout = std::chrono::seconds(5);
    timeouts.idle_timeout = idle_timeout;
    timeouts.keep_alive_pings = true;
    ws.set_option(timeouts);
    auto host = url.host + ":" + url.port;
    co_await ws.async_handshake(host, url.target, asio::use_awaitable);

    std::string request =
        R"({"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]})";
    co_await ws.async_write(asio::buffer(request), asio::use_awaitable);
    beast::flat_buffer buffer;
    bool have_id = false;
    while (!stopping_) {
        co_await ws.async_read(buffer, asio::use_awaitable);
        std::string_view text(static_cast<const char*>(buffer.data().data()), buffer.size());
        if (!have_id) {
            if (auto head = parse_head_notification(text)) {
                // A head may race ahead of the id; take it.
                ++heads_;
                on_head_(*head);
            } else {
                parse_subscribe_answer(text);
                have_id = true;
                subscribed_ = true;
                spdlog::info("head feed {}: subscribed to new heads", redact_url(*ws_url_));
            }
        } else if (auto head = parse_head_notification(text)) {
            ++heads_;
            on_head_(*head);
        }
        buffer.consume(buffer.size());
    }
}

}  // namespace perch::chain::rpc
