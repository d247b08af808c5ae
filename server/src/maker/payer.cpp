// Destination side of the maker (and refunds on the source side): sign what is owed, store it,
// then broadcast; follow receipts; re-broadcast what the node forgot; speed up what is stuck;
// cancel (fill) the nonce of a transaction the node keeps refusing.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>

#include "bridge/perch_pool.hpp"
#include "bridge/sending.hpp"
#include "chain/rpc/eth.hpp"
#include "core/metrics.hpp"
#include "maker/maker.hpp"
#include "maker/swap_payout.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::U256;
using chain::rpc::Eth;

namespace {

// How long a nonce may look mined with no receipt of ours before the payout counts as displaced
// by another transaction: long enough for every backend of a provider to have the block.
constexpr std::chrono::seconds kDisplacedAfter{30};

// A refund that cannot be signed waits this long first, then twice as long each time, up to the
// cap.
constexpr std::chrono::seconds kFirstRefundRetry{10};
constexpr std::chrono::seconds kLongestRefundRetry{300};

}  // namespace

std::chrono::seconds refund_retry_delay(int retries) {
    auto delay = kFirstRefundRetry;
    for (int i = 0; i < retries && delay < kLongestRefundRetry; ++i) delay *= 2;
    return std::min(delay, kLongestRefundRetry);
}

store::Transition refund_unpayable(const store::Order& o) {
    return {o.id,         "queued",
            "refunding",  "the bridge cannot pay this amount on the destination right now",
            std::nullopt, std::nullopt};
}

store::RefundDeferral refund_deferral(const store::Order& o) {
    auto now = std::chrono::duration_cast<std::chrono::seconds>(
                   std::chrono::system_clock::now().time_since_epoch())
                   .count();
    return {o.id, now + refund_retry_delay(o.refund_retries).count()};
}

store::SignedTx Maker::sign(chain::Transaction tx) const {
    chain::sign_transaction(tx, key_);
    return store::SignedTx{chain::to_hex(chain::encode_transaction(tx)),
                           chain::transaction_hash(tx).hex(), tx.max_fee_per_gas.to_dec()};
}

std::vector<store::TxPlan> Maker::signing_plans(std::int64_t chain_id,
                                                const std::vector<Planned>& planned,
                                                const bridge::Fees& fees) const {
    std::vector<store::TxPlan> plans;
    auto tx_chain = static_cast<std::uint64_t>(chain_id);
    for (const auto& p : planned) {
        auto sign_at = [this, transfer = p.transfer, tx_chain, fees](std::uint64_t nonce) {
            return sign(bridge::transaction_for(transfer, tx_chain, nonce, fees));
        };
        plans.push_back(
            {p.order.id, p.kind, p.order.state, std::move(sign_at), p.refund_deduction});
    }
    return plans;
}

Task<void> Maker::evm_pay_round(std::int64_t chain_id, chain::rpc::RpcClient& rpc, bool woken) {
    if (!nonce_floor_.count(chain_id)) {
        // The node's pending count is the floor: nonces used before this database existed are
        // never reused. Then everything stored but unmined is sent again.
        nonce_floor_[chain_id] = co_await Eth(rpc).get_transaction_count(address_, "pending");
    }
    // Woken for a fresh payout: sign and send it first, follow receipts after.
    if (!woken) co_await follow_pending(chain_id, rpc);
    paused_ = co_await orders_.paused();
    if (!paused_) co_await sign_new(chain_id, rpc);
    if (woken) co_await follow_pending(chain_id, rpc);
    // Prepared before the next deposit needs them.
    co_await prepare(chain_id, rpc);
}

