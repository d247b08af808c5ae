#pragma once
// Swapping on the chains a deployment covers: one pool indexer per chain, the published pools
// the router reads, and the gas price quotes value their gas at (read at most every few seconds).
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "chain/rpc/registry.hpp"
#include "core/per_chain_workers.hpp"
#include "swap/deployment.hpp"
#include "swap/pool_indexer.hpp"

namespace perch::swap {

class SwapService {
  public:
    // No deployment: this server does not swap (every chain answers "not offered").
    // `profile_chains`: each chain of the profile with the block its indexers start at; a
    // chain's pools are read from the later of that and the deployment's start block.
    SwapService(std::optional<SwapDeployment> deployment, const chain::rpc::ChainRegistry& chains,
                const std::map<std::int64_t, std::uint64_t>& profile_chains,
                IndexerOptions options = {});
    ~SwapService();

    void start(const boost::asio::any_io_executor& ex) { indexers_.start(ex); }
    void stop() { indexers_.stop(); }

    const SwapDeployment* deployment() const { return deployment_ ? &*deployment_ : nullptr; }
    bool serves(std::int64_t chain_id) const { return indexers_.contains(chain_id); }
    std::vector<std::int64_t> chain_ids() const { return indexers_.chain_ids(); }
    const SwapToken* token(std::int64_t chain_id, const chain::Address& address) const;
    chain::rpc::RpcClient* rpc(std::int64_t chain_id) const;
    // Null while the chain's indexer has not read up to the head once.
    std::shared_ptr<const PoolSet> pools(std::int64_t chain_id) const;
    std::uint64_t indexed_block(std::int64_t chain_id) const;
    PoolIndexer* indexer(std::int64_t chain_id) const { return indexers_.find(chain_id); }
    // The node's gas price, cached for a few seconds. Throws RpcError.
    Task<U256> gas_price(std::int64_t chain_id);

  private:
    struct CachedPrice {
        U256 wei;
        std::chrono::steady_clock::time_point at;
    };

    std::optional<SwapDeployment> deployment_;
    PerChainWorkers<PoolIndexer> indexers_;
    std::map<std::int64_t, chain::rpc::RpcClient*> rpcs_;
    std::mutex gas_mutex_;
    std::map<std::int64_t, CachedPrice> gas_;
};

}  // namespace perch::swap
