#pragma once
// Waiting for a condition, never for a time. A test that waits polls its condition until it holds
// or until a deadline sized for a loaded 2-core machine passes; the failure names what it waited
// for and the last state it saw, so a slow machine and a broken condition read differently.
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>

namespace perch::testing {

// A deadline for a condition whose pace is the machine's (a node mining, a perch starting).
// PERCH_TEST_WAIT_SCALE (a factor, default 1) stretches every such deadline on a slower machine.
inline std::chrono::milliseconds scaled(std::chrono::milliseconds limit) {
    const char* scale = std::getenv("PERCH_TEST_WAIT_SCALE");  // NOLINT(concurrency-mt-unsafe)
    double factor = scale ? std::atof(scale) : 1.0;
    if (factor < 1.0) factor = 1.0;
    return std::chrono::milliseconds(static_cast<std::int64_t>(limit.count() * factor));
}

struct WaitTimeout : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// What a probe saw: done, or the state it is in (for the failure text).
struct Seen {
    bool done = false;
    std::string state;
    static Seen yes() { return {true, {}}; }
    static Seen not_yet(std::string state) { return {false, std::move(state)}; }
};

// Polls `probe` (returning Seen or bool) every `every` until it is done; throws WaitTimeout
// "<what>: not within N s; last seen: <state>" after `limit` (scaled).
template <class Probe>
void wait_for(std::string_view what, std::chrono::milliseconds limit, Probe probe,
              std::chrono::milliseconds every = std::chrono::milliseconds(100)) {
    const auto budget = scaled(limit);
    const auto deadline = std::chrono::steady_clock::now() + budget;
    std::string last = "nothing yet";
    for (;;) {
        Seen seen;
        if constexpr (std::is_same_v<decltype(probe()), bool>) {
            seen.done = probe();
        } else {
            seen = probe();
        }
        if (seen.done) return;
        if (!seen.state.empty()) last = std::move(seen.state);
        if (std::chrono::steady_clock::now() >= deadline) {
            auto seconds = std::chrono::duration_cast<std::chrono::seconds>(budget).count();
            throw WaitTimeout(std::string(what) + ": not within " + std::to_string(seconds) +
                              " s; last seen: " + last);
        }
        std::this_thread::sleep_for(every);
    }
}

}  // namespace perch::testing
