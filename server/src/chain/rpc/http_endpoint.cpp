#include "chain/rpc/http_endpoint.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <boost/url/parse.hpp>

#include "chain/rpc/errors.hpp"
#include "chain/rpc/rpc_error.hpp"

namespace perch::chain::rpc {
namespace asio = boost::asio;
namespace ssl = asio::ssl;
namespace beast = boost::beast;
namespace bhttp = beast::http;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

// Exactly one of the two streams is set.
struct HttpEndpoint::Connection {
    std::unique_ptr<beast::tcp_stream> plain;
    std::unique_ptr<beast::ssl_stream<beast::tcp_stream>> tls;
    beast::flat_buffer buffer;
    beast::tcp_stream& tcp() { return tls ? beast::get_lowest_layer(*tls) : *plain; }
};

Url parse_http_url(const std::string& text) {
    auto parsed = boost::urls::parse_absolute_uri(text);
    // The URL itself is never quoted: it may carry an API key.
    if (!parsed) throw RpcError(RpcError::Kind::transport, "an RPC URL is not a valid URL");
    bool tls = parsed->scheme() == "https";
    if (!tls && parsed->scheme() != "http") {
        throw RpcError(RpcError::Kind::transport,
                       "RPC URL must be http or https: " + redact_url(text));
    }
    Url url{std::string(parsed->host()),
            parsed->has_port() ? std::string(parsed->port()) : (tls ? "443" : "80"),
            std::string(parsed->encoded_target()), tls};
    if (url.target.empty()) url.target = "/";
    return url;
}

std::shared_ptr<ssl::context> tls_client_context(const std::string& ca_file) {
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<ssl::context>> contexts;
    std::lock_guard lock(mutex);
    auto& ctx = contexts[ca_file];
    if (!ctx) {
        ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
        boost::system::error_code ec;
        if (ca_file.empty()) {
            ctx->set_default_verify_paths(ec);
        } else {
            ctx->load_verify_file(ca_file, ec);
        }
        if (ec)
            throw RpcError(RpcError::Kind::transport,
                           "TLS trust store '" + ca_file + "': " + ec.message());
        ctx->set_verify_mode(ssl::verify_peer);
    }
    return ctx;
}

HttpEndpoint::HttpEndpoint(const std::string& url, const std::string& ca_file)
    : text_(url), shown_(redact_url(url)), url_(parse_http_url(url)) {
    if (url_.tls) tls_ = tls_client_context(ca_file);
}

HttpEndpoint::~HttpEndpoint() = default;

std::unique_ptr<HttpEndpoint::Connection> HttpEndpoint::take_idle(const void* context) {
    std::lock_guard lock(mutex_);
    auto& list = idle_[context];
    if (list.empty()) return nullptr;
    auto conn = std::move(list.back());
    list.pop_back();
    return conn;
}

void HttpEndpoint::give_back(const void* context, std::unique_ptr<Connection> conn) {
    std::lock_guard lock(mutex_);
    auto& list = idle_[context];
    if (list.size() < 64) list.push_back(std::move(conn));
}

Task<std::vector<asio::ip::tcp::endpoint>> HttpEndpoint::resolve(
    std::chrono::milliseconds timeout) {
    // An IP literal (local nodes, most self-hosted RPCs) needs no resolver thread, which on a
    // loaded machine can take longer than the whole call may.
    boost::system::error_code literal_ec;
    auto literal = asio::ip::make_address(url_.host, literal_ec);
    if (!literal_ec) {
        auto port = static_cast<std::uint16_t>(std::stoi(url_.port));
        co_return std::vector<asio::ip::tcp::endpoint>{{literal, port}};
    }
    using namespace asio::experimental::awaitable_operators;
    auto executor = co_await asio::this_coro::executor;
    // Name resolution has no timeout of its own: race it against one.
    asio::ip::tcp::resolver resolver(executor);
    asio::steady_timer deadline(executor, timeout);
    auto resolved = co_await (resolver.async_resolve(url_.host, url_.port, use_tuple) ||
                              deadline.async_wait(use_tuple));
    if (resolved.index() == 1)
        throw RpcError(RpcError::Kind::timeout, shown_ + ": name resolution timed out");
    auto [resolve_ec, results] = std::get<0>(resolved);
    if (resolve_ec) throw RpcError(RpcError::Kind::transport, shown_ + ": " + resolve_ec.message());
    std::vector<asio::ip::tcp::endpoint> out;
    for (const auto& r : results) out.push_back(r.endpoint());
    co_return out;
}

Task<std::unique_ptr<HttpEndpoint::Connection>> HttpEndpoint::open(
    std::chrono::milliseconds timeout) {
    auto executor = co_await asio::this_coro::executor;
    auto endpoints = co_await resolve(timeout);
    auto conn = std::make_unique<Connection>();
    if (tls_) {
        conn->tls = std::make_unique<beast::ssl_stream<beast::tcp_stream>>(executor, *tls_);
    } else {
        conn->plain = std::make_unique<beast::tcp_stream>(executor);
    }
    auto& tcp = conn->tcp();
    tcp.expires_after(timeout);
    auto [connect_ec, ep] = co_await tcp.async_connect(endpoints, use_tuple);
    if (connect_ec == beast::error::timeout)
        throw RpcError(RpcError::Kind::timeout, shown_ + ": connect timed out");
    if (connect_ec) throw RpcError(RpcError::Kind::transport, shown_ + ": " + connect_ec.message());
    boost::system::error_code ignored;
    tcp.socket().set_option(asio::ip::tcp::no_delay(true), ignored);
    if (conn->tls) {
        // SNI, and the certificate must name the host we asked for.
        if (!SSL_set_tlsext_host_name(conn->tls->native_handle(), url_.host.c_str())) {
            throw RpcError(RpcError::Kind::transport, shown_ + ": cannot set TLS server name");
        }
        conn->tls->set_verify_callback(ssl::host_name_verification(url_.host));
        auto [handshake_ec] =
            co_await conn->tls->async_handshake(ssl::stream_base::client, use_tuple);
        if (handshake_ec)
            throw RpcError(RpcError::Kind::transport, shown_ + ": TLS: " + handshake_ec.message());
    }
    co_return conn;
}

// Only the status reaches the error text: a provider's error page may quote the request's URL.
RpcError HttpEndpoint::status_error(unsigned status, std::string_view retry_after) const {
    auto now = std::chrono::duration_cast<std::chrono::seconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    auto wait = rpc::retry_after_ms(retry_after, now);
    auto text = shown_ + ": HTTP " + std::to_string(status);
    if (status == 429)
        return RpcError(RpcError::Kind::rate_limited, text + " (rate limited)", 429, wait);
    return RpcError(RpcError::Kind::transport, text, status, wait);
}

template <class Stream>
Task<HttpAnswer> HttpEndpoint::exchange(Stream& stream, Connection& conn, Outgoing out,
                                        std::chrono::milliseconds timeout, bool& keep_alive) {
    bhttp::request<bhttp::string_body> req{out.body ? bhttp::verb::post : bhttp::verb::get,
                                           url_.target, 11};
    req.set(bhttp::field::host, url_.host);
    if (out.body) {
        req.set(bhttp::field::content_type, "application/json");
        req.body() = *out.body;
    } else {
        req.set(bhttp::field::accept, "application/json");
    }
    if (out.headers)
        for (const auto& [name, value] : *out.headers) req.set(name, value);
    req.keep_alive(true);
    req.prepare_payload();
    conn.tcp().expires_after(timeout);
    auto [write_ec, written] = co_await bhttp::async_write(stream, req, use_tuple);
    if (write_ec == beast::error::timeout)
        throw RpcError(RpcError::Kind::timeout, shown_ + ": timed out");
    if (write_ec) throw RpcError(RpcError::Kind::transport, shown_ + ": " + write_ec.message());
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(64 << 20);
    auto [read_ec, read] = co_await bhttp::async_read(stream, conn.buffer, parser, use_tuple);
    if (read_ec == beast::error::timeout)
        throw RpcError(RpcError::Kind::timeout, shown_ + ": timed out");
    if (read_ec) throw RpcError(RpcError::Kind::transport, shown_ + ": " + read_ec.message());
    auto& res = parser.get();
    keep_alive = res.keep_alive();
    co_return HttpAnswer{res.result_int(), std::move(res.body()),
                         std::string(res[bhttp::field::retry_after])};
}

std::string HttpEndpoint::body_of_200(HttpAnswer answer) const {
    if (answer.status != 200) throw status_error(answer.status, answer.retry_after);
    return std::move(answer.body);
}

Task<std::string> HttpEndpoint::post(std::string body, std::chrono::milliseconds timeout) {
    auto answer = co_await request({&body, nullptr}, timeout);
    co_return body_of_200(std::move(answer));
}

Task<std::string> HttpEndpoint::get(std::chrono::milliseconds timeout) {
    auto answer = co_await request({}, timeout);
    co_return body_of_200(std::move(answer));
}

Task<HttpAnswer> HttpEndpoint::post_answer(std::string body, HttpHeaders headers,
                                           std::chrono::milliseconds timeout) {
    co_return co_await request({&body, &headers}, timeout);
}

Task<HttpAnswer> HttpEndpoint::request(Outgoing out, std::chrono::milliseconds timeout) {
    auto executor = co_await asio::this_coro::executor;
    const void* context = &executor.context();
    // A pooled connection may have been closed by the node while idle: one fresh retry covers it.
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto conn = take_idle(context);
        bool reused = conn != nullptr;
        if (!conn) conn = co_await open(timeout);
        bool keep_alive = false;
        try {
            // Two statements, not a ?: with co_await in both arms: g++ 12 miscompiles that.
            HttpAnswer answer;
            if (conn->tls) {
                answer = co_await exchange(*conn->tls, *conn, out, timeout, keep_alive);
            } else {
                answer = co_await exchange(*conn->plain, *conn, out, timeout, keep_alive);
            }
            if (keep_alive) give_back(context, std::move(conn));
            co_return answer;
        } catch (const RpcError& e) {
            // Only a dead pooled socket is worth the fresh retry (an answer is never retried).
            bool socket_gone = e.kind() == RpcError::Kind::transport && e.code() == 0;
            if (!reused || !socket_gone) throw;
        }
    }
    throw RpcError(RpcError::Kind::transport, shown_ + ": connection failed");
}

}  // namespace perch::chain::rpc
