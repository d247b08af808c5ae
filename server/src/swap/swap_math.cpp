#include "swap/swap_math.hpp"

#include "swap/full_math.hpp"
#include "swap/sqrt_price_math.hpp"

namespace perch::swap {
namespace {

using chain::Result;

// The amount needed to move between two prices on the input side (rounded up) or the output
// side (rounded down) of the swap's direction.
Result<U256> input_between(const U256& a, const U256& b, u128 liquidity, bool zero_for_one) {
    return zero_for_one ? get_amount0_delta(a, b, liquidity, true)
                        : get_amount1_delta(a, b, liquidity, true);
}
Result<U256> output_between(const U256& a, const U256& b, u128 liquidity, bool zero_for_one) {
    return zero_for_one ? get_amount1_delta(a, b, liquidity, false)
                        : get_amount0_delta(a, b, liquidity, false);
}

// Where the price stops: the target when the amount covers it, else where the amount runs out.
// Fills step.amount_in (exact in) or step.amount_out (exact out) with the full-range amount.
Result<void> find_next_price(const U256& current, const U256& target, u128 liquidity,
                             const I256& remaining, std::uint32_t fee_pips, bool zero_for_one,
                             SwapStep& step) {
    if (!remaining.negative) {
        auto less_fee = mul_div(remaining.magnitude, U256(kFeePipsDenominator - fee_pips),
                                U256(kFeePipsDenominator));
        if (!less_fee) return less_fee.error();
        auto full = input_between(target, current, liquidity, zero_for_one);
        if (!full) return full.error();
        step.amount_in = *full;
        if (*less_fee >= step.amount_in) {
            step.sqrt_ratio_next_x96 = target;
            return chain::success();
        }
        auto next = get_next_sqrt_price_from_input(current, liquidity, *less_fee, zero_for_one);
        if (!next) return next.error();
        step.sqrt_ratio_next_x96 = *next;
        return chain::success();
    }
    auto full = output_between(target, current, liquidity, zero_for_one);
    if (!full) return full.error();
    step.amount_out = *full;
    if (remaining.magnitude >= step.amount_out) {
        step.sqrt_ratio_next_x96 = target;
        return chain::success();
    }
    auto next =
        get_next_sqrt_price_from_output(current, liquidity, remaining.magnitude, zero_for_one);
    if (!next) return next.error();
    step.sqrt_ratio_next_x96 = *next;
    return chain::success();
}

}  // namespace

Result<SwapStep> compute_swap_step(const U256& sqrt_ratio_current_x96,
                                   const U256& sqrt_ratio_target_x96, u128 liquidity,
                                   const I256& amount_remaining, std::uint32_t fee_pips) {
    if (fee_pips >= kFeePipsDenominator) {
        return chain::make_error(chain::Errc::swap_invalid_input, "fee must be below 1e6 pips");
    }
    const bool zero_for_one = sqrt_ratio_current_x96 >= sqrt_ratio_target_x96;
    const bool exact_in = !amount_remaining.negative;
    const U256& current = sqrt_ratio_current_x96;
    SwapStep step;
    if (auto found = find_next_price(current, sqrt_ratio_target_x96, liquidity, amount_remaining,
                                     fee_pips, zero_for_one, step);
        !found) {
        return found.error();
    }
    const U256& next = step.sqrt_ratio_next_x96;
    const bool reached = sqrt_ratio_target_x96 == next;
    // The full-range amount computed above is kept when the target was reached; otherwise both
    // sides are computed for the part of the range actually swapped.
    if (!(reached && exact_in)) {
        auto in = input_between(next, current, liquidity, zero_for_one);
        if (!in) return in.error();
        step.amount_in = *in;
    }
    if (!(reached && !exact_in)) {
        auto out = output_between(next, current, liquidity, zero_for_one);
        if (!out) return out.error();
        step.amount_out = *out;
    }
    // An exact output is never exceeded (rounding could make the last step give 1 more).
    if (!exact_in && step.amount_out > amount_remaining.magnitude) {
        step.amount_out = amount_remaining.magnitude;
    }
    if (exact_in && !reached) {
        // The target was not reached: whatever of the input is left over is the fee (the contract's
        // unchecked subtraction; amount_in never exceeds the remainder).
        step.fee_amount = wrapping_sub(amount_remaining.magnitude, step.amount_in);
        return step;
    }
    auto fee =
        mul_div_rounding_up(step.amount_in, U256(fee_pips), U256(kFeePipsDenominator - fee_pips));
    if (!fee) return fee.error();
    step.fee_amount = *fee;
    return step;
}

}  // namespace perch::swap
