#include "swap/route_split.hpp"

#include <algorithm>
#include <array>
#include <optional>

#include "swap/full_math.hpp"

namespace perch::swap::detail {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;

constexpr std::size_t kMaxSplits = 4;
constexpr std::size_t kMaxExactTries = 8;  // plans simulated exactly before giving up

struct Plan {
    std::array<std::uint8_t, kMaxSplits> members{};
    std::array<std::uint32_t, kMaxSplits> chunks{};
    std::array<double, kMaxSplits> shares{};  // input per member, chunks or past them
    std::uint8_t size = 0;
    double net = -kInfinity;
};

struct Search {
    const PoolSet& set;
    const QuoteOptions& options;
    double gas_value;  // output units per gas unit
    double amount;
    std::size_t steps;
    std::vector<Candidate> candidates;
    std::vector<std::vector<Approx>> tables;   // [candidate][chunks 0..steps]
    std::vector<std::vector<bool>> conflicts;  // pool shared
    std::vector<double> capacities;            // the most a path takes; < 0: not yet known
    std::vector<Plan> plans;

    double chunk() const { return amount / static_cast<double>(steps); }

    void build_tables() {
        const std::size_t k = candidates.size();
        tables.assign(k, std::vector<Approx>(steps + 1));
        conflicts.assign(k, std::vector<bool>(k, false));
        capacities.assign(k, -1.0);
        for (std::size_t i = 0; i < k; ++i) {
            tables[i][0] = {0, 0, 0, true};
            for (std::size_t c = 1; c <= steps; ++c) {
                const double in = c == steps ? amount : chunk() * static_cast<double>(c);
                tables[i][c] = approx_path(set, candidates[i].path, in);
            }
            for (std::size_t j = 0; j < k; ++j)
                conflicts[i][j] = i != j && candidates[i].path.shares_pool(candidates[j].path);
        }
    }

    // The largest input the path takes (a V3 pool's last position ends somewhere), between its
    // last feasible chunk and the next; bisected once, when a plan needs it.
    double capacity(std::size_t candidate) {
        double& known = capacities[candidate];
        if (known >= 0) return known;
        const auto& table = tables[candidate];
        std::size_t last = 0;
        while (last < steps && table[last + 1].ok) ++last;
        double lo = chunk() * static_cast<double>(last);
        if (last == steps) return known = amount;
        double hi = chunk() * static_cast<double>(last + 1);
        for (int i = 0; i < 40; ++i) {
            const double mid = (lo + hi) / 2;
            (approx_path(set, candidates[candidate].path, mid).ok ? lo : hi) = mid;
        }
        return known = lo;
    }

    // Greedy by marginal output: exact for concave outputs, as AMM outputs are. When the members
    // cannot take another whole chunk but their capacities add up to the amount, the rest goes
    // into their headroom (the refinement then balances it): the chunks' grid must not hide a
    // split that just fits.
    bool allocate(Plan& plan) {
        std::size_t left = steps;
        for (std::size_t m = 0; m < plan.size; ++m) {
            if (!tables[plan.members[m]][1].ok || left == 0) return false;
            plan.chunks[m] = 1;
            --left;
        }
        for (; left > 0; --left) {
            std::size_t best = kMaxSplits;
            double best_gain = -kInfinity;
            for (std::size_t m = 0; m < plan.size; ++m) {
                const auto& table = tables[plan.members[m]];
                const std::size_t c = plan.chunks[m];
                if (c >= steps || !table[c + 1].ok) continue;
                const double gain = table[c + 1].out - table[c].out;
                if (gain > best_gain) {
                    best_gain = gain;
                    best = m;
                }
            }
            if (best == kMaxSplits) break;
            ++plan.chunks[best];
        }
        for (std::size_t m = 0; m < plan.size; ++m)
            plan.shares[m] = chunk() * static_cast<double>(plan.chunks[m]);
        if (left > 0 && !fill_headroom(plan, chunk() * static_cast<double>(left))) return false;
        double out = 0;
        std::uint64_t gas = options.gas.base;
        for (std::size_t m = 0; m < plan.size; ++m) {
            const Approx cell =
                left > 0 ? approx_path(set, candidates[plan.members[m]].path, plan.shares[m])
                         : tables[plan.members[m]][plan.chunks[m]];
            if (!cell.ok) return false;
            out += cell.out;
            gas += candidates[plan.members[m]].hop_gas + cell.ticks * options.gas.v3_tick_crossed;
        }
        plan.net = out - static_cast<double>(gas) * gas_value;
        return true;
    }

