#include "swap/pool_book.hpp"

#include <type_traits>

namespace perch::swap {

namespace {

bool fail(std::string* why, std::string text) {
    if (why) *why = std::move(text);
    return false;
}

// Tick.update's bookkeeping for one end of a position: liquidityGross and liquidityNet, and the
// tick leaves the bitmap when its gross liquidity returns to zero.
bool update_tick(V3PoolRecord& pool, std::int32_t tick, i128 delta, bool upper, std::string* why) {
    auto gross = add_delta(pool.liquidity_gross[tick], delta);
    if (!gross) return fail(why, "liquidityGross of tick " + std::to_string(tick) + " underflows");
    i128 net = pool.state.ticks[tick];
    net = upper ? net - delta : net + delta;
    if (*gross == 0) {
        pool.liquidity_gross.erase(tick);
        pool.state.ticks.erase(tick);
    } else {
        pool.liquidity_gross[tick] = *gross;
        pool.state.ticks[tick] = net;
    }
    return true;
}

}  // namespace

PoolBook::PoolBook(std::vector<Venue> venues) : venues_(std::move(venues)) {}

const Venue* PoolBook::venue_at(const chain::Address& factory, Venue::Kind kind) const {
    for (const auto& v : venues_)
        if (v.factory == factory && v.kind == kind) return &v;
    return nullptr;
}

std::vector<chain::Address> PoolBook::factories() const {
    std::vector<chain::Address> out;
    for (const auto& v : venues_) out.push_back(v.factory);
    return out;
}

std::vector<chain::Address> PoolBook::pools() const {
    std::vector<chain::Address> out;
    for (const auto& [address, _] : v2_) out.push_back(address);
    for (const auto& [address, _] : v3_) out.push_back(address);
    return out;
}

chain::Address PoolBook::pool_of(const PoolEvent& event) {
    if (const auto* pair = std::get_if<PairCreated>(&event.data)) return pair->pair;
    if (const auto* pool = std::get_if<PoolCreated>(&event.data)) return pool->pool;
    return event.emitter;
}

std::optional<Pool> PoolBook::tradable(const chain::Address& address) const {
    if (auto it = v2_.find(address); it != v2_.end()) {
        const auto& p = it->second;
        return Pool{p.address, p.venue, p.token0, p.token1, V2Pair{p.reserve0, p.reserve1}};
    }
    auto it = v3_.find(address);
    if (it == v3_.end() || !it->second.initialized) return std::nullopt;
    const auto& p = it->second;
    return Pool{p.address, p.venue, p.token0, p.token1, p.state};
}

bool PoolBook::create_pair(const chain::Address& factory, const PairCreated& e, std::string* why) {
    const auto* venue = venue_at(factory, Venue::Kind::v2);
    if (!venue) return fail(why, "PairCreated from an unknown factory");
    if (v2_.contains(e.pair) || v3_.contains(e.pair)) return fail(why, "pair already known");
    v2_[e.pair] = V2PairRecord{e.pair, e.token0, e.token1, venue->name, {}, {}};
    return true;
}

bool PoolBook::create_pool(const chain::Address& factory, const PoolCreated& e, std::string* why) {
    const auto* venue = venue_at(factory, Venue::Kind::v3);
    if (!venue) return fail(why, "PoolCreated from an unknown factory");
    if (v2_.contains(e.pool) || v3_.contains(e.pool)) return fail(why, "pool already known");
    if (e.tick_spacing <= 0) return fail(why, "PoolCreated with a tick spacing below 1");
    V3PoolRecord entry{e.pool, e.token0, e.token1, venue->name, false, {}, {}};
    entry.state.fee = e.fee;
    entry.state.tick_spacing = e.tick_spacing;
    v3_[e.pool] = std::move(entry);
    return true;
}

// UniswapV3Pool._modifyPosition: both ends of the range, and the in-range liquidity when the
// current tick lies in [lower, upper).
bool PoolBook::change_liquidity(V3PoolRecord& pool, const LiquidityChange& e, std::string* why) {
    if (e.delta == 0) return true;  // a Burn of zero only collects fees
    if (e.tick_lower >= e.tick_upper) return fail(why, "position with lower tick >= upper tick");
    bool in_range = pool.state.tick >= e.tick_lower && pool.state.tick < e.tick_upper;
    std::optional<u128> liquidity;
    if (in_range) {
        auto next = add_delta(pool.state.liquidity, e.delta);
        if (!next) return fail(why, "in-range liquidity underflows");
        liquidity = *next;
    }
    auto before = pool;  // both ends or neither
    if (!update_tick(pool, e.tick_lower, e.delta, false, why) ||
        !update_tick(pool, e.tick_upper, e.delta, true, why)) {
        pool = std::move(before);
        return false;
    }
    if (liquidity) pool.state.liquidity = *liquidity;
    return true;
}

bool PoolBook::apply(const PoolEvent& event, std::string* why) {
    return std::visit(
        [&](const auto& e) -> bool {
            using T = std::decay_t<decltype(e)>;
            if constexpr (std::is_same_v<T, PairCreated>) {
                return create_pair(event.emitter, e, why);
            } else if constexpr (std::is_same_v<T, PoolCreated>) {
                return create_pool(event.emitter, e, why);
            } else if constexpr (std::is_same_v<T, Sync>) {
                auto it = v2_.find(event.emitter);
                if (it == v2_.end()) return fail(why, "Sync from an unknown pair");
                it->second.reserve0 = e.reserve0;
                it->second.reserve1 = e.reserve1;
                return true;
            } else {
                auto it = v3_.find(event.emitter);
                if (it == v3_.end()) return fail(why, "event from an unknown V3 pool");
                auto& pool = it->second;
                if constexpr (std::is_same_v<T, Initialize>) {
                    pool.initialized = true;
                    pool.state.sqrt_price_x96 = e.sqrt_price_x96;
                    pool.state.tick = e.tick;
                    return true;
                } else if constexpr (std::is_same_v<T, V3Swap>) {
                    pool.state.sqrt_price_x96 = e.sqrt_price_x96;
                    pool.state.tick = e.tick;
                    pool.state.liquidity = e.liquidity;
                    return true;
                } else {
                    return change_liquidity(pool, e, why);
                }
            }
        },
        event.data);
}

}  // namespace perch::swap
