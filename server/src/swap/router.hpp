#pragma once
// Exact-in quotes over a PoolSet: paths of up to 3 hops (no token or pool twice), the amount
// split across paths that share no pool where that pays for its gas, and the amounts each path
// gives as the contracts compute them on the pre-trade state. Pure and deterministic.
//
// How: paths grow one hop at a time with a floating-point model of the pools (ApproxPool), and
// of those reaching the same token only the best few go on; the paths found are ranked by the
// model's output minus gas for the whole amount and by output for a quarter of it; the best
// max_candidates get output tables over split_steps chunks of the amount; every combination of
// up to max_splits pool-disjoint candidates is allocated greedily by marginal output and judged
// by output minus gas; the winner's shares are refined by equalizing marginal rates pairwise; and
// the winner and the best single path are then run with the exact integer math (V2
// getAmountOut, the V3 swap loop): the better of the two by exact output minus gas is the quote.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/result.hpp"
#include "swap/pool_set.hpp"

namespace perch::swap {

// Gas units the executor spends (estimates; docs/swap.md's PerchSwapExecutor).
struct GasModel {
    std::uint64_t base = 50'000;  // the transaction, the input's transfer, the output's payment
    std::uint64_t v2_hop = 60'000;
    std::uint64_t v3_hop = 100'000;
    std::uint64_t v3_tick_crossed = 30'000;  // each initialized tick a V3 swap crosses
};

struct QuoteOptions {
    std::size_t max_hops = 3;         // 1..3
    std::size_t max_candidates = 12;  // paths that enter the split search (at most 64)
    std::size_t max_splits = 3;       // paths one quote may use, 1..4
    std::size_t split_steps = 40;     // chunks of the greedy allocation
    std::size_t max_paths = 50'000;   // bound on the paths considered
    // Paths grow one hop at a time; of those reaching the same token after the same number of
    // hops only this many go on (the best by output, half for the whole amount and half for a
    // quarter of it). 0 keeps every one.
    std::size_t prefixes_per_token = 8;
    // Gas is valued at gas_price_wei in the output token through the pools' price of the wrapped
    // native token (the output of selling native_reference_wei of it, so thin pools count
    // little). A zero gas price, or no path from the native token, values gas at zero.
    U256 gas_price_wei = 0;
    U256 native_reference_wei = U256(1'000'000'000'000'000'000ULL);
    // WETH on this chain: the zero address as token in or out means it (native ETH is traded
    // through it, docs/swap.md).
    chain::Address wrapped_native;
    GasModel gas;
};

// One hop of a path: a pool and the direction it is swapped in.
struct Leg {
    PoolId pool = 0;
    bool zero_for_one = false;
};

struct Path {
    std::array<Leg, 3> legs{};
    std::uint8_t hops = 0;

    std::span<const Leg> view() const { return {legs.data(), hops}; }
    bool shares_pool(const Path& other) const;
};

struct QuoteHop {
    chain::Address pool;
    std::string venue;
    PoolKind kind = PoolKind::v2;
    std::uint32_t fee_ppm = 0;
    chain::Address token_in;
    chain::Address token_out;
    U256 amount_in;
    U256 amount_out;
    std::uint32_t ticks_crossed = 0;
};

struct QuotePath {
    U256 amount_in;
    U256 amount_out;
    std::vector<QuoteHop> hops;
    std::uint64_t gas_units = 0;  // the hops' gas, without the transaction's base
};

struct Quote {
    chain::Address token_in;  // as asked (the zero address stays zero)
    chain::Address token_out;
    U256 amount_in;
    U256 amount_out;  // the paths' outputs added up, exact
    std::vector<QuotePath> paths;
    std::uint64_t gas_units = 0;  // base + every hop
    U256 gas_cost_wei;
    std::optional<U256> gas_cost_out;  // the gas in token_out base units; none without a price
    // Against the paths' mid prices (no fees), so LP fees count as impact, as in Uniswap's
    // interface.
    double price_impact_bps = 0;
};

// The best exact-in quote. Errors: swap_invalid_input (zero amount, same token), swap_no_route
// (a token without pools, or no path within max_hops), swap_insufficient_liquidity (paths exist
// but none can take the amount).
chain::Result<Quote> best_quote(const PoolSet& pools, const chain::Address& token_in,
                                const chain::Address& token_out, const U256& amount_in,
                                const QuoteOptions& options = {});

// Building blocks (the benchmark's exhaustive search uses them too).

// Every path from `in` to `out` of 1..max_hops hops without a repeated token, at most max_paths.
std::vector<Path> enumerate_paths(const PoolSet& pools, TokenId in, TokenId out,
                                  std::size_t max_hops, std::size_t max_paths = 50'000);

struct PathResult {
    U256 amount_out;
    std::vector<U256> hop_outputs;
    std::vector<std::uint32_t> hop_ticks_crossed;
    std::uint64_t gas_units = 0;  // the hops' gas
};
// The path run on the pre-trade state, exactly as the pools compute it. A V3 hop that cannot
// take all its input, or any hop that gives nothing, is swap_insufficient_liquidity.
chain::Result<PathResult> simulate_path(const PoolSet& pools, const Path& path,
                                        const U256& amount_in, const GasModel& gas = {});

// token_out base units one wei of the native token is worth (see QuoteOptions), or none.
std::optional<double> native_price(const PoolSet& pools, TokenId token_out,
                                   const QuoteOptions& options);

}  // namespace perch::swap
