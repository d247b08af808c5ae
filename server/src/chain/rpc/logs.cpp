#include "chain/rpc/logs.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "chain/rpc/errors.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::chain::rpc {
namespace json = boost::json;

bool is_log_range_cap(const RpcError& error) {
    return error.kind() == RpcError::Kind::rpc && classify(error) == NodeSays::log_range_too_large;
}

LogSpan::LogSpan(std::uint64_t max_blocks, int grow_after)
    : max_(std::max<std::uint64_t>(1, max_blocks)), blocks_(max_), grow_after_(grow_after) {}

void LogSpan::refused() {
    blocks_ = std::max<std::uint64_t>(1, blocks_ / 2);
    answered_in_a_row_ = 0;
}

void LogSpan::answered() {
    if (blocks_ >= max_ || ++answered_in_a_row_ < grow_after_) return;
    blocks_ = std::min(max_, blocks_ * 2);
    answered_in_a_row_ = 0;
}

namespace {

Call logs_call(json::object filter, std::uint64_t from, std::uint64_t to) {
    filter["fromBlock"] = quantity_hex(from);
    filter["toBlock"] = quantity_hex(to);
    return {"eth_getLogs", json::array{std::move(filter)}};
}

Call block_call(std::uint64_t number) {
    return {"eth_getBlockByNumber", json::array{json::string(quantity_hex(number)), false}};
}

// The block's hash, or "" for null (the answering node does not have the block).
std::string hash_of(const json::value& block) {
    if (block.is_null()) return {};
    if (!block.is_object()) throw RpcError(RpcError::Kind::bad_response, "block is not an object");
    const auto* hash = block.as_object().if_contains("hash");
    if (!hash || !hash->is_string())
        throw RpcError(RpcError::Kind::bad_response, "block has no hash");
    return std::string(hash->as_string());
}

}  // namespace

Task<LogsRead> get_logs_adaptive(RpcClient& rpc, json::object filter, std::uint64_t from,
                                 std::uint64_t to, LogSpan& span) {
    LogsRead read;
    read.next_block = from;
    while (read.next_block <= to) {
        auto end = std::min(to, read.next_block + span.blocks() - 1);
        std::vector<Call> calls;
        calls.push_back(logs_call(filter, read.next_block, end));
        calls.push_back(block_call(end));
        auto replies = co_await rpc.batch(std::move(calls));
        if (replies[0].error) {
            if (!is_log_range_cap(*replies[0].error) || end == read.next_block)
                throw *replies[0].error;
            span.refused();
            continue;
        }
        if (replies[1].error) throw *replies[1].error;
        auto hash = hash_of(replies[1].result);
        if (hash.empty()) break;  // not yet: this node has not got the span's last block
        if (!replies[0].result.is_array())
            throw RpcError(RpcError::Kind::bad_response, "eth_getLogs did not answer an array");
        span.answered();
        for (auto& log : replies[0].result.as_array()) read.logs.push_back(std::move(log));
        read.next_block = end + 1;
        read.last_hash = std::move(hash);
    }
    co_return read;
}

}  // namespace perch::chain::rpc
