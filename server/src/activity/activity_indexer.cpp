#include "activity/activity_indexer.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "core/poll_loop.hpp"

namespace perch::activity {
namespace json = boost::json;
using chain::rpc::Call;
using chain::rpc::quantity_hex;

namespace {

constexpr std::size_t kMaxCodeCache = 200000;
constexpr std::size_t kReceiptsPerBatch = 1000;

const json::value& result_of(const chain::rpc::Reply& reply) {
    if (reply.error) throw *reply.error;
    return reply.result;
}

std::string hash_of(const json::value& block) {
    const auto* hash = block.is_object() ? block.as_object().if_contains("hash") : nullptr;
    return hash && hash->is_string() ? std::string(hash->as_string()) : std::string();
}

Call block_call(std::int64_t number, bool full) {
    return {"eth_getBlockByNumber",
            json::array{json::string(quantity_hex(static_cast<std::uint64_t>(number))), full}};
}

}  // namespace

ActivityIndexer::ActivityIndexer(ChainSetup chain, chain::rpc::RpcClient& rpc,
                                 store::ActivityStore& store, IndexerOptions options)
    : chain_(std::move(chain)), rpc_(rpc), store_(store), options_(options) {
    for (const auto& t : chain_.tokens) {
        if (t.address == kNativeToken) continue;
        token_addresses_.insert(t.address);
        has_code_[t.address] = true;
    }
}

void ActivityIndexer::start(const boost::asio::any_io_executor& ex) {
    boost::asio::co_spawn(ex, loop(), boost::asio::detached);
}

Task<void> ActivityIndexer::load_cursor() {
    auto cursor = co_await store_.cursor(chain_.chain_id);
    next_block_ = cursor ? cursor->next_block : std::max(options_.start_block, chain_.start_block);
    last_hash_ = cursor ? cursor->last_hash : std::string();
    indexed_block_ = next_block_ - 1;
    loaded_ = true;
}

Task<std::vector<BlockFacts>> ActivityIndexer::read_blocks(std::int64_t from, std::int64_t to) {
    std::vector<Call> calls;
    for (auto n = from; n <= to; ++n) calls.push_back(block_call(n, true));
    auto replies = co_await rpc_.batch(std::move(calls));
    std::vector<json::value> blocks;
    for (const auto& reply : replies) {
        const auto& block = result_of(reply);
        if (block.is_null()) break;  // beyond the head (a reorg shortened the chain): read later
        blocks.push_back(block);
    }
    std::vector<json::value> receipts;
    if (block_receipts_) {
        try {
            receipts = co_await receipts_by_block(blocks);
        } catch (const chain::rpc::RpcError& e) {
            if (e.kind() != chain::rpc::RpcError::Kind::rpc) throw;
            spdlog::info(
                "indexer: chain {} has no eth_getBlockReceipts ({}); reading receipts "
                "per transaction",
                chain_.chain_id, e.what());
            block_receipts_ = false;
        }
    }
    if (!block_receipts_) receipts = co_await receipts_by_tx(blocks);
    std::vector<BlockFacts> out;
    for (std::size_t i = 0; i < blocks.size(); ++i)
        out.push_back(decode_block(blocks[i], receipts[i], token_addresses_));
    co_return out;
}

Task<std::vector<json::value>> ActivityIndexer::receipts_by_block(
    const std::vector<json::value>& blocks) {
    std::vector<Call> calls;
    for (const auto& b : blocks)
        calls.push_back({"eth_getBlockReceipts", json::array{b.at("number")}});
    auto replies = co_await rpc_.batch(std::move(calls));
    std::vector<json::value> out;
    for (const auto& reply : replies) out.push_back(result_of(reply));
    co_return out;
}

// Nodes without eth_getBlockReceipts (Hardhat): every transaction's receipt, in batches.
Task<std::vector<json::value>> ActivityIndexer::receipts_by_tx(
    const std::vector<json::value>& blocks) {
    std::vector<Call> calls;
    for (const auto& b : blocks) {
        for (const auto& tx : b.at("transactions").as_array())
            calls.push_back({"eth_getTransactionReceipt", json::array{tx.at("hash")}});
    }
    auto replies = co_await rpc_.batch(std::move(calls), kReceiptsPerBatch);
    std::vector<json::value> flat;
    flat.reserve(replies.size());
    for (const auto& reply : replies) flat.push_back(result_of(reply));
    std::vector<json::value> out;
    std::size_t next = 0;
    for (const auto& b : blocks) {
        json::array receipts;
        for (std::size_t k = 0; k < b.at("transactions").as_array().size(); ++k)
            receipts.push_back(flat.at(next++));
        out.emplace_back(std::move(receipts));
    }
    co_return out;
}

// A transaction's `to` is a contract when its receipt has logs, or when it holds code (asked once
// per address, in one batch per round, and remembered).
Task<void> ActivityIndexer::resolve_contracts(std::vector<BlockFacts>& blocks,
                                              std::int64_t at_block) {
    std::vector<std::string> unknown;
    for (auto& b : blocks) {
        for (auto& tx : b.txs) {
            if (!tx.created.empty()) has_code_[tx.created] = true;
            if (!tx.to || tx.to_is_contract) continue;
            if (!has_code_.contains(*tx.to) &&
                std::find(unknown.begin(), unknown.end(), *tx.to) == unknown.end())
                unknown.push_back(*tx.to);
        }
    }
    if (has_code_.size() + unknown.size() > kMaxCodeCache) has_code_.clear();
    if (!unknown.empty()) {
        std::vector<Call> calls;
        auto tag = json::string(quantity_hex(static_cast<std::uint64_t>(at_block)));
        for (const auto& a : unknown)
            calls.push_back({"eth_getCode", json::array{json::string(a), tag}});
        auto replies = co_await rpc_.batch(std::move(calls));
        for (std::size_t i = 0; i < unknown.size(); ++i) {
            const auto& code = result_of(replies[i]);
            has_code_[unknown[i]] = code.is_string() && code.as_string().size() > 2;
        }
    }
    for (auto& b : blocks)
        for (auto& tx : b.txs)
            if (tx.to && !tx.to_is_contract) tx.to_is_contract = has_code_[*tx.to];
}

Task<void> ActivityIndexer::write(const std::vector<BlockFacts>& blocks) {
    std::vector<BlockDelta> deltas;
    std::set<std::string> touched;
    for (const auto& b : blocks) {
        deltas.push_back(block_delta(b));
        for (const auto& [address, _] : deltas.back()) touched.insert(address);
    }
    std::vector<std::string> addresses(touched.begin(), touched.end());
    RowState state;
    auto accounts = co_await store_.accounts(chain_.chain_id, addresses);
    for (auto& a : accounts) state.accounts[a.address] = std::move(a);
    auto tokens = co_await store_.tokens(chain_.chain_id, addresses);
    for (auto& t : tokens) state.tokens[{t.address, t.token}] = std::move(t);
    std::vector<store::ActivityBlockWrite> writes;
    for (std::size_t i = 0; i < blocks.size(); ++i)
        writes.push_back(block_write(blocks[i], deltas[i], state));
    auto next = blocks.back().number + 1;
    store::ActivityCursor cursor{next, blocks.back().hash};
    co_await store_.write_blocks(chain_.chain_id, std::move(writes), std::move(cursor),
                                 next - options_.keep_blocks);
    next_block_ = next;
    last_hash_ = blocks.back().hash;
    indexed_block_ = next - 1;
}

Task<bool> ActivityIndexer::still_on_chain() {
    if (last_hash_.empty()) co_return true;
    std::vector<Call> calls{block_call(next_block_ - 1, false)};
    auto replies = co_await rpc_.batch(std::move(calls));
    co_return hash_of(result_of(replies[0])) == last_hash_;
}

// The first stored block whose hash the chain no longer has; the store undoes from there.
Task<void> ActivityIndexer::rewind_to_fork() {
    auto stored = co_await store_.block_hashes(chain_.chain_id, next_block_ - options_.keep_blocks,
                                               next_block_ - 1);
    std::int64_t fork = stored.empty() ? next_block_ - 1 : stored.front().first;
    if (!stored.empty()) {
        std::vector<Call> calls;
        for (const auto& [number, _] : stored) calls.push_back(block_call(number, false));
        auto replies = co_await rpc_.batch(std::move(calls));
        for (std::size_t i = stored.size(); i-- > 0;) {
            if (hash_of(result_of(replies[i])) == stored[i].second) {
                fork = stored[i].first + 1;
                break;
            }
        }
    }
    auto from = co_await store_.rewind(chain_.chain_id, fork);
    if (from != fork)
        spdlog::error("indexer: chain {} reorganised below the {} blocks kept; undone from {}",
                      chain_.chain_id, options_.keep_blocks, from);
    spdlog::warn("indexer: chain {} reorganised; blocks from {} undone", chain_.chain_id, from);
    co_await load_cursor();
}

Task<bool> ActivityIndexer::sync_once() {
    if (!loaded_) co_await load_cursor();
    chain::rpc::Eth eth(rpc_);
    auto head = static_cast<std::int64_t>(co_await eth.block_number());
    head_block_ = head;
    auto target = head - static_cast<std::int64_t>(options_.confirmations);
    if (target < next_block_) {
        bool same = co_await still_on_chain();
        if (!same) co_await rewind_to_fork();
        co_return same;
    }
    auto to = std::min(target, next_block_ + options_.batch_blocks - 1);
    auto blocks = co_await read_blocks(next_block_, to);
    if (blocks.empty()) co_return true;  // the node's head moved back: wait a poll
    if (!last_hash_.empty() && blocks.front().parent_hash != last_hash_) {
        co_await rewind_to_fork();
        co_return false;
    }
    for (std::size_t i = 1; i < blocks.size(); ++i) {
        if (blocks[i].parent_hash != blocks[i - 1].hash) co_return false;  // changed mid-read
    }
    co_await resolve_contracts(blocks, blocks.back().number);
    co_await write(blocks);
    co_return next_block_ > target;
}

Task<void> ActivityIndexer::loop() {
    return poll_until_stopped(stopping_, options_.poll,
                              "indexer: chain " + std::to_string(chain_.chain_id),
                              [this] { return sync_once(); });
}

}  // namespace perch::activity
