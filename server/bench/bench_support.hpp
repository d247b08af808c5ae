#pragma once
// What the benchmarks share: running a task to completion, and a fresh database
// (tests/support/test_database.hpp) on SQLite or on the PostgreSQL server PERCH_BENCH_POSTGRES_URL
// names (scripts/bench.sh starts a throwaway cluster).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "core/task.hpp"
#include "store/sql/db.hpp"
#include "store/sql/sql_store.hpp"
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

// p50 and p99 of `ms` as benchmark counters.
inline void report(benchmark::State& state, std::vector<double>& ms) {
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[static_cast<std::size_t>(q * (ms.size() - 1))]; };
    state.counters["p50_ms"] = at(0.50);
    state.counters["p99_ms"] = at(0.99);
}

inline double ms_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

// One database per dialect written by `Seed` once, shared by the benchmarks of this run (one per
// seed function); none when PostgreSQL is asked for and no server is named.
template <void (*Seed)(store::Connection&)>
store::SqlStore* seeded(store::Dialect dialect) {
    static std::map<store::Dialect, std::pair<std::unique_ptr<testing::TestDatabase>,
                                              std::unique_ptr<store::SqlStore>>>
        stores;
    auto& entry = stores[dialect];
    if (!entry.second) {
        entry.first = bench_database(dialect);
        if (!entry.first) return nullptr;
        entry.second = std::make_unique<store::SqlStore>(entry.first->url());
        boost::asio::io_context io;
        run(io, entry.second->run([](store::Connection& c) { Seed(c); }));
    }
    return entry.second.get();
}

}  // namespace perch::bench
