#pragma once
// What the benchmarks share: running a task to completion, and a fresh database.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>

// A fresh database for a benchmark: a SQLite file in the temp dir, or a new database on the
// PostgreSQL server PERCH_BENCH_POSTGRES_URL names (scripts/bench.sh starts a throwaway cluster).
// Removed when the object goes.
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>

#include "core/task.hpp"
#include "store/sql/db.hpp"

namespace perch::bench {

// Runs `task` on `io` until it is done and returns its result.
template <class T>
T run(boost::asio::io_context& io, Task<T> task) {
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

class BenchDatabase {
  public:
    explicit BenchDatabase(store::Dialect dialect) {
        auto name = "perch_bench_" + std::to_string(std::random_device{}() % 100000000);
        if (dialect == store::Dialect::sqlite) {
            file_ = std::filesystem::temp_directory_path() / (name + ".db");
            url_ = "sqlite:" + file_.string();
            return;
        }
        const char* base = std::getenv("PERCH_BENCH_POSTGRES_URL");
        if (!base || !*base) return;  // available() is false: the benchmark says so and skips
        base_ = base;
        if (!base_.ends_with('/')) base_ += '/';
        store::connect(base_ + "postgres")->exec("CREATE DATABASE " + name);
        name_ = name;
        url_ = base_ + name;
    }
    ~BenchDatabase() {
        try {
            if (!name_.empty())
                store::connect(base_ + "postgres")
                    ->exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
            for (const char* suffix : {"", "-wal", "-shm"})
                if (!file_.empty()) std::filesystem::remove(file_.string() + suffix);
        } catch (const std::exception&) {  // a bench's leftovers; the temp dir or cluster goes too
        }
    }
    BenchDatabase(const BenchDatabase&) = delete;
    BenchDatabase& operator=(const BenchDatabase&) = delete;

    bool available() const { return !url_.empty(); }
    const std::string& url() const { return url_; }

  private:
    std::string url_, base_, name_;
    std::filesystem::path file_;
};

}  // namespace perch::bench
