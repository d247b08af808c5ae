#pragma once
// Storage of the swaps made through the executor (migration 0031), for the history page: recorded
// once per (chain, transaction), listed per wallet (as sender or recipient), newest first.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

struct SwapRecord {
    std::int64_t chain_id = 0;
    std::string tx_hash;                                 // 0x, lower case
    std::string sender, recipient, token_in, token_out;  // 0x, lower case; zero: the native coin
    std::string amount_in, amount_out;                   // base units, decimal
    std::int64_t block_number = 0;
    std::int64_t swapped_at = 0;  // the block's timestamp
};

struct SwapPage {
    std::vector<SwapRecord> list;
    std::int64_t total = 0;
};

class SwapStore {
  public:
    virtual ~SwapStore() = default;
    // False when the swap was recorded already (nothing changes).
    virtual Task<bool> record(SwapRecord swap) = 0;
    // The wallet's swaps (as sender or recipient, lower case), newest first; page from 1.
    virtual Task<SwapPage> history(std::string wallet, int page, int size) = 0;
};

std::unique_ptr<SwapStore> open_swap_store(Store& store);

}  // namespace perch::store
