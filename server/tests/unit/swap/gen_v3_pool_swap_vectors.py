#!/usr/bin/env python3
"""Writes v3_pool_swap_vectors.inc from Uniswap v3-core's pool swap snapshot.

Source: github.com/Uniswap/v3-core (d8b1c635) test/UniswapV3Pool.swaps.spec.ts (pools, positions,
swap cases) and test/__snapshots__/UniswapV3Pool.swaps.spec.ts.snap (the contract's results).
Usage: gen_v3_pool_swap_vectors.py path/to/UniswapV3Pool.swaps.spec.ts.snap > v3_pool_swap_vectors.inc
"""
import math
import re
import sys
from decimal import ROUND_FLOOR, ROUND_HALF_UP, Decimal, getcontext

getcontext().prec = 200
DP = Decimal(1).scaleb(-40)  # bignumber.js DECIMAL_PLACES 40, ROUNDING_MODE half-up


def encode_price_sqrt(reserve1, reserve0):
    """test/shared/utilities.ts encodePriceSqrt, rounding as bignumber.js does."""
    ratio = (Decimal(reserve1) / Decimal(reserve0)).quantize(DP, ROUND_HALF_UP)
    root = ratio.sqrt().quantize(DP, ROUND_HALF_UP)
    return int((root * (Decimal(2) ** 96)).to_integral_value(ROUND_FLOOR))


MIN_SQRT_RATIO = 4295128739
MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342
E18 = 10**18
SPACING = {500: 10, 3000: 60, 10000: 200}


def min_tick(s):
    return math.ceil(-887272 / s) * s


def max_tick(s):
    return math.floor(887272 / s) * s


def max_liquidity_per_tick(s):
    return (2**128 - 1) // ((max_tick(s) - min_tick(s)) // s + 1)


def pool(name, fee, price, positions):
    return (name, fee, SPACING[fee], price, positions)


def full(fee, liquidity=2 * E18):
    s = SPACING[fee]
    return [(min_tick(s), max_tick(s), liquidity)]


M = 3000
POOLS = [
    pool('low fee, 1:1 price, 2e18 max range liquidity', 500, encode_price_sqrt(1, 1), full(500)),
    pool('medium fee, 1:1 price, 2e18 max range liquidity', M, encode_price_sqrt(1, 1), full(M)),
    pool('high fee, 1:1 price, 2e18 max range liquidity', 10000, encode_price_sqrt(1, 1), full(10000)),
    pool('medium fee, 10:1 price, 2e18 max range liquidity', M, encode_price_sqrt(10, 1), full(M)),
    pool('medium fee, 1:10 price, 2e18 max range liquidity', M, encode_price_sqrt(1, 10), full(M)),
    pool('medium fee, 1:1 price, 0 liquidity, all liquidity around current price', M,
         encode_price_sqrt(1, 1), [(min_tick(60), -60, 2 * E18), (60, max_tick(60), 2 * E18)]),
    pool('medium fee, 1:1 price, additional liquidity around current price', M,
         encode_price_sqrt(1, 1),
         full(M) + [(min_tick(60), -60, 2 * E18), (60, max_tick(60), 2 * E18)]),
    pool('low fee, large liquidity around current price (stable swap)', 500, encode_price_sqrt(1, 1),
         [(-10, 10, 2 * E18)]),
    pool('medium fee, token0 liquidity only', M, encode_price_sqrt(1, 1), [(0, 2000 * 60, 2 * E18)]),
    pool('medium fee, token1 liquidity only', M, encode_price_sqrt(1, 1), [(-2000 * 60, 0, 2 * E18)]),
    pool('close to max price', M, encode_price_sqrt(2**127, 1), full(M)),
    pool('close to min price', M, encode_price_sqrt(1, 2**127), full(M)),
    pool('max full range liquidity at 1:1 price with default fee', M, encode_price_sqrt(1, 1),
         full(M, max_liquidity_per_tick(60))),
    pool('initialized at the max ratio', M, MAX_SQRT_RATIO - 1, full(M)),
    pool('initialized at the min ratio', M, MIN_SQRT_RATIO, full(M)),
]

