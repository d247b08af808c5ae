// Destination side of the maker (and refunds on the source side): sign what is owed, store it,
// then broadcast; follow receipts; re-broadcast what the node forgot; speed up what is stuck.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>

#include "chain/rpc/eth.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::U256;
using chain::rpc::Eth;

namespace {

// Answers to eth_sendRawTransaction that mean the node already has (or had) this transaction.
bool already_sent(std::string error) {
    std::transform(error.begin(), error.end(), error.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const char* known : {"already known", "known transaction", "nonce too low",
                              "nonce has already been used", "replacement transaction underpriced"}) {
        if (error.find(known) != std::string::npos) return true;
    }
    return false;
}

// Speed-ups raise the fee 25 % each; six versions reach about 3x the first fee, then it waits.
constexpr std::size_t kMaxAttempts = 6;
constexpr std::uint64_t kDefaultPriorityFee = 1'000'000'000;  // 1 gwei, when the node has no view

}  // namespace

store::SignedTx Maker::sign(chain::Transaction tx) const {
    chain::sign_transaction(tx, key_);
    return store::SignedTx{chain::to_hex(chain::encode_transaction(tx)),
                           chain::transaction_hash(tx).hex(), tx.max_fee_per_gas.to_dec()};
}

Task<bridge::Fees> Maker::current_fees(chain::rpc::RpcClient& rpc) {
    Eth eth(rpc);
    auto latest = co_await eth.get_block_by_number("latest", false);
    U256 base;
    if (const auto* fee = latest.as_object().if_contains("baseFeePerGas"))
        base = chain::rpc::quantity(*fee);
    U256 priority(kDefaultPriorityFee);
    try {
        json::array none;
        priority = chain::rpc::quantity(co_await rpc.call("eth_maxPriorityFeePerGas", none));
    } catch (const chain::rpc::RpcError&) {
        // older nodes: keep the default tip
    }
    co_return bridge::fees_for(base, priority);
}

Task<void> Maker::pay_loop(std::int64_t chain_id) {
    auto* rpc = balances_.rpc(chain_id);
    if (!rpc) co_return;
    int failures = 0;
    while (!stopping_) {
        try {
            if (!nonce_floor_.count(chain_id)) {
                // The node's pending count is the floor: nonces used before this database existed
                // are never reused. Then everything stored but unmined is sent again.
                nonce_floor_[chain_id] =
                    co_await Eth(*rpc).get_transaction_count(address_, "pending");
            }
            co_await follow_pending(chain_id, *rpc);
            paused_ = co_await orders_.paused();
            if (!paused_) co_await sign_new(chain_id, *rpc);
            failures = 0;
        } catch (const std::exception& e) {
            if (failures++ == 0) spdlog::warn("maker: payer of chain {}: {}", chain_id, e.what());
        }
        co_await sleep(options_.poll);
    }
}

Task<void> Maker::sign_new(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    auto payouts = co_await orders_.orders_in_state("queued", chain_id, false, options_.batch);
    auto refunds = co_await orders_.refunds_to_sign(chain_id, options_.batch);
    if (payouts.empty() && refunds.empty()) co_return;

    // What the maker holds of each token involved, spent down as plans are made.
    std::map<std::string, balance::TokenRef> refs;
    for (const auto& o : payouts)
        if (auto r = balances_.token(o.token, chain_id)) refs[r->address] = *r;
    for (const auto& o : refunds) {
        auto token = chain::Address::from_hex(o.token_address);
        if (token)
            if (auto r = balances_.token_at(chain_id, *token)) refs[r->address] = *r;
    }
    std::vector<balance::TokenRef> ref_list;
    for (const auto& [address, r] : refs) ref_list.push_back(r);
    auto held_list = co_await balances_.token_balances(chain_id, address_, ref_list);
    std::map<std::string, U256> held;
    for (std::size_t i = 0; i < ref_list.size(); ++i)
        held[ref_list[i].address] = held_list[i].value_or(U256());
    auto fees = co_await current_fees(rpc);
    auto spend = [&](const std::string& token, const U256& amount) {
        auto& left = held[token];
        if (left < amount) return false;
        left = *left.sub(amount);
        return true;
    };

    std::vector<store::TxPlan> plans;
    std::vector<store::Transition> moves;
    auto plan = [&](const store::Order& o, std::string kind, const bridge::Transfer& transfer) {
        auto tx_chain = static_cast<std::uint64_t>(chain_id);
        auto sign_at = [this, transfer, tx_chain, fees](std::uint64_t nonce) {
            return sign(bridge::transaction_for(transfer, tx_chain, nonce, fees));
        };
        plans.push_back({o.id, std::move(kind), o.state, std::move(sign_at)});
    };
    for (const auto& o : payouts) {
        auto ref = balances_.token(o.token, chain_id);
        auto recipient = chain::Address::from_hex(o.recipient);
        auto amount = U256::from_dec(o.receive_amount);
        if (!ref || !recipient || !amount) {
            moves.push_back({o.id, "queued", "refunding",
                             o.token + " cannot be paid out on chain " + std::to_string(chain_id),
                             std::nullopt, std::nullopt});
            continue;
        }
        if (!spend(ref->address, *amount)) {
            moves.push_back({o.id, "queued", "refunding",
                             "the bridge cannot pay this amount on the destination right now",
                             std::nullopt, std::nullopt});
            continue;
        }
        auto token = ref->native ? chain::Address{} : *chain::Address::from_hex(ref->address);
        plan(o, "payout", bridge::transfer_of(token, *recipient, *amount));
    }
    for (const auto& o : refunds) {
        auto token = chain::Address::from_hex(o.token_address);
        auto sender = chain::Address::from_hex(o.sender);
        auto amount = U256::from_dec(o.amount);
        if (!token || !sender || !amount) continue;
        auto ref = balances_.token_at(chain_id, *token);
        auto probe = bridge::transfer_of(*token, *sender, *amount);
        U256 cost;
        if (token->is_zero()) {
            cost = bridge::native_transfer_cost(probe, fees);
        } else if (ref) {
            // A token refund costs the route's destination transaction cost on this chain.
            for (const auto& route : routes_.routes)
                if (route.token == ref->symbol) {
                    auto it = route.dtc.find(chain_id);
                    cost = it == route.dtc.end() ? route.default_dtc : it->second;
                }
        }
        auto back = bridge::refund_amount(*amount, cost);
        if (!back) {
            moves.push_back({o.id, "refunding", "failed",
                             "the deposit is smaller than the gas its refund would cost",
                             std::nullopt, std::nullopt});
            continue;
        }
        if (!spend(token->lower_hex(), *back)) {
            spdlog::warn("maker: refund of order {} waits: not enough {} on chain {}", o.order_key,
                         o.token.empty() ? o.token_address : o.token, chain_id);
            continue;
        }
        plan(o, "refund", bridge::transfer_of(*token, *sender, *back));
    }
    for (auto& m : moves) co_await orders_.transition(std::move(m));
    if (plans.empty()) co_return;
    auto stored = co_await orders_.sign_and_store(chain_id, address_.lower_hex(),
                                                  nonce_floor_[chain_id], std::move(plans));
    std::vector<store::Attempt> fresh;
    for (const auto& m : stored) fresh.push_back(m.attempts.back());
    co_await broadcast(rpc, std::move(fresh));
}

