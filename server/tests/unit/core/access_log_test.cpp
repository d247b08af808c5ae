#include "core/access_log.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <regex>
#include <thread>
#include <vector>

using perch::AccessEntry;
using perch::AccessLog;

namespace {

std::string drain(int fd) {
    std::string out;
    char buf[4096];
    for (;;) {
        auto n = ::read(fd, buf, sizeof buf);
        if (n <= 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    return out;
}

}  // namespace

TEST(AccessLog, EveryLineFromEveryThreadReachesTheFd) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    {
        AccessLog log(fds[1], std::chrono::milliseconds(5));
        std::vector<std::jthread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&log] {
                for (int i = 0; i < 200; ++i) log.write({"10.0.0.1", "GET", "/x", 200, 12, 34});
            });
        }
    }  // joins the threads, then the log writes what is left
    close(fds[1]);
    auto out = drain(fds[0]);
    close(fds[0]);
    std::size_t lines = 0;
    for (char c : out) lines += c == '\n';
    EXPECT_EQ(lines, 800U);  // under a pipe buffer (64 KiB): the writer never blocks
    EXPECT_NE(out.find(" info 10.0.0.1 GET /x 200 12B 34us\n"), std::string::npos);
    std::regex line(
        R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3} info 10\.0\.0\.1 GET /x 200 12B 34us)");
    EXPECT_TRUE(std::regex_match(out.substr(0, out.find('\n')), line)) << out.substr(0, 80);
}

TEST(AccessLog, ClientTextCannotForgeLines) {
    std::string out;
    perch::append_log_safe(out, "/a\nfake 200\x1b[31m\\");
    EXPECT_EQ(out, "/a\\x0afake 200\\x1b[31m\\x5c");
}
