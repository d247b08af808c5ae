#include "swap/router.hpp"

#include <algorithm>
#include <cmath>

#include "swap/full_math.hpp"
#include "swap/route_split.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;
using detail::Approx;
using detail::best_split;
using detail::Candidate;
using detail::collect;
using detail::Executed;
using detail::Found;
using detail::hop_gas;
using detail::kInfinity;
using detail::mid_rate;

constexpr std::size_t kMaxCandidates = 64;  // a plan names its members in a byte

// ---- The quote ----

std::vector<Candidate> pick_candidates(std::vector<Candidate> all, std::size_t count) {
    std::vector<std::uint32_t> order(all.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::vector<Candidate> picked;
    std::vector<bool> taken(all.size(), false);
    auto take_best = [&](double (*key)(const Candidate&), std::size_t until) {
        // `count` are taken at most before: the next ones in this order are among the first 2x.
        const auto first = static_cast<std::ptrdiff_t>(std::min(order.size(), 2 * count));
        std::partial_sort(order.begin(), order.begin() + first, order.end(),
                          [&](std::uint32_t a, std::uint32_t b) {
                              const double ka = key(all[a]), kb = key(all[b]);
                              return ka != kb ? ka > kb : a < b;
                          });
        for (std::ptrdiff_t i = 0; i < first && picked.size() < until; ++i) {
            const std::uint32_t c = order[static_cast<std::size_t>(i)];
            if (taken[c] || key(all[c]) == -kInfinity) continue;
            taken[c] = true;
            picked.push_back(all[c]);
        }
    };
    // Half by what a path does with the whole amount, the rest by what it does with a quarter:
    // a shallow pool at a good price is worth a share of a split.
    take_best([](const Candidate& c) { return c.net; }, (count + 1) / 2);
    take_best([](const Candidate& c) { return c.part.ok ? c.part.out : -kInfinity; }, count);
    return picked;
}

Quote make_quote(const PoolSet& set, const Executed& executed, const QuoteOptions& options,
                 double gas_value, bool priced) {
    Quote quote;
    quote.amount_out = executed.amount_out;
    quote.gas_units = executed.gas_units;
    double mid_out = 0;
    for (std::size_t p = 0; p < executed.paths.size(); ++p) {
        const Path& path = executed.paths[p];
        const PathResult& result = executed.results[p];
        QuotePath out{executed.inputs[p], result.amount_out, {}, result.gas_units};
        U256 hop_in = executed.inputs[p];
        for (std::size_t h = 0; h < path.hops; ++h) {
            const Leg& leg = path.legs[h];
            const Pool& pool = set.pool(leg.pool);
            out.hops.push_back(QuoteHop{pool.address, pool.venue, pool.kind(), pool.fee_ppm(),
                                        leg.zero_for_one ? pool.token0 : pool.token1,
                                        leg.zero_for_one ? pool.token1 : pool.token0, hop_in,
                                        result.hop_outputs[h], result.hop_ticks_crossed[h]});
            hop_in = result.hop_outputs[h];
        }
        mid_out += to_double(executed.inputs[p]) * mid_rate(set, path);
        quote.paths.push_back(std::move(out));
    }
    auto cost = options.gas_price_wei.mul(U256(quote.gas_units));
    quote.gas_cost_wei = cost ? *cost : U256::max();
    if (priced) quote.gas_cost_out = from_double(static_cast<double>(quote.gas_units) * gas_value);
    if (mid_out > 0) quote.price_impact_bps = (1.0 - to_double(quote.amount_out) / mid_out) * 1e4;
    return quote;
}

}  // namespace

