// The head poll's pacing, against a simulated chain: blocks every `interval` from `phase`, a node
// that answers what it had half a round trip after the poll was sent, the follower polling again
// when the pacer says. What a payout in the first destination block needs: every block seen
// soon after it was made, at a cost of little more than one poll a block.
#include "chain/rpc/poll_pacer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace perch::chain::rpc;
using ms = std::chrono::milliseconds;
using Clock = PollPacer::Clock;

namespace {

struct Chain {
    std::int64_t phase_ms;
    std::int64_t interval_ms;  // 0: a chain that makes no blocks
    // The newest block made by time t (ms), -1 before the first.
    std::int64_t head_at(std::int64_t t) const {
        if (interval_ms == 0 || t < phase_ms) return -1;
        return (t - phase_ms) / interval_ms;
    }
    std::int64_t made_at(std::int64_t block) const { return phase_ms + block * interval_ms; }
};

struct Outcome {
    double mean_late_ms = 0;
    std::int64_t max_late_ms = 0;
    double polls_per_second = 0;
    std::size_t blocks_seen = 0;
    // As a provider bills them: a poll the pacer expects to find a block asks for the head and
    // the logs (2 calls), a probe for the head alone (1), and a probe that finds a block reads
    // that block's logs after it (1 more, a round trip later).
    double calls_per_block = 0;
};

// Polls for `seconds`, measuring from `warmup_s` on.
// `lagging_percent` of the answers come from a node one block behind (a load balancer's).
Outcome simulate(const Chain& chain, ms block_time, std::int64_t rtt_ms, int seconds,
                 int warmup_s = 20, unsigned lagging_percent = 0) {
    std::uint32_t seed = 12345;
    auto lagging = [&] {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % 100 < lagging_percent;
    };
    PollPacer pacer(block_time);
    const auto origin = Clock::time_point{} + std::chrono::hours(1);
    std::int64_t t = 0;  // when the next poll is sent
    std::int64_t followed = -1;
    std::int64_t polls = 0, calls = 0;
    std::vector<std::int64_t> late;
    while (t < seconds * 1000) {
        bool measured = t >= warmup_s * 1000;
        bool expects = pacer.expects_block(origin + ms(t));
        if (measured) ++polls, calls += expects ? 2 : 1;
        auto node_time = t + rtt_ms / 2;
        auto answered = t + rtt_ms;
        auto head = chain.head_at(node_time) - (lagging() ? 1 : 0);
        if (head < followed) {
            pacer.found_stale();
        } else if (head > followed) {
            // A probe's find is known with its logs a round trip later.
            auto known = expects ? node_time : answered + rtt_ms / 2;
            if (!expects) answered += rtt_ms, calls += measured ? 1 : 0;
            if (measured && followed >= 0)
                for (auto b = followed + 1; b <= head; ++b)
                    late.push_back(known - chain.made_at(b));
            followed = head;
            pacer.found_block(origin + ms(t), static_cast<std::uint64_t>(head));
        } else {
            pacer.found_nothing(origin + ms(t));
        }
        t = answered + pacer.wait(origin + ms(answered)).count();
    }
    Outcome out;
    out.blocks_seen = late.size();
    out.polls_per_second = double(polls) / double(seconds - warmup_s);
    out.calls_per_block = double(calls) / double(std::max<std::size_t>(1, late.size()));
    if (!late.empty()) {
        std::int64_t sum = 0;
        for (auto l : late) sum += l;
        out.mean_late_ms = double(sum) / double(late.size());
        out.max_late_ms = *std::max_element(late.begin(), late.end());
    }
    return out;
}

}  // namespace

TEST(PollPacer, SeesEachBlockSoonAfterItWasMadeWhateverThePhase) {
    for (std::int64_t phase : {0, 137, 500, 901, 999}) {
        auto out = simulate({phase, 1000}, ms(1000), 100, 140);
        SCOPED_TRACE(phase);
        EXPECT_GE(out.blocks_seen, 119u);
        EXPECT_LE(out.mean_late_ms, 45.0);
        // At worst a poll just before the block, its answer, a retry gap, and when that retry (a
        // probe) finds it, a round trip for its logs: 100 + 50 + 100 ms.
        EXPECT_LE(out.max_late_ms, 250);
        EXPECT_LE(out.polls_per_second, 1.3);
    }
}

