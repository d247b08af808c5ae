#pragma once
// The pool indexer of one chain: pools from the venues' factory events, V2 reserves from Sync,
// V3 state from Initialize/Swap/Mint/Burn, read with eth_getLogs from the chain's start block
// and kept in memory (read again on start). Reorg-safe like the deposit watcher: each round
// checks that the last block read is still the chain's. When it is not, the state goes back to
// the newest checkpoint still on the chain (a copy of the book every few blocks, the last few
// kept: pool state is not cheaply undone event by event) and is read on from there; only a
// reorganisation deeper than every checkpoint reads again from the start block, which on a real
// chain is millions of blocks back. A node that has not got a block yet (null: a load-balanced
// provider's lagging backend, a head a few blocks back) is "not yet", never a reorganisation:
// the round reads nothing and the next one asks again.
// The router reads an immutable PoolSet: after each round that changed pools, a copy of the last
// one with those pools replaced is published.
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/json/fwd.hpp>
#include <chrono>
#include <deque>
#include <memory>
#include <set>

#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"
#include "swap/pool_book.hpp"
#include "swap/pool_set.hpp"

namespace perch::swap {

struct IndexerOptions {
    std::chrono::milliseconds poll{500};
    std::uint64_t max_log_range = 2000;  // blocks per eth_getLogs
};

class PoolIndexer {
  public:
    PoolIndexer(std::int64_t chain_id, chain::rpc::RpcClient& rpc, std::vector<Venue> venues,
                std::uint64_t start_block, IndexerOptions options = {});

    // The loop on `ex` until stop(); errors are logged once per outage and retried each poll.
    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }

    // One round: reorg check, factory logs, pool logs, publish. Returns true when it reached the
    // chain's head. Throws RpcError when the node does not answer.
    Task<bool> sync_once();

    // The pools as of indexed_block(); null until the first round has read up to the head.
    std::shared_ptr<const PoolSet> pools() const;
    std::uint64_t indexed_block() const { return indexed_block_; }
    // The full state (ticks with their gross liquidity), for tests; only between rounds.
    const PoolBook& book() const { return book_; }
    std::int64_t chain_id() const { return chain_id_; }
    // How often the state was read again from the start block (a reset, or a reorganisation
    // deeper than every checkpoint), and how often it went back to a checkpoint.
    int rebuilds() const { return rebuilds_; }
    int rewinds() const { return rewinds_; }

    // A copy of the book every this many blocks read; the newest kCheckpoints are kept.
    static constexpr std::uint64_t kCheckpointEvery = 8;
    static constexpr std::size_t kCheckpoints = 4;

  private:
    Task<void> loop();
    void rebuild();
    // After a reorganisation below next_block_: back to the newest checkpoint still on the
    // chain, else rebuild(). False when the node could not say yet (read again next round).
    Task<bool> rewind();
    void checkpoint(std::uint64_t block, const std::string& hash);
    void apply_logs(const boost::json::value& logs);
    static std::vector<PoolEvent> decode_all(const boost::json::value& logs);

    // A head this many blocks below what was read is a lagging node ("not yet"), not a reset.
    static constexpr std::uint64_t kBehindTolerance = 16;
    void publish();

    std::int64_t chain_id_;
    chain::rpc::RpcClient& rpc_;
    std::vector<Venue> venues_;
    std::uint64_t start_block_;
    IndexerOptions options_;
    std::atomic<bool> stopping_{false};

    // Touched only by the loop (one coroutine at a time).
    PoolBook book_;
    std::uint64_t next_block_;
    std::string last_hash_;  // hash of next_block_ - 1 as read; empty before the first round
    bool rebuilt_ = true;    // publish a fresh set, not a copy of the last one
    std::set<chain::Address> changed_;  // pools whose state the round changed
    int rebuilds_ = 0;
    int rewinds_ = 0;
    struct Checkpoint {
        std::uint64_t block;
        std::string hash;
        PoolBook book;
    };
    std::deque<Checkpoint> checkpoints_;  // oldest first

    PoolSetHandle published_;
    std::atomic<bool> ready_{false};  // published once: an empty set then means no pools
    std::atomic<std::uint64_t> indexed_block_{0};
};

}  // namespace perch::swap
