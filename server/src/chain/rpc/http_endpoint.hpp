#pragma once
// One JSON-RPC URL over HTTP/1.1 (plain or TLS) with keep-alive. Idle connections are pooled per
// io_context (a connection is only ever used from the context that opened it, because Beast's
// stream timer runs there), so concurrent callers on any thread each get their own connection.
// An endpoint must not outlive the io_contexts that used it: it owns their idle sockets.
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "chain/rpc/rpc_error.hpp"
#include "core/task.hpp"

namespace boost::asio::ssl {
class context;
}

namespace perch::chain::rpc {

struct Url {
    std::string host;
    std::string port;
    std::string target;  // path and query, at least "/"
    bool tls = false;
};

// Parses http(s)://host[:port][/path]; anything else is an RpcError naming the URL.
Url parse_http_url(const std::string& text);

// The TLS client context for a CA bundle ("" = the system's), shared by every endpoint using it.
// Peers are verified: certificate chain and host name.
std::shared_ptr<boost::asio::ssl::context> tls_client_context(const std::string& ca_file);

// An HTTP answer of any status.
struct HttpAnswer {
    unsigned status = 0;
    std::string body;
    std::string retry_after;  // the Retry-After header, if any
};
using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

class HttpEndpoint {
  public:
    explicit HttpEndpoint(const std::string& url, const std::string& ca_file = {});
    ~HttpEndpoint();
    HttpEndpoint(const HttpEndpoint&) = delete;
    HttpEndpoint& operator=(const HttpEndpoint&) = delete;

    const std::string& url() const { return text_; }
    // The URL as error texts show it: scheme, host and port.
    const std::string& shown() const { return shown_; }
    // POSTs a JSON body and returns the response body. Throws RpcError (transport or timeout).
    Task<std::string> post(std::string body, std::chrono::milliseconds timeout);
    // GETs the URL (a JSON feed) and returns the response body. Throws RpcError as post does.
    Task<std::string> get(std::chrono::milliseconds timeout);
    // POSTs a JSON body with extra headers and returns the answer whatever its status (to a
    // webhook's sender a receiver's 4xx or 5xx is an answer). Throws RpcError when none came.
    Task<HttpAnswer> post_answer(std::string body, HttpHeaders headers,
                                 std::chrono::milliseconds timeout);

    struct Connection;

  private:
    Task<std::vector<boost::asio::ip::tcp::endpoint>> resolve(std::chrono::milliseconds timeout);
    Task<std::unique_ptr<Connection>> open(std::chrono::milliseconds timeout);
    // body null: a GET.
    struct Outgoing {
        const std::string* body = nullptr;
        const HttpHeaders* headers = nullptr;
    };
    Task<HttpAnswer> request(Outgoing out, std::chrono::milliseconds timeout);
    // The body of a 200 answer; any other status is an RpcError.
    std::string body_of_200(HttpAnswer answer) const;
    template <class Stream>
    Task<HttpAnswer> exchange(Stream& stream, Connection& conn, Outgoing out,
                              std::chrono::milliseconds timeout, bool& keep_alive);
    RpcError status_error(unsigned status, std::string_view retry_after) const;
    std::unique_ptr<Connection> take_idle(const void* context);
    void give_back(const void* context, std::unique_ptr<Connection> conn);

    std::string text_;
    std::string shown_;
    Url url_;
    std::shared_ptr<boost::asio::ssl::context> tls_;  // null for http
    std::mutex mutex_;
    std::map<const void*, std::vector<std::unique_ptr<Connection>>> idle_;
};

}  // namespace perch::chain::rpc
