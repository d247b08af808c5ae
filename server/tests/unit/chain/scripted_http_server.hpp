#pragma once
// A tiny HTTP/1.1 server on 127.0.0.1 for the RPC client's tests: each request's body goes to the
// test's handler, whose Answer says what the "provider" does (status, headers, body, or a fault:
// reset the connection, send a truncated body, never answer). Runs on a thread of its own; every
// request is counted and kept, so tests can assert what reached the provider.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace perch::chain::test {

struct Answer {
    enum class Fault { none, reset, truncate, hang };
    unsigned status = 200;
    std::string body;
    std::map<std::string, std::string> headers;
    Fault fault = Fault::none;
    std::string content_type = "application/json";

    static Answer json(std::string body) { return Answer{200, std::move(body), {}, Fault::none}; }
    static Answer of(Fault fault) { return Answer{200, "", {}, fault}; }
};

class ScriptedHttpServer {
  public:
    using Handler = std::function<Answer(const std::string& body, int request_number)>;

    explicit ScriptedHttpServer(Handler handler)
        : handler_(std::move(handler)),
          acceptor_(io_, {boost::asio::ip::make_address("127.0.0.1"), 0}) {
        thread_ = std::thread([this] { serve(); });
    }
    ~ScriptedHttpServer() {
        stopping_ = true;
        boost::system::error_code ignored;
        // Wake the accept with a connection of our own.
        boost::asio::io_context wake;
        boost::asio::ip::tcp::socket s(wake);
        s.connect(acceptor_.local_endpoint(), ignored);
        s.close(ignored);
        thread_.join();
        {
            // Sessions blocked reading a kept-alive connection end when it is shut down.
            std::lock_guard lock(mutex_);
            for (auto& open : sockets_)
                open->shutdown(boost::asio::socket_base::shutdown_both, ignored);
        }
        for (auto& t : sessions_) t.join();
    }
    ScriptedHttpServer(const ScriptedHttpServer&) = delete;
    ScriptedHttpServer& operator=(const ScriptedHttpServer&) = delete;

    std::string url(const std::string& path = "/") const {
        return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + path;
    }
    int requests() const { return count_.load(); }
    std::vector<std::string> bodies() const {
        std::lock_guard lock(mutex_);
        return bodies_;
    }
    std::vector<std::chrono::steady_clock::time_point> times() const {
        std::lock_guard lock(mutex_);
        return times_;
    }

  private:
    void serve() {
        while (!stopping_) {
            auto socket = std::make_shared<boost::asio::ip::tcp::socket>(io_);
            boost::system::error_code ec;
            acceptor_.accept(*socket, ec);
            if (ec || stopping_) break;
            {
                std::lock_guard lock(mutex_);
                sockets_.push_back(socket);
            }
            sessions_.emplace_back([this, socket] { session(*socket); });
        }
    }

    void session(boost::asio::ip::tcp::socket& socket) {
        namespace http = boost::beast::http;
        boost::beast::flat_buffer buffer;
        while (!stopping_) {
            http::request<http::string_body> req;
            boost::system::error_code ec;
            http::read(socket, buffer, req, ec);
            if (ec) return;
            int number = 0;
            {
                std::lock_guard lock(mutex_);
                bodies_.push_back(req.body());
                times_.push_back(std::chrono::steady_clock::now());
                number = ++count_;
            }
            auto answer = handler_(req.body(), number);
            if (answer.fault == Answer::Fault::reset) {
                socket.set_option(boost::asio::socket_base::linger(true, 0), ec);
                socket.close(ec);
                return;
            }
            if (answer.fault == Answer::Fault::hang) {
                while (!stopping_) std::this_thread::sleep_for(std::chrono::milliseconds(20));
                return;
            }
            http::response<http::string_body> res{static_cast<http::status>(answer.status), 11};
            res.set(http::field::content_type, answer.content_type);
            for (const auto& [name, value] : answer.headers) res.set(name, value);
            res.body() = answer.body;
            res.keep_alive(true);
            res.prepare_payload();
            if (answer.fault == Answer::Fault::truncate) {
                // The full length announced, half the body sent, then the connection closed.
                http::response_serializer<http::string_body> sr{res};
                http::write_header(socket, sr, ec);
                boost::asio::write(
                    socket, boost::asio::buffer(answer.body.data(), answer.body.size() / 2), ec);
                socket.close(ec);
                return;
            }
            http::write(socket, res, ec);
            if (ec) return;
        }
    }

    Handler handler_;
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    std::thread thread_;
    std::vector<std::thread> sessions_;
    std::vector<std::shared_ptr<boost::asio::ip::tcp::socket>> sockets_;
    std::atomic<bool> stopping_{false};
    std::atomic<int> count_{0};
    mutable std::mutex mutex_;
    std::vector<std::string> bodies_;
    std::vector<std::chrono::steady_clock::time_point> times_;
};

}  // namespace perch::chain::test
