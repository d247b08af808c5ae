#pragma once
// What a chain follower has read of the newest blocks, answered to every reader of the chain
// instead of the node. Providers bill each call, and an idle chain is read by the maker, the
// activity indexer, the swap pool indexer and the bridge-pool indexer alike: each asking the head
// on its own timer and reading every new block's logs again. With one follower per chain reading
// each new block once (its header or full block, and one eth_getLogs for the addresses the readers
// asked about), those readers' calls near the head are answered here.
//
// Only what is certainly the node's answer is given: a call set is answered whole or not at all
// (a batch's answers then come from one node, as lagging-node checks assume), logs only for blocks
// read after the reader's addresses were known, and nothing once the follower has not heard the
// node for `fresh_for` (the readers then ask the node, as without a follower). Thread-safe: the
// follower writes on its executor, readers read from any.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "chain/rpc/head_feed.hpp"
#include "chain/rpc/rpc_client.hpp"

namespace perch::chain::rpc {

// What the readers asked for that the follower should read with each block.
struct Interest {
    std::vector<std::string> addresses;  // log addresses, lower-case hex
    bool full_blocks = false;            // a reader asked for blocks with their transactions
};

// Whether a log matches an eth_getLogs filter's address and topics (positions: null, one topic,
// or a list of alternatives), as a node decides it.
bool log_matches(const boost::json::object& filter, const boost::json::object& log);

class ReadCache {
  public:
    using Clock = std::chrono::steady_clock;
    ReadCache(std::chrono::milliseconds fresh_for, std::size_t window = 64);

    // Readers' side. Answers for every call, or nothing (ask the node for all of them).
    std::optional<std::vector<Reply>> answer(const std::vector<Call>& calls, Clock::time_point now);
    // A set that was not answered: what in it the follower should read from now on.
    void note_interest(const std::vector<Call>& calls);
    // A node's answer kept for a while (the priority fee: it moves slowly, readers ask it often).
    void remember(const Call& call, const boost::json::value& result, Clock::time_point now);

    // Follower's side.
    Interest interest() const;
    // Blocks read in order, each the parent of the next, with the logs of `read.addresses` in
    // them. Extends the followed chain when the first is the child of its newest block; anything
    // else (a reorganisation, a restart, a gap) replaces what was followed. Logs whose block hash
    // is not their block's are refused: the blocks and logs came from different forks.
    // Returns false (nothing changed) when the blocks do not link or the logs do not fit.
    bool add(const std::vector<boost::json::object>& blocks, const boost::json::array& logs,
             const Interest& read, Clock::time_point now);
    // The node answered and what is followed is still current.
    void heard(Clock::time_point now);
    std::optional<Head> head() const;
    std::optional<std::string> hash_at(std::uint64_t number) const;

  private:
    struct Block {
        boost::json::object block;  // as read: with transactions when `full`
        bool full = false;
        std::vector<boost::json::object> logs;  // of the covered addresses, in node order
    };
    bool fresh(Clock::time_point now) const;
    std::optional<boost::json::value> answer_one(const Call& call) const;
    std::optional<boost::json::value> block_answer(const boost::json::array& params) const;
    std::optional<boost::json::value> logs_answer(const boost::json::array& params) const;

    mutable std::mutex mutex_;
    std::chrono::milliseconds fresh_for_;
    std::size_t window_;
    std::map<std::uint64_t, Block> blocks_;
    std::map<std::string, std::uint64_t> covered_from_;  // address -> first block read with it
    std::set<std::string> wanted_;
    bool want_full_ = false;
    Clock::time_point heard_at_{};
    std::optional<std::pair<boost::json::value, Clock::time_point>> priority_fee_;
};

}  // namespace perch::chain::rpc
