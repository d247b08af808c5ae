// Source side of the maker: Deposit logs become orders (confirming), and once a deposit has its
// confirmations and its block is still the chain's block at that height, it is queued for payout
// or sent to refunding with the reason.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "chain/rpc/eth.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::rpc::Eth;

namespace {

// How far back the watcher re-reads when the last block it read is no longer on the chain.
constexpr std::int64_t kReorgDepth = 64;

std::string block_hash_of(const json::value& block) {
    if (!block.is_object()) return {};
    const auto* hash = block.as_object().if_contains("hash");
    return hash && hash->is_string() ? std::string(hash->as_string()) : std::string();
}

}  // namespace

store::Order Maker::order_of(const bridge::Deposit& d) const {
    store::Order o;
    o.order_key = d.order_key();
    o.src_chain_id = d.src_chain_id;
    o.src_tx_hash = d.tx_hash.hex();
    o.log_index = static_cast<std::int64_t>(d.log_index);
    o.block_number = static_cast<std::int64_t>(d.block_number);
    o.block_hash = d.block_hash.hex();
    o.sender = d.sender.lower_hex();
    o.token_address = d.token.lower_hex();
    o.amount = d.amount.to_dec();
    o.dst_chain_id = d.dst_chain_id;
    o.recipient = d.recipient;
    o.channel = d.channel;
    chain::U256 large_from;  // zero: no large-amount rule for this deposit
    if (auto token = balances_.token_at(d.src_chain_id, d.token)) {
        o.token = token->symbol;
        o.decimals = static_cast<int>(token->decimals);
        const auto* route = routes_.find(token->symbol, d.src_chain_id, d.dst_chain_id);
        if (route && route->large_from) large_from = *route->large_from;
    }
    o.confirmations =
        static_cast<int>(confirmations_for(options_, d.src_chain_id, d.amount, large_from));
    return o;
}

Task<void> Maker::watch_loop(std::int64_t chain_id) {
    auto* rpc = balances_.rpc(chain_id);
    if (!rpc) {
        spdlog::warn("maker: no watcher for chain {}: {}", chain_id,
                     balances_.unreachable_reason(chain_id));
        co_return;
    }
    int failures = 0;
    while (!stopping_) {
        try {
            co_await watch_once(chain_id, *rpc);
            failures = 0;
        } catch (const std::exception& e) {
            // A node that is down is retried every poll; logged once per outage, not per poll.
            if (failures++ == 0) spdlog::warn("maker: watcher of chain {}: {}", chain_id, e.what());
        }
        co_await sleep(options_.poll);
    }
}

Task<void> Maker::watch_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    Eth eth(rpc);
    auto head = static_cast<std::int64_t>(co_await eth.block_number());
    auto stored = co_await orders_.cursor(chain_id);
    // A new database starts at the chain's head: deposits made before this maker existed were
    // some other maker's business.
    store::WatchCursor cursor = stored ? *stored : store::WatchCursor{head, "", head};
    if (!cursor.last_hash.empty() && cursor.next_block > 0) {
        auto last = chain::rpc::quantity_hex(static_cast<std::uint64_t>(cursor.next_block - 1));
        auto block = co_await eth.get_block_by_number(last, false);
        if (block_hash_of(block) != cursor.last_hash) {
            auto from = std::max(cursor.floor_block, cursor.next_block - kReorgDepth);
            spdlog::warn("maker: chain {} reorganised below block {}; re-reading from block {}",
                         chain_id, cursor.next_block, from);
            cursor = {from, "", cursor.floor_block};
        }
    }
    if (cursor.next_block <= head) {
        auto to = std::min<std::int64_t>(
            head, cursor.next_block + static_cast<std::int64_t>(options_.max_log_range) - 1);
        json::object filter{
            {"address", depositor_.lower_hex()},
            {"fromBlock", chain::rpc::quantity_hex(static_cast<std::uint64_t>(cursor.next_block))},
            {"toBlock", chain::rpc::quantity_hex(static_cast<std::uint64_t>(to))}};
        json::array topics;
        topics.emplace_back(bridge::deposit_topic().hex());
        filter["topics"] = std::move(topics);
        auto logs = co_await eth.get_logs(std::move(filter));
        auto to_hex = chain::rpc::quantity_hex(static_cast<std::uint64_t>(to));
        auto to_block = co_await eth.get_block_by_number(to_hex, false);
        std::vector<store::Order> deposits;
        for (const auto& log : logs) {
            std::string why;
            auto deposit = bridge::decode_deposit(log, chain_id, depositor_, &why);
            if (!deposit) {
                spdlog::warn("maker: chain {}: log skipped: {}", chain_id, why);
                continue;
            }
            deposits.push_back(order_of(*deposit));
        }
        store::WatchCursor next{to + 1, block_hash_of(to_block), cursor.floor_block};
        co_await orders_.record_deposits(chain_id, std::move(deposits), std::move(next));
    }
    co_await confirm(chain_id, rpc, static_cast<std::uint64_t>(head));
}

Task<void> Maker::confirm(std::int64_t chain_id, chain::rpc::RpcClient& rpc, std::uint64_t head) {
    auto confirming = co_await orders_.orders_in_state("confirming", chain_id, true, 1000);
    std::vector<store::Order> ready;
    std::set<std::int64_t> blocks;
    for (auto& o : confirming) {
        auto confirmed_at = static_cast<std::uint64_t>(o.block_number + o.confirmations - 1);
        if (confirmed_at > head) continue;
        blocks.insert(o.block_number);
        ready.push_back(std::move(o));
    }
    if (ready.empty()) co_return;
    std::vector<chain::rpc::Call> calls;
    for (auto b : blocks) {
        json::array params{json::string(chain::rpc::quantity_hex(static_cast<std::uint64_t>(b))),
                           false};
        calls.push_back({"eth_getBlockByNumber", std::move(params)});
    }
    auto replies = co_await rpc.batch(std::move(calls));
    std::map<std::int64_t, std::string> hash_at;
    std::size_t i = 0;
    for (auto b : blocks) {
        const auto& reply = replies.at(i++);
        if (reply.error) throw *reply.error;
        hash_at[b] = block_hash_of(reply.result);
    }
    for (const auto& o : ready) {
        store::Transition t{o.id, "confirming", "", "", std::nullopt, std::nullopt};
        if (hash_at[o.block_number] != o.block_hash) {
            t.to = "dropped";
            t.reason =
                "the deposit's block was replaced in a chain reorganisation, so the deposit no "
                "longer exists; nothing was taken and nothing is owed";
        } else {
            bridge::Deposit d;
            d.src_chain_id = o.src_chain_id;
            d.dst_chain_id = o.dst_chain_id;
            d.recipient = o.recipient;
            d.amount = *chain::U256::from_dec(o.amount);
            std::optional<bridge::DepositToken> token;
            if (!o.token.empty())
                token = bridge::DepositToken{o.token, static_cast<unsigned>(o.decimals)};
            auto verdict =
                bridge::assess_deposit(routes_, d, token, balances_.is_evm_chain(o.dst_chain_id));
            if (verdict.pay && !chains_.count(o.dst_chain_id)) {
                verdict.pay = false;
                verdict.reason = "the bridge does not pay out on chain " +
                                 std::to_string(o.dst_chain_id) + " at the moment";
            }
            if (verdict.pay) {
                t.to = "queued";
                t.receive_amount = verdict.receive_amount.to_dec();
                t.fee = verdict.fee.to_dec();
            } else {
                t.to = "refunding";
                t.reason = verdict.reason;
            }
        }
        co_await orders_.transition(std::move(t));
    }
}

}  // namespace perch::maker
