#pragma once
// Storage of PerchPool's indexed logs: events are written with the chain's read cursor in one
// transaction, so a restart resumes where the last batch ended and a batch is never half-kept.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

struct PoolEventRow {
    std::int64_t chain_id = 0;
    std::int64_t block_number = 0;
    std::int64_t log_index = 0;
    std::string tx_hash;
    std::string user;   // lower case
    std::string token;  // lower case; the zero address is ETH
    std::string kind;   // deposit, withdraw
    std::string amount;
    std::int64_t block_time = 0;
};

class PoolStore {
  public:
    virtual ~PoolStore() = default;
    // The first block not read yet on a chain (0 when never read).
    virtual Task<std::int64_t> next_block(std::int64_t chain_id) = 0;
    // Stores the events (a log seen twice is kept once) and moves the cursor, together.
    virtual Task<void> add_events(std::int64_t chain_id, std::vector<PoolEventRow> events,
                                  std::int64_t next_block) = 0;
    // A wallet's events on every chain, oldest first.
    virtual Task<std::vector<PoolEventRow>> events_of(std::string user) = 0;
    virtual Task<std::vector<std::string>> depositors() = 0;
};

std::unique_ptr<PoolStore> open_pool_store(Store& store);

}  // namespace perch::store
