#pragma once
// The swap benchmarks' synthetic chain (issue 10): 1,000 pools over 100 tokens, V2 and V3 mixed,
// seeded. Five hub tokens (WETH, three stablecoins, WBTC) hold most of the pools and depth, as on
// real chains; V3 pools carry several positions (narrow and wide ranges, some full range) so
// swaps cross initialized ticks; prices agree across pools up to a small arbitrage noise.
// Shared by swap_router_bench.cpp and perch_swap_compare (bench/compare/), so both see the same
// pools and trades.
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include "swap/pool_set.hpp"

namespace perch::swap::bench {

inline constexpr std::uint64_t kSeed = 20261125;
inline constexpr std::size_t kTokens = 100;
inline constexpr std::size_t kPools = 1000;
inline constexpr std::size_t kHubs = 5;

struct Token {
    chain::Address address;
    double usd = 1;
    int decimals = 18;
};

struct Market {
    std::vector<Token> tokens;
    PoolSet pools;
    // Each V3 pool's liquidityGross per initialized tick (the PoolSet keeps only the net), for
    // exporting the pools to other routers (the Uniswap SDKs' tick lists).
    std::map<chain::Address, std::map<std::int32_t, u128>> v3_gross;
};

struct Trade {
    std::size_t in;  // indices into Market::tokens
    std::size_t out;
    U256 amount;
    double usd = 0;
};

// The market, built once (seeded: the same on every run).
const Market& market();

// `count` random pairs and sizes ($10 to $2M, log-uniform) from `seed`.
std::vector<Trade> make_trades(std::size_t count, std::uint64_t seed);

double log_uniform(std::mt19937_64& rng, double low, double high);

}  // namespace perch::swap::bench
