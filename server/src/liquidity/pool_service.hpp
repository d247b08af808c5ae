#pragma once
// /pool: PerchPool on every chain of the profile. A reader per chain indexes the pool's Deposited
// and Withdrawn logs into the store (with their blocks' times); pool points are computed from a
// wallet's indexed movements and settled into the points ledger when the wallet looks at its pool
// or points, and every minute for every depositor. The pool's figures (size, what the maker drew,
// a wallet's deposit) are read from the contract itself, so they are never stale.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "catalog/catalog.hpp"
#include "chain/address.hpp"
#include "liquidity/points.hpp"
#include "store/pool_store.hpp"
#include "store/rewards_store.hpp"

namespace perch::liquidity {

struct TokenView {
    balance::TokenRef ref;
    chain::U256 total, available, owed, mine;
};

struct ChainView {
    std::int64_t chain_id = 0;
    std::string name;
    std::vector<TokenView> tokens;
    std::string error;  // the chain could not be read
};

struct PointsView {
    std::int64_t accrued_millipoints = 0;
    std::int64_t credited = 0;  // whole points in the ledger
};

class PoolService {
  public:
    PoolService(store::PoolStore& store, store::RewardsStore& rewards,
                balance::BalanceService& balances, const catalog::Catalog& catalog,
                PoolRules rules);

    bool enabled() const { return !pools_.empty(); }
    // PerchPool on the chain ("" where the deployment has none); without a chain, the first
    // chain's (a devnet's is the same address everywhere).
    std::string contract(std::optional<std::int64_t> chain_id = std::nullopt) const;
    const PoolRules& rules() const { return rules_; }

    // Every chain's pool as read now; `user`'s deposits too when given.
    Task<std::vector<ChainView>> view(std::optional<chain::Address> user);
    // Credits `user`'s whole pool points reached by `now` and returns where they stand.
    Task<PointsView> settle(std::string user, std::int64_t now);

    void start(boost::asio::io_context& ctx);
    void stop() { stopping_ = true; }

  private:
    std::int64_t start_block_of(std::int64_t chain_id) const;
    Task<void> index_loop(std::int64_t chain_id);
    Task<void> index_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> settle_loop();
    Task<ChainView> chain_view(std::int64_t chain_id, std::string name,
                               std::optional<chain::Address> user);

    store::PoolStore& store_;
    store::RewardsStore& rewards_;
    balance::BalanceService& balances_;
    PoolRules rules_;
    std::map<std::int64_t, chain::Address> pools_;  // by chain: PerchPool
    std::vector<catalog::ProfileChain> chains_;
    std::map<std::int64_t, std::vector<balance::TokenRef>> tokens_;  // by chain: what earns points
    std::map<std::string, Rate> rates_;  // by movement key (chain:token)
    // Per chain: the timestamp of the newest block the indexer has read through (0: none yet).
    // Points accrue only up to it: a withdrawal not read yet must not earn its lag in points.
    std::map<std::int64_t, std::unique_ptr<std::atomic<std::int64_t>>> read_through_;
    std::atomic<bool> stopping_{false};
};

// The key of a movement of `token` (lower-case address; zero for ETH) on `chain_id`.
std::string movement_key(std::int64_t chain_id, const std::string& token);

}  // namespace perch::liquidity
