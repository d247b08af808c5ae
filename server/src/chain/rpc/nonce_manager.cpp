#include "chain/rpc/nonce_manager.hpp"

#include "chain/rpc/errors.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::chain::rpc {

NonceManager::NonceManager(NonceStore& store, RpcClient& rpc, std::int64_t chain_id,
                           Address account)
    : store_(store), rpc_(rpc), chain_id_(chain_id), account_(account) {}

Task<std::uint64_t> NonceManager::pending_count() {
    co_return co_await Eth(rpc_).get_transaction_count(account_, "pending");
}

Task<std::uint64_t> NonceManager::reserve() {
    std::uint64_t floor = 0;
    if (!synced_) {
        floor = co_await pending_count();
        synced_ = true;
    }
    co_return co_await store_.reserve_nonce(chain_id_, account_.lower_hex(), floor);
}

Task<void> NonceManager::resync() {
    auto pending = co_await pending_count();
    co_await store_.reset_nonce(chain_id_, account_.lower_hex(), pending);
    synced_ = true;
}

bool NonceManager::is_nonce_too_low(const RpcError& e) {
    return e.kind() == RpcError::Kind::rpc && classify(e) == NodeSays::nonce_too_low;
}

}  // namespace perch::chain::rpc
