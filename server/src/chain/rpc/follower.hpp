#pragma once
// One follower per chain: the only part of perch that asks a node for its head and reads each new
// block, once, for every reader of the chain (the maker, the indexers). Heads come from the node's
// WebSocket feed where it has one (then each new block is one batch: the block and the logs of
// every address the readers follow; a poll only when the feed has been silent for three block
// times), otherwise from polls aimed just after the chain's blocks (chain/rpc/poll_pacer; each one
// batch: the newest block and the logs after the followed head). What is read goes into a ReadCache
// that the chain's RpcClient answers the readers from. An idle chain then costs about 2 calls a
// block, whatever the number of readers.
#include <atomic>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "chain/rpc/head_feed.hpp"
#include "chain/rpc/poll_pacer.hpp"
#include "chain/rpc/read_cache.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"

namespace perch {
class Wakeup;
}

namespace perch::chain::rpc {

struct FollowOptions {
    std::chrono::milliseconds block_time{1000};  // the chain's pace: polls are this far apart
    bool head_feed = true;      // new heads over the RPC URL's WebSocket where it has one
    std::uint64_t max_gap = 8;  // more new blocks than this: the newest alone is read
    std::size_t window = 64;    // blocks kept for the readers
};

class ChainFollower {
  public:
    using OnBlock = std::function<void(const Head&)>;
    ChainFollower(RpcClient& rpc, FollowOptions options);
    ~ChainFollower();
    ChainFollower(const ChainFollower&) = delete;
    ChainFollower& operator=(const ChainFollower&) = delete;

    const std::shared_ptr<ReadCache>& cache() const { return cache_; }
    // Runs on the caller's executor until stop(); never throws.
    Task<void> run();
    void stop();
    // `on_block` is called on the follower's executor with each new head once its block is read
    // (readers then find it in the cache). Unsubscribed, it is never called again.
    std::size_t subscribe(OnBlock on_block);
    void unsubscribe(std::size_t id);
    // Blocks read and heads announced (for tests and logs).
    std::uint64_t blocks_read() const { return blocks_read_; }
    bool feed_live() const { return feed_ && feed_->subscribed(); }

  private:
    Task<void> step();
    // Reads the blocks after the followed head up to `target` (only `target` after a gap or a
    // reorganisation, or when `alone`) with their logs, in one batch: the node that answers has
    // every block asked (else "not yet"), so its logs are complete.
    Task<void> read_to(std::uint64_t target, bool alone = false);
    // Into the cache, then to the subscribers; throws when they do not fit (read again).
    void accept(const std::vector<boost::json::object>& blocks, const boost::json::array& logs,
                const Interest& interest);
    void publish(const Head& head);
    std::chrono::milliseconds next_wait() const;

    RpcClient& rpc_;
    FollowOptions options_;
    std::shared_ptr<ReadCache> cache_;
    std::unique_ptr<HeadFeed> feed_;
    std::unique_ptr<Wakeup> wake_;
    std::optional<Head> announced_;  // the feed's newest head not yet read
    std::atomic<bool> stopping_{false};
    std::uint64_t blocks_read_ = 0;
    PollPacer pacer_;  // when to poll without a feed
    std::mutex subscribers_mutex_;
    std::map<std::size_t, OnBlock> subscribers_;
    std::size_t next_subscriber_ = 1;
};

}  // namespace perch::chain::rpc
