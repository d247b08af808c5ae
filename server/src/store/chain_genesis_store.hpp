#pragma once
// Which chains a database belongs to: each chain's genesis hash, recorded once (the first start
// that reads the chain) and never changed, so that a later start can tell a chain id that now
// names another chain (a restarted devnet, a reset testnet).
#include <cstdint>
#include <memory>
#include <string>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

class ChainGenesisStore {
  public:
    virtual ~ChainGenesisStore() = default;
    // Records `genesis_hash` for the chain unless the database holds one already; returns the
    // hash the database holds now (the one recorded first).
    virtual Task<std::string> bind_genesis(std::int64_t chain_id, std::string genesis_hash,
                                           std::int64_t now) = 0;
};

std::unique_ptr<ChainGenesisStore> open_chain_genesis_store(Store& store);

}  // namespace perch::store
