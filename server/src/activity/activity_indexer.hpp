#pragma once
// The activity indexer of one EVM chain: blocks with their transactions and receipts from the
// configured start block up to head - confirmations, a batch of blocks at a time (one JSON-RPC
// batch of eth_getBlockByNumber(full), then one of eth_getBlockReceipts, or of
// eth_getTransactionReceipt on nodes without it such as Hardhat 3), written with the cursor in one
// store transaction per batch, so a restart resumes where the last batch ended.
// Reorg-safe like the deposit watcher: each block's parent hash must be the hash of the block
// read before it (and, while caught up, the last block read must still be the chain's). On a
// mismatch the stored hashes of the last blocks are compared with the chain's to find the fork,
// and the store undoes every block from there (its per-block undo log, `keep_blocks` deep).
#include <atomic>
#include <boost/asio/any_io_executor.hpp>
#include <boost/json/value.hpp>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "activity/block_activity.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"
#include "store/activity_store.hpp"

namespace perch::activity {

struct IndexerOptions {
    std::uint32_t confirmations = 1;  // index blocks this deep below the head
    std::uint32_t batch_blocks = 50;  // blocks per RPC batch and store transaction
    std::chrono::milliseconds poll{1000};
    std::int64_t start_block = 0;
    std::int64_t keep_blocks = 256;  // how deep a reorganisation can be undone
};

struct ChainSetup {
    std::int64_t chain_id = 0;
    std::string name;
    std::vector<TokenInfo> tokens;  // the native coin first, then the catalog's ERC-20s
    // The chain profile's first block of the deployment on this chain (`start_block`, else
    // `deploy_block`): a chain's earlier blocks are never read.
    std::int64_t start_block = 0;
};

class ActivityIndexer {
  public:
    ActivityIndexer(ChainSetup chain, chain::rpc::RpcClient& rpc, store::ActivityStore& store,
                    IndexerOptions options);

    // The loop on `ex` until stop(); errors are logged once per outage and retried each poll.
    void start(const boost::asio::any_io_executor& ex);
    void stop() { stopping_ = true; }

    // One round: a reorg check, then one batch. True when nothing was left to read.
    // Throws RpcError when the node does not answer, DbError when the store fails.
    Task<bool> sync_once();

    const ChainSetup& chain() const { return chain_; }
    // The newest block indexed (-1 before the first), and the newest head seen.
    std::int64_t indexed_block() const { return indexed_block_; }
    std::int64_t head_block() const { return head_block_; }

  private:
    Task<void> loop();
    Task<void> load_cursor();
    Task<std::vector<BlockFacts>> read_blocks(std::int64_t from, std::int64_t to);
    Task<std::vector<boost::json::value>> receipts_by_block(
        const std::vector<boost::json::value>& blocks);
    Task<std::vector<boost::json::value>> receipts_by_tx(
        const std::vector<boost::json::value>& blocks);
    Task<void> resolve_contracts(std::vector<BlockFacts>& blocks, std::int64_t at_block);
    Task<void> write(const std::vector<BlockFacts>& blocks);
    Task<bool> still_on_chain();
    Task<void> rewind_to_fork();

    ChainSetup chain_;
    chain::rpc::RpcClient& rpc_;
    store::ActivityStore& store_;
    IndexerOptions options_;
    std::set<std::string> token_addresses_;
    std::atomic<bool> stopping_{false};

    // Touched only by the loop (one coroutine at a time).
    bool loaded_ = false;
    bool block_receipts_ = true;  // until the node says it has no eth_getBlockReceipts
    std::int64_t next_block_ = 0;
    std::string last_hash_;
    std::unordered_map<std::string, bool> has_code_;  // bounded: cleared when large

    std::atomic<std::int64_t> indexed_block_{-1};
    std::atomic<std::int64_t> head_block_{-1};
};

}  // namespace perch::activity
