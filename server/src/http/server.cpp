#include "http/server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/buffers_suffix.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/metrics.hpp"

namespace perch::http {
namespace asio = boost::asio;
namespace beast = boost::beast;
using tcp = asio::ip::tcp;
constexpr auto use_tuple = asio::as_tuple(asio::use_awaitable);

using Clock = std::chrono::steady_clock;

// A connection's I/O has a deadline instead of a timer: setting one is a store, where a timer per
// operation (Beast's tcp_stream) cost a timer-queue insert and removal per request. Its context's
// sweep cancels the I/O of a connection past its deadline.
struct Server::Connection {
    Socket socket;
    Clock::time_point deadline = Clock::time_point::max();  // max: none (not waiting on the client)
    bool busy = false;

    void expires_after(Clock::duration d) { deadline = Clock::now() + d; }
    void expires_never() { deadline = Clock::time_point::max(); }
};

// Live connections of one io_context, touched only from that context's thread.
struct ConnectionRegistry {
    asio::io_context* context = nullptr;
    std::unordered_set<Server::Connection*> connections;
};

namespace {

// The request metrics: one histogram per (route, status). Each thread keeps the series it has
// used, so a request costs a hash lookup and three relaxed atomic adds, never the registry's lock.
void record_request(const std::string* route, int status, std::chrono::microseconds took) {
    static const std::string kOther = "other";  // static files, unknown API paths
    struct Key {
        const std::string* route;
        int status;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<const void*>()(k.route) ^ (static_cast<std::size_t>(k.status) << 1);
        }
    };
    thread_local std::unordered_map<Key, metrics::Histogram*, KeyHash> series;
    if (!route) route = &kOther;
    auto& h = series[{route, status}];
    if (!h) h = &metrics::registry().http.at({*route, std::to_string(status)});
    h->observe(took);
}

struct Registration {
    ConnectionRegistry& registry;
    Server::Connection& connection;
    std::atomic<int>& live;
    Registration(ConnectionRegistry& r, Server::Connection& c, std::atomic<int>& l)
        : registry(r), connection(c), live(l) {
        registry.connections.insert(&connection);
    }
    ~Registration() {
        registry.connections.erase(&connection);
        live.fetch_sub(1);
    }
    Registration(const Registration&) = delete;
    Registration& operator=(const Registration&) = delete;
};

bool is_body_limit(const boost::system::error_code& ec) {
    return ec == bhttp::error::body_limit || ec == bhttp::error::header_limit;
}

// A request Beast could not parse (not a client that left or went quiet): it gets a 400.
bool is_malformed(const boost::system::error_code& ec) {
    return ec.category() == make_error_code(bhttp::error::bad_method).category() &&
           ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message &&
           !is_body_limit(ec);
}

// Lingering close (as nginx's): how long and how much of a request we drop after an early error.
constexpr auto kLingerTime = std::chrono::seconds(5);
constexpr std::size_t kLingerBytes = 64U << 20;

}  // namespace

Server::Server(ContextPool& pool, const Dispatcher& dispatcher, Limits limits, bool access_log)
    : pool_(pool),
      dispatcher_(dispatcher),
      limits_(limits),
      access_log_(access_log ? std::make_unique<AccessLog>() : nullptr),
      connections_(limits_.connections_per_ip),
      uncapped_(limits_.uncapped_peers, "limits.uncapped_peers") {
    for (std::size_t i = 0; i < pool_.size(); ++i) {
        auto reg = std::make_unique<ConnectionRegistry>();
        reg->context = &pool_.at(i);
        registries_.push_back(std::move(reg));
    }
}

Server::~Server() = default;

void Server::listen(const std::string& host, std::uint16_t port) {
    auto& ctx = pool_.at(0);
    tcp::endpoint endpoint{asio::ip::make_address(host), port};
    acceptor_ = std::make_unique<tcp::acceptor>(ctx);
    acceptor_->open(endpoint.protocol());
    acceptor_->set_option(asio::socket_base::reuse_address(true));
    acceptor_->bind(endpoint);
    acceptor_->listen(asio::socket_base::max_listen_connections);
    port_ = acceptor_->local_endpoint().port();
    asio::co_spawn(ctx, accept_loop(), [](const std::exception_ptr& e) {
        if (e) spdlog::critical("accept loop ended by an exception");
    });
    for (auto& registry : registries_) {
        asio::co_spawn(*registry->context, sweep(*registry), [](const std::exception_ptr& e) {
            if (e) spdlog::critical("connection sweep ended by an exception");
        });
    }
}

