#pragma once
// Waiting for a server a test started as a child process (a fixture proxy, a file server) to
// answer HTTP.
#include <chrono>
#include <exception>
#include <string>
#include <thread>

#include "harness.hpp"

namespace perch::testing {

// Asks `GET path` on 127.0.0.1:port every 50 ms, at most `tries` times, until it answers 200;
// whether it did.
inline bool wait_until_listening(int port, const std::string& path, int tries) {
    for (int i = 0; i < tries; ++i) {
        try {
            if (http_request(port, "GET", path).status == 200) return true;
        } catch (const std::exception&) {  // not listening yet
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return false;
}

}  // namespace perch::testing
