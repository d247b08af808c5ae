#include "liquidity/pool_service.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>
#include <set>

#include "bridge/perch_pool.hpp"
#include "chain/rpc/eth.hpp"

namespace perch::liquidity {
namespace asio = boost::asio;
namespace json = boost::json;
using chain::U256;
using chain::rpc::Eth;

namespace {

constexpr std::uint64_t kMaxLogRange = 2000;  // blocks per eth_getLogs
constexpr auto kIndexEvery = std::chrono::milliseconds(1000);
constexpr auto kSettleEvery = std::chrono::seconds(60);

std::string token_key_address(const balance::TokenRef& ref) {
    return ref.native || ref.address.empty() ? chain::Address{}.lower_hex() : ref.address;
}

Task<void> sleep_for(std::chrono::milliseconds d) {
    asio::steady_timer timer(co_await asio::this_coro::executor, d);
    co_await timer.async_wait(asio::as_tuple(asio::use_awaitable));
}

U256 word_of(const chain::Bytes& bytes) {
    auto v = U256::from_be_bytes(bytes);
    return v ? *v : U256();
}

}  // namespace

std::string movement_key(std::int64_t chain_id, const std::string& token) {
    return std::to_string(chain_id) + ":" + token;
}

PoolService::PoolService(store::PoolStore& store, store::RewardsStore& rewards,
                         balance::BalanceService& balances, const catalog::Catalog& catalog,
                         PoolRules rules)
    : store_(store), rewards_(rewards), balances_(balances), rules_(std::move(rules)) {
    for (const auto& c : catalog.profile_chains()) {
        auto pool = chain::Address::from_hex(catalog.contract_address(c.chain_id, "Pool"));
        if (!pool) continue;
        pools_.emplace(c.chain_id, *pool);
        chains_.push_back(c);
    }
    for (const auto& c : chains_) {
        read_through_[c.chain_id] = std::make_unique<std::atomic<std::int64_t>>(0);
        for (const auto& [symbol, rate] : rules_.millipoints_per_token_hour) {
            auto ref = balances_.token(symbol, c.chain_id);
            if (!ref) continue;
            tokens_[c.chain_id].push_back(*ref);
            rates_[movement_key(c.chain_id, token_key_address(*ref))] = {rate, ref->decimals};
        }
    }
}

std::string PoolService::contract(std::optional<std::int64_t> chain_id) const {
    if (pools_.empty()) return {};
    if (!chain_id) return pools_.at(chains_.front().chain_id).lower_hex();
    auto it = pools_.find(*chain_id);
    return it == pools_.end() ? std::string() : it->second.lower_hex();
}

std::int64_t PoolService::start_block_of(std::int64_t chain_id) const {
    for (const auto& c : chains_)
        if (c.chain_id == chain_id) return c.start_block;
    return 0;
}

Task<ChainView> PoolService::chain_view(std::int64_t chain_id, std::string name,
                                        std::optional<chain::Address> user) {
    ChainView out{chain_id, std::move(name), {}, {}};
    auto* rpc = balances_.rpc(chain_id);
    if (!rpc) {
        out.error = "this server cannot reach the chain";
        co_return out;
    }
    Eth eth(*rpc);
    auto pool = pools_.at(chain_id);
    try {
        for (const auto& ref : tokens_[chain_id]) {
            auto token = *chain::Address::from_hex(token_key_address(ref));
            TokenView t{ref, {}, {}, {}, {}};
            t.total = word_of(co_await eth.call(pool, bridge::pool_total_deposits_calldata(token)));
            t.available = word_of(co_await eth.call(pool, bridge::pool_available_calldata(token)));
            t.owed = word_of(co_await eth.call(pool, bridge::pool_owed_calldata(token)));
            if (user)
                t.mine = word_of(
                    co_await eth.call(pool, bridge::pool_deposit_of_calldata(token, *user)));
            out.tokens.push_back(std::move(t));
        }
    } catch (const chain::rpc::RpcError& e) {
        spdlog::warn("pool: chain {} could not be read: {}", chain_id, e.what());
        out.tokens.clear();
        out.error = "the chain is not answering right now";
    }
    co_return out;
}

Task<std::vector<ChainView>> PoolService::view(std::optional<chain::Address> user) {
    std::vector<ChainView> out;
    for (const auto& c : chains_) out.push_back(co_await chain_view(c.chain_id, c.name, user));
    co_return out;
}

Task<PointsView> PoolService::settle(std::string user, std::int64_t now) {
    auto events = co_await store_.events_of(user);
    std::map<std::int64_t, std::vector<Movement>> by_chain;
    for (const auto& e : events) {
        auto amount = U256::from_dec(e.amount);
        if (!amount) continue;
        by_chain[e.chain_id].push_back(
            {movement_key(e.chain_id, e.token), e.kind == "deposit", *amount, e.block_time});
    }
    PointsView v;
    // Each chain's movements accrue up to the newest block read there, never past `now`.
    for (const auto& [chain_id, moves] : by_chain) {
        auto it = read_through_.find(chain_id);
        auto until = it == read_through_.end() ? now : std::min(now, it->second->load());
        v.accrued_millipoints += accrued_millipoints(moves, rates_, until);
    }
    v.credited = co_await rewards_.credit_up_to(user, "pool", pool_credit_prefix(user),
                                                v.accrued_millipoints / 1000, now);
    co_return v;
}

void PoolService::start(asio::io_context& ctx) {
    if (pools_.empty()) return;
    for (const auto& c : chains_) asio::co_spawn(ctx, index_loop(c.chain_id), asio::detached);
    asio::co_spawn(ctx, settle_loop(), asio::detached);
    spdlog::info("pool {}: indexing {} chain(s)", contract(), chains_.size());
}

Task<void> PoolService::index_loop(std::int64_t chain_id) {
    auto* rpc = balances_.rpc(chain_id);
    if (!rpc) co_return;
    int failures = 0;
    while (!stopping_) {
        try {
            co_await index_once(chain_id, *rpc);
            failures = 0;
        } catch (const std::exception& e) {
            if (failures++ == 0) spdlog::warn("pool: indexing chain {}: {}", chain_id, e.what());
        }
        co_await sleep_for(kIndexEvery);
    }
}

Task<void> PoolService::index_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    Eth eth(rpc);
    auto head = co_await eth.block_number();
    const auto& pool = pools_.at(chain_id);
    // Nothing of the pool's lies before its deployment: a real chain's millions of earlier blocks
    // are never read.
    auto from = static_cast<std::uint64_t>(
        std::max(co_await store_.next_block(chain_id), start_block_of(chain_id)));
    if (from > head) co_return;
    auto to = std::min<std::uint64_t>(head, from + kMaxLogRange - 1);
    json::object filter{
        {"address", pool.lower_hex()},
        {"fromBlock", chain::rpc::quantity_hex(from)},
        {"toBlock", chain::rpc::quantity_hex(to)},
        {"topics", json::array{json::array{json::string(bridge::pool_deposited_topic().hex()),
                                           json::string(bridge::pool_withdrawn_topic().hex())}}}};
    auto logs = co_await eth.get_logs(std::move(filter));
    std::vector<store::PoolEventRow> rows;
    std::map<std::uint64_t, std::int64_t> block_times;
    for (const auto& log : logs) {
        std::string why;
        auto e = bridge::decode_pool_event(log, pool, &why);
        if (!e) {
            spdlog::warn("pool: chain {}: a log was skipped: {}", chain_id, why);
            continue;
        }
        if (!block_times.count(e->block_number)) {
            auto block =
                co_await eth.get_block_by_number(chain::rpc::quantity_hex(e->block_number), false);
            block_times[e->block_number] = static_cast<std::int64_t>(
                chain::rpc::quantity_u64(block.as_object().at("timestamp")));
        }
        rows.push_back({chain_id, static_cast<std::int64_t>(e->block_number),
                        static_cast<std::int64_t>(e->log_index), e->tx_hash, e->user.lower_hex(),
                        e->token.lower_hex(), e->deposit ? "deposit" : "withdraw",
                        e->amount.to_dec(), block_times[e->block_number]});
    }
    co_await store_.add_events(chain_id, std::move(rows), static_cast<std::int64_t>(to + 1));
    // Near the head only (a catch-up's old block says nothing of now): its block is the follower's.
    if (to + kMaxLogRange > head) {
        auto block = co_await eth.get_block_by_number(chain::rpc::quantity_hex(to), false);
        if (block.is_object())
            read_through_.at(chain_id)->store(static_cast<std::int64_t>(
                chain::rpc::quantity_u64(block.as_object().at("timestamp"))));
    }
}

Task<void> PoolService::settle_loop() {
    while (!stopping_) {
        co_await sleep_for(kSettleEvery);
        try {
            auto now = std::chrono::duration_cast<std::chrono::seconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count();
            for (const auto& user : co_await store_.depositors()) co_await settle(user, now);
        } catch (const std::exception& e) {
            spdlog::warn("pool: settling points: {}", e.what());
        }
    }
}

}  // namespace perch::liquidity
