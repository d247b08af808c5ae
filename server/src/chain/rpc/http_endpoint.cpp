#include "chain/rpc/http_endpoint.hpp"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/url/parse.hpp>

#include "chain/rpc/rpc_error.hpp"

namespace perch::chain::rpc {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

struct HttpEndpoint::Connection {
    explicit Connection(const asio::any_io_executor& ex) : stream(ex) {}
    beast::tcp_stream stream;
    beast::flat_buffer buffer;
};

Url parse_http_url(const std::string& text) {
    auto parsed = boost::urls::parse_absolute_uri(text);
    if (!parsed) throw RpcError(RpcError::Kind::transport, "bad RPC URL '" + text + "'");
    if (parsed->scheme() == "https") {
        throw RpcError(RpcError::Kind::transport, "https RPC URLs are not supported yet: " + text);
    }
    if (parsed->scheme() != "http")
        throw RpcError(RpcError::Kind::transport, "RPC URL must be http: " + text);
    Url url{std::string(parsed->host()), parsed->has_port() ? std::string(parsed->port()) : "80",
            std::string(parsed->encoded_target())};
    if (url.target.empty()) url.target = "/";
    return url;
}

HttpEndpoint::HttpEndpoint(const std::string& url) : text_(url), url_(parse_http_url(url)) {}

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

Task<std::string> HttpEndpoint::exchange(Connection& conn, const std::string& body,
                                         std::chrono::milliseconds timeout, bool& keep_alive) {
    bhttp::request<bhttp::string_body> req{bhttp::verb::post, url_.target, 11};
    req.set(bhttp::field::host, url_.host);
    req.set(bhttp::field::content_type, "application/json");
    req.keep_alive(true);
    req.body() = body;
    req.prepare_payload();
    conn.stream.expires_after(timeout);
    auto [write_ec, written] = co_await bhttp::async_write(conn.stream, req, use_tuple);
    if (write_ec) throw RpcError(RpcError::Kind::transport, url_.host + ": " + write_ec.message());
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(64 << 20);
    auto [read_ec, read] = co_await bhttp::async_read(conn.stream, conn.buffer, parser, use_tuple);
    if (read_ec == beast::error::timeout)
        throw RpcError(RpcError::Kind::timeout, text_ + ": timed out");
    if (read_ec) throw RpcError(RpcError::Kind::transport, text_ + ": " + read_ec.message());
    auto& res = parser.get();
    keep_alive = res.keep_alive();
    if (res.result_int() != 200) {
        throw RpcError(RpcError::Kind::transport,
                       text_ + ": HTTP " + std::to_string(res.result_int()));
    }
    co_return std::move(res.body());
}

Task<std::string> HttpEndpoint::post(std::string body, std::chrono::milliseconds timeout) {
    auto executor = co_await asio::this_coro::executor;
    const void* context = &executor.context();
    // A pooled connection may have been closed by the node while idle: one fresh retry covers it.
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto conn = take_idle(context);
        bool reused = conn != nullptr;
        if (!conn) {
            conn = std::make_unique<Connection>(executor);
            asio::ip::tcp::resolver resolver(executor);
            auto [resolve_ec, endpoints] =
                co_await resolver.async_resolve(url_.host, url_.port, use_tuple);
            if (resolve_ec)
                throw RpcError(RpcError::Kind::transport, text_ + ": " + resolve_ec.message());
            conn->stream.expires_after(timeout);
            auto [connect_ec, ep] = co_await conn->stream.async_connect(endpoints, use_tuple);
            if (connect_ec == beast::error::timeout)
                throw RpcError(RpcError::Kind::timeout, text_ + ": connect timed out");
            if (connect_ec)
                throw RpcError(RpcError::Kind::transport, text_ + ": " + connect_ec.message());
            conn->stream.socket().set_option(asio::ip::tcp::no_delay(true));
        }
        bool keep_alive = false;
        try {
            auto response = co_await exchange(*conn, body, timeout, keep_alive);
            if (keep_alive) give_back(context, std::move(conn));
            co_return response;
        } catch (const RpcError& e) {
            if (!reused || e.kind() == RpcError::Kind::timeout) throw;
        }
    }
    throw RpcError(RpcError::Kind::transport, text_ + ": connection failed");
}

}  // namespace perch::chain::rpc
