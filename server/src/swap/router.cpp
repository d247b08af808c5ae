#include "swap/router.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "swap/full_math.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kTwo96 = 79228162514264337593543950336.0;
// kMinSqrtRatio and kMaxSqrtRatio as plain sqrt prices.
constexpr double kMinSqrtPrice = 4295128739.0 / kTwo96;
constexpr double kMaxSqrtPrice = 1461446703485210103287273052203988822378723970342.0 / kTwo96;
constexpr std::size_t kMaxSplits = 4;
constexpr std::size_t kMaxCandidates = 64;  // a plan names its members in a byte
constexpr std::size_t kMaxExactTries = 8;   // plans simulated exactly before giving up

// ---- The floating-point model (ranking and split search only) ----

struct Approx {
    double out = 0;
    double rate = 0;  // marginal output per unit of input at this amount
    std::uint32_t ticks = 0;
    bool ok = false;  // false: the pool cannot take the amount
};

Approx approx_v2(const ApproxPool& p, bool zero_for_one, double in) {
    const double r_in = zero_for_one ? p.reserve0 : p.reserve1;
    const double r_out = zero_for_one ? p.reserve1 : p.reserve0;
    if (!(r_in > 0) || !(r_out > 0)) return {};
    const double x = in * p.gamma;
    const double d = r_in + x;
    return {x * r_out / d, p.gamma * r_in * r_out / (d * d), 0, true};
}

// token0 in: the price falls through the ticks at or below the pool's tick. The differences are
// written so they do not cancel for amounts small against the liquidity.
Approx approx_v3_down(const ApproxPool& p, double in) {
    double s = p.sqrt_price, liquidity = p.liquidity, rest = in * p.gamma, out = 0;
    std::size_t i = p.above;
    std::uint32_t ticks = 0;
    for (;;) {
        const double target = i > 0 ? p.tick_sqrt_prices[i - 1] : kMinSqrtPrice;
        if (liquidity > 0) {
            const double need = liquidity * (s - target) / (s * target);
            if (rest <= need) {
                const double s_new = liquidity * s / (liquidity + rest * s);
                out += liquidity * rest * s * s / (liquidity + rest * s);
                return {out, p.gamma * s_new * s_new, ticks, true};
            }
            rest -= need;
            out += liquidity * (s - target);
        }
        if (i == 0) return {};
        s = target;
        liquidity = p.range_liquidity[--i];
        ++ticks;
    }
}

// token1 in: the price rises through the ticks above the pool's tick.
Approx approx_v3_up(const ApproxPool& p, double in) {
    const std::size_t n = p.tick_sqrt_prices.size();
    double s = p.sqrt_price, liquidity = p.liquidity, rest = in * p.gamma, out = 0;
    std::size_t i = p.above;
    std::uint32_t ticks = 0;
    for (;;) {
        const double target = i < n ? p.tick_sqrt_prices[i] : kMaxSqrtPrice;
        if (liquidity > 0) {
            const double need = liquidity * (target - s);
            if (rest <= need) {
                const double s_new = s + rest / liquidity;
                out += rest / (s * s_new);
                return {out, p.gamma / (s_new * s_new), ticks, true};
            }
            rest -= need;
            out += liquidity * (target - s) / (s * target);
        }
        if (i == n) return {};
        s = target;
        liquidity = p.range_liquidity[++i];
        ++ticks;
    }
}

Approx approx_hop(const ApproxPool& p, bool zero_for_one, double in) {
    if (!p.v3) return approx_v2(p, zero_for_one, in);
    return zero_for_one ? approx_v3_down(p, in) : approx_v3_up(p, in);
}

Approx approx_path(const PoolSet& set, const Path& path, double in) {
    Approx total{in, 1.0, 0, in > 0};
    for (const Leg& leg : path.view()) {
        if (!total.ok) return {};
        const Approx hop = approx_hop(set.approx(leg.pool), leg.zero_for_one, total.out);
        total = {hop.out, total.rate * hop.rate, total.ticks + hop.ticks, hop.ok && hop.out > 0};
    }
    return total;
}

// Output per input at the pools' mid prices, fees left out.
double mid_rate(const PoolSet& set, const Path& path) {
    double rate = 1.0;
    for (const Leg& leg : path.view()) {
        const double mid = set.approx(leg.pool).mid_price();
        rate *= leg.zero_for_one ? mid : (mid > 0 ? 1.0 / mid : 0.0);
    }
    return rate;
}

std::uint64_t hop_gas(const PoolSet& set, const Path& path, const GasModel& gas) {
    std::uint64_t units = 0;
    for (const Leg& leg : path.view()) units += set.approx(leg.pool).v3 ? gas.v3_hop : gas.v2_hop;
    return units;
}

// ---- Paths ----

// The pools into `out` by the token they come from: the last hop of every path.
class Targets {
  public:
    Targets(const PoolSet& set, TokenId out) : into_(set.token_count()) {
        for (const Edge& edge : set.edges(out))
            into_[edge.other].push_back(Edge{edge.pool, out, !edge.zero_for_one});
    }
    std::span<const Edge> from(TokenId token) const { return into_[token]; }
    bool reachable(TokenId token) const { return !into_[token].empty(); }

