#include "swap/sqrt_price_math.hpp"

#include <utility>

#include "swap/full_math.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;

// SafeCast.toUint160.
chain::Result<U256> to_uint160(const U256& value) {
    if (value.bit_length() > 160) return make_error(Errc::overflow, "price overflows uint160");
    return value;
}

// Adding token0 lowers the price: L * sqrtP / (L + amount * sqrtP), or, when that product
// overflows, the contract's less precise L / (L / sqrtP + amount).
chain::Result<U256> amount0_added(const U256& sqrt_price, const U256& numerator1,
                                  const U256& amount) {
    U512 product = mul_wide(amount, sqrt_price);
    if (product.high().is_zero()) {
        auto denominator = numerator1.add(product.low());
        if (denominator) return mul_div_rounding_up(numerator1, sqrt_price, *denominator);
    }
    auto sum = div_floor(numerator1, sqrt_price).add(amount);
    if (!sum) return sum.error();
    return div_rounding_up(numerator1, *sum);
}

// Removing token0 raises the price: L * sqrtP / (L - amount * sqrtP); the pool must hold it.
chain::Result<U256> amount0_removed(const U256& sqrt_price, const U256& numerator1,
                                    const U256& amount) {
    U512 product = mul_wide(amount, sqrt_price);
    if (!product.high().is_zero() || numerator1 <= product.low()) {
        return make_error(Errc::swap_insufficient_liquidity, "token0 out exceeds the reserves");
    }
    auto next = mul_div_rounding_up(numerator1, sqrt_price, *numerator1.sub(product.low()));
    if (!next) return next;
    return to_uint160(*next);
}

chain::Result<U256> raise_price(const U256& sqrt_price, const U256& quotient) {
    auto next = sqrt_price.add(quotient);
    if (!next) return next;
    return to_uint160(*next);
}

// Adding token1 raises the price by amount / L, rounded down. Below 2^160 the shift cannot
// overflow, so the contract skips mulDiv there (and its plain division reverts on L = 0).
chain::Result<U256> amount1_added(const U256& sqrt_price, const U256& liquidity,
                                  const U256& amount) {
    if (amount.bit_length() > 160) {
        auto quotient = mul_div(amount, kQ96, liquidity);
        if (!quotient) return quotient;
        return raise_price(sqrt_price, *quotient);
    }
    if (liquidity.is_zero()) return make_error(Errc::division_by_zero, "liquidity is zero");
    return raise_price(sqrt_price, div_floor(amount.shl(96), liquidity));
}

// Removing token1 lowers the price by amount / L, rounded up; the price must stay above zero.
// (UnsafeMath's division gives 0 for L = 0, as the EVM does.)
chain::Result<U256> amount1_removed(const U256& sqrt_price, const U256& liquidity,
                                    const U256& amount) {
    chain::Result<U256> quotient =
        amount.bit_length() <= 160 ? chain::Result<U256>(div_rounding_up(amount.shl(96), liquidity))
                                   : mul_div_rounding_up(amount, kQ96, liquidity);
    if (!quotient) return quotient;
    if (!(sqrt_price > *quotient)) {
        return make_error(Errc::swap_insufficient_liquidity, "token1 out exceeds the reserves");
    }
    return *sqrt_price.sub(*quotient);
}

chain::Result<void> check_price_and_liquidity(const U256& sqrt_price, u128 liquidity) {
    if (sqrt_price.is_zero()) return make_error(Errc::swap_invalid_input, "sqrt price is zero");
    if (liquidity == 0) return make_error(Errc::swap_insufficient_liquidity, "liquidity is zero");
    return chain::success();
}

// SafeCast.toInt256 of an amount, negated for liquidity removed.
chain::Result<I256> signed_amount(chain::Result<U256> amount, bool negative) {
    if (!amount) return amount.error();
    if (!(*amount < int256_bound())) return make_error(Errc::overflow, "amount overflows int256");
    return I256::of(*amount, negative);
}

u128 magnitude(i128 liquidity) {
    return liquidity < 0 ? u128{0} - static_cast<u128>(liquidity) : static_cast<u128>(liquidity);
}

}  // namespace

chain::Result<U256> get_next_sqrt_price_from_amount0_rounding_up(const U256& sqrt_price_x96,
                                                                 u128 liquidity, const U256& amount,
                                                                 bool add) {
    // Zero is short-circuited: the formula would not give the input price back exactly.
    if (amount.is_zero()) return sqrt_price_x96;
    const U256 numerator1 = from_u128(liquidity).shl(96);
    return add ? amount0_added(sqrt_price_x96, numerator1, amount)
               : amount0_removed(sqrt_price_x96, numerator1, amount);
}

