#include "portfolio/snapshot_job.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>

#include "core/clock.hpp"
#include "portfolio/watch.hpp"
#include "price/refresh.hpp"

namespace perch::portfolio {

SnapshotJob::SnapshotJob(PortfolioService& service, std::chrono::milliseconds every,
                         std::function<std::int64_t()> clock)
    : service_(service), every_(every), clock_(std::move(clock)) {}

std::int64_t SnapshotJob::now() const {
    return clock_ ? clock_() : unix_now();
}

void SnapshotJob::start(const boost::asio::any_io_executor& ex) {
    boost::asio::co_spawn(ex, loop(), boost::asio::detached);
}

Task<SnapshotRound> SnapshotJob::run_once() {
    SnapshotRound round;
    auto at = now();
    auto& store = service_.store();
    const auto expire_days = service_.options().expire_days;
    round.unwatched = co_await store.unwatch_before(at - expire_days * kSecondsPerDay);
    auto watched = co_await store.watched();
    auto due = due_for_snapshot(watched, at, expire_days);
    round.due = static_cast<std::int64_t>(due.size());
    auto day = utc_day(at);
    // One address at a time: a round's load on the nodes stays that of one visitor.
    for (const auto& text : due) {
        auto address = chain::Address::from_hex(text);
        if (!address) continue;
        auto p = co_await service_.portfolio(*address);
        const auto& chains = p.valuation.chains;
        bool complete = std::all_of(chains.begin(), chains.end(),
                                    [](const ChainValue& c) { return c.error.empty(); });
        if (!complete) continue;
        co_await store.add_snapshot(text, day, p.valuation.total_cents, at);
        ++round.taken;
    }
    co_return round;
}

Task<void> SnapshotJob::loop() {
    while (!stopping_) {
        try {
            auto round = co_await run_once();
            if (round.taken > 0 || round.unwatched > 0)
                spdlog::info("portfolio: {} snapshot(s) of {} due, {} address(es) unwatched",
                             round.taken, round.due, round.unwatched);
        } catch (const std::exception& e) {
            spdlog::warn("portfolio: snapshots: {}", e.what());
        }
        co_await price::sleep_for(every_);
    }
}

}  // namespace perch::portfolio
