#include "rewards/boost.hpp"

namespace perch::rewards {

double boost_multiplier(std::int64_t bridges) {
    double m = 1.0;
    for (const auto& tier : kBoostTiers) {
        if (bridges >= tier.min_bridges) m = tier.multiplier;
    }
    return m;
}

}  // namespace perch::rewards