TEST(PollPacer, TheOldPaceOfABlockTimeAfterEachAnswerWouldBeHalfABlockLate) {
    // The reference the pacer replaces: a poll a block time after each answer drifts by the round
    // trip every block, so a block is seen ~500 ms late on average (the first-block share then
    // falls to about half). The pacer's figure above is an order of magnitude better.
    Chain chain{137, 1000};
    std::int64_t t = 0, followed = -1, sum = 0, n = 0;
    while (t < 140'000) {
        auto head = chain.head_at(t + 50);
        if (head > followed && followed >= 0 && t >= 20'000)
            for (auto b = followed + 1; b <= head; ++b) sum += t + 50 - chain.made_at(b), ++n;
        followed = std::max(followed, head);
        t += 100 + 1000;
    }
    EXPECT_GT(double(sum) / double(n), 300.0);
}

TEST(PollPacer, FollowsAChainWhoseBlocksComeEarlierOrLaterThanItsBlockTime) {
    for (std::int64_t interval : {985, 995, 1005, 1020}) {
        auto out = simulate({300, interval}, ms(1000), 100, 200);
        SCOPED_TRACE(interval);
        EXPECT_GE(out.blocks_seen, 170u);
        EXPECT_LE(out.mean_late_ms, 40.0);
        EXPECT_LE(out.polls_per_second, 1.35);
    }
}

TEST(PollPacer, AChainThatMakesNoBlocksIsPolledOnceABlockTime) {
    auto out = simulate({0, 0}, ms(1000), 100, 120);
    EXPECT_EQ(out.blocks_seen, 0u);
    EXPECT_LE(out.polls_per_second, 1.0);
    EXPECT_GE(out.polls_per_second, 0.8);
}

TEST(PollPacer, ARoundTripLongerThanABlockPollsBackToBackNotFaster) {
    // 250 ms blocks behind a 300 ms round trip: every answer is already late, so the next poll
    // goes at once; never more than one poll in flight, never more than one per round trip.
    auto out = simulate({10, 250}, ms(250), 300, 100);
    EXPECT_LE(out.polls_per_second, 1000.0 / 300.0 + 0.01);
    EXPECT_GE(out.blocks_seen, 79u * 4);
}

TEST(PollPacer, ALoadBalancerWithALaggingBackendCostsRetriesNotHalfABlock) {
    // One answer in five from a backend a block behind: such a miss cannot be told from an early
    // poll, so the window is learned again now and then; still far better than the old pace.
    auto out = simulate({420, 1000}, ms(1000), 100, 220, 20, 20);
    EXPECT_GE(out.blocks_seen, 199u);
    EXPECT_LE(out.mean_late_ms, 250.0);
    EXPECT_LE(out.polls_per_second, 1.6);
}

TEST(PollPacer, WaitsFollowTheWindow) {
    PollPacer pacer(ms(1000));
    auto t0 = Clock::time_point{} + std::chrono::hours(1);
    // A first block: made within the block time before the poll, so the next one within
    // (t0 + 998, t0 + 2002] (2 ms of drift each side): wide, so polled in its middle.
    pacer.found_block(t0 + ms(1000), 10);
    EXPECT_EQ(pacer.wait(t0 + ms(1100)), ms(400));
    // Nothing there yet: the next poll at the window's end.
    pacer.found_nothing(t0 + ms(1500));
    EXPECT_EQ(pacer.wait(t0 + ms(1600)), ms(402));
    // Past the window and still nothing: short retries, then a block time.
    for (int i = 1; i < PollPacer::kRetries; ++i) {
        pacer.found_nothing(t0 + ms(2002 + 150 * i));
        EXPECT_EQ(pacer.wait(t0 + ms(2102 + 150 * i)), ms(50));
    }
    pacer.found_nothing(t0 + ms(2800));
    EXPECT_EQ(pacer.wait(t0 + ms(2900)), ms(1000));
    // A failed read: a block time, whatever was known.
    pacer.found_block(t0 + ms(3000), 12);
    pacer.failed();
    EXPECT_EQ(pacer.wait(t0 + ms(3100)), ms(1000));
}

TEST(PollPacer, AProbeThatFindsNothingCostsOneCall) {
    // The budget is 3 calls a block for an idle chain with 1 s blocks, and the head follower is
    // most of it. Asking for the logs with every poll costs 2 calls a poll; the probes (the checks
    // before the window, the retries for a late block) ask for the head alone, so each one that
    // finds nothing saves a call, and one that finds a block costs the same two.
    for (std::int64_t phase : {0, 137, 500, 901, 999}) {
        for (std::int64_t rtt : {2, 100}) {
            auto out = simulate({phase, 1000}, ms(1000), rtt, 140);
            SCOPED_TRACE(testing::Message() << "phase " << phase << " rtt " << rtt);
            EXPECT_GE(out.blocks_seen, 119u);
            EXPECT_LE(out.calls_per_block, 2.7);
            EXPECT_LT(out.calls_per_block, 2 * out.polls_per_second - 0.05);
        }
    }
    // A load balancer's lagging backend makes misses the pacer cannot tell from early polls.
    auto lagging = simulate({420, 1000}, ms(1000), 100, 220, 20, 20);
    EXPECT_LE(lagging.calls_per_block, 3.0);
    EXPECT_LT(lagging.calls_per_block, 2 * lagging.polls_per_second - 0.1);
}

TEST(PollPacer, ExpectsABlockOnlyAtTheWindowsEnd) {
    PollPacer pacer(ms(1000));
    auto t0 = Clock::time_point{} + std::chrono::hours(1);
    EXPECT_TRUE(pacer.expects_block(t0));  // nothing known yet
    pacer.found_block(t0 + ms(1000), 10);
    pacer.found_nothing(t0 + ms(1990));
    pacer.found_block(t0 + ms(2000), 11);  // the next one within (t0 + 2988, t0 + 3002]
    EXPECT_FALSE(pacer.expects_block(t0 + ms(2900)));  // a check before the window
    EXPECT_TRUE(pacer.expects_block(t0 + ms(2995)));
    EXPECT_TRUE(pacer.expects_block(t0 + ms(3002)));
    pacer.found_nothing(t0 + ms(3002));
    EXPECT_FALSE(pacer.expects_block(t0 + ms(3060)));  // a retry: the block is late
    for (int i = 0; i < PollPacer::kRetries; ++i) pacer.found_nothing(t0 + ms(3100 + 60 * i));
    EXPECT_FALSE(pacer.expects_block(t0 + ms(4400)));  // stalled: once a block time
    pacer.found_block(t0 + ms(4500), 12);
    pacer.failed();
    EXPECT_TRUE(pacer.expects_block(t0 + ms(5500)));  // the window is found again
}
