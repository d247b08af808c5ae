#include "swap/service.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "chain/rpc/eth.hpp"

namespace perch::swap {

namespace {
constexpr auto kGasPriceMaxAge = std::chrono::seconds(5);
}

SwapService::SwapService(std::optional<SwapDeployment> deployment,
                         const chain::rpc::ChainRegistry& chains,
                         const std::map<std::int64_t, std::uint64_t>& profile_chains,
                         IndexerOptions options)
    : deployment_(std::move(deployment)) {
    if (!deployment_) return;
    auto wanted = deployment_->chain_ids;
    if (wanted.empty())
        for (const auto& [id, start] : profile_chains) wanted.push_back(id);
    for (auto id : wanted) {
        auto* rpc = chains.find(id);
        if (!rpc) {
            spdlog::warn("swap: chain {} cannot be reached: {}", id, chains.unreachable_reason(id));
            continue;
        }
        rpcs_[id] = rpc;
        auto chain_start = profile_chains.find(id);
        auto start = std::max(deployment_->start_block,
                              chain_start == profile_chains.end() ? 0 : chain_start->second);
        indexers_.add(id,
                      std::make_unique<PoolIndexer>(id, *rpc, deployment_->venues, start, options));
    }
}

SwapService::~SwapService() = default;

const SwapToken* SwapService::token(std::int64_t chain_id, const chain::Address& address) const {
    if (!deployment_ || !serves(chain_id)) return nullptr;
    auto it = std::find_if(deployment_->tokens.begin(), deployment_->tokens.end(),
                           [&](const SwapToken& t) { return t.address == address; });
    return it == deployment_->tokens.end() ? nullptr : &*it;
}

chain::rpc::RpcClient* SwapService::rpc(std::int64_t chain_id) const {
    auto it = rpcs_.find(chain_id);
    return it == rpcs_.end() ? nullptr : it->second;
}

std::shared_ptr<const PoolSet> SwapService::pools(std::int64_t chain_id) const {
    auto* i = indexer(chain_id);
    return i ? i->pools() : nullptr;
}

std::uint64_t SwapService::indexed_block(std::int64_t chain_id) const {
    auto* i = indexer(chain_id);
    return i ? i->indexed_block() : 0;
}

Task<U256> SwapService::gas_price(std::int64_t chain_id) {
    auto now = std::chrono::steady_clock::now();
    {
        std::lock_guard lock(gas_mutex_);
        auto it = gas_.find(chain_id);
        if (it != gas_.end() && now - it->second.at < kGasPriceMaxAge) co_return it->second.wei;
    }
    auto* client = rpc(chain_id);
    if (!client) co_return U256();
    chain::rpc::Eth eth(*client);
    auto wei = co_await eth.gas_price();
    std::lock_guard lock(gas_mutex_);
    gas_[chain_id] = {wei, now};
    co_return wei;
}

}  // namespace perch::swap
