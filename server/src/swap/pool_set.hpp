#pragma once
// The pools of one chain as the router reads them: V2 pairs and V3 pools with their addresses,
// venues and tokens, and an index from each token to the pools that trade it.
//
// Readers never lock: the indexer builds the next set from a copy of the current one (copying is
// cheap, the pools themselves are shared and immutable), changes that copy, and publishes it
// through a PoolSetHandle. A quote holds its shared_ptr and sees one consistent state throughout.
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "chain/address.hpp"
#include "chain/result.hpp"
#include "swap/v2.hpp"
#include "swap/v3_pool.hpp"

namespace perch::swap {

// The executor's Hop.kind (docs/swap.md).
enum class PoolKind : std::uint8_t { v2 = 2, v3 = 3 };

struct V2Pair {
    U256 reserve0;
    U256 reserve1;
    std::uint32_t fee_bps = kV2DefaultFeeBps;
};

struct Pool {
    chain::Address address;
    std::string venue;  // "uniswap-v2", "sushi-v2", "uniswap-v3", ...
    chain::Address token0;
    chain::Address token1;
    std::variant<V2Pair, V3Pool> state;

    PoolKind kind() const { return state.index() == 0 ? PoolKind::v2 : PoolKind::v3; }
    // The fee in pips (hundredths of a bip) for both kinds: 3000 is 0.3 %.
    std::uint32_t fee_ppm() const;
};

using TokenId = std::uint32_t;
using PoolId = std::uint32_t;

// Doubles mirroring a pool's state, for the router's pruning and split search only (quoted
// amounts always come from the exact integer math). Built once per pool version.
struct ApproxPool {
    double gamma = 1.0;  // 1 - fee
    // V2: the reserves.
    double reserve0 = 0;
    double reserve1 = 0;
    // V3: sqrt(price of token0 in token1), in-range liquidity, the initialized ticks as
    // ascending sqrt prices, and the liquidity between them: range_liquidity[j] lies between
    // ticks j - 1 and j (0: below the lowest, size: above the highest), added up exactly in
    // integers so that past the last position it is exactly zero, as on chain. `above` is the
    // first tick above the pool's tick (those at or below it are crossed going down).
    double sqrt_price = 0;
    double liquidity = 0;
    std::vector<double> tick_sqrt_prices;
    std::vector<double> range_liquidity;
    std::size_t above = 0;
    bool v3 = false;

    // Price of token0 in token1 without the fee.
    double mid_price() const;
};

// One direction of a pool from a token's side.
struct Edge {
    PoolId pool;
    TokenId other;
    bool zero_for_one;  // the token is the pool's token0
};

class PoolSet {
  public:
    // Adds the pool, or replaces the state of the one at the same address (same tokens).
    // Errors (swap_invalid_input): token0 == token1, tokens that differ from the pool already
    // stored at that address, a V3 state that is not a pool (spacing, price range, fee).
    chain::Result<PoolId> upsert(Pool pool);

    std::size_t pool_count() const { return entries_.size(); }
    std::size_t token_count() const { return tokens_.size(); }

    const Pool& pool(PoolId id) const { return entries_[id]->pool; }
    const ApproxPool& approx(PoolId id) const { return entries_[id]->approx; }
    TokenId token0(PoolId id) const { return entries_[id]->token0; }
    TokenId token1(PoolId id) const { return entries_[id]->token1; }
    std::optional<PoolId> find_pool(const chain::Address& address) const;

    const chain::Address& token(TokenId id) const { return tokens_[id]; }
    std::optional<TokenId> find_token(const chain::Address& address) const;
    // The pools that trade `token`, in the order they were added.
    std::span<const Edge> edges(TokenId token) const { return edges_[token]; }

  private:
    struct Entry {
        Pool pool;
        TokenId token0;
        TokenId token1;
        ApproxPool approx;
    };
    struct AddressHash {
        std::size_t operator()(const chain::Address& address) const;
    };

    TokenId intern(const chain::Address& token);

    // shared_ptr: a copy of the set shares every pool it does not replace.
    std::vector<std::shared_ptr<const Entry>> entries_;
    std::vector<chain::Address> tokens_;
    std::vector<std::vector<Edge>> edges_;
    std::unordered_map<chain::Address, PoolId, AddressHash> pool_ids_;
    std::unordered_map<chain::Address, TokenId, AddressHash> token_ids_;
};

// Checks a V3 state as upsert does.
chain::Result<void> validate(const V3Pool& pool);

// The published set: one writer stores, any number of readers load. No mutex: a load or store
// is one std::atomic<std::shared_ptr> operation (libstdc++ guards the control block with a spin
// bit for the few instructions of the swap), and a loaded set lives as long as its reader holds it.
class PoolSetHandle {
  public:
    PoolSetHandle() : current_(std::make_shared<const PoolSet>()) {}
    std::shared_ptr<const PoolSet> load() const { return current_.load(); }
    void store(std::shared_ptr<const PoolSet> next) { current_.store(std::move(next)); }

  private:
    std::atomic<std::shared_ptr<const PoolSet>> current_;
};

// A U256 as a double (exact below 2^53), and back: floor, 0 for negatives and NaN, saturated.
double to_double(const U256& value);
U256 from_double(double value);

}  // namespace perch::swap
