#pragma once
// When to poll a chain for its head without a WebSocket feed. A payout can only be in the first
// destination block if the deposit is seen right after its block, so the polls aim at the chain's
// block edge. Each poll that finds a new block bounds when that block was made: after the poll
// before it, by this one (send times; a node answers what it has when it reads the request). The
// bounds of the next block are these plus a block time, a little wider for drift; the pacer polls
// at the middle of a wide window (the answer halves it) and at the end of a narrow one (the block
// is there, seen at most the window's width late). A poll that finds nothing is followed by one at
// the window's end, then short retries; a chain that makes no blocks is polled once a block time.
// The chain's real pace is learned from the narrow windows (a chain a little faster or slower
// than its block time is followed), and every few blocks a poll before the window checks that
// the blocks do not come earlier than thought (nothing else would show it). Pure: the follower
// tells it when each poll was sent and what it found.
#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>

namespace perch::chain::rpc {

class PollPacer {
  public:
    using Clock = std::chrono::steady_clock;
    using ms = std::chrono::milliseconds;

    explicit PollPacer(ms block_time);

    // What the poll sent at `sent` found: a block newer than the followed head, or not.
    void found_block(Clock::time_point sent, std::uint64_t number);
    void found_nothing(Clock::time_point sent);
    // An answer from a node behind the followed head (a load balancer's lagging backend): it
    // says nothing of when the next block comes.
    void found_stale();
    // A failed read: wait a whole block time, then find the edge again.
    void failed();

    // How long to wait from `now` before the next poll.
    ms wait(Clock::time_point now) const;
    // Whether a poll sent at `now` is likely to find a new block: not a check before the window,
    // not a retry for a late block, not a stalled chain's. Only such a poll asks for the new
    // block's logs in the same batch; a probe asks for the head alone and, when it finds the next
    // block, for that block's logs by hash: a probe costs one call when it finds nothing, as most
    // do, instead of two (a provider bills every call), and the same two when it finds a block.
    bool expects_block(Clock::time_point now) const;

    static constexpr int kRetries = 4;  // short retries after a poll that found nothing

  private:
    struct Window {
        Clock::time_point after, by;  // the block was made after `after` and by `by`
    };
    std::optional<Window> next_window() const;
    void learn_interval(std::uint64_t number);
    struct Mark {
        Clock::time_point mid;
        std::uint64_t number;
    };
    static constexpr std::size_t kMarks = 32;
    std::deque<Mark> marks_;  // the middles of the last windows, to learn the chain's real pace

    ms block_time_;
    ms drift_;                                  // how much wider the next window is on each side
    ms earlier_;                                // how far before the window a check looks
    static constexpr unsigned kCheckEvery = 8;  // blocks
    ms narrow_;                                 // a window this wide is polled at its end
    ms retry_gap_;                // between a poll past the window that found nothing and the next
    Clock::duration interval_;    // the chain's pace as learned (its block time at first)
    std::optional<Window> last_;  // when the newest block was made
    std::optional<Clock::time_point> sent_;  // the previous poll
    int empty_ = 0;                          // polls in a row that found nothing
    unsigned blocks_ = 0;
};

}  // namespace perch::chain::rpc