  private:
    std::vector<std::vector<Edge>> into_;
};

// The tokens a path passes through, `in` first.
using Tokens = std::array<TokenId, 4>;

// Whether a path through `tokens` (after `hops` hops) may go on to `next`, with `left` hops to
// follow that one.
bool may_visit(const Targets& targets, const Tokens& tokens, std::size_t hops, TokenId next,
               TokenId out, std::size_t left) {
    if (next == out) return true;
    if (left == 0) return false;
    for (std::size_t i = 0; i <= hops; ++i)
        if (tokens[i] == next) return false;
    return left > 1 || targets.reachable(next);
}

// Every path, depth first (enumerate_paths, native_price). The visitor's enter(path) is asked
// after each hop is added (false prunes below it), emit(path) gets each complete path (false
// stops).
class Walker {
  public:
    Walker(const PoolSet& set, TokenId in, TokenId out, std::size_t max_hops)
        : set_(set),
          targets_(set, out),
          out_(out),
          max_hops_(std::clamp<std::size_t>(max_hops, 1, 3)) {
        tokens_[0] = in;
    }

    template <class Visitor>
    void run(Visitor& visitor) {
        Path path;
        descend(tokens_[0], path, visitor);
    }

  private:
    template <class Visitor>
    bool descend(TokenId token, Path& path, Visitor& visitor) {
        const std::size_t left = max_hops_ - path.hops - 1;  // after the hop added here
        for (const Edge& edge : left == 0 ? targets_.from(token) : set_.edges(token)) {
            if (!may_visit(targets_, tokens_, path.hops, edge.other, out_, left)) continue;
            path.legs[path.hops] = Leg{edge.pool, edge.zero_for_one};
            tokens_[++path.hops] = edge.other;
            bool go = true;
            if (visitor.enter(path)) {
                go = edge.other == out_ ? visitor.emit(path) : descend(edge.other, path, visitor);
            }
            --path.hops;
            if (!go) return false;
        }
        return true;
    }

    const PoolSet& set_;
    Targets targets_;
    TokenId out_;
    std::size_t max_hops_;
    Tokens tokens_{};
};

// A path with the model's output for the whole amount and for a quarter of it.
struct Candidate {
    Path path;
    Approx full;
    Approx part;
    std::uint64_t hop_gas = 0;
    double net = -kInfinity;  // full output minus its gas, the first ranking
};

// The model's state one hop further, for both amounts.
std::array<Approx, 2> step(const PoolSet& set, const std::array<Approx, 2>& before,
                           const Leg& leg) {
    std::array<Approx, 2> after{};
    for (std::size_t j = 0; j < 2; ++j) {
        if (!before[j].ok) continue;
        const Approx hop = approx_hop(set.approx(leg.pool), leg.zero_for_one, before[j].out);
        after[j] = {hop.out, 0, before[j].ticks + hop.ticks, hop.ok && hop.out > 0};
    }
    return after;
}

// native_price's walk: the model's output along each path.
struct ProbeWalk {
    const PoolSet& set;
    std::array<std::array<Approx, 2>, 4> at{};  // [hops done][full, part]
    std::vector<Candidate> found;

    bool enter(const Path& path) {
        at[path.hops] = step(set, at[path.hops - 1], path.legs[path.hops - 1]);
        return at[path.hops][0].ok || at[path.hops][1].ok;
    }
    bool emit(const Path& path) {
        found.push_back(Candidate{path, at[path.hops][0], at[path.hops][1]});
        return true;
    }
};

// A path under way in the layered search.
struct Prefix {
    Path path;
    Tokens tokens{};
    std::array<Approx, 2> at{};
    std::uint64_t gas = 0;     // the hops' gas so far
    double rank = -kInfinity;  // the whole amount's output net of that gas, see collect
};

double full_key(const Prefix& p) {
    return p.rank;
}
double part_key(const Prefix& p) {
    return p.at[1].ok ? p.at[1].out : -kInfinity;
}

