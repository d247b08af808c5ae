// Source side of the maker: Deposit logs become orders (confirming), and once a deposit has its
// confirmations and its block is still the chain's block at that height, it is queued for payout
// or sent to refunding with the reason. An order is its deposit's identity (chain, tx hash,
// position in the tx), so a reorganisation that mines the same transaction elsewhere moves the
// order; it never makes a second one. After a reorganisation every order nothing was signed for
// yet is checked against its transaction's receipt: gone, it is dropped; moved, it confirms again
// from its new block.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <set>

#include "bridge/solana_memo.hpp"
#include "bridge/swap_intent.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/logs.hpp"
#include "maker/maker.hpp"
#include "maker/swap_payout.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::rpc::Eth;

namespace {

// How far back the watcher re-reads when the last block it read is no longer on the chain.
constexpr std::int64_t kReorgDepth = 64;
// How far below the cursor a node's head may be and still count as a replica that lags: a
// provider's backends differ by a few blocks. Further below, the chain itself is shorter than what
// was read (a devnet restarted under a kept database, a rolled-back test chain).
constexpr std::int64_t kLagTolerance = 64;

// Receipts per JSON-RPC batch when orders are re-verified (providers cap batch sizes).
constexpr std::size_t kReceiptsPerBatch = 100;

constexpr const char* kDroppedReason =
    "the deposit's block was replaced in a chain reorganisation, so the deposit no longer exists; "
    "nothing was taken and nothing is owed";

std::string block_hash_of(const json::value& block) {
    if (!block.is_object()) return {};
    const auto* hash = block.as_object().if_contains("hash");
    return hash && hash->is_string() ? std::string(hash->as_string()) : std::string();
}

chain::rpc::Call block_call(const std::string& block) {
    return {"eth_getBlockByNumber", json::array{json::string(block), false}};
}
chain::rpc::Call block_call(std::int64_t number) {
    return block_call(chain::rpc::quantity_hex(static_cast<std::uint64_t>(number)));
}

}  // namespace

void mark_cross(store::Order& o, const bridge::Route* route, const std::string& quote_id) {
    // A cross-asset order: the token it is paid in and the quote it names. A quote named on
    // another route is kept so assess() refunds it.
    o.quote_id = quote_id;
    if (route && route->cross()) {
        o.dst_token = route->to_token;
        o.dst_decimals = static_cast<int>(route->to_decimals);
    }
}

store::Order Maker::order_of(const bridge::Deposit& d) const {
    store::Order o;
    o.order_key = d.order_key();
    o.src_chain_id = d.src_chain_id;
    o.src_tx_hash = d.tx_hash.hex();
    o.tx_position = d.position;
    o.log_index = static_cast<std::int64_t>(d.log_index);
    o.block_number = static_cast<std::int64_t>(d.block_number);
    o.block_hash = d.block_hash.hex();
    o.sender = d.sender.lower_hex();
    o.token_address = d.token.lower_hex();
    o.amount = d.amount.to_dec();
    o.dst_chain_id = d.dst_chain_id;
    // Bridge and swap: a well-formed swap suffix is split off (the order keeps the address to pay
    // and the destination token and minimum); a malformed one stays in the recipient, as
    // deposited, and assess_deposit refunds it with the decoder's reason.
    auto parsed = bridge::parse_recipient(d.recipient);
    o.recipient = parsed.error.empty() ? parsed.recipient : d.recipient;
    if (parsed.intent) {
        o.dst_token_address = parsed.intent->token.lower_hex();
        o.min_out = parsed.intent->min_out.to_dec();
        if (const auto* t = swap_ ? swap_->token(d.dst_chain_id, parsed.intent->token) : nullptr) {
            o.dst_token = t->symbol;
            o.dst_decimals = static_cast<int>(t->decimals);
        }
    }
    o.channel = d.channel;
    chain::U256 large_from;  // zero: no large-amount rule for this deposit
    if (auto token = balances_.token_at(d.src_chain_id, d.token)) {
        o.token = token->symbol;
        o.decimals = static_cast<int>(token->decimals);
        const auto* route = routes_.find(token->symbol, d.src_chain_id, d.dst_chain_id);
        if (route && route->large_from) large_from = *route->large_from;
        mark_cross(o, route, parsed.quote_id);
    } else {
        o.quote_id = parsed.quote_id;
    }
    o.confirmations =
        static_cast<int>(confirmations_for(options_, d.src_chain_id, d.amount, large_from));
    return o;
}