void Maker::record_reactions(std::int64_t chain_id, const std::vector<store::MakerTx>& stored) {
    auto now = std::chrono::steady_clock::now();
    auto& histogram = metrics::registry().payout.at({std::to_string(chain_id)});
    auto before = reactions_.total();
    for (const auto& m : stored) {
        auto it = ready_at_.find(m.order_id);
        if (it == ready_at_.end()) continue;
        if (m.kind == "payout") {
            auto took = std::chrono::duration_cast<std::chrono::microseconds>(now - it->second);
            reactions_.record(took);
            histogram.observe(took);
        }
        ready_at_.erase(it);
    }
    // A line per ten payouts: the benchmark reads the newest.
    if (reactions_.total() / 10 != before / 10)
        spdlog::info("maker: reaction (deposit block seen -> payout broadcast): {}",
                     reactions_.summary());
}

Task<void> Maker::sign_new(std::int64_t chain_id, chain::rpc::RpcClient& rpc, bool allow_prepared) {
    // Only what the outflow limits let out now; the rest waits, its reason told (payable_now).
    auto queued = co_await orders_.orders_in_state("queued", chain_id, false, options_.batch);
    auto payouts = co_await payable_now(chain_id, std::move(queued));
    auto refunds = co_await orders_.refunds_to_sign(chain_id, options_.batch);
    if (payouts.empty() && refunds.empty()) co_return;

    // What the maker holds of each token involved, spent down as plans are made.
    std::map<std::string, balance::TokenRef> refs;
    for (const auto& o : payouts)
        if (auto r = balances_.token(paid_token(o), chain_id)) refs[r->address] = *r;
    for (const auto& o : refunds) {
        auto token = chain::Address::from_hex(o.token_address);
        if (token)
            if (auto r = balances_.token_at(chain_id, *token)) refs[r->address] = *r;
    }
    // Every transaction's gas is paid in the native coin: it is counted with the rest.
    auto native = balances_.token_at(chain_id, chain::Address{});
    if (native) refs[native->address] = *native;
    bool from_prepared = false;
    auto held = co_await held_balances(chain_id, refs, allow_prepared, from_prepared);
    bool short_of_funds = false;
    auto fees = co_await prepared_fees(chain_id, rpc, kFeesFreshFor);
    // Takes `amount` of `token` and the transfer's worst-case gas from what is held, both or
    // neither, so the maker never signs a transaction it cannot pay the gas of.
    const std::string native_key = native ? native->address : chain::Address{}.lower_hex();
    auto spend = [&](const std::string& token, const U256& amount, const bridge::Transfer& t) {
        // (A chain whose native coin the catalog does not list has no balance to check it with.)
        auto gas = native ? bridge::native_transfer_cost(t, fees) : U256();
        auto& left = held[token];
        auto& native_left = held[native_key];
        if (token == native_key) {
            auto total = amount.add(gas);
            if (!total || left < *total) return false;
            left = *left.sub(*total);
            return true;
        }
        if (left < amount || native_left < gas) return false;
        left = *left.sub(amount);
        native_left = *native_left.sub(gas);
        return true;
    };

    // The pool's available balances, read once a round when the maker's own fall short; a
    // payout from the pool costs the maker only the gas of its call.
    std::optional<std::map<std::string, U256>> pool_left;
    auto spend_from_pool = [&](const std::string& token, const U256& amount,
                               const bridge::Transfer& t) {
        auto gas = native ? bridge::native_transfer_cost(t, fees) : U256();
        auto& left = (*pool_left)[token];
        auto& native_left = held[native_key];
        if (left < amount || native_left < gas) return false;
        left = *left.sub(amount);
        native_left = *native_left.sub(gas);
        return true;
    };

    std::vector<Planned> planned;
    std::vector<store::Transition> moves;
    auto plan = [&](const store::Order& o, std::string kind, const bridge::Transfer& transfer,
                    bool estimate = true, std::string refund_deduction = {}) {
        planned.push_back({o, std::move(kind), transfer, estimate, std::move(refund_deduction)});
    };
    for (const auto& o : payouts) {
        auto ref = balances_.token(paid_token(o), chain_id);
        auto recipient = chain::Address::from_hex(o.recipient);
        auto amount = U256::from_dec(o.receive_amount);
        if (!o.dst_token_address.empty() && ref && amount) {
            // Bridge and swap: the bridged amount goes through the executor, or the deposit is
            // refunded when the pools cannot give the order's minimum now. No pool fallback:
            // PerchPool pays plain transfers only.
            auto step = co_await swap_step(o, chain_id, rpc);
            if (step.kind == SwapStep::Kind::wait) continue;
            if (step.kind == SwapStep::Kind::refund) {
                spdlog::info("maker: order {} is refunded: {}", o.order_key, step.reason);
                moves.push_back(
                    {o.id, "queued", "refunding", step.reason, std::nullopt, std::nullopt});
                continue;
            }
            if (!spend(ref->address, *amount, step.transfer)) {
                short_of_funds = true;
                moves.push_back(refund_unpayable(o));
                continue;
            }
            plan(o, "payout", step.transfer, false);  // its limit comes from the swap quote
            continue;
        }
        if (!ref || !recipient || !amount) {
            moves.push_back(
                {o.id, "queued", "refunding",
                 paid_token(o) + " cannot be paid out on chain " + std::to_string(chain_id),
                 std::nullopt, std::nullopt});
            continue;
        }
        auto token = ref->native ? chain::Address{} : *chain::Address::from_hex(ref->address);
        auto transfer = bridge::transfer_of(token, *recipient, *amount);
        if (!spend(ref->address, *amount, transfer)) {
            // On fresh balances only: a prepared figure may be stale, and the maker's own funds
            // come first (the round is redone on fresh ones below).
            auto pool = options_.pools.find(chain_id);
            if (pool != options_.pools.end() && !from_prepared) {
                if (!pool_left) pool_left = co_await pool_available(pool->second, rpc, refs);
                auto via_pool =
                    bridge::pool_payout_transfer(pool->second, token, *recipient, *amount);
                if (spend_from_pool(ref->address, *amount, via_pool)) {
                    plan(o, "payout", via_pool);
                    continue;
                }
            }
            short_of_funds = true;
            moves.push_back(refund_unpayable(o));
            continue;
        }
        plan(o, "payout", transfer);
    }
    // Refunds that cannot be signed now wait their turn again later (defer_refunds), so they never
    // take the places of the refunds behind them in the next rounds.
    std::vector<store::RefundDeferral> deferred;
    auto defer = [&](const store::Order& o) { deferred.push_back(refund_deferral(o)); };
    for (const auto& o : refunds) {
        if (o.token.empty()) {
            // Recorded as refunding before deposits of unlisted tokens were rejected when
            // confirmed: the maker neither values nor refunds a token it does not list.
            moves.push_back({o.id, "refunding", "rejected",
                             std::string(bridge::kUnlistedTokenReason), std::nullopt,
                             std::nullopt});
            continue;
        }
        auto token = chain::Address::from_hex(o.token_address);
        auto sender = chain::Address::from_hex(o.sender);
        auto amount = U256::from_dec(o.amount);
        if (!token || !sender || !amount) {
            defer(o);
            continue;
        }
        auto ref = balances_.token_at(chain_id, *token);
        auto probe = bridge::transfer_of(*token, *sender, *amount);
        U256 cost;
        U256 l1_fee;  // an OP-stack chain's L1 data fee: kept back with the gas
        if (token->is_zero()) {
            auto l1 = co_await refund_l1_fee(chain_id, rpc, probe, fees);
            if (!l1) {
                defer(o);
                continue;
            }
            l1_fee = *l1;
            cost = *bridge::native_transfer_cost(probe, fees).add(l1_fee);
        } else if (ref) {
            // A token refund costs the route's destination transaction cost on this chain.
            for (const auto& route : routes_.routes)
                if (route.token == ref->symbol) {
                    auto it = route.dtc.find(chain_id);
                    cost = it == route.dtc.end() ? route.default_dtc : it->second;
                }
        }
        // A reverted swap payout's gas is kept back too (refund_after_swap_gas, never below 0).
        auto burned = U256::from_dec(o.refund_deduction);
        auto burned_or_zero = burned ? *burned : U256();
        auto back = refund_after_swap_gas(*amount, cost, burned_or_zero);
        if (!back) {
            spdlog::error("maker: order {} failed: its deposit is smaller than its refund's gas",
                          o.order_key);
            moves.push_back({o.id, "refunding", "failed",
                             burned ? "nothing is left to refund: the deposit is smaller than the "
                                      "gas its reverted swap burned and its refund would cost"
                                    : "the deposit is smaller than the gas its refund would cost",
                             std::nullopt, std::nullopt});
            continue;
        }
        auto transfer = bridge::transfer_of(*token, *sender, *back);
        if (!spend(token->lower_hex(), *back, transfer)) {
            short_of_funds = true;
            // It waits for the maker to be funded (an operator's job): an error, once a minute
            // per order rather than every poll.
            if (due_again(refund_waits_, o.id, std::chrono::minutes(1))) {
                spdlog::error(
                    "maker: refund of order {} waits: the maker lacks {} or gas on chain {}; fund "
                    "it",
                    o.order_key, o.token.empty() ? o.token_address : o.token, chain_id);
            }
            defer(o);
            continue;
        }
        refund_waits_.erase(o.id);
        // The status page counts what the refund keeps back beyond its gas: the L1 fee with it.
        std::string deduction;
        if (!l1_fee.is_zero()) deduction = burned_or_zero.add(l1_fee)->to_dec();
        plan(o, "refund", transfer, true, std::move(deduction));
    }
    if (short_of_funds && from_prepared) {
        // Never refuse a payout on a prepared figure: read the balances again and decide on those.
        held_.erase(chain_id);
        co_await sign_new(chain_id, rpc, false);
        co_return;
    }
    auto* native_left = native ? &held[native_key] : nullptr;
    planned = co_await estimate_limits(chain_id, rpc, fees, std::move(planned), native_left, moves,
                                       deferred);
    held_[chain_id].held = held;  // what the plans below leave, until the next read
    for (auto& m : moves) co_await orders_.transition(std::move(m));
    co_await orders_.defer_refunds(std::move(deferred));
    if (planned.empty() || !lease_) co_return;
    auto plans = signing_plans(chain_id, planned, fees);
    auto lease = *lease_;
    auto stored = co_await orders_.sign_and_store(std::move(lease), chain_id, address_.lower_hex(),
                                                  nonce_floor_[chain_id], std::move(plans));
    std::vector<Outgoing> fresh;
    fresh.reserve(stored.size());
    for (const auto& m : stored) fresh.push_back({m.id, m.attempts.back()});
    co_await broadcast(chain_id, rpc, std::move(fresh));
    record_reactions(chain_id, stored);
}