// A few times a second (and at least 8 times per shortest timeout), cancel the I/O of this
// context's connections that are past their deadline; their coroutines then close them.
Task<void> Server::sweep(ConnectionRegistry& registry) {
    using std::chrono::milliseconds;
    auto shortest = std::min(limits_.read_timeout, limits_.idle_timeout);
    auto period = std::clamp<milliseconds>(shortest / 8, milliseconds(10), milliseconds(250));
    asio::steady_timer timer(*registry.context);
    while (!stopping_) {
        timer.expires_after(period);
        auto [ec] = co_await timer.async_wait(use_tuple);
        if (ec) co_return;
        auto now = Clock::now();
        for (auto* conn : registry.connections) {
            if (conn->deadline > now) continue;
            conn->expires_never();
            boost::system::error_code ignored;
            conn->socket.cancel(ignored);
        }
    }
}

// Waits until connections are pending, then takes every one the kernel has queued (up to a
// bound) before yielding. Accepting one per wake-up would put each accept behind a full round of
// this context's busy connections: under 10,000 of them, new clients waited seconds in the queue.
Task<void> Server::accept_loop() {
    constexpr int kAcceptsPerWake = 512;
    acceptor_->non_blocking(true);
    while (!stopping_) {
        auto [wait_ec] = co_await acceptor_->async_wait(tcp::acceptor::wait_read, use_tuple);
        if (wait_ec) {
            if (wait_ec == asio::error::operation_aborted || !acceptor_->is_open()) co_return;
            spdlog::warn("accept wait failed: {}", wait_ec.message());
            continue;
        }
        for (int i = 0; i < kAcceptsPerWake && !stopping_; ++i) {
            Socket socket(pool_.next());
            boost::system::error_code ec;
            acceptor_->accept(socket, ec);
            if (ec == asio::error::would_block || ec == asio::error::try_again) break;
            if (ec) {
                if (!acceptor_->is_open()) co_return;
                // Out of file descriptors, say: the queue stays readable, so pause instead of
                // spinning on it.
                spdlog::warn("accept failed: {}", ec.message());
                asio::steady_timer pause(acceptor_->get_executor(), std::chrono::milliseconds(50));
                co_await pause.async_wait(use_tuple);
                break;
            }
            start_connection(std::move(socket));
        }
    }
}

void Server::start_connection(Socket socket) {
    live_.fetch_add(1);
    auto executor = socket.get_executor();
    asio::co_spawn(executor, serve(std::move(socket)), [](const std::exception_ptr& e) {
        if (!e) return;
        try {
            std::rethrow_exception(e);
        } catch (const std::exception& ex) {
            spdlog::error("connection ended by an exception: {}", ex.what());
        }
    });
}

// A proxy's connections carry many clients (the proxy caps them itself), and a peer on this host
// is a local proxy or a benchmark: only other peers are capped.
std::optional<ConcurrencyCap::Slot> Server::connection_slot(const std::string& peer) {
    if (dispatcher_.is_trusted_proxy(peer) || uncapped_.is_trusted(peer))
        return ConcurrencyCap::Slot{};
    return connections_.acquire(client_key(peer));
}

// Headers, then each event as it comes, until the stream ends, the client leaves or we stop.
Task<void> Server::stream_events(Connection& conn, bhttp::response<bhttp::empty_body> head,
                                 std::shared_ptr<EventStream> events) {
    bhttp::response_serializer<bhttp::empty_body> serializer(head);
    conn.expires_after(limits_.read_timeout);
    auto [head_ec, head_bytes] =
        co_await bhttp::async_write_header(conn.socket, serializer, use_tuple);
    if (head_ec) co_return;
    conn.busy = false;  // a long-lived stream must not hold a graceful shutdown
    while (!stopping_) {
        conn.expires_never();  // waiting for an event, not for the client
        auto chunk = co_await events->next();
        if (!chunk || stopping_) break;
        conn.expires_after(limits_.read_timeout);
        auto [ec, n] = co_await asio::async_write(conn.socket, asio::buffer(*chunk), use_tuple);
        if (ec) break;
    }
}