std::optional<bridge::FirmQuote> firm_quote_of(const store::StoredQuote& q) {
    auto amount = chain::U256::from_dec(q.amount);
    auto receive = chain::U256::from_dec(q.receive_amount);
    if (!amount || !receive) return std::nullopt;
    return bridge::FirmQuote{q.id,      q.from_chain_id, q.to_chain_id,   q.token,
                             *amount,   q.recipient,     q.receive_token, *receive,
                             q.channel, q.issued_at,     q.expires_at,    q.signature};
}

Task<bridge::NamedQuote> Maker::named_quote(const store::Order& o, std::int64_t block_time) {
    bridge::NamedQuote named;
    named.block_time = o.block_time > 0 ? o.block_time : block_time;
    if (o.quote_id.empty()) co_return named;
    if (auto stored = co_await orders_.quote(o.quote_id)) named.quote = firm_quote_of(*stored);
    co_return named;
}

store::Transition Maker::assess(const store::Order& o, const bridge::NamedQuote& named) const {
    store::Transition t{o.id, o.state, "", "", std::nullopt, std::nullopt};
    bridge::Deposit d;
    d.src_chain_id = o.src_chain_id;
    d.dst_chain_id = o.dst_chain_id;
    d.channel = o.channel;
    d.recipient = o.recipient;
    // The order keeps the recipient without the quote it names.
    if (!o.quote_id.empty()) d.recipient = bridge::encode_quoted_recipient(o.recipient, o.quote_id);
    d.amount = *chain::U256::from_dec(o.amount);
    std::optional<bridge::DepositToken> token;
    if (!o.token.empty()) token = bridge::DepositToken{o.token, static_cast<unsigned>(o.decimals)};
    auto destination = balances_.is_evm_chain(o.dst_chain_id)     ? bridge::Destination::evm
                       : o.dst_chain_id == bridge::kSolanaChainId ? bridge::Destination::solana
                                                                  : bridge::Destination::other;
    auto verdict = bridge::assess_deposit(routes_, d, token, destination, named);
    if (verdict.pay && !chains_.count(o.dst_chain_id)) {
        verdict.pay = false;
        verdict.reason = "the bridge does not pay out on chain " + std::to_string(o.dst_chain_id) +
                         " at the moment";
    }
    if (verdict.pay && !o.dst_token_address.empty()) {
        verdict.reason = swap_refusal(o);
        verdict.pay = verdict.reason.empty();
    }
    if (verdict.pay) {
        t.to = "queued";
        t.receive_amount = verdict.receive_amount.to_dec();
        t.fee = verdict.fee.to_dec();
    } else {
        t.to = verdict.refundable ? "refunding" : "rejected";
        t.reason = verdict.reason;
    }
    return t;
}

double Maker::usd_of(const std::string& symbol) const {
    if (prices_)
        if (auto usd = prices_->current()->of(symbol)) return *usd;
    auto it = fixed_prices_.find(symbol);
    return it == fixed_prices_.end() ? 0 : it->second;
}

std::string Maker::swap_refusal(const store::Order& o) const {
    const auto* deployment = swap_ && swap_->serves(o.dst_chain_id) ? swap_->deployment() : nullptr;
    auto token = chain::Address::from_hex(o.dst_token_address);
    const auto* dst_token = deployment && token ? swap_->token(o.dst_chain_id, *token) : nullptr;
    chain::Address route_token{};
    if (auto ref = balances_.token(o.token, o.dst_chain_id); ref && !ref->native)
        if (auto a = chain::Address::from_hex(ref->address)) route_token = *a;
    return swap_order_refusal(o.dst_chain_id, deployment, dst_token, route_token);
}

// The block the cursor last read, as the node sees it now: still the same, replaced (a
// reorganisation), or not known yet. A node behind a load balancer may be a block or two behind
// the one that reported the head: its null is "ask again", never a reorganisation.
Task<Maker::LastBlock> Maker::last_block_now(chain::rpc::RpcClient& rpc,
                                             const store::WatchCursor& cursor) {
    if (cursor.last_hash.empty() || cursor.next_block == 0) co_return LastBlock::same;
    std::vector<chain::rpc::Call> calls;
    calls.push_back(block_call(cursor.next_block - 1));
    auto replies = co_await rpc.batch(std::move(calls));
    if (replies.at(0).error) throw *replies.at(0).error;
    auto hash = block_hash_of(replies[0].result);
    if (hash.empty()) co_return LastBlock::not_yet;
    co_return hash == cursor.last_hash ? LastBlock::same : LastBlock::replaced;
}

