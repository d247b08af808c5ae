#include "swap_market.hpp"

#include <cmath>
#include <tuple>

#include "swap/tick_math.hpp"

namespace perch::swap::bench {
namespace {

chain::Address tagged(std::uint8_t kind, std::uint32_t n) {
    chain::Address out;
    out.bytes[0] = kind;
    out.bytes[16] = static_cast<std::uint8_t>(n >> 24);
    out.bytes[17] = static_cast<std::uint8_t>(n >> 16);
    out.bytes[18] = static_cast<std::uint8_t>(n >> 8);
    out.bytes[19] = static_cast<std::uint8_t>(n);
    return out;
}

// Base units of `usd` worth of a token.
U256 units(const Token& token, double usd) {
    return from_double(usd / token.usd * std::pow(10.0, token.decimals));
}

std::vector<Token> make_tokens(std::mt19937_64& rng) {
    std::vector<Token> tokens(kTokens);
    const double hub_usd[kHubs] = {3000, 1, 1, 1, 60000};
    const int hub_decimals[kHubs] = {18, 6, 6, 18, 8};
    for (std::size_t i = 0; i < kTokens; ++i) {
        tokens[i].address = tagged(0xaa, static_cast<std::uint32_t>(i + 1));
        if (i < kHubs) {
            tokens[i].usd = hub_usd[i];
            tokens[i].decimals = hub_decimals[i];
        } else {
            tokens[i].usd = log_uniform(rng, 1e-3, 1e3);
            tokens[i].decimals = std::uniform_int_distribution<int>(0, 9)(rng) == 0 ? 6 : 18;
        }
    }
    return tokens;
}

// Liquidity that puts `value1` (in token1 units) between sqrt prices a < s < b.
double liquidity_for(double value1, double s, double a, double b) {
    return value1 / (2 * s - a - s * s / b);
}

std::int32_t align_down(std::int32_t tick, std::int32_t spacing) {
    std::int32_t q = tick / spacing;
    if (tick % spacing != 0 && tick < 0) --q;
    return q * spacing;
}

V3Pool make_v3(std::mt19937_64& rng, double price, double tvl1, std::uint32_t fee,
               std::map<std::int32_t, u128>& gross) {
    const std::int32_t spacing = fee == 500 ? 10 : fee == 3000 ? 60 : 200;
    V3Pool pool;
    pool.fee = fee;
    pool.tick_spacing = spacing;
    pool.sqrt_price_x96 = from_double(std::sqrt(price) * 79228162514264337593543950336.0);
    pool.tick = *get_tick_at_sqrt_ratio(pool.sqrt_price_x96);
    const std::int32_t min_tick = align_down(kMinTick, spacing) + spacing;
    const std::int32_t max_tick = align_down(kMaxTick, spacing);
    const int positions = std::uniform_int_distribution<int>(3, 6)(rng);
    for (int p = 0; p < positions; ++p) {
        // Mostly concentrated ranges (0.5 % to 30 % each side), one in five full range.
        std::int32_t lower = min_tick, upper = max_tick;
        if (std::uniform_int_distribution<int>(0, 4)(rng) != 0) {
            const auto below = static_cast<std::int32_t>(log_uniform(rng, 50, 2600));
            const auto above = static_cast<std::int32_t>(log_uniform(rng, 50, 2600));
            lower = std::max(min_tick, align_down(pool.tick - below, spacing));
            upper = std::min(max_tick, align_down(pool.tick + above, spacing) + spacing);
        }
        const double a = std::pow(1.0001, lower / 2.0), b = std::pow(1.0001, upper / 2.0);
        const double share = tvl1 / positions * log_uniform(rng, 0.3, 3);
        const double liquidity = liquidity_for(share, std::sqrt(price), a, b);
        const u128 amount = to_u128(from_double(liquidity));
        if (amount == 0) continue;
        pool.ticks[lower] += static_cast<i128>(amount);
        pool.ticks[upper] -= static_cast<i128>(amount);
        gross[lower] += amount;
        gross[upper] += amount;
        pool.liquidity += amount;
    }
    return pool;
}

// A pair: hub-hub, hub-other or other-other, with a TVL range to match.
std::tuple<std::size_t, std::size_t, double> pick_pair(std::mt19937_64& rng) {
    std::uniform_int_distribution<std::size_t> hub(0, kHubs - 1), other(kHubs, kTokens - 1);
    const int kind = std::uniform_int_distribution<int>(0, 99)(rng);
    std::size_t a, b;
    double tvl;
    if (kind < 15) {
        do {
            a = hub(rng);
            b = hub(rng);
        } while (a == b);
        tvl = log_uniform(rng, 1e6, 2e8);
    } else if (kind < 70) {
        a = hub(rng);
        b = other(rng);
        tvl = log_uniform(rng, 5e4, 2e7);
    } else {
        do {
            a = other(rng);
            b = other(rng);
        } while (a == b);
        tvl = log_uniform(rng, 1e4, 2e6);
    }
    return {a, b, tvl};
}

Market make_market() {
    std::mt19937_64 rng(kSeed);
    Market market{make_tokens(rng), {}, {}};
    std::normal_distribution<double> noise(0, 0.002);
    const std::uint32_t fees[3] = {500, 3000, 10000};
    for (std::uint32_t n = 0; market.pools.pool_count() < kPools; ++n) {
        auto [a, b, tvl] = pick_pair(rng);
        if (market.tokens[a].address > market.tokens[b].address) std::swap(a, b);
        const Token& t0 = market.tokens[a];
        const Token& t1 = market.tokens[b];
        // token0's price in token1 base units, off the true one by the arbitrage noise.
        const double price =
            t0.usd / t1.usd * std::pow(10.0, t1.decimals - t0.decimals) * (1 + noise(rng));
        const double tvl1 = tvl / t1.usd * std::pow(10.0, t1.decimals);  // in token1 units
        Pool pool{tagged(0xbb, n), "", t0.address, t1.address, V2Pair{}};
        const int venue = std::uniform_int_distribution<int>(0, 9)(rng);
        std::map<std::int32_t, u128> gross;
        if (venue < 4) {
            pool.venue = venue < 2 ? "uniswap-v2" : "sushi-v2";
            pool.state = V2Pair{from_double(tvl1 / 2 / price), from_double(tvl1 / 2)};
        } else {
            pool.venue = "uniswap-v3";
            pool.state = make_v3(rng, price, tvl1, fees[venue % 3], gross);
        }
        const chain::Address address = pool.address;
        const bool v3 = pool.kind() == PoolKind::v3;
        if (market.pools.upsert(std::move(pool)) && v3) market.v3_gross[address] = std::move(gross);
    }
    return market;
}

}  // namespace

double log_uniform(std::mt19937_64& rng, double low, double high) {
    std::uniform_real_distribution<double> u(std::log(low), std::log(high));
    return std::exp(u(rng));
}

const Market& market() {
    static const Market built = make_market();
    return built;
}

std::vector<Trade> make_trades(std::size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> token(0, kTokens - 1);
    std::vector<Trade> trades;
    while (trades.size() < count) {
        const std::size_t in = token(rng), out = token(rng);
        if (in == out) continue;
        const double usd = log_uniform(rng, 10, 2e6);
        trades.push_back({in, out, units(market().tokens[in], usd), usd});
    }
    return trades;
}

}  // namespace perch::swap::bench
