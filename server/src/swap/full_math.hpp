#pragma once
// FullMath and UnsafeMath of Uniswap V3 (contracts/libraries/FullMath.sol, UnsafeMath.sol):
// a * b / denominator with the product kept to 512 bits, so "phantom overflow" of a * b alone
// never fails. Results equal the contracts' for every input; a revert is an error value.
#include "chain/result.hpp"
#include "swap/wide.hpp"

namespace perch::swap {

// floor(a * b / denominator). Errors: denominator 0 (division_by_zero), result >= 2^256 (overflow).
chain::Result<U256> mul_div(const U256& a, const U256& b, const U256& denominator);
// ceil(a * b / denominator), with the same errors (and overflow when the rounding step would).
chain::Result<U256> mul_div_rounding_up(const U256& a, const U256& b, const U256& denominator);
// EVM mulmod: (a * b) % modulus over 512 bits; 0 when modulus is 0, as the opcode answers.
U256 mul_mod(const U256& a, const U256& b, const U256& modulus);
// EVM div: x / y, 0 when y is 0 (callers that must fail on 0 check it first).
U256 div_floor(const U256& x, const U256& y);
// UnsafeMath.divRoundingUp: x / y + (x % y > 0). EVM semantics: y == 0 gives 0, not an error.
U256 div_rounding_up(const U256& x, const U256& y);

}  // namespace perch::swap
