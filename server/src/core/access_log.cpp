#include "core/access_log.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <ctime>

namespace perch {
namespace {

std::atomic<std::uint64_t> next_log_id{1};

void write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        auto n = ::write(fd, data.data(), data.size());
        if (n <= 0) return;  // a closed stdout must not take the server down
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

template <typename Int>
void append_number(std::string& out, Int n) {
    char digits[24];
    auto [end, ec] = std::to_chars(std::begin(digits), std::end(digits), n);
    out.append(digits, end);
}

}  // namespace

void append_log_safe(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    auto unsafe = [](char c) {
        auto u = static_cast<unsigned char>(c);
        return u < 0x20 || u >= 0x7f || c == '\\';
    };
    // Runs of safe characters (nearly every request line is one run) are appended whole.
    while (!text.empty()) {
        auto run =
            static_cast<std::size_t>(std::find_if(text.begin(), text.end(), unsafe) - text.begin());
        out.append(text.substr(0, run));
        if (run == text.size()) return;
        auto u = static_cast<unsigned char>(text[run]);
        out += "\\x";
        out += kHex[u >> 4];
        out += kHex[u & 15];
        text.remove_prefix(run + 1);
    }
}

AccessLog::AccessLog(int fd, std::chrono::milliseconds every)
    : id_(next_log_id.fetch_add(1)),
      fd_(fd),
      every_(every),
      writer_([this](const std::stop_token& st) { run(st); }) {}

AccessLog::~AccessLog() {
    writer_.request_stop();
    wake_.notify_all();
    writer_.join();
    flush();
}

AccessLog::Shard& AccessLog::local() {
    // One shard per (thread, log): the id keeps a thread from reusing a dead log's shard.
    thread_local std::uint64_t owner = 0;
    thread_local Shard* shard = nullptr;
    if (!shard || owner != id_) {
        auto s = std::make_unique<Shard>();
        s->lines.reserve(64 * 1024);
        shard = s.get();
        owner = id_;
        std::lock_guard lock(shards_mutex_);
        shards_.push_back(std::move(s));
    }
    return *shard;
}

void AccessLog::write(const AccessEntry& e) {
    auto& s = local();
    auto now = std::chrono::system_clock::now();
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
    std::lock_guard lock(s.mutex);
    if (ms / 1000 != s.second) {
        s.second = ms / 1000;
        auto t = static_cast<std::time_t>(s.second);
        std::tm tm{};
        gmtime_r(&t, &tm);
        std::strftime(s.stamp, sizeof s.stamp, "%Y-%m-%dT%H:%M:%S", &tm);
    }
    // "2026-11-24T19:40:12.345 info 10.0.0.1 GET /path 200 512B 87us", appended piece by piece:
    // a runtime format string cost more than the rest of the line.
    auto& out = s.lines;
    auto milli = static_cast<int>(ms % 1000);
    out.append(s.stamp).append(".");
    out += static_cast<char>('0' + milli / 100);
    out += static_cast<char>('0' + milli / 10 % 10);
    out += static_cast<char>('0' + milli % 10);
    out.append(" info ").append(e.peer).append(" ");
    append_log_safe(out, e.method);
    out += ' ';
    append_log_safe(out, e.target);
    out += ' ';
    append_number(out, e.status);
    out += ' ';
    append_number(out, e.bytes);
    out += "B ";
    append_number(out, e.micros);
    out += "us\n";
}

void AccessLog::flush() {
    std::lock_guard flushing(flush_mutex_);
    {
        std::lock_guard lock(shards_mutex_);
        for (auto& s : shards_) {
            std::lock_guard shard_lock(s->mutex);
            out_.append(s->lines);
            s->lines.clear();  // keeps its capacity: no allocation on the I/O thread
        }
    }
    write_all(fd_, out_);
    out_.clear();
}

void AccessLog::run(const std::stop_token& stop) {
    std::mutex m;
    std::unique_lock lock(m);
    while (!stop.stop_requested()) {
        wake_.wait_for(lock, stop, every_, [] { return false; });
        flush();
    }
}

}  // namespace perch