Result<PathResult> simulate_path(const PoolSet& pools, const Path& path, const U256& amount_in,
                                 const GasModel& gas) {
    PathResult out;
    U256 amount = amount_in;
    for (const Leg& leg : path.view()) {
        const Pool& pool = pools.pool(leg.pool);
        std::uint32_t ticks = 0;
        if (const auto* pair = std::get_if<V2Pair>(&pool.state)) {
            const U256& r_in = leg.zero_for_one ? pair->reserve0 : pair->reserve1;
            const U256& r_out = leg.zero_for_one ? pair->reserve1 : pair->reserve0;
            auto next = v2_get_amount_out(amount, r_in, r_out, pair->fee_bps);
            if (!next) return next.error();
            amount = *next;
            out.gas_units += gas.v2_hop;
        } else {
            const V3Pool& v3 = std::get<V3Pool>(pool.state);
            auto swap = simulate_swap(v3, leg.zero_for_one, I256::positive(amount),
                                      default_price_limit(leg.zero_for_one));
            if (!swap) return swap.error();
            const I256& paid = leg.zero_for_one ? swap->amount0 : swap->amount1;
            const I256& received = leg.zero_for_one ? swap->amount1 : swap->amount0;
            // The pool stopped at the price limit: it would take only part of the input.
            if (paid.magnitude != amount) {
                return make_error(Errc::swap_insufficient_liquidity,
                                  "V3 pool ran out of liquidity");
            }
            amount = received.magnitude;
            ticks = static_cast<std::uint32_t>(swap->ticks_crossed.size());
            out.gas_units += gas.v3_hop + ticks * gas.v3_tick_crossed;
        }
        if (amount.is_zero())
            return make_error(Errc::swap_insufficient_liquidity, "a hop gives nothing");
        out.hop_outputs.push_back(amount);
        out.hop_ticks_crossed.push_back(ticks);
    }
    out.amount_out = amount;
    return out;
}

Result<Quote> best_quote(const PoolSet& pools, const chain::Address& token_in,
                         const chain::Address& token_out, const U256& amount_in,
                         const QuoteOptions& options) {
    if (amount_in.is_zero()) return make_error(Errc::swap_invalid_input, "amount is zero");
    auto resolve = [&](const chain::Address& token) {
        return pools.find_token(token.is_zero() ? options.wrapped_native : token);
    };
    const auto in = resolve(token_in);
    const auto out = resolve(token_out);
    if (in && out && *in == *out) return make_error(Errc::swap_invalid_input, "same token");
    if (!in || !out) return make_error(Errc::swap_no_route, "no pool trades the token");

    const double amount = to_double(amount_in);
    const double gas_price = to_double(options.gas_price_wei);
    const auto in_price = gas_price > 0 ? native_price(pools, *in, options) : std::nullopt;
    Found walk = collect(pools, *in, *out, amount, in_price ? gas_price * *in_price : 0.0, options);
    if (walk.candidates.empty()) {
        if (walk.blocked) {
            return make_error(Errc::swap_insufficient_liquidity,
                              "the pools cannot fill this amount");
        }
        return make_error(Errc::swap_no_route, "no path between the tokens");
    }

    const auto price =
        options.gas_price_wei.is_zero() ? std::nullopt : native_price(pools, *out, options);
    const double gas_value = price ? to_double(options.gas_price_wei) * *price : 0.0;
    for (Candidate& c : walk.candidates) {
        c.hop_gas = hop_gas(pools, c.path, options.gas);
        const auto gas = options.gas.base + c.hop_gas + c.full.ticks * options.gas.v3_tick_crossed;
        if (c.full.ok) c.net = c.full.out - static_cast<double>(gas) * gas_value;
    }

    auto executed = best_split(
        pools, options, gas_value, amount_in,
        pick_candidates(std::move(walk.candidates),
                        std::clamp<std::size_t>(options.max_candidates, 1, kMaxCandidates)));
    if (!executed) return executed.error();
    Quote quote = make_quote(pools, *executed, options, gas_value, price.has_value());
    quote.token_in = token_in;
    quote.token_out = token_out;
    quote.amount_in = amount_in;
    return quote;
}

}  // namespace perch::swap