    // Spreads `rest` over the members in proportion to the room left below their capacities.
    bool fill_headroom(Plan& plan, double rest) {
        std::array<double, kMaxSplits> room{};
        double total = 0;
        for (std::size_t m = 0; m < plan.size; ++m) {
            // A hair inside the edge: the exact math must still fill it.
            room[m] = std::max(0.0, capacity(plan.members[m]) * (1 - 1e-9) - plan.shares[m]);
            total += room[m];
        }
        if (!(total > rest)) return false;
        for (std::size_t m = 0; m < plan.size; ++m) plan.shares[m] += rest * room[m] / total;
        return true;
    }

    void enumerate(Plan& current, std::size_t start, std::size_t max_size) {
        for (std::size_t i = start; i < candidates.size(); ++i) {
            bool clash = false;
            for (std::size_t m = 0; m < current.size; ++m)
                clash = clash || conflicts[current.members[m]][i];
            if (clash) continue;
            current.members[current.size++] = static_cast<std::uint8_t>(i);
            if (allocate(current)) plans.push_back(current);
            if (current.size < max_size) enumerate(current, i + 1, max_size);
            --current.size;
        }
    }
};

// Moves input between two paths until their marginal rates meet (bisection on the slope of
// their summed output, concave), within `window` of where the chunks left them. When one path
// runs out of liquidity first, the best point is at its edge: the bisection's bracket then has
// the infeasible side at one end, so both ends and the middle are tried.
void balance_pair(const PoolSet& set, const Path& a, const Path& b, double& xa, double& xb,
                  double window, double tolerance) {
    auto slope = [&](double t) {
        const Approx pa = approx_path(set, a, xa - t);
        const Approx pb = approx_path(set, b, xb + t);
        if (!pb.ok) return -kInfinity;
        if (!pa.ok) return kInfinity;
        return pb.rate - pa.rate;
    };
    auto total = [&](double t) {
        const Approx pa = approx_path(set, a, xa - t);
        const Approx pb = approx_path(set, b, xb + t);
        return pa.ok && pb.ok ? pa.out + pb.out : -kInfinity;
    };
    double lo = -std::min(xb * 0.999, window);
    double hi = std::min(xa * 0.999, window);
    for (int i = 0; i < 64 && hi - lo > tolerance; ++i) {
        const double mid = (lo + hi) / 2;
        (slope(mid) > 0 ? lo : hi) = mid;
    }
    double best_t = 0, best = total(0);
    for (double t : {(lo + hi) / 2, hi, lo}) {
        const double value = total(t);
        if (value > best) {
            best = value;
            best_t = t;
        }
    }
    xa -= best_t;
    xb += best_t;
}

// The plan's shares of the input, refined past the chunks' granularity.
std::vector<double> refine(const Search& search, const Plan& plan) {
    const double chunk = search.chunk();
    std::vector<double> shares(plan.shares.begin(), plan.shares.begin() + plan.size);
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t a = 0; a < plan.size; ++a) {
            for (std::size_t b = a + 1; b < plan.size; ++b) {
                balance_pair(search.set, search.candidates[plan.members[a]].path,
                             search.candidates[plan.members[b]].path, shares[a], shares[b],
                             2 * chunk, search.amount * 1e-7);
            }
        }
    }
    return shares;
}

// ---- Exact evaluation ----