Task<void> Server::serve(Socket socket) {
    auto& ctx = static_cast<asio::io_context&>(socket.get_executor().context());
    ConnectionRegistry* registry = nullptr;
    for (auto& r : registries_) {
        if (r->context == &ctx) registry = r.get();
    }
    Connection conn{std::move(socket)};
    Registration registration(*registry, conn, live_);
    boost::system::error_code ec;
    conn.socket.set_option(tcp::no_delay(true), ec);
    conn.socket.non_blocking(true, ec);  // for write_head_body's immediate attempt
    auto peer = conn.socket.remote_endpoint(ec).address().to_string();
    auto slot = connection_slot(peer);
    if (!slot) {
        co_await answer_early_error(conn, bhttp::status::too_many_requests,
                                    "too many open connections from your address (at most " +
                                        std::to_string(connections_.cap()) + ")");
        conn.socket.close(ec);
        co_return;
    }
    beast::flat_buffer buffer;
    std::string head;  // the fast path's header bytes, reused by every request
    // Whether the next read may wait for epoll without trying first (see Socket::async_read):
    // the read before it drained the socket and nothing has suspended since.
    bool wait_first = false;

    while (!stopping_) {
        // Idle between requests for up to idle_timeout; once the first byte is in, the whole
        // request must arrive within read_timeout, so a client that dribbles it is cut.
        if (buffer.size() == 0) {
            conn.expires_after(limits_.idle_timeout);
            auto [first_ec, n] = co_await conn.socket.async_read(
                buffer.prepare(4096), std::exchange(wait_first, false), use_tuple);
            if (first_ec) break;
            buffer.commit(n);
        }
        conn.busy = true;
        RequestParser parser;
        parser.body_limit(limits_.body_bytes);
        parser.header_limit(16 * 1024);
        auto read_ec = co_await read_request(conn, buffer, parser);
        if (read_ec) {
            if (is_body_limit(read_ec)) {
                co_await answer_early_error(conn, bhttp::status::payload_too_large,
                                            "request body too large");
            } else if (is_malformed(read_ec)) {
                co_await answer_early_error(conn, bhttp::status::bad_request,
                                            "malformed HTTP request: " + read_ec.message());
            }
            break;
        }
        auto started = std::chrono::steady_clock::now();
        const auto& req = parser.get();
        head.clear();
        if (const auto* fixed = dispatcher_.fixed_payload(req)) {
            if (auto body = dispatcher_.serialize_payload(*fixed, req,
                                                          dispatcher_.over_tls(req, peer), head)) {
                auto [write_ec, written] = co_await write_head_body(conn, head, *body);
                log_access(dispatcher_.fixed_route(req.target()), peer, req, 200, written, started);
                conn.busy = false;
                if (write_ec || !req.keep_alive() || stopping_) break;
                // The usual case: the request came whole in a read that emptied the socket, and
                // the answer went out at once; the client has not sent more since.
                wait_first = conn.socket.drained() && buffer.size() == 0;
                continue;
            }
        }
        conn.expires_never();          // the handler's time is not the client's
        conn.socket.forget_drained();  // about to suspend
        auto response = co_await dispatcher_.handle(req, peer);
        if (response.stream) {
            co_await stream_events(conn, dispatcher_.stream_head(response, req),
                                   std::move(response.stream));
            break;
        }
        auto status = static_cast<int>(response.status);
        const auto* route = response.route;
        bool keep_alive = req.keep_alive() && !stopping_;
        boost::system::error_code write_ec;
        std::size_t written = 0;
        if (auto body = dispatcher_.serialize_payload(response, req, head)) {
            std::tie(write_ec, written) = co_await write_head_body(conn, head, *body);
        } else {
            auto msg = dispatcher_.finish(std::move(response), req);
            keep_alive = msg.keep_alive() && !stopping_;
            conn.expires_after(limits_.read_timeout);
            std::tie(write_ec, written) =
                co_await beast::async_write(conn.socket, std::move(msg), use_tuple);
        }
        log_access(route, peer, req, status, written, started);
        conn.busy = false;
        if (write_ec || !keep_alive) break;
    }
    conn.socket.shutdown(tcp::socket::shutdown_send, ec);
    conn.socket.close(ec);
}

