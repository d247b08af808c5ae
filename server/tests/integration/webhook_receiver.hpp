#pragma once
// A webhook receiver for the tests: a plain HTTP server on 127.0.0.1 that records every request
// (headers and body) and answers 200. down() closes its listening socket, so perch's attempts are
// refused as by a receiver that is down; up() listens on the same port again.
#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace perch::testing {

class WebhookReceiver {
  public:
    struct Request {
        std::map<std::string, std::string> headers;  // lower-case names
        std::string body;
    };

    WebhookReceiver();  // up, on a free port
    ~WebhookReceiver();
    WebhookReceiver(const WebhookReceiver&) = delete;
    WebhookReceiver& operator=(const WebhookReceiver&) = delete;

    int port() const { return port_; }
    void up();
    void down();
    std::vector<Request> received() const;

  private:
    void serve();
    void answer(int client);

    int port_ = 0;
    int listener_ = -1;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
    mutable std::mutex mutex_;
    std::vector<Request> received_;
};

}  // namespace perch::testing
