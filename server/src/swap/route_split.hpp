#pragma once
// The router's split search (see router.hpp's How): the candidates' output tables over chunks of
// the amount, every combination of pool-disjoint candidates allocated greedily and refined, and
// the best plans run with the exact math. Internal to the router.
#include <vector>

#include "swap/route_search.hpp"

namespace perch::swap::detail {

// A plan run exactly: its paths, their integer inputs and what the pools give for them.
struct Executed {
    std::vector<Path> paths;
    std::vector<U256> inputs;
    std::vector<PathResult> results;
    U256 amount_out;
    std::uint64_t gas_units = 0;
    double net = -kInfinity;
};

// The best split of `amount` over `candidates` (already ranked and cut to the best few), run
// exactly; swap_insufficient_liquidity when no plan can take the amount. `gas_value` is output
// units per gas unit.
chain::Result<Executed> best_split(const PoolSet& set, const QuoteOptions& options,
                                   double gas_value, const U256& amount,
                                   std::vector<Candidate> candidates);

}  // namespace perch::swap::detail
