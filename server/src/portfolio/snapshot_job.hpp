#pragma once
// The daily snapshots: every `every`, the addresses due (watch.hpp) get their portfolio's total
// stored for the day. A snapshot is only taken when every chain answered, so a total is never a
// partial sum; a due address is tried again on the next round. The clock is injectable: tests
// run several "days" in seconds.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <chrono>
#include <cstdint>
#include <functional>

#include "core/task.hpp"
#include "portfolio/service.hpp"

namespace perch::portfolio {

struct SnapshotRound {
    std::int64_t unwatched = 0;  // expired this round
    std::int64_t due = 0;
    std::int64_t taken = 0;
};

class SnapshotJob {
  public:
    SnapshotJob(PortfolioService& service, std::chrono::milliseconds every,
                std::function<std::int64_t()> clock = {});

    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }
    Task<SnapshotRound> run_once();

  private:
    Task<void> loop();
    std::int64_t now() const;

    PortfolioService& service_;
    std::chrono::milliseconds every_;
    std::function<std::int64_t()> clock_;
    std::atomic<bool> stopping_{false};
};

}  // namespace perch::portfolio
