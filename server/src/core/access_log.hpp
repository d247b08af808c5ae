#pragma once
// The access log off the hot path: each I/O thread appends lines to a buffer of its own (no
// syscall, and a lock only its owner and, for an instant each flush, the writer take), and a
// background thread hands the buffers to stdout every 200 ms.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace perch {

struct AccessEntry {
    std::string_view peer;
    std::string_view method;
    std::string_view target;
    int status = 0;
    std::size_t bytes = 0;
    std::int64_t micros = 0;
};

class AccessLog {
  public:
    explicit AccessLog(int fd = 1,
                       std::chrono::milliseconds every = std::chrono::milliseconds(200));
    ~AccessLog();  // writes what is left
    AccessLog(const AccessLog&) = delete;
    AccessLog& operator=(const AccessLog&) = delete;

    void write(const AccessEntry& e);
    void flush();

  private:
    struct Shard {
        std::mutex mutex;
        std::string lines;
        std::int64_t second = -1;  // the second `stamp` was formatted for
        char stamp[20] = {};       // "2026-11-24T19:40:12"
    };
    Shard& local();
    void run(const std::stop_token& stop);

    std::uint64_t id_;
    int fd_;
    std::chrono::milliseconds every_;
    std::mutex shards_mutex_;  // taken once per thread, on its first line
    std::vector<std::unique_ptr<Shard>> shards_;
    std::string out_;  // the writer's buffer
    std::mutex flush_mutex_;
    std::condition_variable_any wake_;
    std::jthread writer_;
};

// Escapes what a client put in a request line so one request is one log line.
void append_log_safe(std::string& out, std::string_view text);

}  // namespace perch
