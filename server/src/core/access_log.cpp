#include "core/access_log.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
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

}  // namespace

void append_log_safe(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    for (char c : text) {
        auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x7f || c == '\\') {
            out += "\\x";
            out += kHex[u >> 4];
            out += kHex[u & 15];
        } else {
            out += c;
        }
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
    auto out = std::back_inserter(s.lines);
    fmt::format_to(out, "{}.{:03} info {} ", s.stamp, ms % 1000, e.peer);
    append_log_safe(s.lines, e.method);
    s.lines += ' ';
    append_log_safe(s.lines, e.target);
    fmt::format_to(out, " {} {}B {}us\n", e.status, e.bytes, e.micros);
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