// Integer inputs in the shares' proportions that add up to `amount` exactly (the last path takes
// the rounding), each simulated exactly.
Result<Executed> execute(const Search& search, const Plan& plan, const U256& amount,
                         const std::vector<double>& shares, std::vector<bool>& broken) {
    constexpr std::uint64_t kScale = 1ULL << 40;
    double total = 0;
    for (double share : shares) total += share;
    Executed out;
    out.gas_units = search.options.gas.base;
    U256 left = amount;
    for (std::size_t m = 0; m < plan.size; ++m) {
        U256 input = left;
        if (m + 1 < plan.size) {
            const auto scaled = static_cast<std::uint64_t>(shares[m] / total * kScale);
            auto part = mul_div(amount, U256(scaled), U256(kScale));
            if (!part) return part.error();
            input = std::min(*part, left);
        }
        if (input.is_zero()) return make_error(Errc::swap_invalid_input, "a split share is zero");
        left = *left.sub(input);
        const Candidate& candidate = search.candidates[plan.members[m]];
        auto result = simulate_path(search.set, candidate.path, input, search.options.gas);
        if (!result) {
            broken[plan.members[m]] = true;
            return result.error();
        }
        auto sum = out.amount_out.add(result->amount_out);
        if (!sum) return sum.error();
        out.amount_out = *sum;
        out.gas_units += result->gas_units;
        out.paths.push_back(candidate.path);
        out.inputs.push_back(input);
        out.results.push_back(std::move(*result));
    }
    out.net = to_double(out.amount_out) - static_cast<double>(out.gas_units) * search.gas_value;
    return out;
}

Result<Executed> execute_plan(const Search& search, const Plan& plan, const U256& amount,
                              std::vector<bool>& broken) {
    if (plan.size == 1) return execute(search, plan, amount, {1.0}, broken);
    return execute(search, plan, amount, refine(search, plan), broken);
}

// The best plan and the best single path, exactly; further plans only when those fail. A path
// the exact math refuses (the model thought it could take its share: a pool at the edge of its
// liquidity) is left out of the plans after it.
Result<Executed> choose(const Search& search, const U256& amount) {
    std::optional<Executed> best;
    std::optional<chain::Error> first_error;
    std::vector<bool> broken(search.candidates.size(), false);
    bool single_tried = false;
    std::size_t tries = 0;
    for (const Plan& plan : search.plans) {
        bool wanted = !best || (plan.size == 1 && !single_tried);
        for (std::size_t m = 0; m < plan.size; ++m) wanted = wanted && !broken[plan.members[m]];
        if (!wanted) continue;
        if (++tries > kMaxExactTries) break;
        single_tried = single_tried || plan.size == 1;
        auto executed = execute_plan(search, plan, amount, broken);
        if (!executed) {
            if (!first_error) first_error = executed.error();
            continue;
        }
        if (!best || executed->net > best->net) best = std::move(*executed);
        if (single_tried) break;
    }
    if (best) return std::move(*best);
    if (first_error && first_error->code != Errc::swap_insufficient_liquidity) return *first_error;
    return make_error(Errc::swap_insufficient_liquidity, "the pools cannot fill this amount");
}

}  // namespace

Result<Executed> best_split(const PoolSet& set, const QuoteOptions& options, double gas_value,
                            const U256& amount, std::vector<Candidate> candidates) {
    Search search{set,
                  options,
                  gas_value,
                  to_double(amount),
                  std::max<std::size_t>(options.split_steps, 1),
                  std::move(candidates),
                  {},
                  {},
                  {},
                  {}};
    search.build_tables();
    Plan start;
    search.enumerate(start, 0, std::clamp<std::size_t>(options.max_splits, 1, kMaxSplits));
    std::stable_sort(search.plans.begin(), search.plans.end(),
                     [](const Plan& a, const Plan& b) { return a.net > b.net; });
    if (search.plans.empty()) {
        return make_error(Errc::swap_insufficient_liquidity, "the pools cannot fill this amount");
    }
    return choose(search, amount);
}

}  // namespace perch::swap::detail
