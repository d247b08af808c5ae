#include "chain/rpc/follower.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/json.hpp>

#include "chain/rpc/eth.hpp"
#include "chain/rpc/logs.hpp"
#include "core/wakeup.hpp"

namespace perch::chain::rpc {
namespace json = boost::json;
namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

namespace {

// The readers fall back to the node when the follower has not heard it for this long.
std::chrono::milliseconds fresh_for(std::chrono::milliseconds block_time) {
    return std::max(std::chrono::milliseconds(3000), 3 * block_time);
}

Call block_call(const json::value& block, bool full) {
    return {"eth_getBlockByNumber", json::array{block, full}};
}

Call logs_call(const Interest& interest, std::uint64_t from, const json::value& to) {
    json::array addresses;
    for (const auto& a : interest.addresses) addresses.emplace_back(a);
    json::object filter{
        {"fromBlock", quantity_hex(from)}, {"toBlock", to}, {"address", std::move(addresses)}};
    return {"eth_getLogs", json::array{std::move(filter)}};
}

// The logs of one block by its hash (EIP-234): a node that has not got that block answers an
// error, never an empty list, so a lagging backend cannot hide a block's logs.
Call block_logs_call(const Interest& interest, const std::string& hash) {
    json::array addresses;
    for (const auto& a : interest.addresses) addresses.emplace_back(a);
    json::object filter{{"blockHash", hash}, {"address", std::move(addresses)}};
    return {"eth_getLogs", json::array{std::move(filter)}};
}

}  // namespace

ChainFollower::ChainFollower(RpcClient& rpc, FollowOptions options)
    : rpc_(rpc),
      options_(options),
      cache_(std::make_shared<ReadCache>(fresh_for(options.block_time), options.window)),
      pacer_(options.block_time) {}

ChainFollower::~ChainFollower() = default;

void ChainFollower::stop() {
    stopping_ = true;
    if (feed_) feed_->stop();
}

std::size_t ChainFollower::subscribe(OnBlock on_block) {
    std::lock_guard lock(subscribers_mutex_);
    subscribers_[next_subscriber_] = std::move(on_block);
    return next_subscriber_++;
}

void ChainFollower::unsubscribe(std::size_t id) {
    std::lock_guard lock(subscribers_mutex_);
    subscribers_.erase(id);
}

void ChainFollower::publish(const Head& head) {
    // Held while calling: once unsubscribe() returns, no call is under way (callers only post).
    std::lock_guard lock(subscribers_mutex_);
    for (auto& [id, on_block] : subscribers_) on_block(head);
}

Task<void> ChainFollower::run() {
    auto executor = co_await asio::this_coro::executor;
    wake_ = std::make_unique<Wakeup>(executor);
    if (options_.head_feed && rpc_.url_count() > 0) {
        feed_ = std::make_unique<HeadFeed>(rpc_.urls().front(), [this](const Head& head) {
            announced_ = head;
            wake_->notify();
        });
        if (feed_->usable())
            asio::co_spawn(executor, feed_->run(), asio::detached);
        else
            feed_.reset();
    }
    int failures = 0;
    while (!stopping_) {
        try {
            co_await step();
            failures = 0;
        } catch (const std::exception& e) {
            // Paced as usual from here: the next head or poll reads again. The readers ask the
            // node themselves meanwhile (the cache is no longer fresh).
            announced_.reset();
            pacer_.failed();
            if (++failures == 1 || failures % 60 == 0)
                spdlog::warn(
                    "chain {}: the head follower could not read the node ({} in a row): {}",
                    rpc_.label(), failures, e.what());
        }
        if (stopping_) break;
        co_await wake_->wait(next_wait());
    }
}

std::chrono::milliseconds ChainFollower::next_wait() const {
    auto quarter = std::max(std::chrono::milliseconds(50), options_.block_time / 4);
    if (announced_) return quarter;
    // With a live feed, a poll only when it has been silent for three block times.
    if (feed_live()) return 3 * options_.block_time;
    return pacer_.wait(Clock::now());
}

Task<void> ChainFollower::step() {
    auto head = cache_->head();
    if (announced_) {
        auto target = *announced_;
        announced_.reset();
        if (!head || target.number != head->number || target.hash != head->hash)
            co_await read_to(target.number);
        co_return;
    }
    // A poll: the newest block and, when the pacer expects one, in the same batch (so from the
    // same node, which has that block) the logs after the followed head: one new block costs these
    // two calls only, and a probe that finds nothing one.
    auto interest = cache_->interest();
    bool wants_logs = head && !interest.addresses.empty();
    auto sent = Clock::now();
    bool with_logs = wants_logs && pacer_.expects_block(sent);
    std::vector<Call> calls;
    calls.push_back(block_call(json::string("latest"), interest.full_blocks));
    if (with_logs) calls.push_back(logs_call(interest, head->number + 1, json::string("latest")));
    auto replies = co_await rpc_.batch_from_node(std::move(calls));
    if (replies[0].error) throw *replies[0].error;
    if (!replies[0].result.is_object()) {  // no block yet
        pacer_.found_stale();
        co_return;
    }
    auto latest = replies[0].result.as_object();
    auto number = quantity_u64(latest.at("number"));
    std::string hash(latest.at("hash").as_string());
    // Unchanged, or a lagging node's older block of the same chain: nothing new.
    if (head && hash == head->hash) {
        cache_->heard(Clock::now());
        pacer_.found_nothing(sent);
        co_return;
    }
    if (head && number < head->number && cache_->hash_at(number) == hash) {
        cache_->heard(Clock::now());
        pacer_.found_stale();
        co_return;
    }
    pacer_.found_block(sent, number);
    bool next_one = head && number == head->number + 1;
    if (next_one && wants_logs && !with_logs) {
        // A probe found the next block: its logs by its hash, one call, as a poll would have.
        std::vector<Call> call;
        call.push_back(block_logs_call(interest, hash));
        auto logs = co_await rpc_.batch_from_node(std::move(call));
        if (!logs[0].error && logs[0].result.is_array()) {
            std::vector<json::object> blocks{std::move(latest)};
            accept(blocks, logs[0].result.as_array(), interest);
            co_return;
        }
    } else if (next_one &&
               (!wants_logs || (with_logs && !replies[1].error && replies[1].result.is_array()))) {
        // Logs of a block that came between the two calls are read with it, next time.
        json::array logs;
        if (with_logs)
            for (const auto& log : replies[1].result.as_array())
                if (log.is_object() && log.as_object().contains("blockNumber") &&
                    quantity_u64(log.as_object().at("blockNumber")) <= number)
                    logs.push_back(log);
        std::vector<json::object> blocks{std::move(latest)};
        accept(blocks, logs, interest);
        co_return;
    }
    // The first block, several new ones, a reorganisation, or a probe's find: read with their
    // logs in one batch.
    co_await read_to(number);
}

Task<void> ChainFollower::read_to(std::uint64_t target, bool alone) {
    auto head = cache_->head();
    auto first = target;
    if (!alone && head && target > head->number && target - head->number <= options_.max_gap)
        first = head->number + 1;
    auto interest = cache_->interest();
    std::vector<Call> calls;
    for (auto n = first; n <= target; ++n)
        calls.push_back(block_call(json::string(quantity_hex(n)), interest.full_blocks));
    bool with_logs = !interest.addresses.empty();
    if (with_logs) calls.push_back(logs_call(interest, first, json::string(quantity_hex(target))));
    auto replies = co_await rpc_.batch_from_node(std::move(calls));
    if (with_logs && replies.back().error) {
        // A provider's range cap below our gap: the newest block alone is always accepted.
        if (first < target && is_log_range_cap(*replies.back().error)) {
            co_await read_to(target, true);
            co_return;
        }
        throw *replies.back().error;
    }
    std::vector<json::object> blocks;
    auto block_count = replies.size() - (with_logs ? 1 : 0);
    for (std::size_t i = 0; i < block_count; ++i) {
        if (replies[i].error) throw *replies[i].error;
        // Null: the answering node has not got the block yet (a lagging backend): its logs prove
        // nothing. Again soon.
        if (!replies[i].result.is_object()) {
            announced_ = Head{target, ""};
            co_return;
        }
        blocks.push_back(replies[i].result.as_object());
    }
    json::array logs;
    if (with_logs && replies.back().result.is_array()) logs = replies.back().result.as_array();
    accept(blocks, logs, interest);
}

void ChainFollower::accept(const std::vector<json::object>& blocks, const json::array& logs,
                           const Interest& interest) {
    if (!cache_->add(blocks, logs, interest, Clock::now()))
        throw RpcError(RpcError::Kind::bad_response,
                       "the blocks and logs read do not fit together (the chain moved while they "
                       "were read)");
    blocks_read_ += blocks.size();
    if (auto head = cache_->head()) publish(*head);
}

}  // namespace perch::chain::rpc
