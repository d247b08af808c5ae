// The per-chain holder of background workers the tracker and the swap service share: every worker
// started and stopped together, found by chain id, listed in chain id order.
#include "core/per_chain_workers.hpp"

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

namespace {

struct Worker {
    int starts = 0, stops = 0;
    void start(const boost::asio::any_io_executor&) { ++starts; }
    void stop() { ++stops; }
};

}  // namespace

TEST(PerChainWorkers, StartsStopsAndFindsEachChainsWorker) {
    perch::PerChainWorkers<Worker> workers;
    workers.add(8453, std::make_unique<Worker>());
    workers.add(1, std::make_unique<Worker>());
    EXPECT_EQ(workers.chain_ids(), (std::vector<std::int64_t>{1, 8453}));
    EXPECT_TRUE(workers.contains(1));
    EXPECT_FALSE(workers.contains(42161));
    EXPECT_EQ(workers.find(42161), nullptr);

    boost::asio::io_context io;
    workers.start(io.get_executor());
    workers.stop();
    for (const auto& [id, worker] : workers) {
        EXPECT_EQ(worker->starts, 1) << id;
        EXPECT_EQ(worker->stops, 1) << id;
    }
    EXPECT_EQ(workers.find(8453)->starts, 1);
}
