#pragma once
// The router's floating-point model of the pools: it ranks paths and searches splits only; the
// quote itself comes from the exact integer math (simulate_path). Internal to the router.
#include <cstdint>
#include <limits>

#include "swap/router.hpp"

namespace perch::swap::detail {

inline constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct Approx {
    double out = 0;
    double rate = 0;  // marginal output per unit of input at this amount
    std::uint32_t ticks = 0;
    bool ok = false;  // false: the pool cannot take the amount
};

Approx approx_hop(const ApproxPool& p, bool zero_for_one, double in);
Approx approx_path(const PoolSet& set, const Path& path, double in);
// Output per input at the pools' mid prices, fees left out.
double mid_rate(const PoolSet& set, const Path& path);
// The path's hops' gas, ticks crossed left out.
std::uint64_t hop_gas(const PoolSet& set, const Path& path, const GasModel& gas);

}  // namespace perch::swap::detail
