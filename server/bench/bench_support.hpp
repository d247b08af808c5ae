#pragma once
// What the benchmarks share: running a task to completion, and a fresh database
// (tests/support/test_database.hpp) on SQLite or on the PostgreSQL server PERCH_BENCH_POSTGRES_URL
// names (scripts/bench.sh starts a throwaway cluster).
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <cstdlib>
#include <memory>

#include "core/task.hpp"
#include "store/sql/db.hpp"
#include "test_database.hpp"

namespace perch::bench {

// Runs `task` on `io` until it is done and returns its result.
template <class T>
T run(boost::asio::io_context& io, Task<T> task) {
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

// A fresh database of `dialect`, or none when PostgreSQL is asked for and no server is named.
inline std::unique_ptr<testing::TestDatabase> bench_database(store::Dialect dialect) {
    const char* base = std::getenv("PERCH_BENCH_POSTGRES_URL");
    if (dialect == store::Dialect::postgresql && (!base || !*base)) return nullptr;
    return std::make_unique<testing::TestDatabase>(dialect, base ? base : "");
}

}  // namespace perch::bench
