#include "harness.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "test_paths.hpp"
#include "wait.hpp"

namespace perch::testing {
namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace bhttp = beast::http;

namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path make_temp_dir() {
    std::random_device rd;
    auto dir = fs::temp_directory_path() / ("perch-it-" + std::to_string(rd()));
    fs::create_directories(dir);
    return dir;
}

pid_t spawn(const std::vector<std::string>& args,
            const std::vector<std::pair<std::string, std::string>>& env, const fs::path& log) {
    pid_t pid = fork();
    if (pid != 0) return pid;
    // Child: dies with the test process even when that one crashes, runs from the repo root so
    // config/ and web/dist resolve, and writes its output to the log file.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (chdir(perch::test::root_dir()) != 0) _exit(127);
    int fd = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    dup2(fd, 2);
    for (const auto& [k, v] : env) setenv(k.c_str(), v.c_str(), 1);
    std::vector<char*> argv;
    std::string binary = perch::test::perch_binary();
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (auto& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
}

}  // namespace

PerchProcess::PerchProcess(const std::string& extra_config,
                           const std::vector<std::pair<std::string, std::string>>& env)
    : dir_(make_temp_dir()), db_(dir_) {
    auto config = dir_ / "perch.json";
    std::ofstream(config)
        << "{\"host\": \"127.0.0.1\", \"port\": 0, \"threads\": 2, \"database_url\": \""
        << db_.url() << "\", \"geoip_db\": \"" << perch::test::geoip_db()
        << "\""
        // No web app unless the test gives one: perch gzips every file of web/dist at start
        // (2 s of CPU per start, ~10 min of the suite's CPU), and no test here reads the app.
        << (extra_config.find("\"web_root\"") == std::string::npos
                ? ", \"web_root\": \"" + (dir_ / "no-web-app").string() + "\""
                : std::string())
        << (extra_config.empty() ? "" : ", ") << extra_config << "}";
    pid_ = spawn({"serve", "--config", config.string()}, env, dir_ / "perch.log");
    // Match through the text after the port so a half-written log line is never read as a port.
    std::regex listening("listening on http://[^:]+:([0-9]+) \\(");
    // A perch that exited says so at once; one still starting is given a loaded machine's time.
    try {
        wait_for(
            "perch listening", std::chrono::seconds(60),
            [&] {
                std::smatch m;
                auto out = output();
                if (std::regex_search(out, m, listening)) {
                    port_ = std::stoi(m[1]);
                    return true;
                }
                int status = 0;
                if (waitpid(pid_, &status, WNOHANG) == pid_) {
                    pid_ = -1;
                    throw std::runtime_error("perch exited at start:\n" + out);
                }
                return false;
            },
            std::chrono::milliseconds(50));
    } catch (const WaitTimeout& e) {
        throw std::runtime_error(std::string(e.what()) + "\n" + output());
    }
}

PerchProcess::~PerchProcess() {
    if (pid_ > 0) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

void PerchProcess::kill_now() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

int PerchProcess::stop() {
    if (pid_ <= 0) return -1;
    kill(pid_, SIGTERM);
    for (int i = 0; i < 1000; ++i) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return -1;
}

std::string PerchProcess::output() const {
    return slurp(dir_ / "perch.log");
}

HttpResult PerchProcess::request(const std::string& method, const std::string& target,
                                 const std::string& body,
                                 const std::map<std::string, std::string>& headers) const {
    return http_request(port_, method, target, body, headers);
}

HttpResult http_request(int port, const std::string& method, const std::string& target,
                        const std::string& body,
                        const std::map<std::string, std::string>& headers) {
    boost::asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"),
                                                  static_cast<unsigned short>(port)));
    bhttp::request<bhttp::string_body> req{bhttp::string_to_verb(method), target, 11};
    req.set(bhttp::field::host, "127.0.0.1:" + std::to_string(port));  // as a browser sends it
    for (const auto& [k, v] : headers) req.set(k, v);
    req.body() = body;
    req.prepare_payload();
    bhttp::write(stream, req);
    beast::flat_buffer buffer;
    bhttp::response_parser<bhttp::string_body> parser;
    parser.body_limit(64 << 20);
    if (method == "HEAD") parser.skip(true);
    bhttp::read(stream, buffer, parser);
    HttpResult result;
    const auto& res = parser.get();
    result.status = res.result_int();
    for (const auto& field : res) {
        std::string name(field.name_string());
        for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        result.headers[name] = std::string(field.value());
    }
    result.body = res.body();
    return result;
}

std::pair<int, std::string> run_perch(const std::vector<std::string>& args,
                                      const std::vector<std::pair<std::string, std::string>>& env) {
    auto dir = make_temp_dir();
    pid_t pid = spawn(args, env, dir / "out.log");
    int status = 0;
    waitpid(pid, &status, 0);
    auto out = slurp(dir / "out.log");
    fs::remove_all(dir);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

int free_port() {
    boost::asio::io_context io;
    boost::asio::ip::tcp::acceptor probe(io, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return probe.local_endpoint().port();
}

}  // namespace perch::testing
