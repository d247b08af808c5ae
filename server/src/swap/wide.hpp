#pragma once
// Integer types the swap math shares: Solidity's uint128/int128 as the compiler's 128-bit types,
// a sign-magnitude int256 for swap amounts, and a 512-bit product for FullMath. EVM words that
// may wrap (mulmod, unchecked arithmetic) are emulated here, never in chain::U256, whose checked
// arithmetic is the right default everywhere else.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/u256.hpp"

namespace perch::swap {

using chain::U256;

__extension__ typedef unsigned __int128 u128;  // __extension__: keeps -Wpedantic quiet
__extension__ typedef __int128 i128;

inline U256 from_u128(u128 value) {
    return U256::from_limbs(static_cast<std::uint64_t>(value),
                            static_cast<std::uint64_t>(value >> 64), 0, 0);
}
// Precondition: value.bit_length() <= 128.
inline u128 to_u128(const U256& value) {
    return (u128{value.limb(1)} << 64) | value.limb(0);
}

// 2^255: int256's magnitude bound (type(int256).max + 1).
inline U256 int256_bound() {
    return U256::from_limbs(0, 0, 0, 1ULL << 63);
}

// int256 as sign and magnitude: swap amounts are positive (paid to the pool) or negative (paid
// out). Zero is never negative. Values outside int256 are rejected by whoever makes them.
struct I256 {
    U256 magnitude;
    bool negative = false;

    static I256 of(const U256& magnitude, bool negative) {
        return I256{magnitude, negative && !magnitude.is_zero()};
    }
    static I256 positive(const U256& magnitude) { return of(magnitude, false); }
    static I256 negated(const U256& magnitude) { return of(magnitude, true); }
    // Parses "-123" or "123" (decimal); junk is an error.
    static chain::Result<I256> from_dec(std::string_view text);

    bool is_zero() const { return magnitude.is_zero(); }
    // Fits int256: [-2^255, 2^255 - 1].
    bool fits() const {
        return negative ? magnitude <= int256_bound() : magnitude < int256_bound();
    }
    I256 operator-() const { return of(magnitude, !negative); }
    std::string to_dec() const { return (negative ? "-" : "") + magnitude.to_dec(); }
    friend bool operator==(const I256&, const I256&) = default;
};

// A 256 x 256 bit product: limbs_[0] least significant.
struct U512 {
    std::array<std::uint64_t, 8> limbs{};

    U256 low() const { return U256::from_limbs(limbs[0], limbs[1], limbs[2], limbs[3]); }
    U256 high() const { return U256::from_limbs(limbs[4], limbs[5], limbs[6], limbs[7]); }
    friend bool operator==(const U512&, const U512&) = default;
};

U512 mul_wide(const U256& a, const U256& b);

// Quotient and remainder of a 512-bit number by a non-zero 256-bit one (Knuth's algorithm D on
// 64-bit limbs). Precondition: !divisor.is_zero().
void divmod(const U512& dividend, const U256& divisor, U512& quotient, U256& remainder);

// EVM-style wrapping words, for the two's complement steps of TickMath.
U256 wrapping_add(const U256& a, const U256& b);
U256 wrapping_sub(const U256& a, const U256& b);
U256 wrapping_neg(const U256& a);

}  // namespace perch::swap
