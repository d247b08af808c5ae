#pragma once
// eth_getLogs as providers serve it: ranges and result counts are capped (the cap differs per
// provider and plan and is only known from the refusal), and behind a load balancer the answering
// node may be a few blocks behind the head another node reported.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"

namespace perch::chain::rpc {

// True when the provider refused an eth_getLogs for its block range or its number of results:
// the same filter over a smaller range will do.
bool is_log_range_cap(const RpcError& error);

// How many blocks one eth_getLogs of a reader (one watcher, one indexer) asks for: halved on each
// cap refusal, doubled back after `grow_after` answered requests in a row, within [1, max_blocks].
class LogSpan {
  public:
    explicit LogSpan(std::uint64_t max_blocks, int grow_after = 4);
    std::uint64_t blocks() const { return blocks_; }
    void refused();
    void answered();

  private:
    std::uint64_t max_;
    std::uint64_t blocks_;
    int grow_after_;
    int answered_in_a_row_ = 0;
};

struct LogsRead {
    boost::json::array logs;       // every matching log of [from, next_block - 1], in node order
    std::uint64_t next_block = 0;  // the first block not read: `from` when nothing was read
    std::string last_hash;         // the hash of block next_block - 1 ("" when nothing was read)
};

// Reads the logs matching `filter` (address and topics; the block range is set here) from block
// `from` through `to`, in spans the provider accepts. Each span is asked in one batch together with
// its last block. A node that answers null for that block has not got it yet (a lagging backend),
// so its empty or short log list proves nothing: the read stops before that span ("not yet") and
// the caller asks again later from next_block. Other errors are thrown as RpcError.
Task<LogsRead> get_logs_adaptive(RpcClient& rpc, boost::json::object filter, std::uint64_t from,
                                 std::uint64_t to, LogSpan& span);

}  // namespace perch::chain::rpc
