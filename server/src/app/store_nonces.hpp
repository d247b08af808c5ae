#pragma once
// The chain layer's NonceStore, kept in the server's store (the composition root joins the two so
// neither module knows the other).
#include "chain/rpc/nonce_manager.hpp"
#include "store/store.hpp"

namespace perch::app {

class StoreNonces final : public chain::rpc::NonceStore {
  public:
    explicit StoreNonces(store::Store& store) : store_(store) {}
    Task<std::uint64_t> reserve_nonce(std::int64_t chain_id, std::string account,
                                      std::uint64_t floor) override {
        return store_.reserve_nonce(chain_id, std::move(account), floor);
    }
    Task<void> reset_nonce(std::int64_t chain_id, std::string account,
                           std::uint64_t next) override {
        return store_.reset_nonce(chain_id, std::move(account), next);
    }

  private:
    store::Store& store_;
};

}  // namespace perch::app
