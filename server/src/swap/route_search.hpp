#pragma once
// The router's path search (see router.hpp's How): paths grown one hop at a time over the
// PoolSet, each carrying the model's output, the best few per token going on. Internal to the
// router.
#include <vector>

#include "swap/route_model.hpp"

namespace perch::swap::detail {

// A path with the model's output for the whole amount and for a quarter of it.
struct Candidate {
    Path path;
    Approx full;
    Approx part;
    std::uint64_t hop_gas = 0;
    double net = -kInfinity;  // full output minus its gas, the first ranking
};

struct Found {
    std::vector<Candidate> candidates;
    bool blocked = false;  // a path exists that the pools cannot take the amount along
};

// Paths grown one hop at a time, every prefix of a length together, each carrying the model's
// output so a shared prefix is simulated once. `gas_in` values a gas unit in the input token:
// a prefix's output y of some token, net of its gas, is y * (1 - gas * gas_in / amount) (the gas
// turned into the same token at the prefix's own rate), so a cheap V2 hop is not dropped for a
// V3 hop that gives slightly more but costs more than that in gas.
Found collect(const PoolSet& set, TokenId in, TokenId out, double amount, double gas_in,
              const QuoteOptions& options);

}  // namespace perch::swap::detail
