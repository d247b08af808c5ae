#pragma once
// Storage of the activity indexer (issue 12): per (chain, address) figures, the sets behind the
// distinct counts (active days / weeks / months, contracts), value per token, and per chain the
// read cursor. Reorg safety: every block's write logs what it replaced (the row before it, or
// that a set row is new), so rewind() restores the figures of the blocks a reorganisation drops
// exactly; the log keeps only the last blocks (`keep_from`), like the block hashes.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

// One address's figures on one chain. The distinct counts (active_*, contracts) are kept by the
// store as it inserts set rows; a write's values for them are ignored.
struct ActivityAccount {
    std::string address;  // lower case
    std::int64_t tx_count = 0;
    std::int64_t first_active = 0;  // unix seconds; 0 before the first transaction
    std::int64_t last_active = 0;
    std::int64_t active_days = 0, active_weeks = 0, active_months = 0;
    std::int64_t contracts = 0;
    std::int64_t contracts_deployed = 0;
    std::string gas_spent = "0";  // wei, decimal
    bool operator==(const ActivityAccount&) const = default;
};

struct ActivityToken {
    std::string address;                     // lower case
    std::string token;                       // lower case; the zero address is the native coin
    std::string sent = "0", received = "0";  // base units, decimal
    bool operator==(const ActivityToken&) const = default;
};

// A period an address was active in: kind 'd' (YYYY-MM-DD), 'w' (YYYY-Www) or 'm' (YYYY-MM).
struct ActivityPeriod {
    std::string address;
    char kind = 'd';
    std::string period;
};

struct ActivityContract {
    std::string address;
    std::string contract;  // lower case
};

// What one block changed: the new state of every account and token row it touched, and the set
// rows it may add (already present ones are left as they are).
struct ActivityBlockWrite {
    std::int64_t number = 0;
    std::string hash;
    std::vector<ActivityAccount> accounts;
    std::vector<ActivityToken> tokens;
    std::vector<ActivityPeriod> periods;
    std::vector<ActivityContract> contracts;
};

struct ActivityCursor {
    std::int64_t next_block = 0;
    std::string last_hash;  // hash of next_block - 1; empty before the first block
};

// A term of a programme's score, computed in SQL for the rank: min(cap, (column / per) * points)
// (cap 0: none). `column` must be one of the integer columns of ActivityAccount.
struct ScoreTerm {
    std::string column;
    std::int64_t per = 1;
    double points = 0;
    double cap = 0;
};

struct RankResult {
    std::int64_t rank = 0;  // 1-based; 0 when the address has no transaction on the chain
    std::int64_t of = 0;    // addresses with a transaction on the chain
};

class ActivityStore {
  public:
    virtual ~ActivityStore() = default;
    virtual Task<std::optional<ActivityCursor>> cursor(std::int64_t chain_id) = 0;
    // The stored rows of these addresses (absent ones are left out).
    virtual Task<std::vector<ActivityAccount>> accounts(std::int64_t chain_id,
                                                        std::vector<std::string> addresses) = 0;
    virtual Task<std::vector<ActivityToken>> tokens(std::int64_t chain_id,
                                                    std::vector<std::string> addresses) = 0;
    // The newest `limit` active days of an address, oldest first.
    virtual Task<std::vector<std::string>> days(std::int64_t chain_id, std::string address,
                                                int limit) = 0;
    // One transaction: each block's rows with what they replaced, the block hashes, the cursor,
    // and the undo log and hashes of blocks below `keep_from` pruned.
    virtual Task<void> write_blocks(std::int64_t chain_id, std::vector<ActivityBlockWrite> blocks,
                                    ActivityCursor cursor, std::int64_t keep_from) = 0;
    // Undoes every block from `from_block` on (in one transaction) and moves the cursor there.
    // Blocks below the oldest one kept cannot be undone: the result is the first block undone.
    virtual Task<std::int64_t> rewind(std::int64_t chain_id, std::int64_t from_block) = 0;
    // The stored hashes of blocks [from, to] (those still kept), by number.
    virtual Task<std::vector<std::pair<std::int64_t, std::string>>> block_hashes(
        std::int64_t chain_id, std::int64_t from, std::int64_t to) = 0;
    // Rank of `address` by a programme's score among the chain's active addresses (one query).
    virtual Task<RankResult> rank(std::int64_t chain_id, std::string address,
                                  std::vector<ScoreTerm> terms) = 0;
};

std::unique_ptr<ActivityStore> open_activity_store(Store& store);

}  // namespace perch::store
