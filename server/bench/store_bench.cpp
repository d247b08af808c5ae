// History reads on 1 million stored orders (2 million events), on SQLite and PostgreSQL in the
// same run: the bridge history API's query shapes (an address, an address in a channel, a
// partner channel), each through SqlOrders::history as the API calls it (a DB thread hop, the
// count, the page of 10, each order's timeline). Reports p50 and p99 latency in milliseconds.
// On the same orders: /query's look-ups (by a deposit or payout hash, by an order key) and the
// maker dashboard's reads (a day's and a week's orders by state, a week's completions).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <vector>

#include "bench_support.hpp"
#include "store/sql/db.hpp"
#include "store/sql/sql_store.hpp"

using namespace perch;
using namespace perch::store;

namespace {

constexpr std::int64_t kOrders = 1'000'000;
constexpr std::int64_t kSenders = 100'000;  // 10 orders each

using bench::ms_since;
using bench::report;
using bench::run;

std::string address(const char* prefix, std::int64_t n) {
    char out[43];
    std::snprintf(out, sizeof out, "0x%s%034llx", prefix, static_cast<long long>(n));
    return out;
}
std::string sender_of(std::int64_t order) {
    return address("5e0d3e", order % kSenders);
}
std::string recipient_of(std::int64_t order) {
    return address("ec1e1e", order);
}
// 2 % of the orders in partner channel 531, 1 % in 77, the rest in none.
std::int64_t channel_of(std::int64_t order) {
    auto m = order % 100;
    return m < 2 ? 531 : m == 2 ? 77 : 0;
}

// 1M completed orders with 2 events each, written in multi-row INSERTs inside one transaction.
void seed(Connection& c) {
    Transaction tx(c);
    constexpr std::int64_t kRows = 500;
    for (std::int64_t first = 1; first <= kOrders; first += kRows) {
        std::string orders =
            "INSERT INTO bridge_orders (id, order_key, src_chain_id, src_tx_hash, log_index, "
            "block_number, block_hash, sender, token_address, token, decimals, amount, "
            "dst_chain_id, recipient, channel, confirmations, receive_amount, fee, state, "
            "dst_tx_hash, completed_seq, created_at, updated_at) VALUES ";
        std::string events =
            "INSERT INTO bridge_order_events (order_id, state, detail, at) VALUES ";
        for (auto i = first; i < first + kRows && i <= kOrders; ++i) {
            auto n = std::to_string(i);
            auto hash = address("7a", i) + "000000000000000000000000";
            orders += (i == first ? "(" : ",(") + n + ",'8453:" + hash + ":0',8453,'" + hash +
                      "',0," + n + ",'" + hash + "','" + sender_of(i) +
                      "','0x0000000000000000000000000000000000000000','ETH',18,'10000000000000000',"
                      "42161,'" +
                      recipient_of(i) + "'," + std::to_string(channel_of(i)) +
                      ",1,'9990000000000000','10000000000000','completed','" + hash + "'," + n +
                      "," + std::to_string(1'700'000'000 + i) + "," +
                      std::to_string(1'700'000'005 + i) + ")";
            events += (i == first ? "(" : ",(") + n + ",'confirming',''," +
                      std::to_string(1'700'000'000 + i) + "),(" + n + ",'completed',''," +
                      std::to_string(1'700'000'005 + i) + ")";
        }
        c.exec(orders);
        c.exec(events);
    }
    c.exec(
        "INSERT INTO bridge_order_counts (channel, orders) SELECT channel, COUNT(*) FROM "
        "bridge_orders GROUP BY channel");  // what the watcher keeps as it records orders
    tx.commit();
    // Statistics and the visibility map, as autovacuum keeps them on a live database (index-only
    // scans need the latter).
    if (c.dialect() == Dialect::postgresql) c.exec("VACUUM ANALYZE");
}

SqlStore* seeded(Dialect dialect) {
    return bench::seeded<seed>(dialect);
}

enum class Shape { address, address_in_channel, channel };

void BM_History(benchmark::State& state, Dialect dialect, Shape shape) {
    auto* store = seeded(dialect);
    if (!store) {
        state.SkipWithError("PERCH_BENCH_POSTGRES_URL is not set");
        return;
    }
    boost::asio::io_context io;
    std::mt19937_64 random(7);
    std::vector<double> ms;
    std::int64_t rows = 0;
    for (auto _ : state) {
        auto order = static_cast<std::int64_t>(random() % kOrders) + 1;
        HistoryQuery q;
        q.size = 10;
        if (shape != Shape::channel)  // half by sender, half by recipient
            q.address = order % 2 ? sender_of(order) : recipient_of(order);
        if (shape != Shape::address) q.channel = shape == Shape::channel ? 531 : channel_of(order);
        q.page = shape == Shape::channel ? static_cast<int>(random() % 20) + 1 : 1;
        auto start = std::chrono::steady_clock::now();
        auto page = run(io, store->orders().history(q));
        ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
        if (page.list.empty()) state.SkipWithError("a history page came back empty");
        rows += static_cast<std::int64_t>(page.list.size());
    }
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[static_cast<std::size_t>(q * (ms.size() - 1))]; };
    state.counters["p50_ms"] = at(0.50);
    state.counters["p99_ms"] = at(0.99);
    state.counters["rows"] = static_cast<double>(rows);
}

// /query: a random order by its transaction hash (deposit or payout: every column is looked up)
// and by its order key, alternately, with the timelines, as the lookup API reads them.
void BM_Lookup(benchmark::State& state, Dialect dialect) {
    auto* store = seeded(dialect);
    if (!store) {
        state.SkipWithError("PERCH_BENCH_POSTGRES_URL is not set");
        return;
    }
    boost::asio::io_context io;
    std::mt19937_64 random(11);
    std::vector<double> ms;
    bool by_key = false;
    for (auto _ : state) {
        auto hash = address("7a", static_cast<std::int64_t>(random() % kOrders) + 1) +
                    "000000000000000000000000";
        auto start = std::chrono::steady_clock::now();
        std::size_t found = 0;
        if (by_key) {
            found = run(io, store->orders().order_by_key("8453:" + hash + ":0")) ? 1 : 0;
        } else {
            found = run(io, store->orders().orders_by_tx_hash(hash, 50)).size();
        }
        ms.push_back(ms_since(start));
        if (found != 1) state.SkipWithError("a look-up did not find its one order");
        by_key = !by_key;
    }
    report(state, ms);
}

// /maker: what the dashboard reads when its cache expires. The 1M orders span 11.6 days, so a
// week holds ~600,000 completions, of which the API reads the newest 100,000.
void BM_Dashboard(benchmark::State& state, Dialect dialect) {
    auto* store = seeded(dialect);
    if (!store) {
        state.SkipWithError("PERCH_BENCH_POSTGRES_URL is not set");
        return;
    }
    boost::asio::io_context io;
    const std::int64_t now = 1'700'000'005 + kOrders;
    std::vector<double> ms;
    std::size_t rows = 0;
    for (auto _ : state) {
        auto start = std::chrono::steady_clock::now();
        rows = run(io, store->orders().completions_since(now - 7 * 86400, 100'000)).size();
        auto day = run(io, store->orders().count_by_state_since(now - 86400));
        auto week = run(io, store->orders().count_by_state_since(now - 7 * 86400));
        ms.push_back(ms_since(start));
        // ~86,400 a day and ~604,800 a week (created one a second).
        if (rows != 100'000 || day.at("completed") < 86'000 || week.at("completed") < 604'000)
            state.SkipWithError("the dashboard's reads came back wrong");
    }
    report(state, ms);
    state.counters["rows"] = static_cast<double>(rows);
}

BENCHMARK_CAPTURE(BM_History, sqlite_address, Dialect::sqlite, Shape::address)->Iterations(2000);
BENCHMARK_CAPTURE(BM_History, sqlite_address_in_channel, Dialect::sqlite, Shape::address_in_channel)
    ->Iterations(2000);
BENCHMARK_CAPTURE(BM_History, sqlite_channel, Dialect::sqlite, Shape::channel)->Iterations(2000);
BENCHMARK_CAPTURE(BM_History, postgresql_address, Dialect::postgresql, Shape::address)
    ->Iterations(2000);
BENCHMARK_CAPTURE(BM_History, postgresql_address_in_channel, Dialect::postgresql,
                  Shape::address_in_channel)
    ->Iterations(2000);
BENCHMARK_CAPTURE(BM_History, postgresql_channel, Dialect::postgresql, Shape::channel)
    ->Iterations(2000);

BENCHMARK_CAPTURE(BM_Lookup, sqlite, Dialect::sqlite)->Iterations(2000);
BENCHMARK_CAPTURE(BM_Lookup, postgresql, Dialect::postgresql)->Iterations(2000);
BENCHMARK_CAPTURE(BM_Dashboard, sqlite, Dialect::sqlite)->Iterations(10);
BENCHMARK_CAPTURE(BM_Dashboard, postgresql, Dialect::postgresql)->Iterations(10);

}  // namespace