// The reorganisation check, then the new logs in spans the provider accepts, each with its last
// block's hash (which also confirms the deposits in that block without asking again). A span the
// answering node has not got yet is left for the next round: the cursor never passes a block
// whose logs were not read from a node that has it.
Task<void> Maker::watch_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc, bool woken) {
    Eth eth(rpc);
    auto& seen = heads_[chain_id];
    if (!woken || seen.number == 0) {
        // A poll asks the node: the feed may be down or may not exist. The node's answer wins,
        // lower too (a reorganisation to a shorter chain, a node reset).
        // (A head the feed brought while the poll was out is newer: it is kept.)
        auto before = seen.number;
        auto polled = co_await eth.block_number();
        if (polled > seen.number || (polled != seen.number && seen.number == before))
            seen = {polled, "", std::chrono::steady_clock::now()};
        publish_head(chain_id, seen.number);
    }
    auto head = static_cast<std::int64_t>(seen.number);
    auto seen_at = seen.at;
    // This loop is the cursor's only writer: after the first read it is kept here as written.
    std::optional<store::WatchCursor> stored;
    if (auto cached = cursors_.find(chain_id); cached != cursors_.end()) {
        stored = cached->second;
    } else {
        stored = co_await orders_.cursor(chain_id);
    }
    // A new database starts at the chain's head: deposits made before this maker existed were
    // some other maker's business.
    store::WatchCursor cursor = stored ? *stored : store::WatchCursor{head, "", head};
    auto& span = log_spans_.try_emplace(chain_id, options_.max_log_range).first->second;
    std::map<std::int64_t, std::string> known;
    // Nothing new since the last block read: no request (providers bill each one). A block
    // replaced at the same height is found with the next block, before anything from it is paid.
    bool idle = stored && cursor.next_block == head + 1;
    auto last = LastBlock::same;
    if (!idle) last = co_await last_block_now(rpc, cursor);
    switch (last) {
        case LastBlock::not_yet: {
            // A node a little behind the cursor lags: nothing it says can be trusted yet.
            if (head + kLagTolerance >= cursor.next_block) co_return;
            // Far behind it, the chain restarted: read it again from near its head (deposits are
            // recorded once, so reading a block twice changes nothing).
            auto from = std::max<std::int64_t>(0, head - kReorgDepth);
            spdlog::warn(
                "maker: chain {} is at block {}, {} blocks below what was read (block {}): the "
                "chain restarted; re-reading from block {}",
                chain_id, head, cursor.next_block - 1 - head, cursor.next_block - 1, from);
            co_await recheck_unpaid(chain_id, rpc, from);
            cursor = {from, "", from};
            break;
        }
        case LastBlock::replaced: {
            auto from = std::max(cursor.floor_block, cursor.next_block - kReorgDepth);
            spdlog::warn("maker: chain {} reorganised below block {}; re-reading from block {}",
                         chain_id, cursor.next_block, from);
            // Before the cursor moves: a failure here leaves the reorganisation to be found again.
            co_await recheck_unpaid(chain_id, rpc, from);
            cursor = {from, "", cursor.floor_block};
            break;
        }
        case LastBlock::same:
            break;
    }
    if (cursor.next_block <= head) {
        json::array topics;
        topics.emplace_back(bridge::deposit_topic().hex());
        json::object filter{{"address", depositors_.at(chain_id).lower_hex()},
                            {"topics", std::move(topics)}};
        auto read = co_await chain::rpc::get_logs_adaptive(
            rpc, std::move(filter), static_cast<std::uint64_t>(cursor.next_block),
            static_cast<std::uint64_t>(head), span);
        if (read.next_block > static_cast<std::uint64_t>(cursor.next_block)) {
            std::vector<std::string> skipped;
            std::vector<store::Order> deposits;
            for (const auto& deposit :
                 bridge::decode_deposits(read.logs, chain_id, depositors_.at(chain_id), &skipped))
                deposits.push_back(order_of(deposit));
            for (const auto& why : skipped)
                spdlog::warn("maker: chain {}: log skipped: {}", chain_id, why);
            auto last = static_cast<std::int64_t>(read.next_block) - 1;
            known[last] = read.last_hash;
            store::WatchCursor next{last + 1, read.last_hash, cursor.floor_block};
            cursors_.erase(chain_id);  // unknown until the write is known to have happened
            co_await orders_.record_deposits(chain_id, std::move(deposits), next);
            cursors_[chain_id] = next;
        }
    }
    co_await confirm(chain_id, rpc, static_cast<std::uint64_t>(head), std::move(known), seen_at);
}

