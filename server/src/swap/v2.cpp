#include "swap/v2.hpp"

#include <numeric>

#include "swap/full_math.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;
using chain::U256;

// (1 - fee) as a reduced fraction: 30 bps is 9970/10000 = 997/1000, the library's own numbers,
// so even the points where its SafeMath products overflow are the same.
struct FeeFraction {
    std::uint64_t keep;
    std::uint64_t whole;
};
FeeFraction fee_fraction(std::uint32_t fee_bps) {
    const std::uint64_t keep = 10'000 - fee_bps;
    const std::uint64_t divisor = std::gcd(keep, std::uint64_t{10'000});
    return {keep / divisor, 10'000 / divisor};
}

Result<void> check(const U256& amount, const U256& reserve_in, const U256& reserve_out,
                   std::uint32_t fee_bps) {
    if (amount.is_zero()) return make_error(Errc::swap_invalid_input, "amount is zero");
    if (reserve_in.is_zero() || reserve_out.is_zero()) {
        return make_error(Errc::swap_insufficient_liquidity, "pair has no reserves");
    }
    if (fee_bps >= 10'000) return make_error(Errc::swap_invalid_input, "fee must be below 100 %");
    return chain::success();
}

}  // namespace

Result<U256> v2_get_amount_out(const U256& amount_in, const U256& reserve_in,
                               const U256& reserve_out, std::uint32_t fee_bps) {
    if (auto ok = check(amount_in, reserve_in, reserve_out, fee_bps); !ok) return ok.error();
    const FeeFraction fee = fee_fraction(fee_bps);
    auto with_fee = amount_in.mul(fee.keep);
    if (!with_fee) return with_fee;
    auto numerator = with_fee->mul(reserve_out);
    if (!numerator) return numerator;
    auto scaled_reserve = reserve_in.mul(fee.whole);
    if (!scaled_reserve) return scaled_reserve;
    auto denominator = scaled_reserve->add(*with_fee);
    if (!denominator) return denominator;
    return div_floor(*numerator, *denominator);  // denominator > 0: reserve_in is not zero
}

Result<U256> v2_get_amount_in(const U256& amount_out, const U256& reserve_in,
                              const U256& reserve_out, std::uint32_t fee_bps) {
    if (auto ok = check(amount_out, reserve_in, reserve_out, fee_bps); !ok) return ok.error();
    if (amount_out >= reserve_out) {
        return make_error(Errc::swap_insufficient_liquidity, "amount out not below the reserve");
    }
    const FeeFraction fee = fee_fraction(fee_bps);
    auto product = reserve_in.mul(amount_out);
    if (!product) return product;
    auto numerator = product->mul(fee.whole);
    if (!numerator) return numerator;
    auto denominator = (*reserve_out.sub(amount_out)).mul(fee.keep);
    if (!denominator) return denominator;
    // denominator > 0: amount_out is below reserve_out.
    return div_floor(*numerator, *denominator).add(U256(1));
}

}  // namespace perch::swap
