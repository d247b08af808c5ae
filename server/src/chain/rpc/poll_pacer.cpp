#include "chain/rpc/poll_pacer.hpp"

#include <algorithm>

namespace perch::chain::rpc {

PollPacer::PollPacer(ms block_time)
    : block_time_(std::max(block_time, ms(20))),
      drift_(std::max(ms(1), block_time_ / 500)),
      earlier_(std::max(ms(1), block_time_ / 10)),
      narrow_(std::max(ms(5), block_time_ / 25)),
      retry_gap_(std::max(ms(20), block_time_ / 20)),
      interval_(block_time_) {}

std::optional<PollPacer::Window> PollPacer::next_window() const {
    if (!last_) return std::nullopt;
    return Window{last_->after + interval_ - drift_, last_->by + interval_ + drift_};
}

void PollPacer::found_block(Clock::time_point sent, std::uint64_t number) {
    // Measured: not there when the previous poll was sent, there by this one.
    Window measured{sent_.value_or(sent - block_time_), sent};
    auto predicted = next_window();
    // Both hold, so the block lies in both; where they do not meet (a lagging node answered the
    // previous poll, the chain skipped or slowed), the measurement alone.
    if (predicted && predicted->by > measured.after && measured.by > predicted->after)
        last_ = Window{std::max(predicted->after, measured.after),
                       std::min(predicted->by, measured.by)};
    else
        last_ = measured;
    sent_ = sent;
    empty_ = 0;
    ++blocks_;
    learn_interval(number);
}

void PollPacer::learn_interval(std::uint64_t number) {
    if (!marks_.empty() && number <= marks_.back().number) marks_.clear();  // a reorganisation
    if (last_->by - last_->after > 4 * narrow_) return;  // too wide to say when the block came
    auto mid = last_->after + (last_->by - last_->after) / 2;
    marks_.push_back({mid, number});
    if (marks_.size() > kMarks) marks_.pop_front();
    const auto& first = marks_.front();
    if (marks_.size() < kMarks / 2) return;
    auto measured = std::chrono::duration_cast<std::chrono::microseconds>(mid - first.mid) /
                    static_cast<std::int64_t>(number - first.number);
    // Only a drift is learned; a chain far from its block time is jitter, not pace.
    interval_ =
        std::clamp(std::chrono::duration_cast<Clock::duration>(measured),
                   Clock::duration(block_time_ * 9 / 10), Clock::duration(block_time_ * 11 / 10));
}

void PollPacer::found_nothing(Clock::time_point sent) {
    sent_ = sent;
    ++empty_;
}

void PollPacer::found_stale() {
    ++empty_;
}

void PollPacer::failed() {
    last_.reset();
    marks_.clear();
    sent_.reset();
    empty_ = kRetries + 1;
}

PollPacer::ms PollPacer::wait(Clock::time_point now) const {
    auto window = next_window();
    if (!window || empty_ > kRetries) return block_time_;
    Clock::time_point at;
    if (empty_ == 0 && blocks_ % kCheckEvery == 0)
        at = window->after - earlier_;  // a check that the blocks do not come earlier than we think
    else if (empty_ == 0 && window->by - window->after > narrow_)
        at = window->after + (window->by - window->after) / 2;  // the answer halves the window
    else if (window->by > now)
        at = window->by;  // the block is there by then
    else if (empty_ > 0)
        return retry_gap_;  // past the window and still nothing: the block is late
    else
        at = now;  // the answer came after the window: poll at once
    return std::max(ms(0), std::chrono::duration_cast<ms>(at - now));
}

bool PollPacer::expects_block(Clock::time_point now) const {
    auto window = next_window();
    if (!window) return true;
    if (empty_ > kRetries) return false;    // a stalled chain, polled once a block time
    if (now < window->after) return false;  // the check that blocks do not come earlier
    // After a poll at the window's end found nothing, the block is late: retries are probes.
    return !(empty_ > 0 && sent_ && *sent_ + narrow_ >= window->by);
}

}  // namespace perch::chain::rpc
