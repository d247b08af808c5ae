#include "swap/v3_pool.hpp"

#include <algorithm>

#include "swap/swap_math.hpp"
#include "swap/tick_math.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;

constexpr std::int32_t kWordBits = 256;

// Floor division (ticks round towards negative infinity in the bitmap).
std::int32_t floor_div(std::int32_t a, std::int32_t b) {
    std::int32_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

Result<NextTick> found(std::int32_t tick, std::int32_t tick_spacing) {
    if (tick % tick_spacing != 0 || tick < kMinTick || tick > kMaxTick) {
        return make_error(Errc::swap_invalid_input,
                          "initialized tick off the spacing or out of range");
    }
    return NextTick{tick, true};
}

// The loop's running totals (UniswapV3Pool.SwapState without the fee accounting, which does not
// change amounts). Exact in: `remaining` is input left, `calculated` output so far (negative);
// exact out: `remaining` is output still wanted, `calculated` input so far.
struct SwapState {
    U256 remaining;
    U256 calculated;
    U256 sqrt_price;
    std::int32_t tick = 0;
    u128 liquidity = 0;
    std::vector<std::int32_t> crossed;
};

Result<void> check_limit(const V3Pool& pool, bool zero_for_one, const U256& limit) {
    bool ok = zero_for_one ? limit < pool.sqrt_price_x96 && limit > kMinSqrtRatio
                           : limit > pool.sqrt_price_x96 && limit < kMaxSqrtRatio;
    if (ok) return chain::success();
    return make_error(Errc::swap_invalid_input, "sqrt price limit on the wrong side (SPL)");
}

// SafeCast.toInt256 (and LowGasSafeMath's signed add/sub range) on a magnitude.
Result<U256> checked_total(const U256& total, const U256& add, bool may_reach_bound) {
    auto sum = total.add(add);
    if (!sum) return sum;
    bool fits = may_reach_bound ? *sum <= int256_bound() : *sum < int256_bound();
    if (!fits) return make_error(Errc::overflow, "swap amount overflows int256");
    return sum;
}

// Moves the totals by one step's amounts, with the contract's int256 range checks.
Result<void> account_step(SwapState& s, const SwapStep& step, bool exact_in) {
    auto paid = step.amount_in.add(step.fee_amount);
    if (!paid || !(*paid < int256_bound()) || !(step.amount_out < int256_bound())) {
        return make_error(Errc::overflow, "swap step amount overflows int256");
    }
    const U256& used = exact_in ? *paid : step.amount_out;
    auto remaining = s.remaining.sub(used);
    // Exact in: output accumulates negative, down to -2^255; exact out: input up to 2^255 - 1.
    auto calculated = checked_total(s.calculated, exact_in ? step.amount_out : *paid, exact_in);
    if (!remaining) return remaining.error();
    if (!calculated) return calculated.error();
    s.remaining = *remaining;
    s.calculated = *calculated;
    return chain::success();
}

// Tick transition after reaching the step's boundary: cross it if initialized (liquidityNet
// applies leftward with the opposite sign), and land on the tick the pool would.
Result<void> reach_boundary(SwapState& s, const V3Pool& pool, const NextTick& next,
                            bool zero_for_one) {
    if (next.initialized) {
        i128 net = pool.ticks.at(next.tick);
        auto liquidity = add_delta(s.liquidity, zero_for_one ? -net : net);
        if (!liquidity) return liquidity.error();
        s.liquidity = *liquidity;
        s.crossed.push_back(next.tick);
    }
    s.tick = zero_for_one ? next.tick - 1 : next.tick;
    return chain::success();
}

// One iteration of UniswapV3Pool.swap's loop.
Result<void> swap_step(SwapState& s, const V3Pool& pool, bool zero_for_one, bool exact_in,
                       const U256& limit) {
    const U256 start = s.sqrt_price;
    auto next =
        next_initialized_tick_within_one_word(pool.ticks, s.tick, pool.tick_spacing, zero_for_one);
    if (!next) return next.error();
    // The bitmap knows nothing of the price range's ends.
    next->tick = std::clamp(next->tick, kMinTick, kMaxTick);
    auto next_price = get_sqrt_ratio_at_tick(next->tick);
    if (!next_price) return next_price.error();
    bool past_limit = zero_for_one ? *next_price < limit : *next_price > limit;
    auto step = compute_swap_step(s.sqrt_price, past_limit ? limit : *next_price, s.liquidity,
                                  I256::of(s.remaining, !exact_in), pool.fee);
    if (!step) return step.error();
    s.sqrt_price = step->sqrt_ratio_next_x96;
    if (auto ok = account_step(s, *step, exact_in); !ok) return ok;
    if (s.sqrt_price == *next_price) return reach_boundary(s, pool, *next, zero_for_one);
    if (s.sqrt_price != start) {
        // Recomputed unless still on a lower tick boundary the previous step transitioned to.
        auto tick = get_tick_at_sqrt_ratio(s.sqrt_price);
        if (!tick) return tick.error();
        s.tick = *tick;
    }
    return chain::success();
}

}  // namespace

