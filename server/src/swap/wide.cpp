#include "swap/wide.hpp"

#include <bit>

namespace perch::swap {
namespace {

// Number of significant limbs (0 for zero).
template <std::size_t N>
int used_limbs(const std::array<std::uint64_t, N>& limbs) {
    int n = static_cast<int>(N);
    while (n > 0 && limbs[static_cast<std::size_t>(n - 1)] == 0) --n;
    return n;
}

std::array<std::uint64_t, 4> limbs_of(const U256& v) {
    return {v.limb(0), v.limb(1), v.limb(2), v.limb(3)};
}

// Division by one limb: the common case of a small divisor (1e6, liquidity < 2^64).
void divmod_one_limb(const std::array<std::uint64_t, 8>& u, int m, std::uint64_t v,
                     std::array<std::uint64_t, 8>& q, std::uint64_t& r) {
    u128 rem = 0;
    for (int i = m - 1; i >= 0; --i) {
        u128 cur = (rem << 64) | u[static_cast<std::size_t>(i)];
        q[static_cast<std::size_t>(i)] = static_cast<std::uint64_t>(cur / v);
        rem = cur % v;
    }
    r = static_cast<std::uint64_t>(rem);
}

// One step of algorithm D: the estimate qhat of un[j+n .. j] / vn, corrected to be exact or one
// too large (Knuth vol. 2, 4.3.1, steps D3).
std::uint64_t estimate_digit(const std::uint64_t* un, const std::uint64_t* vn, int n, int j) {
    u128 top = (u128{un[j + n]} << 64) | un[j + n - 1];
    u128 qhat = top / vn[n - 1];
    u128 rhat = top % vn[n - 1];
    while ((qhat >> 64) != 0 || qhat * vn[n - 2] > ((rhat << 64) | un[j + n - 2])) {
        --qhat;
        rhat += vn[n - 1];
        if ((rhat >> 64) != 0) break;
    }
    return static_cast<std::uint64_t>(qhat);
}

// un[j .. j+n] -= qhat * vn; adds vn back once (and lowers qhat) when that went negative (D4-D6).
std::uint64_t subtract_digit(std::uint64_t* un, const std::uint64_t* vn, int n, int j,
                             std::uint64_t qhat) {
    std::uint64_t carry = 0, borrow = 0;
    for (int i = 0; i < n; ++i) {
        u128 p = u128{qhat} * vn[i] + carry;
        carry = static_cast<std::uint64_t>(p >> 64);
        u128 diff = u128{un[i + j]} - static_cast<std::uint64_t>(p) - borrow;
        un[i + j] = static_cast<std::uint64_t>(diff);
        borrow = (diff >> 64) != 0 ? 1 : 0;
    }
    u128 diff = u128{un[j + n]} - carry - borrow;
    un[j + n] = static_cast<std::uint64_t>(diff);
    if ((diff >> 64) == 0) return qhat;
    std::uint64_t add_carry = 0;
    for (int i = 0; i < n; ++i) {
        u128 sum = u128{un[i + j]} + vn[i] + add_carry;
        un[i + j] = static_cast<std::uint64_t>(sum);
        add_carry = static_cast<std::uint64_t>(sum >> 64);
    }
    un[j + n] += add_carry;
    return qhat - 1;
}

}  // namespace

U512 mul_wide(const U256& a, const U256& b) {
    U512 out;
    for (unsigned i = 0; i < 4; ++i) {
        std::uint64_t carry = 0;
        if (a.limb(i) == 0) continue;
        for (unsigned j = 0; j < 4; ++j) {
            u128 cur = u128{a.limb(i)} * b.limb(j) + out.limbs[i + j] + carry;
            out.limbs[i + j] = static_cast<std::uint64_t>(cur);
            carry = static_cast<std::uint64_t>(cur >> 64);
        }
        out.limbs[i + 4] = carry;
    }
    return out;
}

void divmod(const U512& dividend, const U256& divisor, U512& quotient, U256& remainder) {
    const auto v = limbs_of(divisor);
    const int m = used_limbs(dividend.limbs), n = used_limbs(v);
    quotient = U512{};
    if (m < n) {
        remainder = dividend.low();
        return;
    }
    if (n == 1) {
        std::uint64_t r = 0;
        divmod_one_limb(dividend.limbs, m, v[0], quotient.limbs, r);
        remainder = r;
        return;
    }
    // Normalise so the divisor's top limb has its high bit set; the estimates rely on it.
    const int s = std::countl_zero(v[static_cast<std::size_t>(n - 1)]);
    auto shift_in = [s](std::uint64_t hi, std::uint64_t lo) {
        return s == 0 ? hi : (hi << s) | (lo >> (64 - s));
    };
    std::uint64_t vn[4] = {}, un[9] = {};
    for (int i = n - 1; i > 0; --i) vn[i] = shift_in(v[i], v[i - 1]);
    vn[0] = v[0] << s;
    const auto& u = dividend.limbs;
    un[m] = s == 0 ? 0 : u[static_cast<std::size_t>(m - 1)] >> (64 - s);
    for (int i = m - 1; i > 0; --i) un[i] = shift_in(u[i], u[i - 1]);
    un[0] = u[0] << s;
    for (int j = m - n; j >= 0; --j) {
        quotient.limbs[static_cast<std::size_t>(j)] =
            subtract_digit(un, vn, n, j, estimate_digit(un, vn, n, j));
    }
    std::uint64_t r[4] = {};
    for (int i = 0; i < n; ++i) r[i] = s == 0 ? un[i] : (un[i] >> s) | (un[i + 1] << (64 - s));
    remainder = U256::from_limbs(r[0], r[1], r[2], r[3]);
}

U256 wrapping_add(const U256& a, const U256& b) {
    std::uint64_t out[4], carry = 0;
    for (unsigned i = 0; i < 4; ++i) {
        u128 sum = u128{a.limb(i)} + b.limb(i) + carry;
        out[i] = static_cast<std::uint64_t>(sum);
        carry = static_cast<std::uint64_t>(sum >> 64);
    }
    return U256::from_limbs(out[0], out[1], out[2], out[3]);
}

U256 wrapping_neg(const U256& a) {
    return wrapping_add(~a, U256(1));
}

U256 wrapping_sub(const U256& a, const U256& b) {
    return wrapping_add(a, wrapping_neg(b));
}

chain::Result<I256> I256::from_dec(std::string_view text) {
    bool negative = !text.empty() && text.front() == '-';
    if (negative) text.remove_prefix(1);
    auto magnitude = U256::from_dec(text);
    if (!magnitude) return magnitude.error();
    return of(*magnitude, negative);
}

}  // namespace perch::swap