Task<void> Maker::confirm(std::int64_t chain_id, chain::rpc::RpcClient& rpc, std::uint64_t head,
                          std::map<std::int64_t, std::string> known_hashes,
                          std::chrono::steady_clock::time_point seen_at) {
    auto confirming = co_await orders_.orders_in_state("confirming", chain_id, true, 1000);
    if (confirming.empty()) co_return;
    // A chain configured with a finality tag: a deposit also waits for its block to be at or below
    // the block the node calls safe / finalized.
    auto final_block = co_await tagged_block(chain_id, rpc);
    std::vector<store::Order> ready;
    for (auto& o : confirming) {
        auto confirmed_at = static_cast<std::uint64_t>(o.block_number + o.confirmations - 1);
        if (confirmed_at > head) continue;
        if (final_block && static_cast<std::uint64_t>(o.block_number) > *final_block) continue;
        ready.push_back(std::move(o));
    }
    if (ready.empty()) co_return;
    ready = co_await still_in_place(chain_id, rpc, std::move(ready), std::move(known_hashes));
    auto times = co_await quoted_block_times(rpc, ready);
    std::set<std::int64_t> queued_to;
    for (const auto& o : ready) {
        auto named = co_await named_quote(o, times[o.block_number]);
        auto t = assess(o, named);
        if (t.to == "queued") {
            queued_to.insert(o.dst_chain_id);
            ready_at_[o.id] = seen_at;
        }
        co_await orders_.transition(std::move(t));
    }
    if (ready_at_.size() > 100000) ready_at_.clear();  // a bound; entries only feed a histogram
    for (auto dst : queued_to)
        if (auto it = pay_wake_.find(dst); it != pay_wake_.end()) it->second->notify();
}

Task<std::map<std::int64_t, std::int64_t>> Maker::quoted_block_times(
    chain::rpc::RpcClient& rpc, const std::vector<store::Order>& orders) {
    // Only orders that name a firm quote need their block's time (the quote's deadline).
    std::vector<std::int64_t> blocks;
    for (const auto& o : orders)
        if (!o.quote_id.empty() && o.block_time == 0 &&
            std::find(blocks.begin(), blocks.end(), o.block_number) == blocks.end())
            blocks.push_back(o.block_number);
    std::map<std::int64_t, std::int64_t> times;
    if (blocks.empty()) co_return times;
    std::vector<chain::rpc::Call> calls;
    for (auto b : blocks) calls.push_back(block_call(b));
    auto replies = co_await rpc.batch(std::move(calls));
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        if (replies.at(i).error) throw *replies.at(i).error;
        const auto& block = replies.at(i).result;
        if (block.is_object() && block.as_object().contains("timestamp"))
            times[blocks[i]] = static_cast<std::int64_t>(
                chain::rpc::quantity_u64(block.as_object().at("timestamp")));
    }
    co_return times;
}

Task<std::optional<std::uint64_t>> Maker::tagged_block(std::int64_t chain_id,
                                                       chain::rpc::RpcClient& rpc) {
    auto tag = options_.confirmations.tag_for(chain_id);
    if (tag.empty()) co_return std::nullopt;
    std::vector<chain::rpc::Call> calls;
    calls.push_back(block_call(tag));
    auto replies = co_await rpc.batch(std::move(calls));
    if (replies.at(0).error) throw *replies.at(0).error;
    const auto& block = replies.at(0).result;
    // A node that knows no such block yet (a new chain): nothing is final.
    if (!block.is_object() || !block.as_object().contains("number")) co_return 0;
    co_return chain::rpc::quantity_u64(block.as_object().at("number"));
}