Result<NextTick> next_initialized_tick_within_one_word(const std::map<std::int32_t, i128>& ticks,
                                                       std::int32_t tick, std::int32_t tick_spacing,
                                                       bool lte) {
    if (tick_spacing <= 0) return make_error(Errc::swap_invalid_input, "tick spacing must be > 0");
    const std::int32_t compressed = floor_div(tick, tick_spacing);
    if (lte) {
        // From `compressed` down to the first bit of its word.
        const std::int32_t word_start = floor_div(compressed, kWordBits) * kWordBits;
        auto it = ticks.upper_bound(compressed * tick_spacing);
        if (it != ticks.begin() && (--it)->first >= word_start * tick_spacing) {
            return found(it->first, tick_spacing);
        }
        return NextTick{word_start * tick_spacing, false};
    }
    // From the next compressed tick up to the last bit of its word.
    const std::int32_t from = compressed + 1;
    const std::int32_t word_end = floor_div(from, kWordBits) * kWordBits + kWordBits - 1;
    auto it = ticks.lower_bound(from * tick_spacing);
    if (it != ticks.end() && it->first <= word_end * tick_spacing) {
        return found(it->first, tick_spacing);
    }
    return NextTick{word_end * tick_spacing, false};
}

Result<u128> add_delta(u128 x, i128 y) {
    if (y < 0) {
        u128 minus = u128{0} - static_cast<u128>(y);
        if (minus > x)
            return make_error(Errc::swap_insufficient_liquidity, "liquidity below 0 (LS)");
        return x - minus;
    }
    u128 z = x + static_cast<u128>(y);
    if (z < x) return make_error(Errc::overflow, "liquidity above 2^128 (LA)");
    return z;
}

U256 default_price_limit(bool zero_for_one) {
    return zero_for_one ? wrapping_add(kMinSqrtRatio, U256(1))
                        : wrapping_sub(kMaxSqrtRatio, U256(1));
}

Result<V3SwapResult> simulate_swap(const V3Pool& pool, bool zero_for_one,
                                   const I256& amount_specified, const U256& sqrt_price_limit_x96) {
    if (amount_specified.is_zero())
        return make_error(Errc::swap_invalid_input, "amount is zero (AS)");
    if (!amount_specified.fits()) return make_error(Errc::overflow, "amount overflows int256");
    if (auto ok = check_limit(pool, zero_for_one, sqrt_price_limit_x96); !ok) return ok.error();
    const bool exact_in = !amount_specified.negative;
    SwapState s{
        amount_specified.magnitude, U256(0), pool.sqrt_price_x96, pool.tick, pool.liquidity, {}};
    while (!s.remaining.is_zero() && s.sqrt_price != sqrt_price_limit_x96) {
        if (auto ok = swap_step(s, pool, zero_for_one, exact_in, sqrt_price_limit_x96); !ok) {
            return ok.error();
        }
    }
    // The specified side moved by what was used of it; the other side by the calculated total.
    const I256 specified = I256::of(*amount_specified.magnitude.sub(s.remaining), !exact_in);
    const I256 calculated = I256::of(s.calculated, exact_in);
    V3SwapResult out;
    out.amount0 = zero_for_one == exact_in ? specified : calculated;
    out.amount1 = zero_for_one == exact_in ? calculated : specified;
    out.sqrt_price_x96 = s.sqrt_price;
    out.tick = s.tick;
    out.liquidity = s.liquidity;
    out.ticks_crossed = std::move(s.crossed);
    return out;
}

void apply_swap(V3Pool& pool, const V3SwapResult& result) {
    pool.sqrt_price_x96 = result.sqrt_price_x96;
    pool.tick = result.tick;
    pool.liquidity = result.liquidity;
}

}  // namespace perch::swap