Task<void> Maker::broadcast(chain::rpc::RpcClient& rpc, std::vector<store::Attempt> attempts) {
    if (attempts.empty()) co_return;
    if (last_broadcast_.size() > 100000) last_broadcast_.clear();  // a bound; entries are hints
    std::vector<chain::rpc::Call> calls;
    for (const auto& a : attempts) {
        json::array params{json::string(a.raw_tx)};
        calls.push_back({"eth_sendRawTransaction", std::move(params)});
        last_broadcast_[a.tx_hash] = std::chrono::steady_clock::now();
    }
    auto replies = co_await rpc.batch(std::move(calls));
    for (const auto& r : replies) {
        if (r.error && !already_sent(r.error->what()))
            spdlog::warn("maker: broadcast refused: {}", r.error->what());
    }
}

Task<void> Maker::follow_pending(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    auto pending = co_await orders_.pending_txs(chain_id);
    if (pending.empty()) co_return;
    // The mined count first: a transaction mined before it was read has a receipt below.
    auto mined_count = co_await Eth(rpc).get_transaction_count(address_, "latest");
    std::vector<chain::rpc::Call> calls;
    for (const auto& m : pending) {
        for (const auto& a : m.attempts) {
            json::array params{json::string(a.tx_hash)};
            calls.push_back({"eth_getTransactionReceipt", std::move(params)});
        }
    }
    auto replies = co_await rpc.batch(std::move(calls));
    auto now = std::chrono::steady_clock::now();
    auto wall_now = std::chrono::duration_cast<std::chrono::seconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    std::vector<store::Attempt> resend;
    std::size_t i = 0;
    for (const auto& m : pending) {
        const json::object* receipt = nullptr;
        std::string mined_hash;
        for (const auto& a : m.attempts) {
            const auto& r = replies.at(i++);
            if (!r.error && r.result.is_object()) {
                receipt = &r.result.as_object();
                mined_hash = a.tx_hash;
            }
        }
        if (receipt) {
            bool ok = chain::rpc::quantity_u64(receipt->at("status")) == 1;
            auto why = m.kind == "payout"
                           ? "the payout transaction reverted on the destination; the deposit is "
                             "refunded"
                           : "the refund transaction reverted; an operator will resolve it";
            co_await orders_.settle(m.id, mined_hash, ok, ok ? "" : why);
            continue;
        }
        if (m.nonce < mined_count) {
            spdlog::error("maker: chain {} nonce {} was used by another transaction", chain_id,
                          m.nonce);
            co_await orders_.abandon(m.id,
                                     "the maker's transaction was displaced by another one with "
                                     "the same nonce; an operator will resolve it");
            continue;
        }
        const auto& last = m.attempts.back();
        auto age = std::chrono::seconds(wall_now - last.created_at);
        if (age >= options_.speedup_after && m.attempts.size() < kMaxAttempts) {
            auto raw = chain::from_hex(last.raw_tx);
            auto tx = raw ? chain::decode_transaction(*raw) : chain::Result<chain::Transaction>(
                                                                  raw.error());
            if (!tx) continue;
            auto fees = bridge::bumped(
                {tx->max_fee_per_gas, tx->max_priority_fee_per_gas});
            tx->max_fee_per_gas = fees.max_fee_per_gas;
            tx->max_priority_fee_per_gas = fees.max_priority_fee_per_gas;
            auto signed_tx = sign(*tx);
            store::Attempt attempt{signed_tx.tx_hash, signed_tx.raw_tx, signed_tx.max_fee_per_gas,
                                   wall_now};
            co_await orders_.add_attempt(m.id, attempt);
            spdlog::info("maker: chain {} nonce {} sped up to max fee {}", chain_id, m.nonce,
                         signed_tx.max_fee_per_gas);
            resend.push_back(std::move(attempt));
            continue;
        }
        auto seen = last_broadcast_.find(last.tx_hash);
        if (seen == last_broadcast_.end() || now - seen->second >= options_.rebroadcast_every)
            resend.push_back(last);
    }
    co_await broadcast(rpc, std::move(resend));
}

}  // namespace perch::maker
