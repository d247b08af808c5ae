#pragma once
// Point boost tiers (spec section 9): the multiplier follows the user's bridge count.
#include <cstdint>

namespace perch::rewards {

struct BoostTier {
    std::int64_t min_bridges;
    double multiplier;
};

inline constexpr BoostTier kBoostTiers[] = {{3, 1.1}, {10, 1.2}, {50, 1.3}, {100, 1.5}};

// 1.0 below the first tier, else the multiplier of the highest tier reached.
double boost_multiplier(std::int64_t bridges);

}  // namespace perch::rewards
