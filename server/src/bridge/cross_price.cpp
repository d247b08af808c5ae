#include "bridge/cross_price.hpp"

#include <cmath>

namespace perch::bridge {
namespace {

std::optional<U256> pow10(unsigned n) {
    U256 out(1);
    for (unsigned i = 0; i < n; ++i) {
        auto next = out.mul(10);
        if (!next) return std::nullopt;
        out = *next;
    }
    return out;
}

}  // namespace

std::optional<U256> usd_nanos(double usd) {
    if (!std::isfinite(usd) || usd <= 0 || usd > 1e12) return std::nullopt;
    auto nanos = std::llround(usd * 1e9);
    if (nanos <= 0) return std::nullopt;
    return U256(static_cast<std::uint64_t>(nanos));
}

std::optional<U256> convert_amount(const U256& amount, unsigned from_decimals, double from_usd,
                                   unsigned to_decimals, double to_usd) {
    auto from = usd_nanos(from_usd);
    auto to = usd_nanos(to_usd);
    auto up = pow10(to_decimals);
    auto down = pow10(from_decimals);
    if (!from || !to || !up || !down) return std::nullopt;
    auto num = amount.mul(*from);
    if (!num) return std::nullopt;
    num = num->mul(*up);
    auto den = to->mul(*down);
    if (!num || !den) return std::nullopt;
    auto out = num->div(*den);
    if (!out) return std::nullopt;
    return *out;
}

}  // namespace perch::bridge