// Per token, only the `width` prefixes that bring the most of it (half by the whole amount,
// half by a quarter): prefixes ending at the same token compare in the same units, and the
// weaker ones rarely make a path worth quoting. This bounds hub-to-hub-to-hub explosions.
void keep_best(std::vector<Prefix>& prefixes, std::size_t width, std::size_t token_count) {
    if (width == 0) return;
    std::vector<std::vector<std::uint32_t>> buckets(token_count);
    for (std::uint32_t i = 0; i < prefixes.size(); ++i) {
        const Prefix& p = prefixes[i];
        buckets[p.tokens[p.path.hops]].push_back(i);
    }
    auto by = [&](double (*key)(const Prefix&)) {
        return [&prefixes, key](std::uint32_t a, std::uint32_t b) {
            const double ka = key(prefixes[a]), kb = key(prefixes[b]);
            return ka != kb ? ka > kb : a < b;
        };
    };
    std::vector<Prefix> kept;
    for (auto& bucket : buckets) {
        if (bucket.size() > width) {
            const auto half = bucket.begin() + static_cast<std::ptrdiff_t>((width + 1) / 2);
            std::partial_sort(bucket.begin(), half, bucket.end(), by(full_key));
            std::partial_sort(half, bucket.begin() + static_cast<std::ptrdiff_t>(width),
                              bucket.end(), by(part_key));
            bucket.resize(width);
        }
        for (std::uint32_t i : bucket) kept.push_back(prefixes[i]);
    }
    prefixes.swap(kept);
}

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
              const QuoteOptions& options) {
    const std::size_t max_hops = std::clamp<std::size_t>(options.max_hops, 1, 3);
    const Targets targets(set, out);
    Found found;
    std::vector<Prefix> level(1), next;
    level[0].tokens[0] = in;
    level[0].at = {Approx{amount, 0, 0, true}, Approx{amount / 4, 0, 0, true}};
    for (std::size_t hop = 1; hop <= max_hops && !level.empty(); ++hop) {
        next.clear();
        const std::size_t left = max_hops - hop;
        for (const Prefix& p : level) {
            const TokenId at = p.tokens[hop - 1];
            for (const Edge& edge : left == 0 ? targets.from(at) : set.edges(at)) {
                if (!may_visit(targets, p.tokens, hop - 1, edge.other, out, left)) continue;
                Prefix q = p;
                q.path.legs[q.path.hops++] = Leg{edge.pool, edge.zero_for_one};
                q.tokens[hop] = edge.other;
                q.at = step(set, p.at, q.path.legs[hop - 1]);
                q.gas =
                    p.gas + (set.approx(edge.pool).v3 ? options.gas.v3_hop : options.gas.v2_hop);
                if (q.at[0].ok) {
                    const auto gas = q.gas + q.at[0].ticks * options.gas.v3_tick_crossed;
                    q.rank = q.at[0].out * (1.0 - static_cast<double>(gas) * gas_in / amount);
                }
                if (!q.at[0].ok && !q.at[1].ok) {
                    // A path that cannot take the amount is still a path: the error is then
                    // insufficient liquidity, not no route.
                    found.blocked =
                        found.blocked || edge.other == out || targets.reachable(edge.other);
                    continue;
                }
                if (edge.other != out) {
                    next.push_back(q);
                    continue;
                }
                found.candidates.push_back(Candidate{q.path, q.at[0], q.at[1]});
                if (found.candidates.size() >= options.max_paths) return found;
            }
        }
        keep_best(next, options.prefixes_per_token, set.token_count());
        level.swap(next);
    }
    return found;
}

struct PathCollector {
    std::size_t max_paths;
    std::vector<Path> paths;
    bool enter(const Path&) { return true; }
    bool emit(const Path& path) {
        paths.push_back(path);
        return paths.size() < max_paths;
    }
};

// ---- Split search over the candidates' output tables ----

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

struct Executed {
    std::vector<const Candidate*> paths;
    std::vector<U256> inputs;
    std::vector<PathResult> results;
    U256 amount_out;
    std::uint64_t gas_units = 0;
    double net = -kInfinity;
};

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
        out.paths.push_back(&candidate);
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
        const Path& path = executed.paths[p]->path;
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

bool Path::shares_pool(const Path& other) const {
    for (const Leg& a : view())
        for (const Leg& b : other.view())
            if (a.pool == b.pool) return true;
    return false;
}

std::vector<Path> enumerate_paths(const PoolSet& pools, TokenId in, TokenId out,
                                  std::size_t max_hops, std::size_t max_paths) {
    PathCollector collector{max_paths, {}};
    if (in == out || max_paths == 0) return {};
    Walker(pools, in, out, max_hops).run(collector);
    return std::move(collector.paths);
}

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

std::optional<double> native_price(const PoolSet& pools, TokenId token_out,
                                   const QuoteOptions& options) {
    const auto native = pools.find_token(options.wrapped_native);
    if (!native) return std::nullopt;
    if (*native == token_out) return 1.0;
    const double reference = to_double(options.native_reference_wei);
    if (!(reference > 0)) return std::nullopt;
    ProbeWalk walk{pools, {}, {}};
    walk.at[0] = {Approx{reference, 0, 0, true}, Approx{}};
    Walker(pools, *native, token_out, 2).run(walk);
    double best = 0;
    for (const Candidate& c : walk.found)
        if (c.full.ok) best = std::max(best, c.full.out);
    if (!(best > 0)) return std::nullopt;
    return best / reference;
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

    Search search{
        pools,
        options,
        gas_value,
        amount,
        std::max<std::size_t>(options.split_steps, 1),
        pick_candidates(std::move(walk.candidates),
                        std::clamp<std::size_t>(options.max_candidates, 1, kMaxCandidates)),
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
    auto executed = choose(search, amount_in);
    if (!executed) return executed.error();
    Quote quote = make_quote(pools, *executed, options, gas_value, price.has_value());
    quote.token_in = token_in;
    quote.token_out = token_out;
    quote.amount_in = amount_in;
    return quote;
}

}  // namespace perch::swap
