// The swap router (issue 10) on a synthetic chain (swap_market.hpp): 1,000 pools over 100 tokens,
// V2 and V3 mixed, seeded.
//
// BM_SwapRouterQuote: per-quote latency for random pairs and sizes ($10 to $2M), with p50 and
// p99 as counters. BM_SwapRouterQuality: the router's output minus gas against an exhaustive
// search over the same pools: every path of up to 3 hops simulated exactly, then every split of
// the best 10 paths (by exact output for the whole amount and for a quarter of it) and the
// router's own paths over 1, 2 or 3 pool-disjoint paths on a 0.1 % grid, exact amounts (tables of
// 1,001 exact simulations per path). Run in Release: perch_swap_bench (or perch_bench)
// --benchmark_filter=SwapRouter.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "swap/full_math.hpp"
#include "swap/router.hpp"
#include "swap_market.hpp"

namespace perch::swap {
namespace {

using bench::kSeed;
using bench::make_trades;
using bench::market;
using bench::Market;
using bench::Trade;

constexpr std::uint64_t kGwei = 1'000'000'000;
constexpr std::uint64_t kGasPriceGwei = 5;  // the latency run's; the quality runs take theirs

QuoteOptions options(std::uint64_t gas_price_gwei = kGasPriceGwei) {
    QuoteOptions out;
    out.wrapped_native = market().tokens[0].address;
    out.gas_price_wei = U256(gas_price_gwei * kGwei);
    return out;
}

double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

double thread_cpu_micros() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) / 1e3;
}

void BM_SwapRouterQuote(benchmark::State& state) {
    const Market& m = market();
    const QuoteOptions opts = options();
    const auto trades = make_trades(1000, kSeed + 1);
    std::vector<double> wall, cpu;
    std::size_t routed = 0, i = 0;
    for (auto _ : state) {
        const Trade& t = trades[i++ % trades.size()];
        const auto start = std::chrono::steady_clock::now();
        const double cpu_start = thread_cpu_micros();
        auto quote =
            best_quote(m.pools, m.tokens[t.in].address, m.tokens[t.out].address, t.amount, opts);
        cpu.push_back(thread_cpu_micros() - cpu_start);
        wall.push_back(
            std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                .count());
        routed += quote.ok();
        benchmark::DoNotOptimize(quote);
    }
    // Wall time includes the moments another process had the core; CPU time is the router's own.
    state.counters["p50_us"] = percentile(wall, 0.5);
    state.counters["p99_us"] = percentile(wall, 0.99);
    state.counters["cpu_p50_us"] = percentile(cpu, 0.5);
    state.counters["cpu_p99_us"] = percentile(cpu, 0.99);
    state.counters["cpu_max_us"] = percentile(cpu, 1.0);
    state.counters["routed"] = static_cast<double>(routed) / static_cast<double>(wall.size());
}
BENCHMARK(BM_SwapRouterQuote)->Unit(benchmark::kMicrosecond);

// The indexer's step: copy the published set, replace one V3 pool's state (its model rebuilt),
// publish. The copy shares every other pool.
void BM_SwapPoolSetUpdate(benchmark::State& state) {
    const Market& m = market();
    PoolId v3 = 0;
    while (m.pools.pool(v3).kind() != PoolKind::v3) ++v3;
    const Pool changed = m.pools.pool(v3);
    PoolSetHandle handle;
    handle.store(std::make_shared<const PoolSet>(m.pools));
    for (auto _ : state) {
        auto next = std::make_shared<PoolSet>(*handle.load());
        benchmark::DoNotOptimize(next->upsert(changed));
        handle.store(std::move(next));
    }
}
BENCHMARK(BM_SwapPoolSetUpdate)->Unit(benchmark::kMicrosecond);

// ---- The exhaustive search ----

constexpr std::size_t kGrid = 1000;  // 0.1 % steps
constexpr std::size_t kTopPaths = 10;

struct ExactPath {
    Path path;
    std::vector<double> out;  // at i/kGrid of the amount; -inf where the pools cannot
    std::vector<std::uint64_t> gas;
};

struct Best {
    double net = -std::numeric_limits<double>::infinity();
    std::size_t paths = 0;
};

double exact_out(const PoolSet& pools, const Path& path, const U256& amount, std::uint64_t* gas) {
    if (amount.is_zero()) return 0;
    auto result = simulate_path(pools, path, amount);
    if (!result) return -std::numeric_limits<double>::infinity();
    if (gas) *gas = result->gas_units;
    return to_double(result->amount_out);
}

// The quote's paths as legs.
std::vector<Path> quoted_paths(const PoolSet& pools, const Quote& quote) {
    std::vector<Path> out;
    for (const QuotePath& quoted : quote.paths) {
        Path path;
        for (const QuoteHop& hop : quoted.hops) {
            const PoolId id = *pools.find_pool(hop.pool);
            path.legs[path.hops++] = Leg{id, hop.token_in == pools.pool(id).token0};
        }
        out.push_back(path);
    }
    return out;
}

bool same_path(const Path& a, const Path& b) {
    if (a.hops != b.hops) return false;
    for (std::size_t i = 0; i < a.hops; ++i)
        if (a.legs[i].pool != b.legs[i].pool) return false;
    return true;
}

