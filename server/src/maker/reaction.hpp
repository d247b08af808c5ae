#pragma once
// Reaction times of the maker (a deposit's block seen → its payout broadcast), kept as the last
// `capacity` samples so percentiles are exact over a recent window and memory stays bounded.
#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace perch::maker {

class ReactionTimes {
  public:
    explicit ReactionTimes(std::size_t capacity = 10000) : capacity_(capacity) {}

    void record(std::chrono::microseconds d);
    std::size_t total() const { return total_; }  // all samples ever recorded
    std::size_t size() const { return samples_.size(); }
    // The p-th percentile (0..100, nearest rank) of the window; zero when empty.
    std::chrono::microseconds percentile(double p) const;
    // "n 42, p50 3.1 ms, p90 ..., p99 ..., max ..." for the log.
    std::string summary() const;

  private:
    std::size_t capacity_;
    std::size_t next_ = 0;  // the slot the next sample overwrites once full
    std::size_t total_ = 0;
    std::vector<std::chrono::microseconds> samples_;
};

}  // namespace perch::maker