Task<void> Maker::broadcast(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                            std::vector<Outgoing> outgoing) {
    if (outgoing.empty()) co_return;
    if (last_broadcast_.size() > 100000) last_broadcast_.clear();  // a bound; entries are hints
    if (refusals_.size() > 100000) refusals_.clear();
    std::vector<chain::rpc::Call> calls;
    for (const auto& o : outgoing) {
        json::array params{json::string(o.attempt.raw_tx)};
        calls.push_back({"eth_sendRawTransaction", std::move(params)});
        last_broadcast_[o.attempt.tx_hash] = std::chrono::steady_clock::now();
    }
    auto replies = co_await rpc.batch(std::move(calls));
    auto now = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < replies.size() && i < outgoing.size(); ++i) {
        const auto& r = replies[i];
        const auto& o = outgoing[i];
        if (!r.error || bridge::already_sent(r.error->what())) {
            refusals_.erase(o.maker_tx_id);
            continue;
        }
        // Never silent: every refusal is an error with the node's own words. follow_pending
        // cancels the nonce once the refusals last (refused_too_long).
        auto& refused = refusals_[o.maker_tx_id];
        if (refused.count++ == 0) refused.first = now;
        refused.message = r.error->what();
        spdlog::error("maker: chain {} refused transaction {} (maker tx {}, refusal {}): {}",
                      chain_id, o.attempt.tx_hash, o.maker_tx_id, refused.count, refused.message);
    }
}

