#pragma once
// Helpers for the swap math tests: decimal literals and a fixed-seed source of U256 values with
// varied bit lengths (so small, word-sized and huge operands all occur).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string_view>

#include "chain/u256.hpp"
#include "swap/wide.hpp"

namespace perch::swap::test {

inline U256 dec(std::string_view text) {
    auto value = U256::from_dec(text);
    EXPECT_TRUE(value.ok()) << text;
    return value.ok() ? *value : U256(0);
}

inline I256 sdec(std::string_view text) {
    auto value = I256::from_dec(text);
    EXPECT_TRUE(value.ok()) << text;
    return value.ok() ? *value : I256{};
}

inline u128 dec128(std::string_view text) {
    return to_u128(dec(text));
}

// 10^18 * n.
inline U256 e18(std::uint64_t n) {
    return *U256(n).mul(U256(1'000'000'000'000'000'000ULL));
}

class RandomU256 {
  public:
    explicit RandomU256(std::uint64_t seed) : engine_(seed) {}

    // Uniform bit length in [0, max_bits], then uniform bits below it.
    U256 next(unsigned max_bits = 256) {
        unsigned bits = static_cast<unsigned>(engine_() % (max_bits + 1));
        U256 value = U256::from_limbs(engine_(), engine_(), engine_(), engine_());
        if (bits == 0) return U256(0);
        return value.shr(256 - bits) | U256(1).shl(bits - 1);
    }
    std::uint64_t raw() { return engine_(); }
    // Uniform in [low, high].
    std::int64_t between(std::int64_t low, std::int64_t high) {
        return low +
               static_cast<std::int64_t>(engine_() % static_cast<std::uint64_t>(high - low + 1));
    }

  private:
    std::mt19937_64 engine_;
};

}  // namespace perch::swap::test
