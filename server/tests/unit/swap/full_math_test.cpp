#include "swap/full_math.hpp"

#include <gtest/gtest.h>

#include <array>

#include "swap_test_support.hpp"

namespace perch::swap {
namespace {

using test::dec;

const U256 kQ128 = U256(1).shl(128);

U256 q128_times(std::uint64_t numerator, std::uint64_t denominator) {
    return *(*kQ128.mul(U256(numerator))).div(U256(denominator));
}

// Known answers from Uniswap v3-core test/FullMath.spec.ts (#mulDiv).
TEST(FullMath, MulDivMatchesUniswapSpec) {
    EXPECT_EQ(mul_div(kQ128, 5, 0).error().code, chain::Errc::division_by_zero);
    EXPECT_EQ(mul_div(kQ128, kQ128, 0).error().code, chain::Errc::division_by_zero);
    EXPECT_EQ(mul_div(kQ128, kQ128, 1).error().code, chain::Errc::overflow);
    EXPECT_EQ(mul_div(U256::max(), U256::max(), *U256::max().sub(1)).error().code,
              chain::Errc::overflow);
    EXPECT_EQ(*mul_div(U256::max(), U256::max(), U256::max()), U256::max());
    // accurate without phantom overflow: Q128 * 0.5 / 1.5
    EXPECT_EQ(*mul_div(kQ128, q128_times(50, 100), q128_times(150, 100)), *kQ128.div(3));
    // accurate with phantom overflow
    EXPECT_EQ(*mul_div(kQ128, *kQ128.mul(35), *kQ128.mul(8)), q128_times(4375, 1000));
    // accurate with phantom overflow and repeating decimal
    EXPECT_EQ(*mul_div(kQ128, *kQ128.mul(1000), *kQ128.mul(3000)), *kQ128.div(3));
}

// Known answers from Uniswap v3-core test/FullMath.spec.ts (#mulDivRoundingUp).
TEST(FullMath, MulDivRoundingUpMatchesUniswapSpec) {
    EXPECT_EQ(mul_div_rounding_up(kQ128, 5, 0).error().code, chain::Errc::division_by_zero);
    EXPECT_EQ(mul_div_rounding_up(kQ128, kQ128, 0).error().code, chain::Errc::division_by_zero);
    EXPECT_EQ(mul_div_rounding_up(kQ128, kQ128, 1).error().code, chain::Errc::overflow);
    EXPECT_FALSE(mul_div_rounding_up(U256::max(), U256::max(), *U256::max().sub(1)));
    // overflows only in the rounding step
    EXPECT_EQ(mul_div_rounding_up(dec("535006138814359"),
                                  dec("432862656469423142931042426214547535783388063929571229938474"
                                      "969"),
                                  2)
                  .error()
                  .code,
              chain::Errc::overflow);
    EXPECT_EQ(mul_div_rounding_up(dec("11579208923731619542357098500868790785326998465934174786345"
                                      "0311749907997002549"),
                                  dec("11579208923731619542357098500868790785326998465934174786345"
                                      "0311749907997002550"),
                                  dec("11579208923731619542357098500868790785326998465304293168744"
                                      "3039491902864365164"))
                  .error()
                  .code,
              chain::Errc::overflow);
    EXPECT_EQ(*mul_div_rounding_up(U256::max(), U256::max(), U256::max()), U256::max());
    EXPECT_EQ(*mul_div_rounding_up(kQ128, q128_times(50, 100), q128_times(150, 100)),
              *(*kQ128.div(3)).add(1));
    EXPECT_EQ(*mul_div_rounding_up(kQ128, *kQ128.mul(35), *kQ128.mul(8)), q128_times(4375, 1000));
    EXPECT_EQ(*mul_div_rounding_up(kQ128, *kQ128.mul(1000), *kQ128.mul(3000)),
              *(*kQ128.div(3)).add(1));
}

TEST(FullMath, UnsafeMathAndMulModFollowTheEvm) {
    EXPECT_EQ(div_rounding_up(10, 3), U256(4));
    EXPECT_EQ(div_rounding_up(9, 3), U256(3));
    EXPECT_EQ(div_rounding_up(0, 3), U256(0));
    EXPECT_EQ(div_rounding_up(5, 0), U256(0));  // EVM div by zero is 0
    EXPECT_EQ(div_floor(5, 0), U256(0));
    EXPECT_EQ(div_floor(U256::max(), U256::max()), U256(1));
    EXPECT_EQ(mul_mod(U256::max(), U256::max(), 0), U256(0));
    // 2^256 = 2 (mod 7), so max = 1 and max^2 = 1 (mod 7).
    EXPECT_EQ(mul_mod(U256::max(), U256::max(), U256::max()), U256(0));
    EXPECT_EQ(mul_mod(U256::max(), U256::max(), 7), U256(1));
}

// Reference: schoolbook product on 32-bit limbs and bit-by-bit long division of 512 bits, an
// implementation that shares nothing with the one under test.
using Limbs32 = std::array<std::uint32_t, 16>;

Limbs32 to32(const U256& v) {
    Limbs32 out{};
    for (unsigned i = 0; i < 8; ++i)
        out[i] = static_cast<std::uint32_t>(v.limb(i / 2) >> (32 * (i % 2)));
    return out;
}

Limbs32 slow_mul(const U256& a, const U256& b) {
    Limbs32 x = to32(a), y = to32(b), out{};
    for (int i = 0; i < 8; ++i) {
        std::uint64_t carry = 0;
        for (int j = 0; j < 8; ++j) {
            std::uint64_t cur = std::uint64_t{x[i]} * y[j] + out[i + j] + carry;
            out[i + j] = static_cast<std::uint32_t>(cur);
            carry = cur >> 32;
        }
        out[i + 8] = static_cast<std::uint32_t>(carry);
    }
    return out;
}

bool bit_of(const Limbs32& v, int i) {
    return ((v[i / 32] >> (i % 32)) & 1) != 0;
}

// floor(product / d) as 512 bits, or nothing when d is 0.
struct SlowQuotient {
    Limbs32 quotient{};
    bool remainder_zero = true;
};
SlowQuotient slow_div(const Limbs32& product, const U256& d) {
    SlowQuotient out;
    U256 rem = 0;
    for (int i = 511; i >= 0; --i) {
        bool carry = rem.bit(255);  // the shifted remainder is 257 bits: its top bit
        rem = rem.shl(1) | U256(bit_of(product, i) ? 1 : 0);
        if (carry || rem >= d) {
            rem = wrapping_sub(rem, d);
            out.quotient[i / 32] |= 1U << (i % 32);
        }
    }
    out.remainder_zero = rem.is_zero();
    return out;
}

U256 low256(const Limbs32& v) {
    std::uint64_t l[4];
    for (int i = 0; i < 4; ++i) l[i] = v[2 * i] | (std::uint64_t{v[2 * i + 1]} << 32);
    return U256::from_limbs(l[0], l[1], l[2], l[3]);
}

bool high_zero(const Limbs32& v) {
    for (int i = 8; i < 16; ++i) {
        if (v[i] != 0) return false;
    }
    return true;
}

TEST(FullMath, MulDivEqualsSlowLongDivisionOnRandomInputs) {
    test::RandomU256 rng(0x5eed'f011);
    int compared = 0;
    for (int i = 0; i < 3000; ++i) {
        U256 a = rng.next(), b = rng.next(), d = rng.next();
        if (d.is_zero()) d = U256(1);
        SlowQuotient expected = slow_div(slow_mul(a, b), d);
        auto down = mul_div(a, b, d);
        auto up = mul_div_rounding_up(a, b, d);
        if (!high_zero(expected.quotient)) {
            EXPECT_EQ(down.error().code, chain::Errc::overflow);
            EXPECT_FALSE(up.ok());
            continue;
        }
        ++compared;
        U256 q = low256(expected.quotient);
        ASSERT_TRUE(down.ok()) << a.to_dec() << " " << b.to_dec() << " " << d.to_dec();
        EXPECT_EQ(*down, q);
        if (expected.remainder_zero) {
            EXPECT_EQ(*up, q);
        } else if (q == U256::max()) {
            EXPECT_FALSE(up.ok());
        } else {
            EXPECT_EQ(*up, wrapping_add(q, 1));
        }
    }
    EXPECT_GT(compared, 1000);  // the generator must exercise the non-overflow path
}

TEST(FullMath, DivmodRemainderIsConsistent) {
    // q * d + r == a * b and r < d, for random operands (including single-limb divisors).
    test::RandomU256 rng(77);
    for (int i = 0; i < 2000; ++i) {
        U256 a = rng.next(), b = rng.next(), d = rng.next(i % 3 == 0 ? 64 : 256);
        if (d.is_zero()) continue;
        U512 q;
        U256 r;
        divmod(mul_wide(a, b), d, q, r);
        EXPECT_LT(r, d);
        EXPECT_EQ(r, mul_mod(a, b, d));
        // Recompose: q * d as 512 bits plus r.
        U512 qd_low = mul_wide(q.low(), d), qd_high = mul_wide(q.high(), d);
        EXPECT_TRUE(qd_high.high().is_zero());
        U512 product = mul_wide(a, b);
        U256 low = wrapping_add(qd_low.low(), r);
        bool carry = low < r;
        U256 high = wrapping_add(wrapping_add(qd_low.high(), qd_high.low()), carry ? 1 : 0);
        EXPECT_EQ(low, product.low());
        EXPECT_EQ(high, product.high());
    }
}

}  // namespace
}  // namespace perch::swap
