#include "swap/tick_math.hpp"

#include <array>
#include <cstdlib>

#include "swap/full_math.hpp"

namespace perch::swap {
namespace {

// Bit i of |tick| multiplies the ratio by 1 / sqrt(1.0001)^(2^i), as Q128.128 (hi, lo limbs).
struct Q128 {
    std::uint64_t hi, lo;
};
constexpr std::array<Q128, 20> kTickFactors{{
    {0xfffcb933bd6fad37ULL, 0xaa2d162d1a594001ULL}, {0xfff97272373d4132ULL, 0x59a46990580e213aULL},
    {0xfff2e50f5f656932ULL, 0xef12357cf3c7fdccULL}, {0xffe5caca7e10e4e6ULL, 0x1c3624eaa0941cd0ULL},
    {0xffcb9843d60f6159ULL, 0xc9db58835c926644ULL}, {0xff973b41fa98c081ULL, 0x472e6896dfb254c0ULL},
    {0xff2ea16466c96a38ULL, 0x43ec78b326b52861ULL}, {0xfe5dee046a99a2a8ULL, 0x11c461f1969c3053ULL},
    {0xfcbe86c7900a88aeULL, 0xdcffc83b479aa3a4ULL}, {0xf987a7253ac41317ULL, 0x6f2b074cf7815e54ULL},
    {0xf3392b0822b70005ULL, 0x940c7a398e4b70f3ULL}, {0xe7159475a2c29b74ULL, 0x43b29c7fa6e889d9ULL},
    {0xd097f3bdfd2022b8ULL, 0x845ad8f792aa5825ULL}, {0xa9f746462d870fdfULL, 0x8a65dc1f90e061e5ULL},
    {0x70d869a156d2a1b8ULL, 0x90bb3df62baf32f7ULL}, {0x31be135f97d08fd9ULL, 0x81231505542fcfa6ULL},
    {0x09aa508b5b7a84e1ULL, 0xc677de54f3e99bc9ULL}, {0x005d6af8dedb8119ULL, 0x6699c329225ee604ULL},
    {0x00002216e584f5faULL, 0x1ea926041bedfe98ULL}, {0x00000000048a1703ULL, 0x91f7dc42444e8fa2ULL},
}};

// log2 -> log_sqrt(1.0001) factor and the error bounds of the approximation (TickMath.sol).
constexpr U256 kLogSqrt10001 = U256::from_limbs(0xa301d71055774c85ULL, 0x3627ULL, 0, 0);
constexpr U256 kTickLowBound = U256::from_limbs(0x5af012a19d003aaaULL, 0x028f6481ab7f045aULL, 0, 0);
constexpr U256 kTickHighBound =
    U256::from_limbs(0x455e260799a0632fULL, 0xdb2df09e81959a81ULL, 0, 0);

// (a * b) >> 128 where the product fits 256 bits.
U256 mul_shift128(const U256& a, const U256& b) {
    U512 p = mul_wide(a, b);
    return U256::from_limbs(p.limbs[2], p.limbs[3], p.limbs[4], p.limbs[5]);
}

// (r * r) >> 127 for r in [2^127, 2^128); the flag says whether the result reached 2^128, in
// which case it is halved again (the next bit of the logarithm).
u128 square_step(u128 r, bool& carried) {
    U512 p = mul_wide(from_u128(r), from_u128(r));
    u128 hi = (u128{p.limbs[3]} << 64) | p.limbs[2];
    u128 lo = (u128{p.limbs[1]} << 64) | p.limbs[0];
    carried = (hi >> 127) != 0;
    return carried ? hi : (hi << 1) | (lo >> 127);
}

// int24(x >> 128) with an arithmetic shift of a two's complement word: Solidity's narrowing keeps
// the low 24 bits.
std::int32_t int24_of_sar128(const U256& x) {
    auto bits = static_cast<std::int32_t>(x.limb(2) & 0xFFFFFF);
    return (bits & 0x800000) != 0 ? bits - 0x1000000 : bits;
}

// log2(ratio) as a signed Q64.64 with 14 fractional bits, ratio = sqrt_price << 32 (Q128.128).
i128 log2_q64(const U256& ratio) {
    const int msb = static_cast<int>(ratio.bit_length()) - 1;
    U256 normalised = msb >= 128 ? ratio.shr(static_cast<unsigned>(msb - 127))
                                 : ratio.shl(static_cast<unsigned>(127 - msb));
    u128 r = to_u128(normalised);
    i128 log_2 = i128{msb - 128} * (i128{1} << 64);
    for (int bit = 63; bit >= 50; --bit) {
        bool carried = false;
        r = square_step(r, carried);
        if (carried) log_2 += i128{1} << bit;
    }
    return log_2;
}

}  // namespace

chain::Result<U256> get_sqrt_ratio_at_tick(std::int32_t tick) {
    const std::uint32_t abs_tick = static_cast<std::uint32_t>(std::abs(tick));
    if (abs_tick > static_cast<std::uint32_t>(kMaxTick)) {
        return chain::make_error(chain::Errc::swap_out_of_range,
                                 "tick outside [MIN_TICK, MAX_TICK]");
    }
    U256 ratio = (abs_tick & 1) != 0
                     ? U256::from_limbs(kTickFactors[0].lo, kTickFactors[0].hi, 0, 0)
                     : U256(1).shl(128);
    for (unsigned i = 1; i < kTickFactors.size(); ++i) {
        if ((abs_tick & (1U << i)) == 0) continue;
        ratio = mul_shift128(ratio, U256::from_limbs(kTickFactors[i].lo, kTickFactors[i].hi, 0, 0));
    }
    if (tick > 0) ratio = div_floor(U256::max(), ratio);  // ratio > 0; 512-bit division is fast
    // Q128.128 -> Q64.96, rounding up so get_tick_at_sqrt_ratio of the result gives the tick back.
    bool rest = ratio.limb(0) & 0xFFFFFFFFULL;
    U256 out = ratio.shr(32);
    return rest ? wrapping_add(out, U256(1)) : out;
}

chain::Result<std::int32_t> get_tick_at_sqrt_ratio(const U256& sqrt_price_x96) {
    if (sqrt_price_x96 < kMinSqrtRatio || sqrt_price_x96 >= kMaxSqrtRatio) {
        return chain::make_error(chain::Errc::swap_out_of_range,
                                 "sqrt price outside [MIN_SQRT_RATIO, MAX_SQRT_RATIO)");
    }
    const i128 log_2 = log2_q64(sqrt_price_x96.shl(32));
    // Two's complement from here on, as the contract's int256 arithmetic.
    U256 log_word = log_2 < 0 ? wrapping_neg(from_u128(static_cast<u128>(-log_2)))
                              : from_u128(static_cast<u128>(log_2));
    U256 log_sqrt10001 = mul_wide(log_word, kLogSqrt10001).low();
    std::int32_t tick_low = int24_of_sar128(wrapping_sub(log_sqrt10001, kTickLowBound));
    std::int32_t tick_high = int24_of_sar128(wrapping_add(log_sqrt10001, kTickHighBound));
    if (tick_low == tick_high) return tick_low;
    auto high_ratio = get_sqrt_ratio_at_tick(tick_high);
    if (!high_ratio) return high_ratio.error();
    return *high_ratio <= sqrt_price_x96 ? tick_high : tick_low;
}

}  // namespace perch::swap
