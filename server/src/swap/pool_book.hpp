#pragma once
// The swap indexer's state for one chain: the venues' factories, the pools they created, and each
// pool's swap-relevant state, advanced by applying the factory and pool events in chain order
// (block, then log index). Pure; the indexer feeds it logs and publishes copies to the router.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "swap/pool_events.hpp"
#include "swap/pool_set.hpp"
#include "swap/v3_pool.hpp"

namespace perch::swap {

struct Venue {
    enum class Kind { v2, v3 };
    std::string name;  // "uniswap-v2", "sushi-v2", "uniswap-v3"
    Kind kind = Kind::v2;
    chain::Address factory;
};

struct V2PairRecord {
    chain::Address address, token0, token1;
    std::string venue;
    U256 reserve0, reserve1;
};

struct V3PoolRecord {
    chain::Address address, token0, token1;
    std::string venue;
    bool initialized = false;  // no price before Initialize: not tradable
    V3Pool state;
    std::map<std::int32_t, u128> liquidity_gross;  // a tick is initialized while this is > 0
};

class PoolBook {
  public:
    explicit PoolBook(std::vector<Venue> venues);

    // Applies one event (in chain order). False, with the reason, when the event is not one this
    // book follows (an unknown emitter) or contradicts its state (the change is not applied).
    bool apply(const PoolEvent& event, std::string* why = nullptr);

    const std::vector<Venue>& venues() const { return venues_; }
    const std::map<chain::Address, V2PairRecord>& v2_pairs() const { return v2_; }
    const std::map<chain::Address, V3PoolRecord>& v3_pools() const { return v3_; }
    std::vector<chain::Address> factories() const;
    std::vector<chain::Address> pools() const;
    // The pool an applied event changed: the one created, or the emitter.
    static chain::Address pool_of(const PoolEvent& event);
    // The pool as the router trades it; nullopt for an unknown address or a V3 pool that has no
    // price yet.
    std::optional<Pool> tradable(const chain::Address& address) const;

  private:
    const Venue* venue_at(const chain::Address& factory, Venue::Kind kind) const;
    bool create_pair(const chain::Address& factory, const PairCreated& e, std::string* why);
    bool create_pool(const chain::Address& factory, const PoolCreated& e, std::string* why);
    bool change_liquidity(V3PoolRecord& pool, const LiquidityChange& e, std::string* why);

    std::vector<Venue> venues_;
    std::map<chain::Address, V2PairRecord> v2_;
    std::map<chain::Address, V3PoolRecord> v3_;
};

}  // namespace perch::swap