// Parses the request from what the buffer holds and reads more only while it is incomplete. A
// request that arrived whole (nearly all of them) is parsed here and now: Beast's async_read would
// post its completion and put the request behind a full round of this context's connections.
Task<boost::system::error_code> Server::read_request(Connection& conn, beast::flat_buffer& buffer,
                                                     RequestParser& parser) {
    constexpr std::size_t kReadSize = 16384;
    // The whole request must be in within read_timeout of its start: a client that dribbles it is
    // cut. The deadline applies only while a read waits.
    auto deadline = Clock::now() + limits_.read_timeout;
    while (true) {
        while (buffer.size() > 0 && !parser.is_done()) {
            boost::system::error_code ec;
            auto used = parser.put(buffer.data(), ec);
            buffer.consume(used);
            if (ec == bhttp::error::need_more) break;
            if (ec) co_return ec;
        }
        if (parser.is_done()) co_return boost::system::error_code{};
        conn.deadline = deadline;
        auto [ec, n] = co_await conn.socket.async_read(buffer.prepare(kReadSize), false, use_tuple);
        if (ec == asio::error::eof) {
            if (!parser.got_some()) co_return make_error_code(bhttp::error::end_of_stream);
            parser.put_eof(ec);
            if (!ec && !parser.is_done()) ec = bhttp::error::partial_message;
            co_return ec;
        }
        if (ec) co_return ec;
        buffer.commit(n);
    }
}

// One gathered write of a preserialized head and a shared body. It is tried at once on the
// non-blocking socket, where an answer that fits the send buffer (nearly all) is done without
// suspending; only the rest waits for the socket.
Task<std::tuple<boost::system::error_code, std::size_t>> Server::write_head_body(
    Connection& conn, std::string_view head, std::string_view body) {
    std::array<asio::const_buffer, 2> parts{asio::buffer(head), asio::buffer(body)};
    boost::system::error_code ec;
    auto sent = conn.socket.write_some(parts, ec);
    if (ec != asio::error::would_block && (ec || sent == head.size() + body.size()))
        co_return std::tuple{ec, sent};
    beast::buffers_suffix<std::array<asio::const_buffer, 2>> rest(parts);
    rest.consume(sent);
    conn.expires_after(limits_.read_timeout);
    conn.socket.forget_drained();  // about to suspend
    auto [write_ec, n] = co_await asio::async_write(conn.socket, rest, use_tuple);
    co_return std::tuple{write_ec, sent + n};
}

void Server::log_access(const std::string* route, std::string_view peer, const RawRequest& req,
                        int status, std::size_t written,
                        std::chrono::steady_clock::time_point started) {
    auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - started);
    record_request(route, status, micros);
    if (!access_log_) return;
    access_log_->write({peer, req.method_string(), req.target(), status, written, micros.count()});
}

// Answers a request we refuse before reading it whole, then closes without a reset.
Task<void> Server::answer_early_error(Connection& conn, bhttp::status status,
                                      std::string_view msg) {
    RawRequest stub;
    stub.version(11);
    stub.keep_alive(false);
    conn.expires_after(limits_.read_timeout);
    auto [ec, n] = co_await beast::async_write(
        conn.socket, dispatcher_.finish(error_envelope(status, msg), stub), use_tuple);
    if (!ec) co_await linger(conn);
}

// The client may still be sending the body we refused. Closing now would make the kernel answer
// its data with a reset that can destroy our response before it is read; so stop sending, drop
// what arrives for a bounded time and size, then close.
Task<void> Server::linger(Connection& conn) {
    boost::system::error_code ec;
    conn.socket.shutdown(tcp::socket::shutdown_send, ec);
    conn.expires_after(kLingerTime);
    std::array<char, 16384> sink{};
    std::size_t drained = 0;
    while (drained < kLingerBytes) {
        auto [read_ec, n] = co_await conn.socket.async_read(asio::buffer(sink), false, use_tuple);
        if (read_ec) break;
        drained += n;
    }
}

void Server::shutdown(std::chrono::milliseconds grace) {
    stopping_ = true;
    if (acceptor_) {
        asio::post(pool_.at(0), [this] {
            boost::system::error_code ec;
            acceptor_->close(ec);
        });
    }
    // Idle keep-alive connections are waiting for a request that may never come: close them now.
    for (auto& reg : registries_) {
        asio::post(*reg->context, [r = reg.get()] {
            for (auto* c : r->connections) {
                boost::system::error_code ignored;
                if (!c->busy) c->socket.cancel(ignored);
            }
        });
    }
    auto deadline = std::chrono::steady_clock::now() + grace;
    while (live_.load() > 0 && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (live_.load() > 0)
        spdlog::warn("{} connections still open after the grace period", live_.load());
}

}  // namespace perch::http
