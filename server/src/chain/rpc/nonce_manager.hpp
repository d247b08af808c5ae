#pragma once
// Nonces for an account the server signs with. The next nonce is reserved in storage before a
// transaction is signed, so two payouts never share one and a restart continues where it stopped.
// The chain's pending count is a floor, read at first use and again after "nonce too low".
#include <cstdint>

#include "chain/address.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"

namespace perch::chain::rpc {

// Where reserved nonces are kept (the store implements it; tests may use a real SQLite file).
class NonceStore {
  public:
    virtual ~NonceStore() = default;
    // Atomically: n = max(stored next, floor); store n + 1; return n.
    virtual Task<std::uint64_t> reserve_nonce(std::int64_t chain_id, std::string account,
                                              std::uint64_t floor) = 0;
    // Sets the stored next nonce (after the chain said ours was stale).
    virtual Task<void> reset_nonce(std::int64_t chain_id, std::string account,
                                   std::uint64_t next) = 0;
};

class NonceManager {
  public:
    NonceManager(NonceStore& store, RpcClient& rpc, std::int64_t chain_id, Address account);

    Task<std::uint64_t> reserve();
    // Re-reads the chain's pending count and stores it as the next nonce.
    Task<void> resync();
    static bool is_nonce_too_low(const RpcError& e);

  private:
    Task<std::uint64_t> pending_count();

    NonceStore& store_;
    RpcClient& rpc_;
    std::int64_t chain_id_;
    Address account_;
    bool synced_ = false;
};

}  // namespace perch::chain::rpc
