#include "swap/full_math.hpp"

namespace perch::swap {
namespace {

struct Quotient {
    U512 quotient;
    U256 remainder;
};

Quotient divide(const U256& a, const U256& b, const U256& denominator) {
    Quotient out;
    divmod(mul_wide(a, b), denominator, out.quotient, out.remainder);
    return out;
}

// a * b / denominator, its quotient within 256 bits.
chain::Result<Quotient> checked_divide(const U256& a, const U256& b, const U256& denominator) {
    if (denominator.is_zero())
        return chain::make_error(chain::Errc::division_by_zero, "mulDiv by 0");
    Quotient q = divide(a, b, denominator);
    if (!q.quotient.high().is_zero()) {
        return chain::make_error(chain::Errc::overflow, "mulDiv result overflows 256 bits");
    }
    return q;
}

}  // namespace

chain::Result<U256> mul_div(const U256& a, const U256& b, const U256& denominator) {
    auto q = checked_divide(a, b, denominator);
    if (!q) return q.error();
    return q->quotient.low();
}

chain::Result<U256> mul_div_rounding_up(const U256& a, const U256& b, const U256& denominator) {
    auto q = checked_divide(a, b, denominator);
    if (!q) return q.error();
    U256 result = q->quotient.low();
    if (q->remainder.is_zero()) return result;
    if (result == U256::max()) {
        return chain::make_error(chain::Errc::overflow, "mulDivRoundingUp overflows 256 bits");
    }
    return wrapping_add(result, U256(1));
}

U256 mul_mod(const U256& a, const U256& b, const U256& modulus) {
    if (modulus.is_zero()) return U256(0);
    return divide(a, b, modulus).remainder;
}

U256 div_floor(const U256& x, const U256& y) {
    if (y.is_zero()) return U256(0);
    return divide(x, U256(1), y).quotient.low();
}

U256 div_rounding_up(const U256& x, const U256& y) {
    if (y.is_zero()) return U256(0);
    Quotient q = divide(x, U256(1), y);
    U256 quotient = q.quotient.low();
    return q.remainder.is_zero() ? quotient : wrapping_add(quotient, U256(1));
}

}  // namespace perch::swap
