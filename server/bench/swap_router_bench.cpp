// The swap router (issue 10) on a synthetic chain: 1,000 pools over 100 tokens, V2 and V3 mixed,
// seeded. Five hub tokens (WETH, three stablecoins, WBTC) hold most of the pools and depth, as on
// real chains; V3 pools carry several positions (narrow and wide ranges, some full range) so
// swaps cross initialized ticks; prices agree across pools up to a small arbitrage noise.
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
#include "swap/tick_math.hpp"

namespace perch::swap {
namespace {

constexpr std::uint64_t kSeed = 20261125;
constexpr std::size_t kTokens = 100;
constexpr std::size_t kPools = 1000;
constexpr std::size_t kHubs = 5;
constexpr std::uint64_t kGwei = 1'000'000'000;
constexpr std::uint64_t kGasPriceGwei = 5;  // the latency run's; the quality runs take theirs

struct Token {
    chain::Address address;
    double usd = 1;
    int decimals = 18;
};

struct Market {
    std::vector<Token> tokens;
    PoolSet pools;
};

struct Trade {
    std::size_t in;
    std::size_t out;
    U256 amount;
    double usd = 0;
};

chain::Address tagged(std::uint8_t kind, std::uint32_t n) {
    chain::Address out;
    out.bytes[0] = kind;
    out.bytes[16] = static_cast<std::uint8_t>(n >> 24);
    out.bytes[17] = static_cast<std::uint8_t>(n >> 16);
    out.bytes[18] = static_cast<std::uint8_t>(n >> 8);
    out.bytes[19] = static_cast<std::uint8_t>(n);
    return out;
}

double log_uniform(std::mt19937_64& rng, double low, double high) {
    std::uniform_real_distribution<double> u(std::log(low), std::log(high));
    return std::exp(u(rng));
}

// Base units of `usd` worth of a token.
U256 units(const Token& token, double usd) {
    return from_double(usd / token.usd * std::pow(10.0, token.decimals));
}

std::vector<Token> make_tokens(std::mt19937_64& rng) {
    std::vector<Token> tokens(kTokens);
    const double hub_usd[kHubs] = {3000, 1, 1, 1, 60000};
    const int hub_decimals[kHubs] = {18, 6, 6, 18, 8};
    for (std::size_t i = 0; i < kTokens; ++i) {
        tokens[i].address = tagged(0xaa, static_cast<std::uint32_t>(i + 1));
        if (i < kHubs) {
            tokens[i].usd = hub_usd[i];
            tokens[i].decimals = hub_decimals[i];
        } else {
            tokens[i].usd = log_uniform(rng, 1e-3, 1e3);
            tokens[i].decimals = std::uniform_int_distribution<int>(0, 9)(rng) == 0 ? 6 : 18;
        }
    }
    return tokens;
}

// Liquidity that puts `value1` (in token1 units) between sqrt prices a < s < b.
double liquidity_for(double value1, double s, double a, double b) {
    return value1 / (2 * s - a - s * s / b);
}

std::int32_t align_down(std::int32_t tick, std::int32_t spacing) {
    std::int32_t q = tick / spacing;
    if (tick % spacing != 0 && tick < 0) --q;
    return q * spacing;
}

V3Pool make_v3(std::mt19937_64& rng, double price, double tvl1, std::uint32_t fee) {
    const std::int32_t spacing = fee == 500 ? 10 : fee == 3000 ? 60 : 200;
    V3Pool pool;
    pool.fee = fee;
    pool.tick_spacing = spacing;
    pool.sqrt_price_x96 = from_double(std::sqrt(price) * 79228162514264337593543950336.0);
    pool.tick = *get_tick_at_sqrt_ratio(pool.sqrt_price_x96);
    const std::int32_t min_tick = align_down(kMinTick, spacing) + spacing;
    const std::int32_t max_tick = align_down(kMaxTick, spacing);
    const int positions = std::uniform_int_distribution<int>(3, 6)(rng);
    for (int p = 0; p < positions; ++p) {
        // Mostly concentrated ranges (0.5 % to 30 % each side), one in five full range.
        std::int32_t lower = min_tick, upper = max_tick;
        if (std::uniform_int_distribution<int>(0, 4)(rng) != 0) {
            const auto below = static_cast<std::int32_t>(log_uniform(rng, 50, 2600));
            const auto above = static_cast<std::int32_t>(log_uniform(rng, 50, 2600));
            lower = std::max(min_tick, align_down(pool.tick - below, spacing));
            upper = std::min(max_tick, align_down(pool.tick + above, spacing) + spacing);
        }
        const double a = std::pow(1.0001, lower / 2.0), b = std::pow(1.0001, upper / 2.0);
        const double share = tvl1 / positions * log_uniform(rng, 0.3, 3);
        const double liquidity = liquidity_for(share, std::sqrt(price), a, b);
        const u128 amount = to_u128(from_double(liquidity));
        if (amount == 0) continue;
        pool.ticks[lower] += static_cast<i128>(amount);
        pool.ticks[upper] -= static_cast<i128>(amount);
        pool.liquidity += amount;
    }
    return pool;
}

// A pair: hub-hub, hub-other or other-other, with a TVL range to match.
std::tuple<std::size_t, std::size_t, double> pick_pair(std::mt19937_64& rng) {
    std::uniform_int_distribution<std::size_t> hub(0, kHubs - 1), other(kHubs, kTokens - 1);
    const int kind = std::uniform_int_distribution<int>(0, 99)(rng);
    std::size_t a, b;
    double tvl;
    if (kind < 15) {
        do {
            a = hub(rng);
            b = hub(rng);
        } while (a == b);
        tvl = log_uniform(rng, 1e6, 2e8);
    } else if (kind < 70) {
        a = hub(rng);
        b = other(rng);
        tvl = log_uniform(rng, 5e4, 2e7);
    } else {
        do {
            a = other(rng);
            b = other(rng);
        } while (a == b);
        tvl = log_uniform(rng, 1e4, 2e6);
    }
    return {a, b, tvl};
}

Market make_market() {
    std::mt19937_64 rng(kSeed);
    Market market{make_tokens(rng), {}};
    std::normal_distribution<double> noise(0, 0.002);
    const std::uint32_t fees[3] = {500, 3000, 10000};
    for (std::uint32_t n = 0; market.pools.pool_count() < kPools; ++n) {
        auto [a, b, tvl] = pick_pair(rng);
        if (market.tokens[a].address > market.tokens[b].address) std::swap(a, b);
        const Token& t0 = market.tokens[a];
        const Token& t1 = market.tokens[b];
        // token0's price in token1 base units, off the true one by the arbitrage noise.
        const double price =
            t0.usd / t1.usd * std::pow(10.0, t1.decimals - t0.decimals) * (1 + noise(rng));
        const double tvl1 = tvl / t1.usd * std::pow(10.0, t1.decimals);  // in token1 units
        Pool pool{tagged(0xbb, n), "", t0.address, t1.address, V2Pair{}};
        const int venue = std::uniform_int_distribution<int>(0, 9)(rng);
        if (venue < 4) {
            pool.venue = venue < 2 ? "uniswap-v2" : "sushi-v2";
            pool.state = V2Pair{from_double(tvl1 / 2 / price), from_double(tvl1 / 2)};
        } else {
            pool.venue = "uniswap-v3";
            pool.state = make_v3(rng, price, tvl1, fees[venue % 3]);
        }
        (void)market.pools.upsert(std::move(pool));
    }
    return market;
}

const Market& market() {
    static const Market built = make_market();
    return built;
}

std::vector<Trade> make_trades(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> token(0, kTokens - 1);
    std::vector<Trade> trades;
    while (trades.size() < count) {
        const std::size_t in = token(rng), out = token(rng);
        if (in == out) continue;
        const double usd = log_uniform(rng, 10, 2e6);
        trades.push_back({in, out, units(market().tokens[in], usd), usd});
    }
    return trades;
}

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
