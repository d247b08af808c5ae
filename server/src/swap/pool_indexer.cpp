#include "swap/pool_indexer.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/redirect_error.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "core/poll_loop.hpp"

namespace perch::swap {
namespace json = boost::json;
using chain::rpc::Call;
using chain::rpc::quantity_hex;

namespace {

Call block_call(std::uint64_t number) {
    return {"eth_getBlockByNumber", json::array{json::string(quantity_hex(number)), false}};
}

std::string hash_of(const json::value& block) {
    const auto* hash = block.is_object() ? block.as_object().if_contains("hash") : nullptr;
    return hash && hash->is_string() ? std::string(hash->as_string()) : std::string();
}

Call logs_call(const std::vector<chain::Address>& emitters,
               const std::vector<chain::Hash32>& topics, std::uint64_t from, std::uint64_t to) {
    json::array addresses, topic0;
    for (const auto& a : emitters) addresses.emplace_back(a.lower_hex());
    for (const auto& t : topics) topic0.emplace_back(t.hex());
    json::object filter{{"address", std::move(addresses)},
                        {"topics", json::array{std::move(topic0)}},
                        {"fromBlock", quantity_hex(from)},
                        {"toBlock", quantity_hex(to)}};
    return {"eth_getLogs", json::array{std::move(filter)}};
}

const json::value& result_of(const chain::rpc::Reply& reply) {
    if (reply.error) throw *reply.error;
    return reply.result;
}

}  // namespace

PoolIndexer::PoolIndexer(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                         std::vector<Venue> venues, std::uint64_t start_block,
                         IndexerOptions options)
    : chain_id_(chain_id),
      rpc_(rpc),
      venues_(std::move(venues)),
      start_block_(start_block),
      options_(options),
      book_(venues_),
      next_block_(start_block) {}

void PoolIndexer::start(const boost::asio::any_io_executor& ex) {
    boost::asio::co_spawn(ex, loop(), boost::asio::detached);
}

std::shared_ptr<const PoolSet> PoolIndexer::pools() const {
    return ready_ ? published_.load() : nullptr;
}

void PoolIndexer::rebuild() {
    book_ = PoolBook(venues_);
    next_block_ = start_block_;
    last_hash_.clear();
    changed_.clear();
    checkpoints_.clear();
    rebuilt_ = true;
}

void PoolIndexer::checkpoint(std::uint64_t block, const std::string& hash) {
    if (!checkpoints_.empty() && block < checkpoints_.back().block + kCheckpointEvery) return;
    checkpoints_.push_back({block, hash, book_});
    if (checkpoints_.size() > kCheckpoints) checkpoints_.pop_front();
}

Task<bool> PoolIndexer::rewind() {
    if (!checkpoints_.empty()) {
        std::vector<Call> calls;
        for (const auto& c : checkpoints_) calls.push_back(block_call(c.block));
        auto replies = co_await rpc_.batch(std::move(calls));
        while (!checkpoints_.empty()) {
            auto hash = hash_of(result_of(replies.at(checkpoints_.size() - 1)));
            if (hash.empty()) co_return false;  // this node has not got the block yet
            if (hash == checkpoints_.back().hash) break;
            checkpoints_.pop_back();  // reorganised away too
        }
    }
    if (checkpoints_.empty()) {
        spdlog::warn("swap: chain {} reorganised below every checkpoint; rebuilding pools",
                     chain_id_);
        ++rebuilds_;
        rebuild();
        co_return true;
    }
    const auto& kept = checkpoints_.back();
    spdlog::warn("swap: chain {} reorganised below block {}; reading again from block {}",
                 chain_id_, next_block_, kept.block + 1);
    ++rewinds_;
    book_ = kept.book;
    next_block_ = kept.block + 1;
    last_hash_ = kept.hash;
    changed_.clear();
    rebuilt_ = true;  // pools may have gone as well as changed: publish a whole new set
    co_return true;
}

void PoolIndexer::publish() {
    auto next =
        rebuilt_ ? std::make_shared<PoolSet>() : std::make_shared<PoolSet>(*published_.load());
    auto pools =
        rebuilt_ ? book_.pools() : std::vector<chain::Address>(changed_.begin(), changed_.end());
    for (const auto& address : pools) {
        auto pool = book_.tradable(address);
        if (!pool) continue;  // a V3 pool without a price yet
        if (auto added = next->upsert(std::move(*pool)); !added)
            spdlog::warn("swap: chain {}: pool {} left out: {}", chain_id_, address.lower_hex(),
                         added.error().message);
    }
    published_.store(std::move(next));
    indexed_block_ = next_block_ - 1;
    ready_ = true;
    changed_.clear();
    rebuilt_ = false;
}

Task<bool> PoolIndexer::sync_once() {
    chain::rpc::Eth eth(rpc_);
    auto head = co_await eth.block_number();
    if (head + 1 < next_block_) {
        // A node a few blocks behind the one that answered before (a load-balanced provider's
        // backends): nothing to read from it yet. Further back it is a reset: read again.
        if (next_block_ - 1 - head <= kBehindTolerance) co_return true;
        spdlog::warn("swap: chain {} head {} is below block {} already read; rebuilding pools",
                     chain_id_, head, next_block_ - 1);
        ++rebuilds_;
        rebuild();
    }
    bool check = !last_hash_.empty();
    bool read = next_block_ <= head;
    // At the head with nothing new: no request (a replaced head block is found with the next one).
    if (check && !read) check = false;
    if (check || read) {
        auto to = std::min(head, next_block_ + options_.max_log_range - 1);
        std::vector<Call> calls;
        if (check) calls.push_back(block_call(next_block_ - 1));
        if (read) {
            calls.push_back(logs_call(book_.factories(), factory_event_topics(), next_block_, to));
            calls.push_back(block_call(to));
        }
        auto replies = co_await rpc_.batch(std::move(calls));
        if (check) {
            auto last = hash_of(result_of(replies[0]));
            if (last.empty()) co_return true;  // this node has not got the block yet
            if (last != last_hash_) {
                co_await rewind();
                co_return false;  // the next round reads on from where it went back to
            }
        }
        if (read) {
            auto to_hash = hash_of(result_of(replies[check ? 2 : 1]));
            if (to_hash.empty()) co_return true;  // its logs may stop short of `to`: not yet
            auto factory_logs = result_of(replies[check ? 1 : 0]);
            // The pools' own logs, new pools included, from a node that has `to` as well; nothing
            // is applied before both reads are whole.
            auto pools = book_.pools();
            for (const auto& event : decode_all(factory_logs))
                pools.push_back(PoolBook::pool_of(event));
            json::value pool_logs = json::array();
            if (!pools.empty()) {
                std::vector<Call> pool_calls{logs_call(pools, pool_event_topics(), next_block_, to),
                                             block_call(to)};
                auto pool_replies = co_await rpc_.batch(std::move(pool_calls));
                if (hash_of(result_of(pool_replies[1])) != to_hash) co_return true;
                pool_logs = result_of(pool_replies[0]);
            }
            apply_logs(factory_logs);
            apply_logs(pool_logs);
            next_block_ = to + 1;
            last_hash_ = to_hash;
            checkpoint(to, to_hash);
        }
    }
    bool at_head = next_block_ > head;
    // A rebuild (the first round included) publishes even when no pool changed.
    if (at_head && (!changed_.empty() || rebuilt_)) {
        publish();
    } else if (at_head) {
        indexed_block_ = next_block_ - 1;
    }
    co_return at_head;
}

std::vector<PoolEvent> PoolIndexer::decode_all(const json::value& logs) {
    std::vector<PoolEvent> out;
    if (!logs.is_array()) return out;
    for (const auto& log : logs.as_array())
        if (auto event = decode_pool_event(log, nullptr)) out.push_back(std::move(*event));
    return out;
}

void PoolIndexer::apply_logs(const json::value& logs) {
    if (!logs.is_array()) return;
    for (const auto& log : logs.as_array()) {
        std::string why;
        auto event = decode_pool_event(log, &why);
        if (event && book_.apply(*event, &why)) {
            changed_.insert(book_.pool_of(*event));
            continue;
        }
        spdlog::warn("swap: chain {}: log skipped: {}", chain_id_, why);
    }
}

Task<void> PoolIndexer::loop() {
    return poll_until_stopped(stopping_, options_.poll,
                              "swap: chain " + std::to_string(chain_id_) + " indexer",
                              [this] { return sync_once(); });
}

}  // namespace perch::swap
