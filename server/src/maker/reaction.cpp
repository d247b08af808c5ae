#include "maker/reaction.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace perch::maker {

void ReactionTimes::record(std::chrono::microseconds d) {
    ++total_;
    if (capacity_ == 0) return;
    if (samples_.size() < capacity_) {
        samples_.push_back(d);
        return;
    }
    samples_[next_] = d;
    next_ = (next_ + 1) % capacity_;
}

std::chrono::microseconds ReactionTimes::percentile(double p) const {
    if (samples_.empty()) return std::chrono::microseconds{0};
    auto sorted = samples_;
    std::sort(sorted.begin(), sorted.end());
    auto rank = static_cast<std::size_t>(
        std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(sorted.size())));
    return sorted[rank == 0 ? 0 : rank - 1];
}

std::string ReactionTimes::summary() const {
    auto ms = [](std::chrono::microseconds d) { return static_cast<double>(d.count()) / 1000.0; };
    char text[160];
    std::snprintf(text, sizeof text, "n %zu, p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms",
                  samples_.size(), ms(percentile(50)), ms(percentile(90)), ms(percentile(99)),
                  ms(percentile(100)));
    return text;
}

}  // namespace perch::maker