// The best paths by exact output for the whole amount and for a quarter, and the router's own
// (so the search covers every split the router could have chosen), with grid tables.
std::vector<ExactPath> top_paths(const PoolSet& pools, TokenId in, TokenId out, const U256& amount,
                                 double gas_value, const std::vector<Path>& router_paths) {
    const auto all = enumerate_paths(pools, in, out, 3);
    const U256 quarter = *amount.div(U256(4));
    std::vector<std::pair<double, std::size_t>> by_full, by_quarter;
    for (std::size_t i = 0; i < all.size(); ++i) {
        std::uint64_t gas = 0;
        const double full = exact_out(pools, all[i], amount, &gas);
        by_full.push_back({full - static_cast<double>(gas) * gas_value, i});
        by_quarter.push_back({exact_out(pools, all[i], quarter, nullptr), i});
    }
    auto by_value = [](const auto& a, const auto& b) { return a.first > b.first; };
    std::stable_sort(by_full.begin(), by_full.end(), by_value);
    std::stable_sort(by_quarter.begin(), by_quarter.end(), by_value);
    std::set<std::size_t> chosen;
    for (std::size_t i = 0; i < by_full.size() && chosen.size() < kTopPaths / 2; ++i)
        chosen.insert(by_full[i].second);
    for (std::size_t i = 0; i < by_quarter.size() && chosen.size() < kTopPaths; ++i)
        chosen.insert(by_quarter[i].second);
    for (const Path& path : router_paths)
        for (std::size_t i = 0; i < all.size(); ++i)
            if (same_path(all[i], path)) chosen.insert(i);
    std::vector<ExactPath> tables;
    for (std::size_t index : chosen) {
        ExactPath table{all[index], std::vector<double>(kGrid + 1),
                        std::vector<std::uint64_t>(kGrid + 1, 0)};
        for (std::size_t g = 1; g <= kGrid; ++g) {
            const U256 part = *mul_div(amount, U256(g), U256(kGrid));
            table.out[g] = exact_out(pools, table.path, part, &table.gas[g]);
        }
        tables.push_back(std::move(table));
    }
    return tables;
}

// Every split of the tables' paths over 1 to 3 pool-disjoint paths on the grid.
Best exhaustive(const std::vector<ExactPath>& t, double gas_value, std::uint64_t base) {
    Best best;
    auto net = [&](std::initializer_list<std::pair<std::size_t, std::size_t>> parts) {
        double out = 0;
        std::uint64_t gas = base;
        for (auto [p, g] : parts) {
            out += t[p].out[g];
            gas += t[p].gas[g];
        }
        return out - static_cast<double>(gas) * gas_value;
    };
    auto consider = [&](double value, std::size_t paths) {
        if (value > best.net) best = {value, paths};
    };
    const std::size_t n = t.size();
    for (std::size_t a = 0; a < n; ++a) {
        consider(net({{a, kGrid}}), 1);
        for (std::size_t b = a + 1; b < n; ++b) {
            if (t[a].path.shares_pool(t[b].path)) continue;
            for (std::size_t g = 1; g < kGrid; ++g) consider(net({{a, g}, {b, kGrid - g}}), 2);
            for (std::size_t c = b + 1; c < n; ++c) {
                if (t[a].path.shares_pool(t[c].path) || t[b].path.shares_pool(t[c].path)) continue;
                for (std::size_t g = 1; g < kGrid; ++g)
                    for (std::size_t h = 1; g + h < kGrid; ++h)
                        consider(net({{a, g}, {b, h}, {c, kGrid - g - h}}), 3);
            }
        }
    }
    return best;
}

void BM_SwapRouterQuality(benchmark::State& state) {
    const Market& m = market();
    const QuoteOptions opts = options(static_cast<std::uint64_t>(state.range(1)));
    const auto trades = make_trades(static_cast<std::size_t>(state.range(0)), kSeed + 2);
    double min_ratio = 1e9, max_ratio = 0, sum_ratio = 0, compared = 0, below = 0, splits = 0;
    for (auto _ : state) {
        for (const Trade& t : trades) {
            const TokenId in = *m.pools.find_token(m.tokens[t.in].address);
            const TokenId out = *m.pools.find_token(m.tokens[t.out].address);
            auto quote = best_quote(m.pools, m.tokens[t.in].address, m.tokens[t.out].address,
                                    t.amount, opts);
            const auto price = native_price(m.pools, out, opts);
            const double gas_value = price ? to_double(opts.gas_price_wei) * *price : 0;
            const auto mine = quote ? quoted_paths(m.pools, *quote) : std::vector<Path>{};
            const Best best = exhaustive(top_paths(m.pools, in, out, t.amount, gas_value, mine),
                                         gas_value, opts.gas.base);
            if (!(best.net > 0)) continue;  // no route, or gas above the output
            const double router = quote ? to_double(quote->amount_out) -
                                              static_cast<double>(quote->gas_units) * gas_value
                                        : 0.0;
            const double ratio = router / best.net;
            if (std::getenv("PERCH_BENCH_VERBOSE")) {
                std::printf("%3zu -> %3zu  $%-10.0f router %zu paths  exhaustive %zu paths  %.6f\n",
                            t.in, t.out, t.usd, quote ? quote->paths.size() : 0, best.paths, ratio);
            }
            min_ratio = std::min(min_ratio, ratio);
            max_ratio = std::max(max_ratio, ratio);
            sum_ratio += ratio;
            compared += 1;
            below += ratio < 0.999;
            splits += quote && quote->paths.size() > 1;
        }
    }
    state.counters["compared"] = compared;
    state.counters["min_ratio"] = min_ratio;
    state.counters["max_ratio"] = max_ratio;
    state.counters["mean_ratio"] = compared > 0 ? sum_ratio / compared : 0;
    state.counters["below_99.9%"] = below;
    state.counters["router_splits"] = splits;
}
// Arguments: trades, gas price in gwei (at 50 gwei gas decides more of the small trades).
BENCHMARK(BM_SwapRouterQuality)
    ->Args({200, 5})
    ->Args({200, 50})
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace perch::swap
