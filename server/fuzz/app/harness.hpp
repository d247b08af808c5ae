#pragma once
// The whole app behind the Dispatcher for libFuzzer targets, built once per process: a SQLite file
// in a temp directory, the repo's config, a chain profile whose RPC URLs refuse connections at once
// (no network, no waiting), rate limits out of the way, logging off. run() answers one request to
// the end and serializes the answer, as the server would.
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/json.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/app.hpp"
#include "core/json_file.hpp"

namespace perch::fuzz {
namespace fs = std::filesystem;

inline Config fuzz_config() {
    // In memory where the machine has it: a write per execution must not wait for a disk flush.
    auto base = fs::is_directory("/dev/shm") ? fs::path("/dev/shm") : fs::temp_directory_path();
    auto dir = base / ("perch-fuzz-" + std::to_string(getpid()));
    // Removed at exit (after the wiring, which was built later): /dev/shm is memory.
    static const struct RemoveAtExit {
        fs::path path;
        ~RemoveAtExit() {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    } remove_at_exit{dir};
    fs::create_directories(dir / "web");
    std::ofstream(dir / "web" / "index.html") << "<!doctype html><script>var a = 1;</script>";
    auto profile =
        read_json_file(PERCH_ROOT_DIR "/config/devnet.json", "chain_profile").as_object();
    for (auto& c : profile.at("chains").as_array()) {
        c.as_object().erase("port");
        c.as_object()["rpc_url"] = "http://127.0.0.1:9";  // the discard port: refused at once
    }
    std::ofstream(dir / "profile.json") << boost::json::serialize(profile);
    boost::json::object limits;
    for (const auto* group : {"auth", "quote", "balances", "writes"}) {
        limits[group] = {{"per_ip", {{"burst", 1000000}, {"per_minute", 60000000}}},
                         {"per_address", {{"burst", 1000000}, {"per_minute", 60000000}}}};
    }
    boost::json::object doc{{"database_url", "sqlite:" + (dir / "fuzz.db").string()},
                            {"config_dir", PERCH_ROOT_DIR "/config"},
                            {"chain_profile", (dir / "profile.json").string()},
                            {"web_root", (dir / "web").string()},
                            {"trusted_proxies", boost::json::array{"127.0.0.1"}},
                            {"admin_token", "fuzz-admin-token"},
                            // One attempt: a retry's backoff would leave the fuzzer idle.
                            {"rpc", {{"attempts", 1}}},
                            {"rate_limits", limits}};
    return parse_config(doc, [](const char*) { return std::optional<std::string>{}; });
}

inline app::Wiring& wiring() {
    static const Config config = [] {
        spdlog::set_level(spdlog::level::off);
        return fuzz_config();
    }();
    static app::Wiring w(config);
    return w;
}

inline boost::asio::io_context& io() {
    static boost::asio::io_context ctx;
    return ctx;
}

// Answers `req` and serializes the answer; anything escaping the dispatcher is a bug: abort.
inline void run(const http::RawRequest& req) {
    auto& w = wiring();
    auto task = [&]() -> Task<void> {
        auto res = co_await w.dispatcher.handle(req, "127.0.0.1");
        std::string head;
        if (auto body = w.dispatcher.serialize_payload(res, req, head)) {
            if (head.empty() || body->data() == nullptr) std::abort();
            co_return;
        }
        auto msg = w.dispatcher.finish(std::move(res), req);
        boost::beast::error_code ec;
        while (!msg.is_done()) {
            auto buffers = msg.prepare(ec);
            if (ec) std::abort();
            msg.consume(boost::beast::buffer_bytes(buffers));
        }
    };
    boost::asio::co_spawn(io(), task(), [](const std::exception_ptr& e) {
        if (e) std::abort();
    });
    io().restart();
    io().run();
}

}  // namespace perch::fuzz
