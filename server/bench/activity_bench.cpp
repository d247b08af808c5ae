// The tracker's reads with 100k indexed addresses on a real SQLite file (or PostgreSQL, with
// PERCH_TEST_DATABASE=postgresql and PERCH_TEST_POSTGRES_URL): the store is filled through the
// ActivityStore interface as the indexer fills it (accounts, days / weeks / months, contracts,
// tokens), then each iteration times one address's activity read (the API's store calls for one
// chain) and one programme rank (one SQL scan of the chain's rows). p50 / p99 are counters.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <random>

#include "run_task.hpp"
#include "store/activity_store.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch;
using namespace perch::store;

using perch::testing::run;

namespace {

constexpr std::int64_t kChain = 1868;
constexpr int kAddresses = 100000;
constexpr int kPerBlock = 1000;

std::string address_of(int i) {
    auto s = std::to_string(i);
    return "0x" + std::string(40 - s.size(), '0') + s;
}

struct Filled {
    testing::TestDatabase db;
    SqlStore sql{db.url()};
    std::unique_ptr<ActivityStore> store = open_activity_store(sql);

    Filled() {
        std::mt19937 rng(7);
        for (int first = 0; first < kAddresses; first += kPerBlock) {
            ActivityBlockWrite b;
            b.number = first / kPerBlock;
            b.hash = "0xh" + std::to_string(b.number);
            for (int i = first; i < first + kPerBlock; ++i) {
                auto a = address_of(i);
                ActivityAccount row;
                row.address = a;
                row.tx_count = 1 + static_cast<std::int64_t>(rng() % 500);
                row.first_active = 1767225600;
                row.last_active = 1767225600 + static_cast<std::int64_t>(rng() % 31536000);
                row.contracts_deployed = static_cast<std::int64_t>(rng() % 3);
                row.gas_spent = std::to_string(rng());
                b.accounts.push_back(row);
                for (int d = 0; d < 5; ++d) {
                    auto day = 1 + static_cast<int>(rng() % 28);
                    auto month = 1 + static_cast<int>(rng() % 12);
                    char text[16];
                    std::snprintf(text, sizeof text, "2026-%02d-%02d", month, day);
                    b.periods.push_back({a, 'd', text});
                    std::snprintf(text, sizeof text, "2026-W%02d", 1 + (month - 1) * 4 + day / 7);
                    b.periods.push_back({a, 'w', text});
                    std::snprintf(text, sizeof text, "2026-%02d", month);
                    b.periods.push_back({a, 'm', text});
                }
                for (int c = 0; c < 3; ++c)
                    b.contracts.push_back({a, address_of(1000000 + static_cast<int>(rng() % 50))});
                b.tokens.push_back({a, "0x0000000000000000000000000000000000000000",
                                    std::to_string(rng()), std::to_string(rng())});
            }
            std::vector<ActivityBlockWrite> blocks{std::move(b)};
            auto next = first / kPerBlock + 1;
            run(store->write_blocks(kChain, std::move(blocks), {next, "0xh"}, next));
        }
    }
};

Filled& filled() {
    static Filled f;
    return f;
}

void report(benchmark::State& state, std::vector<double>& ms) {
    std::sort(ms.begin(), ms.end());
    if (ms.empty()) return;
    state.counters["p50_ms"] = ms[ms.size() / 2];
    state.counters["p99_ms"] = ms[std::min(ms.size() - 1, ms.size() * 99 / 100)];
}

template <class F>
void timed(benchmark::State& state, F f) {
    std::vector<double> ms;
    std::mt19937 rng(11);
    for (auto _ : state) {
        auto address = address_of(static_cast<int>(rng() % kAddresses));
        auto t0 = std::chrono::steady_clock::now();
        f(address);
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                .count());
    }
    report(state, ms);
}

// What /activity reads per address and chain: the account row, its tokens, its last 366 days.
void BM_ActivityRead100k(benchmark::State& state) {
    auto& f = filled();
    timed(state, [&](const std::string& address) {
        std::vector<std::string> one{address};
        benchmark::DoNotOptimize(run(f.store->accounts(kChain, one)));
        benchmark::DoNotOptimize(run(f.store->tokens(kChain, one)));
        benchmark::DoNotOptimize(run(f.store->days(kChain, address, 366)));
    });
}

// /score's rank: soneium-og's five terms over the chain's 100k rows, in one query.
void BM_ProgrammeRank100k(benchmark::State& state) {
    auto& f = filled();
    std::vector<ScoreTerm> terms{{"tx_count", 1, 2, 100},
                                 {"active_days", 1, 1.5, 90},
                                 {"active_weeks", 1, 5, 60},
                                 {"contracts", 1, 4, 40},
                                 {"contracts_deployed", 1, 10, 30}};
    timed(state, [&](const std::string& address) {
        benchmark::DoNotOptimize(run(f.store->rank(kChain, address, terms)));
    });
}

}  // namespace

BENCHMARK(BM_ActivityRead100k)->Unit(benchmark::kMillisecond)->Iterations(2000);
BENCHMARK(BM_ProgrammeRank100k)->Unit(benchmark::kMillisecond)->Iterations(200);
