#pragma once
// The HTTP server: one acceptor handing connections round-robin to the context pool, one
// coroutine per connection (Beast's awaitable model), keep-alive, body limit, read and idle
// timeouts (deadlines swept per context), a cap on each peer's open connections, an access log,
// and a graceful stop that lets in-flight requests finish.
#include <atomic>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "core/access_log.hpp"
#include "core/config.hpp"
#include "core/context_pool.hpp"
#include "http/client_ip.hpp"
#include "http/dispatcher.hpp"
#include "http/rate_limit.hpp"
#include "http/socket.hpp"

namespace perch::http {

class Server {
  public:
    Server(ContextPool& pool, const Dispatcher& dispatcher, Limits limits, bool access_log);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // Binds and starts accepting; throws std::system_error when the address cannot be bound.
    void listen(const std::string& host, std::uint16_t port);
    std::uint16_t port() const { return port_; }
    // Stops accepting, closes idle connections, waits up to `grace` for busy ones.
    void shutdown(std::chrono::milliseconds grace);

    struct Connection;  // one per live socket; lives on its socket's io_context

  private:
    Task<void> accept_loop();
    Task<void> sweep(struct ConnectionRegistry& registry);
    void start_connection(Socket socket);
    Task<void> serve(Socket socket);
    using RequestParser = bhttp::request_parser<bhttp::string_body>;
    Task<boost::system::error_code> read_request(Connection& conn,
                                                 boost::beast::flat_buffer& buffer,
                                                 RequestParser& parser);
    Task<std::tuple<boost::system::error_code, std::size_t>> write_head_body(Connection& conn,
                                                                             std::string_view head,
                                                                             std::string_view body);
    void log_access(const std::string* route, std::string_view peer, const RawRequest& req,
                    int status, std::size_t written, std::chrono::steady_clock::time_point started);
    Task<void> answer_early_error(Connection& conn, bhttp::status status, std::string_view msg);
    static Task<void> linger(Connection& conn);
    Task<void> stream_events(Connection& conn, bhttp::response<bhttp::empty_body> head,
                             std::shared_ptr<EventStream> events);
    // The peer's place among its open connections; nullopt when it holds connections_per_ip.
    std::optional<ConcurrencyCap::Slot> connection_slot(const std::string& peer);

    ContextPool& pool_;
    const Dispatcher& dispatcher_;
    Limits limits_;
    std::unique_ptr<AccessLog> access_log_;  // null: off
    ConcurrencyCap connections_;             // open connections per peer
    ClientIpResolver uncapped_;              // peers whose connections are not capped
    std::unique_ptr<boost::asio::ip::tcp::acceptor> acceptor_;
    std::uint16_t port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<int> live_{0};
    std::vector<std::unique_ptr<struct ConnectionRegistry>> registries_;  // one per context
};

}  // namespace perch::http
