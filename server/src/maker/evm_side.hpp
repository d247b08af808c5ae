#pragma once
// The EVM implementation of a chain's side of the maker: Depositor `Deposit` logs (watcher.cpp)
// and EIP-1559 payouts and refunds with reserved nonces (payer.cpp). Its state lives in the Maker
// it belongs to (per-chain maps), as it did before there was more than one ecosystem.
#include "chain/rpc/rpc_client.hpp"
#include "maker/chain_side.hpp"

namespace perch::maker {

class Maker;

class EvmSide final : public ChainSide {
  public:
    EvmSide(Maker& maker, std::int64_t chain_id, chain::rpc::RpcClient& rpc)
        : maker_(maker), chain_id_(chain_id), rpc_(rpc) {}
    std::int64_t chain_id() const override { return chain_id_; }
    Task<void> watch_round(bool woken) override;
    Task<void> pay_round(bool woken) override;

  private:
    Maker& maker_;
    std::int64_t chain_id_;
    chain::rpc::RpcClient& rpc_;
};

}  // namespace perch::maker
