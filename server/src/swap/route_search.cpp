#include "swap/route_search.hpp"

#include <algorithm>
#include <array>

namespace perch::swap {
namespace detail {
namespace {

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

struct PathCollector {
    std::size_t max_paths;
    std::vector<Path> paths;
    bool enter(const Path&) { return true; }
    bool emit(const Path& path) {
        paths.push_back(path);
        return paths.size() < max_paths;
    }
};

}  // namespace

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

}  // namespace detail

using detail::Approx;
using detail::Candidate;
using detail::PathCollector;
using detail::ProbeWalk;
using detail::Walker;

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

}  // namespace perch::swap