Task<void> Maker::recheck_unpaid(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                 std::int64_t from_block) {
    auto unpaid = co_await orders_.unpaid_orders_since(chain_id, from_block, 10000);
    if (unpaid.empty()) co_return;
    spdlog::info(
        "maker: chain {}: re-verifying {} unpaid orders from block {} after the reorganisation",
        chain_id, unpaid.size(), from_block);
    co_await still_in_place(chain_id, rpc, std::move(unpaid), {});
}

Task<std::vector<store::Order>> Maker::still_in_place(std::int64_t chain_id,
                                                      chain::rpc::RpcClient& rpc,
                                                      std::vector<store::Order> orders,
                                                      std::map<std::int64_t, std::string> hash_at) {
    // The chain's block at each order's height: an order whose block is still there is in place.
    std::vector<std::int64_t> blocks;
    for (const auto& o : orders)
        if (!hash_at.count(o.block_number) &&
            std::find(blocks.begin(), blocks.end(), o.block_number) == blocks.end())
            blocks.push_back(o.block_number);
    std::vector<chain::rpc::Call> calls;
    for (auto b : blocks) calls.push_back(block_call(b));
    if (!calls.empty()) {
        auto replies = co_await rpc.batch(std::move(calls));
        for (std::size_t i = 0; i < blocks.size(); ++i) {
            if (replies.at(i).error) throw *replies.at(i).error;
            hash_at[blocks[i]] = block_hash_of(replies[i].result);
        }
    }
    std::vector<store::Order> in_place, displaced;
    for (auto& o : orders) {
        const auto& hash = hash_at[o.block_number];
        // A node without the block yet (behind a load balancer, a block or two behind the head)
        // proves nothing either way: the order waits for the next round.
        if (hash.empty()) continue;
        (hash == o.block_hash ? in_place : displaced).push_back(std::move(o));
    }
    if (displaced.empty()) co_return in_place;

    // The others: where is their transaction now? Its receipt says (none: not on the chain).
    std::vector<std::optional<json::object>> receipts;
    for (std::size_t at = 0; at < displaced.size(); at += kReceiptsPerBatch) {
        std::vector<chain::rpc::Call> receipt_calls;
        for (std::size_t i = at; i < std::min(displaced.size(), at + kReceiptsPerBatch); ++i)
            receipt_calls.push_back(
                {"eth_getTransactionReceipt", json::array{json::string(displaced[i].src_tx_hash)}});
        auto replies = co_await rpc.batch(std::move(receipt_calls));
        for (auto& r : replies) {
            if (r.error) throw *r.error;
            receipts.push_back(r.result.is_object() ? std::optional(r.result.as_object())
                                                    : std::nullopt);
        }
    }
    std::vector<store::Order> moved;
    for (std::size_t i = 0; i < displaced.size(); ++i) {
        const auto& o = displaced[i];
        auto now = deposit_now(chain_id, receipts[i], o.tx_position);
        if (now && now->block_hash.hex() == o.block_hash)
            continue;  // the node's views differ: later
        if (now) {
            spdlog::warn("maker: chain {}: the deposit of order {} moved from block {} to block {}",
                         chain_id, o.order_key, o.block_number, now->block_number);
            moved.push_back(order_of(*now));
            continue;
        }
        spdlog::warn("maker: chain {}: the deposit of order {} ({}) is no longer on the chain",
                     chain_id, o.order_key, o.state);
        // A named value: a braced temporary in a co_await argument is miscompiled by GCC 12.
        store::Transition drop{o.id,           o.state,      "dropped",
                               kDroppedReason, std::nullopt, std::nullopt};
        co_await orders_.transition(std::move(drop));
    }
    if (!moved.empty()) co_await orders_.update_deposits(std::move(moved));
    co_return in_place;
}

std::optional<bridge::Deposit> Maker::deposit_now(std::int64_t chain_id,
                                                  const std::optional<json::object>& receipt,
                                                  std::int64_t position) const {
    if (!receipt) return std::nullopt;
    const auto* status = receipt->if_contains("status");
    if (status && chain::rpc::quantity_u64(*status) != 1) return std::nullopt;  // it reverted
    const auto* logs = receipt->if_contains("logs");
    if (!logs) return std::nullopt;
    for (auto& d : bridge::decode_deposits(*logs, chain_id, depositors_.at(chain_id)))
        if (static_cast<std::int64_t>(d.position) == position) return d;
    return std::nullopt;
}

}  // namespace perch::maker