bool Maker::refused_too_long(std::int64_t maker_tx_id) const {
    auto it = refusals_.find(maker_tx_id);
    return it != refusals_.end() && it->second.count >= options_.refusals_before_void &&
           std::chrono::steady_clock::now() - it->second.first >= options_.refused_for_before_void;
}

// A transaction the node keeps refusing (insufficient funds for gas, intrinsic gas too low, fee
// cap below the base fee, ...) holds its nonce, and every later nonce of the maker on this chain
// waits behind it. Its nonce is reserved and its signed bytes stored, so it can neither be
// dropped (a gap) nor re-signed as something else while an earlier version might still be in
// some mempool. The simplest correct way out: sign a filler at the same nonce, a 0-value transfer
// from the maker to itself (21 000 gas, fees above every earlier version so it replaces them),
// and store it as the transaction's newest attempt. Whichever version the chain mines settles the
// order (store settle): the payout itself completes it as usual; the filler means nothing was
// sent, so a payout's order goes to refunding and a refund's order to failed (an operator must
// return those funds), each with a reason. Re-signing the same payout "once funds exist" was the
// other option, but it leaves the chain blocked for as long as that takes.
Task<std::optional<Maker::Outgoing>> Maker::cancel_refused(std::int64_t chain_id,
                                                           chain::rpc::RpcClient& rpc,
                                                           const store::MakerTx& m) {
    auto message = refusals_[m.id].message;
    refusals_.erase(m.id);  // counted anew for the filler
    auto wall_now = std::chrono::duration_cast<std::chrono::seconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    if (!m.void_reason.empty()) {
        // Even the filler is refused (e.g. no native coin at all for its gas): nothing the maker
        // can do alone. Said again at every bound, never per poll.
        spdlog::error(
            "maker: chain {} is blocked at nonce {}: the transaction cancelling maker tx {} is "
            "refused too ({}); an operator must fund or fix the maker account",
            chain_id, m.nonce, m.id, message);
        co_return std::nullopt;
    }
    auto raw = chain::from_hex(m.attempts.back().raw_tx);
    auto last =
        raw ? chain::decode_transaction(*raw) : chain::Result<chain::Transaction>(raw.error());
    if (!last) {
        spdlog::error("maker: chain {} maker tx {} holds an unreadable transaction", chain_id,
                      m.id);
        co_return std::nullopt;
    }
    auto fees = bridge::replacement_fees({last->max_fee_per_gas, last->max_priority_fee_per_gas},
                                         co_await current_fees(rpc));
    auto filler =
        sign(bridge::filler_for(address_, static_cast<std::uint64_t>(chain_id), m.nonce, fees));
    store::Attempt attempt{filler.tx_hash, filler.raw_tx, filler.max_fee_per_gas, wall_now, true};
    std::string reason =
        m.kind == "payout"
            ? "the destination network refused the payout transaction; the deposit is refunded"
            : "the source network refused the refund transaction; an operator will return the "
              "funds";
    if (!co_await orders_.void_tx(m.id, reason, attempt)) co_return std::nullopt;
    spdlog::error(
        "maker: chain {} nonce {}: the {} of order id {} was refused {} times, last: {}; the nonce "
        "is cancelled with a 0-value transfer to the maker ({})",
        chain_id, m.nonce, m.kind, m.order_id, options_.refusals_before_void, message,
        filler.tx_hash);
    co_return Outgoing{m.id, std::move(attempt)};
}

