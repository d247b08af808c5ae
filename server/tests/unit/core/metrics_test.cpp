#include "core/metrics.hpp"

#include <gtest/gtest.h>

using namespace perch::metrics;
using std::chrono::microseconds;

TEST(Metrics, AHistogramCountsIntoCumulativeBucketsWithSumAndCount) {
    HistogramFamily f("t_seconds", "a test", {"route", "status"}, {0.001, 0.01});
    auto& h = f.at({"/a", "200"});
    h.observe(microseconds(500));         // 0.0005 s: first bucket
    h.observe(microseconds(5000));        // 0.005 s: second
    h.observe(microseconds(20000));       // 0.02 s: +Inf only
    EXPECT_EQ(&f.at({"/a", "200"}), &h);  // the same series again
    std::string out;
    f.render(out);
    EXPECT_NE(out.find("# HELP t_seconds a test\n# TYPE t_seconds histogram\n"), std::string::npos);
    EXPECT_NE(out.find("t_seconds_bucket{route=\"/a\",status=\"200\",le=\"0.001\"} 1\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("t_seconds_bucket{route=\"/a\",status=\"200\",le=\"0.01\"} 2\n"),
              std::string::npos);
    EXPECT_NE(out.find("t_seconds_bucket{route=\"/a\",status=\"200\",le=\"+Inf\"} 3\n"),
              std::string::npos);
    EXPECT_NE(out.find("t_seconds_sum{route=\"/a\",status=\"200\"} 0.0255\n"), std::string::npos);
    EXPECT_NE(out.find("t_seconds_count{route=\"/a\",status=\"200\"} 3\n"), std::string::npos);
}

TEST(Metrics, GaugesPrintWholeNumbersExactlyAndLabelsEscaped) {
    std::string out;
    render_gauge(out, "g", "help", {{label("chain", "1"), 123456789012.0}, {"", 0.5}});
    EXPECT_NE(out.find("g{chain=\"1\"} 123456789012\n"), std::string::npos) << out;
    EXPECT_NE(out.find("g 0.5\n"), std::string::npos);
    EXPECT_EQ(label("k", "a\"b\\c\nd"), "k=\"a\\\"b\\\\c\\nd\"");
}
