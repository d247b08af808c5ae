#include "swap/route_model.hpp"

namespace perch::swap::detail {
namespace {

constexpr double kTwo96 = 79228162514264337593543950336.0;
// kMinSqrtRatio and kMaxSqrtRatio as plain sqrt prices.
constexpr double kMinSqrtPrice = 4295128739.0 / kTwo96;
constexpr double kMaxSqrtPrice = 1461446703485210103287273052203988822378723970342.0 / kTwo96;

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

}  // namespace

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

}  // namespace perch::swap::detail
