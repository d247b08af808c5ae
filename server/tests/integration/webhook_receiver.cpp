#include "webhook_receiver.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <stdexcept>

#include "harness.hpp"

namespace perch::testing {
namespace {

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// "Name: value" lines after the request line, up to the blank line.
std::map<std::string, std::string> parse_headers(const std::string& head) {
    std::map<std::string, std::string> out;
    std::size_t start = head.find("\r\n");
    while (start != std::string::npos && start + 2 < head.size()) {
        auto end = head.find("\r\n", start + 2);
        auto line = head.substr(start + 2, end - start - 2);
        auto colon = line.find(':');
        if (colon != std::string::npos) {
            auto value = line.substr(colon + 1);
            value.erase(0, value.find_first_not_of(' '));
            out[lower(line.substr(0, colon))] = value;
        }
        start = end;
    }
    return out;
}

}  // namespace

WebhookReceiver::WebhookReceiver() : port_(free_port()) {
    up();
}

WebhookReceiver::~WebhookReceiver() {
    down();
}

void WebhookReceiver::up() {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    int yes = 1;
    setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_port = htons(static_cast<std::uint16_t>(port_));
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
        listen(listener_, 16) != 0)
        throw std::runtime_error("webhook receiver: cannot listen on " + std::to_string(port_));
    stopping_ = false;
    thread_ = std::thread([this] { serve(); });
}

void WebhookReceiver::down() {
    if (listener_ < 0) return;
    stopping_ = true;
    thread_.join();
    close(listener_);
    listener_ = -1;
}

std::vector<WebhookReceiver::Request> WebhookReceiver::received() const {
    std::lock_guard lock(mutex_);
    return received_;
}

void WebhookReceiver::serve() {
    while (!stopping_) {
        pollfd p{listener_, POLLIN, 0};
        if (poll(&p, 1, 50) <= 0) continue;
        int client = accept(listener_, nullptr, nullptr);
        if (client < 0) continue;
        answer(client);
        close(client);
    }
}

// Reads one request (headers, then Content-Length bytes), records it and answers 200.
void WebhookReceiver::answer(int client) {
    std::string data;
    char buf[4096];
    std::size_t head_end = std::string::npos;
    std::size_t need = 0;
    while (true) {
        auto n = recv(client, buf, sizeof buf, 0);
        if (n <= 0) return;
        data.append(buf, static_cast<std::size_t>(n));
        if (head_end == std::string::npos) {
            head_end = data.find("\r\n\r\n");
            if (head_end == std::string::npos) continue;
            auto headers = parse_headers(data.substr(0, head_end + 2));
            auto length = headers.find("content-length");
            need = head_end + 4 + (length == headers.end() ? 0 : std::stoul(length->second));
        }
        if (data.size() >= need) break;
    }
    Request r{parse_headers(data.substr(0, head_end + 2)), data.substr(head_end + 4)};
    {
        std::lock_guard lock(mutex_);
        received_.push_back(std::move(r));
    }
    const std::string ok = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
    send(client, ok.data(), ok.size(), MSG_NOSIGNAL);
}

}  // namespace perch::testing