Task<std::uint64_t> Maker::final_block(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    auto head = co_await Eth(rpc).block_number();
    auto count = options_.confirmations.for_chain(chain_id);
    auto by_count = head + 1 >= count ? head + 1 - count : 0;
    auto by_tag = co_await tagged_block(chain_id, rpc);
    co_return by_tag ? std::min(by_count, *by_tag) : by_count;
}

Task<void> Maker::follow_pending(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    auto pending = co_await orders_.pending_txs(chain_id);
    if (pending.empty()) {
        report_stuck(chain_id, pending, 0, 0);  // none left stuck
        co_return;
    }
    // The mined count and the receipts in one batch, so one node answers both: a node a block
    // behind another would otherwise count a nonce as mined while it has no receipt for it yet,
    // and a paid order would look displaced. The count comes first: a transaction mined before
    // it was read has a receipt below.
    std::vector<chain::rpc::Call> calls;
    calls.push_back({"eth_getTransactionCount",
                     json::array{json::string(address_.lower_hex()), json::string("latest")}});
    for (const auto& m : pending) {
        for (const auto& a : m.attempts) {
            json::array params{json::string(a.tx_hash)};
            calls.push_back({"eth_getTransactionReceipt", std::move(params)});
        }
    }
    auto replies = co_await rpc.batch(std::move(calls));
    if (replies.at(0).error) throw *replies.at(0).error;
    auto mined_count = chain::rpc::quantity_u64(replies[0].result);
    auto now = std::chrono::steady_clock::now();
    auto wall_now = std::chrono::duration_cast<std::chrono::seconds>(
                        std::chrono::system_clock::now().time_since_epoch())
                        .count();
    report_stuck(chain_id, pending, mined_count, wall_now);
    std::vector<Outgoing> resend;
    // The highest block whose receipts are final on this chain, read once a round when needed.
    std::optional<std::uint64_t> final_height;
    std::size_t i = 1;
    for (const auto& m : pending) {
        const json::object* receipt = nullptr;
        const store::Attempt* mined = nullptr;
        for (const auto& a : m.attempts) {
            const auto& r = replies.at(i++);
            if (!r.error && r.result.is_object()) {
                receipt = &r.result.as_object();
                mined = &a;
            }
        }
        if (receipt) {
            bool ok = chain::rpc::quantity_u64(receipt->at("status")) == 1;
            // A swap payout (to the executor) that reverted: the price moved below the order's
            // minimum between the quote and the block (InsufficientOutput), or its deadline
            // passed. It used its nonce and paid nothing, so refunding is safe (docs/swap.md).
            const auto* executor =
                swap_ && swap_->deployment() ? &swap_->deployment()->executor : nullptr;
            const auto* to = receipt->if_contains("to");
            auto to_address = to && to->is_string()
                                  ? chain::Address::from_hex(std::string(to->as_string()))
                                  : chain::Result<chain::Address>(chain::make_error(
                                        chain::Errc::invalid_hex, "no receipt 'to'"));
            bool to_executor = executor && to_address && *to_address == *executor;
            std::string why = m.kind != "payout"
                                  ? "the refund transaction reverted; an operator will resolve it"
                              : to_executor ? "the destination swap reverted (the price moved "
                                              "below the order's minimum); the deposit is refunded"
                                            : "the payout transaction reverted on the destination; "
                                              "the deposit is refunded";
            // A reverted swap is refunded at the user's cost: the gas it burned is kept back.
            RevertedSwapCost burned;
            if (!ok && to_executor && m.kind == "payout" && !mined->filler) {
                burned = reverted_swap_cost(chain_id, *receipt, *mined);
                if (!burned.text.empty()) why += " " + burned.text;
            }
            // A payout that failed (reverted, or its nonce filled) is refunded on the source
            // chain, so it must not come back: its receipt waits for the chain's finality, since a
            // reorganisation could still mine the payout itself and pay the deposit twice.
            if (m.kind == "payout" && (!ok || mined->filler)) {
                if (!final_height) final_height = co_await final_block(chain_id, rpc);
                if (chain::rpc::quantity_u64(receipt->at("blockNumber")) > *final_height) continue;
            }
            std::string delivered;
            if (ok && to_executor && m.kind == "payout")
                if (auto paid = swapped_amount(*receipt, *executor)) delivered = paid->to_dec();
            // What it cost the maker, L1 data fee included; a plain payout's against its dtc.
            auto cost = chain::op::receipt_cost(*receipt);
            store::TxSpend spent;
            if (cost) spent = {cost->total().to_dec(), cost->l1.to_dec()};
            if (cost && ok && m.kind == "payout" && !mined->filler && !to_executor)
                note_payout_cost(chain_id, m, *cost);
            if (mined->filler || (!ok && m.kind == "refund")) {
                spdlog::error(
                    "maker: chain {} nonce {}: order id {} {}", chain_id, m.nonce, m.order_id,
                    mined->filler
                        ? std::string(m.kind == "payout" ? "was not paid" : "was not refunded") +
                              " (nonce cancelled): " + m.void_reason
                        : std::string("failed: ") + why);
            }
            refusals_.erase(m.id);
            displaced_since_.erase(m.id);
            // (No conditional of strings here: g++ 12 destroys its temporary wrongly in a
            // coroutine.)
            if (ok) why.clear();
            co_await orders_.settle(m.id, mined->tx_hash, ok, why, delivered, burned.deduction,
                                    std::move(spent));
            continue;
        }
        if (m.nonce < mined_count) {
            // Behind a load balancer the node that counted the nonce as mined may not be the one
            // that has the block with our receipt: only a nonce mined without any receipt of ours
            // for a while is someone else's transaction.
            // (No structured binding: g++ 12 miscompiles them across a co_await.)
            auto seen = displaced_since_.try_emplace(m.id, now).first->second;
            if (now - seen < kDisplacedAfter) continue;
            displaced_since_.erase(m.id);
            spdlog::error("maker: chain {} nonce {} was used by another transaction", chain_id,
                          m.nonce);
            co_await orders_.abandon(m.id,
                                     "the maker's transaction was displaced by another one with "
                                     "the same nonce; an operator will resolve it");
            continue;
        }
        // Only the next nonce to be mined is cancelled: later ones may be refused only because
        // of the gap in front of them ("nonce too high"), which this very step closes.
        if (m.nonce == mined_count && refused_too_long(m.id)) {
            if (auto filler = co_await cancel_refused(chain_id, rpc, m))
                resend.push_back(std::move(*filler));
            continue;
        }
        const auto& last = m.attempts.back();
        auto age = std::chrono::seconds(wall_now - last.created_at);
        // Sped up until the chain's fee cap (replacement_of); at the cap it is re-broadcast below.
        std::optional<chain::Transaction> tx;
        if (age >= options_.speedup_after)
            tx = co_await replacement_of(chain_id, rpc, m.nonce, last);
        if (tx) {
            auto signed_tx = sign(*tx);
            store::Attempt attempt{signed_tx.tx_hash, signed_tx.raw_tx, signed_tx.max_fee_per_gas,
                                   wall_now, last.filler};
            co_await orders_.add_attempt(m.id, attempt);
            spdlog::info("maker: chain {} nonce {} sped up to max fee {}", chain_id, m.nonce,
                         signed_tx.max_fee_per_gas);
            resend.push_back({m.id, std::move(attempt)});
            continue;
        }
        auto seen = last_broadcast_.find(last.tx_hash);
        if (seen == last_broadcast_.end() || now - seen->second >= options_.rebroadcast_every)
            resend.push_back({m.id, last});
    }
    co_await broadcast(chain_id, rpc, std::move(resend));
}

}  // namespace perch::maker
