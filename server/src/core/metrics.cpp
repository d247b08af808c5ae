#include "core/metrics.hpp"

#include <cstdio>

namespace perch::metrics {

namespace {

std::string number(double v) {
    char buf[40];
    if (v == static_cast<double>(static_cast<long long>(v)) && v < 1e15 && v > -1e15)
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

std::string joined(const std::vector<std::string>& names, const std::vector<std::string>& values) {
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < values.size(); ++i) {
        if (!out.empty()) out += ',';
        out += label(names[i], values[i]);
    }
    return out;
}

}  // namespace

std::string label(const std::string& key, const std::string& value) {
    std::string out = key + "=\"";
    for (char c : value) {
        if (c == '\\' || c == '"') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + '"';
}

Histogram::Histogram(const std::vector<double>& bounds)
    : bounds_(bounds),
      buckets_(std::make_unique<std::atomic<std::uint64_t>[]>(bounds.size() + 1)) {}

void Histogram::observe(std::chrono::microseconds d) {
    double seconds = static_cast<double>(d.count()) / 1e6;
    std::size_t i = 0;
    while (i < bounds_.size() && seconds > bounds_[i]) ++i;
    buckets_[i].fetch_add(1, std::memory_order_relaxed);
    count_.fetch_add(1, std::memory_order_relaxed);
    sum_micros_.fetch_add(static_cast<std::uint64_t>(d.count()), std::memory_order_relaxed);
}

void Histogram::render(std::string& out, const std::string& name, const std::string& labels) const {
    std::uint64_t cumulative = 0;
    auto prefix = labels.empty() ? std::string() : labels + ",";
    for (std::size_t i = 0; i <= bounds_.size(); ++i) {
        cumulative += buckets_[i].load(std::memory_order_relaxed);
        auto le = i < bounds_.size() ? number(bounds_[i]) : std::string("+Inf");
        out +=
            name + "_bucket{" + prefix + "le=\"" + le + "\"} " + std::to_string(cumulative) + "\n";
    }
    auto braces = labels.empty() ? std::string() : "{" + labels + "}";
    out += name + "_sum" + braces + " " +
           number(static_cast<double>(sum_micros_.load(std::memory_order_relaxed)) / 1e6) + "\n";
    out += name + "_count" + braces + " " + std::to_string(count_.load(std::memory_order_relaxed)) +
           "\n";
}

HistogramFamily::HistogramFamily(std::string name, std::string help,
                                 std::vector<std::string> label_names, std::vector<double> bounds)
    : name_(std::move(name)),
      help_(std::move(help)),
      label_names_(std::move(label_names)),
      bounds_(std::move(bounds)) {}

Histogram& HistogramFamily::at(const std::vector<std::string>& label_values) {
    std::lock_guard lock(mutex_);
    auto& slot = series_[label_values];
    if (!slot) slot = std::make_unique<Histogram>(bounds_);
    return *slot;
}

void HistogramFamily::render(std::string& out) const {
    out += "# HELP " + name_ + " " + help_ + "\n# TYPE " + name_ + " histogram\n";
    std::lock_guard lock(mutex_);
    for (const auto& [values, h] : series_) h->render(out, name_, joined(label_names_, values));
}

std::vector<double> latency_buckets() {
    return {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

std::string Registry::render() const {
    std::string out;
    http.render(out);
    rpc.render(out);
    payout.render(out);
    return out;
}

Registry& registry() {
    static Registry r;
    return r;
}

void render_gauge(std::string& out, const std::string& name, const std::string& help,
                  const std::vector<Sample>& samples) {
    out += "# HELP " + name + " " + help + "\n# TYPE " + name + " gauge\n";
    for (const auto& s : samples)
        out += name + (s.labels.empty() ? "" : "{" + s.labels + "}") + " " + number(s.value) + "\n";
}

}  // namespace perch::metrics