chain::Result<U256> get_next_sqrt_price_from_amount1_rounding_down(const U256& sqrt_price_x96,
                                                                   u128 liquidity,
                                                                   const U256& amount, bool add) {
    return add ? amount1_added(sqrt_price_x96, from_u128(liquidity), amount)
               : amount1_removed(sqrt_price_x96, from_u128(liquidity), amount);
}

namespace {

// The price after `amount` of token0 (`token0`, rounded up) or of token1 (rounded down) is added
// to (`add`) or taken from the pool.
chain::Result<U256> next_sqrt_price(const U256& sqrt_price_x96, u128 liquidity, const U256& amount,
                                    bool token0, bool add) {
    if (auto ok = check_price_and_liquidity(sqrt_price_x96, liquidity); !ok) return ok.error();
    return token0 ? get_next_sqrt_price_from_amount0_rounding_up(sqrt_price_x96, liquidity, amount,
                                                                 add)
                  : get_next_sqrt_price_from_amount1_rounding_down(sqrt_price_x96, liquidity,
                                                                   amount, add);
}

}  // namespace

chain::Result<U256> get_next_sqrt_price_from_input(const U256& sqrt_price_x96, u128 liquidity,
                                                   const U256& amount_in, bool zero_for_one) {
    return next_sqrt_price(sqrt_price_x96, liquidity, amount_in, zero_for_one, true);
}

chain::Result<U256> get_next_sqrt_price_from_output(const U256& sqrt_price_x96, u128 liquidity,
                                                    const U256& amount_out, bool zero_for_one) {
    return next_sqrt_price(sqrt_price_x96, liquidity, amount_out, !zero_for_one, false);
}

chain::Result<U256> get_amount0_delta(U256 sqrt_ratio_a_x96, U256 sqrt_ratio_b_x96, u128 liquidity,
                                      bool round_up) {
    if (sqrt_ratio_a_x96 > sqrt_ratio_b_x96) std::swap(sqrt_ratio_a_x96, sqrt_ratio_b_x96);
    if (sqrt_ratio_a_x96.is_zero())
        return make_error(Errc::swap_invalid_input, "sqrt price is zero");
    const U256 numerator1 = from_u128(liquidity).shl(96);
    const U256 numerator2 = *sqrt_ratio_b_x96.sub(sqrt_ratio_a_x96);
    if (round_up) {
        auto step = mul_div_rounding_up(numerator1, numerator2, sqrt_ratio_b_x96);
        if (!step) return step;
        return div_rounding_up(*step, sqrt_ratio_a_x96);
    }
    auto step = mul_div(numerator1, numerator2, sqrt_ratio_b_x96);
    if (!step) return step;
    return div_floor(*step, sqrt_ratio_a_x96);
}

chain::Result<U256> get_amount1_delta(U256 sqrt_ratio_a_x96, U256 sqrt_ratio_b_x96, u128 liquidity,
                                      bool round_up) {
    if (sqrt_ratio_a_x96 > sqrt_ratio_b_x96) std::swap(sqrt_ratio_a_x96, sqrt_ratio_b_x96);
    const U256 difference = *sqrt_ratio_b_x96.sub(sqrt_ratio_a_x96);
    return round_up ? mul_div_rounding_up(from_u128(liquidity), difference, kQ96)
                    : mul_div(from_u128(liquidity), difference, kQ96);
}

namespace {

using UnsignedDelta = chain::Result<U256> (*)(U256, U256, u128, bool);

// A liquidity change's amount, signed: added liquidity is owed to the pool (rounded up), removed
// liquidity is paid out (negative, rounded down).
chain::Result<I256> signed_delta(UnsignedDelta delta, const U256& sqrt_ratio_a_x96,
                                 const U256& sqrt_ratio_b_x96, i128 liquidity) {
    const bool removed = liquidity < 0;
    return signed_amount(delta(sqrt_ratio_a_x96, sqrt_ratio_b_x96, magnitude(liquidity), !removed),
                         removed);
}

}  // namespace

chain::Result<I256> get_amount0_delta(const U256& sqrt_ratio_a_x96, const U256& sqrt_ratio_b_x96,
                                      i128 liquidity) {
    return signed_delta(get_amount0_delta, sqrt_ratio_a_x96, sqrt_ratio_b_x96, liquidity);
}

chain::Result<I256> get_amount1_delta(const U256& sqrt_ratio_a_x96, const U256& sqrt_ratio_b_x96,
                                      i128 liquidity) {
    return signed_delta(get_amount1_delta, sqrt_ratio_a_x96, sqrt_ratio_b_x96, liquidity);
}

}  // namespace perch::swap
