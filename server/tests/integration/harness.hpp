#pragma once
// Runs the real perch binary on the database under test (a temp SQLite file, or a fresh
// PostgreSQL database: test_database.hpp) and a free port, and talks to it over HTTP.
#include <sys/types.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "test_database.hpp"

namespace perch::testing {

struct HttpResult {
    int status = 0;
    std::map<std::string, std::string> headers;  // lower-case names
    std::string body;
};

class PerchProcess {
  public:
    // Extra config keys as JSON members, e.g. R"("trusted_proxies": ["127.0.0.1"])".
    explicit PerchProcess(const std::string& extra_config = {},
                          const std::vector<std::pair<std::string, std::string>>& env = {});
    ~PerchProcess();
    PerchProcess(const PerchProcess&) = delete;
    PerchProcess& operator=(const PerchProcess&) = delete;

    int port() const { return port_; }
    const std::filesystem::path& dir() const { return dir_; }
    const TestDatabase& db() const { return db_; }
    // Sends SIGTERM and returns the exit status (waits up to 10 s).
    int stop();
    // SIGKILL: a crash, with no chance to clean up.
    void kill_now();
    std::string output() const;  // what perch printed so far

    HttpResult request(const std::string& method, const std::string& target,
                       const std::string& body = {},
                       const std::map<std::string, std::string>& headers = {}) const;
    HttpResult get(const std::string& target,
                   const std::map<std::string, std::string>& headers = {}) const {
        return request("GET", target, {}, headers);
    }
    HttpResult post(const std::string& target, const std::string& body) const {
        return request("POST", target, body, {{"Content-Type", "application/json"}});
    }

  private:
    std::filesystem::path dir_;
    TestDatabase db_;
    pid_t pid_ = -1;
    int port_ = 0;
};

// One HTTP/1.1 request to 127.0.0.1:port (perch, or a proxy in front of it).
HttpResult http_request(int port, const std::string& method, const std::string& target,
                        const std::string& body = {},
                        const std::map<std::string, std::string>& headers = {});

// A port on 127.0.0.1 that nothing listens on now (for a proxy or server a test starts itself).
int free_port();

// Runs `perch ARGS` to completion in the repo root and returns {exit status, output}.
std::pair<int, std::string> run_perch(
    const std::vector<std::string>& args,
    const std::vector<std::pair<std::string, std::string>>& env = {});

}  // namespace perch::testing