INT256_MAX = 2**255 - 1
# DEFAULT_POOL_SWAP_TESTS: (description, zeroForOne, amountSpecified, sqrtPriceLimit or None)
P_HALF, P_TWO = encode_price_sqrt(50, 100), encode_price_sqrt(200, 100)
P_5_2, P_2_5 = encode_price_sqrt(5, 2), encode_price_sqrt(2, 5)
SWAPS = [
    ('swap exactly 1.0000 token0 for token1', True, E18, None),
    ('swap exactly 1.0000 token1 for token0', False, E18, None),
    ('swap token0 for exactly 1.0000 token1', True, -E18, None),
    ('swap token1 for exactly 1.0000 token0', False, -E18, None),
    ('swap exactly 1.0000 token0 for token1 to price 0.50000', True, E18, P_HALF),
    ('swap exactly 1.0000 token1 for token0 to price 2.0000', False, E18, P_TWO),
    ('swap token0 for exactly 1.0000 token1 to price 0.50000', True, -E18, P_HALF),
    ('swap token1 for exactly 1.0000 token0 to price 2.0000', False, -E18, P_TWO),
    ('swap exactly 0.0000000000000010000 token0 for token1', True, 1000, None),
    ('swap exactly 0.0000000000000010000 token1 for token0', False, 1000, None),
    ('swap token0 for exactly 0.0000000000000010000 token1', True, -1000, None),
    ('swap token1 for exactly 0.0000000000000010000 token0', False, -1000, None),
    ('swap token1 for token0 to price 2.5000', False, INT256_MAX, P_5_2),
    ('swap token0 for token1 to price 0.40000', True, INT256_MAX, P_2_5),
    ('swap token0 for token1 to price 2.5000', True, INT256_MAX, P_5_2),
    ('swap token1 for token0 to price 0.40000', False, INT256_MAX, P_2_5),
]


def parse_snapshot(text):
    entries = {}
    pattern = r'exports\[`UniswapV3Pool swap tests (.*?) 1`\] = `\nObject \{\n(.*?)\n\}\n`;'
    for key, body in re.findall(pattern, text, re.S):
        fields = dict(re.findall(r'"(\w+)": "?([^",]*)"?,', body))
        entries[key] = fields
    return entries


def main():
    entries = parse_snapshot(open(sys.argv[1]).read())
    out = ['// Generated by gen_v3_pool_swap_vectors.py from Uniswap v3-core (d8b1c635)',
           '// test/UniswapV3Pool.swaps.spec.ts and test/__snapshots__/UniswapV3Pool.swaps.spec.ts.snap.',
           '// clang-format off', 'const std::vector<SnapshotPool> kSnapshotPools = {']
    for name, fee, spacing, price, positions in POOLS:
        pos = ', '.join('{%d, %d, "%d"}' % p for p in positions)
        out.append('    {"%s", %d, %d, "%d", {%s}},' % (name, fee, spacing, price, pos))
    out.append('};')
    out.append('const std::vector<SnapshotSwap> kSnapshotSwaps = {')
    for i, (desc, zfo, amount, limit) in enumerate(SWAPS):
        lim = '"%d"' % limit if limit is not None else 'nullptr'
        out.append('    {"%s", %s, "%d", %s},' % (desc, 'true' if zfo else 'false', amount, lim))
    out.append('};')
    out.append('// pool, swap, reverted (SPL), amount0, amount1, tick before, tick after')
    out.append('const std::vector<SnapshotResult> kSnapshotResults = {')
    used = 0
    for p, (name, *_rest) in enumerate(POOLS):
        for s, (desc, *_r) in enumerate(SWAPS):
            e = entries['%s %s' % (name, desc)]
            used += 1
            if 'swapError' in e:
                assert e['swapError'].endswith('revert SPL'), e
                out.append('    {%d, %d, true, "", "", %s, 0},' % (p, s, e['tickBefore']))
            else:
                out.append('    {%d, %d, false, "%s", "%s", %s, %s},' % (
                    p, s, e['amount0Delta'], e['amount1Delta'], e['tickBefore'], e['tickAfter']))
    assert used == len(entries), (used, len(entries))
    out.append('};')
    out.append('// clang-format on')
    print('\n'.join(out))


main()
