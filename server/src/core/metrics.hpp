#pragma once
// Prometheus metrics perch keeps about itself (GET /metrics). Histograms only: a histogram's
// _count is the counter of what it observes, so "requests by route and status" and their latency
// are one series. A series is created once and never freed, so hot paths keep a pointer to it and
// only touch atomics.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace perch::metrics {

class Histogram {
  public:
    explicit Histogram(const std::vector<double>& bounds);
    void observe(std::chrono::microseconds d);
    // Appends `name`_bucket/_sum/_count lines with `labels` ("a=\"1\",b=\"2\"").
    void render(std::string& out, const std::string& name, const std::string& labels) const;

  private:
    const std::vector<double>& bounds_;
    std::unique_ptr<std::atomic<std::uint64_t>[]> buckets_;  // one per bound, then +Inf
    std::atomic<std::uint64_t> count_{0};
    std::atomic<std::uint64_t> sum_micros_{0};
};

// Histograms of one metric by label values.
class HistogramFamily {
  public:
    HistogramFamily(std::string name, std::string help, std::vector<std::string> label_names,
                    std::vector<double> bounds);
    // The series for these label values (in label_names' order), created on first use.
    Histogram& at(const std::vector<std::string>& label_values);
    void render(std::string& out) const;

  private:
    std::string name_, help_;
    std::vector<std::string> label_names_;
    std::vector<double> bounds_;
    mutable std::mutex mutex_;
    std::map<std::vector<std::string>, std::unique_ptr<Histogram>> series_;
};

// Latency buckets in seconds, 0.5 ms to 10 s.
std::vector<double> latency_buckets();

struct Registry {
    HistogramFamily http{"perch_http_request_duration_seconds",
                         "HTTP requests by route pattern and status, with their latency",
                         {"route", "status"},
                         latency_buckets()};
    HistogramFamily rpc{"perch_rpc_call_duration_seconds",
                        "JSON-RPC round trips by chain and outcome (ok, transport, timeout, ...)",
                        {"chain", "outcome"},
                        latency_buckets()};
    HistogramFamily payout{"perch_maker_reaction_seconds",
                           "Maker reaction: deposit block seen to payout broadcast, by chain",
                           {"chain"},
                           latency_buckets()};
    std::string render() const;
};

// The process's registry.
Registry& registry();

// A gauge line (for values read at scrape time): # HELP, # TYPE and one line per sample.
struct Sample {
    std::string labels;  // a="1",b="2"
    double value = 0;
};
void render_gauge(std::string& out, const std::string& name, const std::string& help,
                  const std::vector<Sample>& samples);

// `key="value"`, the value escaped as the text format wants.
std::string label(const std::string& key, const std::string& value);

}  // namespace perch::metrics
