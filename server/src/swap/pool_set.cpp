#include "swap/pool_set.hpp"

#include <cmath>
#include <cstring>

#include "swap/swap_math.hpp"
#include "swap/tick_math.hpp"

namespace perch::swap {
namespace {

using chain::Errc;
using chain::make_error;
using chain::Result;

constexpr double kTwo96 = 79228162514264337593543950336.0;
constexpr std::int32_t kMaxTickSpacing = 16384;  // the factory's bound

ApproxPool approx_v2(const V2Pair& pair) {
    ApproxPool out;
    out.gamma = (10'000.0 - pair.fee_bps) / 10'000.0;
    out.reserve0 = to_double(pair.reserve0);
    out.reserve1 = to_double(pair.reserve1);
    return out;
}

ApproxPool approx_v3(const V3Pool& pool) {
    ApproxPool out;
    out.v3 = true;
    out.gamma = 1.0 - pool.fee / static_cast<double>(kFeePipsDenominator);
    out.sqrt_price = to_double(pool.sqrt_price_x96) / kTwo96;
    out.liquidity = static_cast<double>(pool.liquidity);
    out.tick_sqrt_prices.reserve(pool.ticks.size());
    std::vector<i128> nets;
    nets.reserve(pool.ticks.size());
    for (const auto& [tick, net] : pool.ticks) {
        out.tick_sqrt_prices.push_back(std::pow(1.0001, tick / 2.0));
        nets.push_back(net);
        if (tick <= pool.tick) out.above = out.tick_sqrt_prices.size();
    }
    // From the current range outwards, as the swap loop would cross them (a range that would go
    // negative cannot be swapped into on chain either: it counts as empty).
    std::vector<i128> ranges(nets.size() + 1, 0);
    ranges[out.above] = static_cast<i128>(pool.liquidity);
    for (std::size_t j = out.above + 1; j < ranges.size(); ++j)
        ranges[j] = ranges[j - 1] + nets[j - 1];
    for (std::size_t j = out.above; j-- > 0;) ranges[j] = ranges[j + 1] - nets[j];
    out.range_liquidity.reserve(ranges.size());
    for (i128 range : ranges)
        out.range_liquidity.push_back(range > 0 ? static_cast<double>(range) : 0.0);
    return out;
}

}  // namespace

double to_double(const U256& value) {
    double out = 0;
    for (int i = 3; i >= 0; --i)
        out = out * 18446744073709551616.0 + static_cast<double>(value.limb(i));
    return out;
}

U256 from_double(double value) {
    if (!(value >= 1.0)) return U256(0);
    int exponent = 0;
    const double mantissa = std::frexp(value, &exponent);  // value = mantissa * 2^exponent
    if (exponent > 256) return U256::max();
    // 53 significant bits as an integer, shifted into place.
    const auto bits = static_cast<std::uint64_t>(std::ldexp(mantissa, 53));
    return exponent >= 53 ? U256(bits).shl(static_cast<unsigned>(exponent - 53))
                          : U256(bits).shr(static_cast<unsigned>(53 - exponent));
}

std::uint32_t Pool::fee_ppm() const {
    if (const auto* pair = std::get_if<V2Pair>(&state)) return pair->fee_bps * 100;
    return std::get<V3Pool>(state).fee;
}

double ApproxPool::mid_price() const {
    if (v3) return sqrt_price * sqrt_price;
    return reserve0 > 0 ? reserve1 / reserve0 : 0.0;
}

Result<void> validate(const V3Pool& pool) {
    if (pool.tick_spacing <= 0 || pool.tick_spacing > kMaxTickSpacing) {
        return make_error(Errc::swap_invalid_input, "tick spacing out of range");
    }
    if (pool.fee >= kFeePipsDenominator)
        return make_error(Errc::swap_invalid_input, "fee >= 100 %");
    auto tick = get_tick_at_sqrt_ratio(pool.sqrt_price_x96);
    if (!tick) return tick.error();
    // A swap that ends on a boundary going down leaves the tick one below the price's.
    if (pool.tick != *tick && pool.tick != *tick - 1) {
        return make_error(Errc::swap_invalid_input, "tick does not match the sqrt price");
    }
    for (const auto& entry : pool.ticks) {
        if (entry.first % pool.tick_spacing != 0 || entry.first < kMinTick ||
            entry.first > kMaxTick) {
            return make_error(Errc::swap_invalid_input, "initialized tick off the spacing");
        }
    }
    return chain::success();
}

std::size_t PoolSet::AddressHash::operator()(const chain::Address& address) const {
    std::size_t out = 0;
    std::memcpy(&out, address.bytes.data() + address.bytes.size() - sizeof out, sizeof out);
    return out;
}

std::optional<PoolId> PoolSet::find_pool(const chain::Address& address) const {
    auto it = pool_ids_.find(address);
    if (it == pool_ids_.end()) return std::nullopt;
    return it->second;
}

std::optional<TokenId> PoolSet::find_token(const chain::Address& address) const {
    auto it = token_ids_.find(address);
    if (it == token_ids_.end()) return std::nullopt;
    return it->second;
}

TokenId PoolSet::intern(const chain::Address& token) {
    auto [it, added] = token_ids_.try_emplace(token, static_cast<TokenId>(tokens_.size()));
    if (added) {
        tokens_.push_back(token);
        edges_.emplace_back();
    }
    return it->second;
}

Result<PoolId> PoolSet::upsert(Pool pool) {
    if (pool.token0 == pool.token1) return make_error(Errc::swap_invalid_input, "token0 == token1");
    ApproxPool approx;
    if (const auto* v3 = std::get_if<V3Pool>(&pool.state)) {
        if (auto ok = validate(*v3); !ok) return ok.error();
        approx = approx_v3(*v3);
    } else {
        const auto& pair = std::get<V2Pair>(pool.state);
        if (pair.fee_bps >= 10'000) return make_error(Errc::swap_invalid_input, "fee >= 100 %");
        approx = approx_v2(pair);
    }
    if (auto existing = find_pool(pool.address)) {
        const Entry& old = *entries_[*existing];
        if (old.pool.token0 != pool.token0 || old.pool.token1 != pool.token1) {
            return make_error(Errc::swap_invalid_input, "pool's tokens changed");
        }
        entries_[*existing] = std::make_shared<const Entry>(
            Entry{std::move(pool), old.token0, old.token1, std::move(approx)});
        return *existing;
    }
    const auto id = static_cast<PoolId>(entries_.size());
    const TokenId t0 = intern(pool.token0);
    const TokenId t1 = intern(pool.token1);
    pool_ids_.emplace(pool.address, id);
    entries_.push_back(
        std::make_shared<const Entry>(Entry{std::move(pool), t0, t1, std::move(approx)}));
    edges_[t0].push_back(Edge{id, t1, true});
    edges_[t1].push_back(Edge{id, t0, false});
    return id;
}

}  // namespace perch::swap
