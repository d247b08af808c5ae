// The payer's gas on real chains: every payout and refund of a round is estimated in one batch
// and signed with the estimate and a margin (one the node cannot estimate now, or above the
// chain's ceiling, is not signed: it is tried again, and a payout refunded unsent only when
// that has lasted);
// a stuck transaction is replaced at the fees the chain needs now, under the chain's cap; nonces
// pending too long are reported. The rules themselves are in gas_policy.hpp.
#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <map>
#include <set>

#include "chain/hex.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/tx.hpp"
#include "maker/gas_policy.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
namespace json = boost::json;
using chain::U256;

namespace {

json::object call_of(const chain::Address& from, const bridge::Transfer& t) {
    return json::object{{"from", from.lower_hex()},
                        {"to", t.to.lower_hex()},
                        {"value", t.value.to_hex()},
                        {"data", chain::to_hex(t.data)}};
}

// The payout's or refund's way on when it cannot be signed this round: a payout is refunded (as
// one that reverted on chain would be, but nothing was sent, so it cannot be paid twice); a refund
// waits and is tried again (refund_deferral), so it is never lost.
void set_aside(const Maker::Planned& p, const std::string& reason,
               std::vector<store::Transition>& moves,
               std::vector<store::RefundDeferral>& deferred) {
    if (p.kind == "payout")
        moves.push_back(
            {p.order.id, p.order.state, "refunding", reason, std::nullopt, std::nullopt});
    else
        deferred.push_back(refund_deferral(p.order));
}

// What the node's answer for one transfer lets the payer do (gas_policy.hpp).
GasVerdict verdict_of(const chain::rpc::Reply& reply, const GasSettings& gas,
                      std::int64_t chain_id) {
    std::optional<std::uint64_t> estimate;
    if (!reply.error) {
        try {
            estimate = chain::rpc::quantity_u64(reply.result);
        } catch (const std::exception&) {
            // A body that is no quantity: no estimate (not yet).
        }
    }
    return gas_verdict(reply.error, estimate, gas, chain_id);
}

}  // namespace

Task<std::vector<Maker::Planned>> Maker::estimate_limits(
    std::int64_t chain_id, chain::rpc::RpcClient& rpc, const bridge::Fees& fees,
    std::vector<Planned> planned, U256* native_left, std::vector<store::Transition>& moves,
    std::vector<store::RefundDeferral>& deferred) {
    std::vector<chain::rpc::Call> calls;
    std::vector<std::size_t> asked;  // index in `planned` of each call
    for (std::size_t i = 0; i < planned.size(); ++i) {
        if (!planned[i].estimate) continue;
        calls.push_back({"eth_estimateGas", json::array{call_of(address_, planned[i].transfer)}});
        asked.push_back(i);
    }
    if (calls.empty()) co_return planned;
    std::vector<chain::rpc::Reply> replies;
    try {
        replies = co_await rpc.batch(std::move(calls));
    } catch (const chain::rpc::RpcError& e) {
        // No answer at all: every estimate is "not yet" below, none is signed blind.
        replies.assign(asked.size(), chain::rpc::Reply{{}, e});
    }
    std::vector<bool> keep(planned.size(), true);
    for (std::size_t k = 0; k < asked.size(); ++k) {
        auto& p = planned[asked[k]];
        auto verdict = k < replies.size() ? verdict_of(replies[k], options_.gas, chain_id)
                                          : GasVerdict{false, 0, "got no answer", true};
        if (!verdict.sign) {
            keep[asked[k]] = false;
            not_yet(chain_id, p, verdict.why, verdict.transient, moves, deferred);
            continue;
        }
        unsignable_since_.erase(p.order.id);
        unsignable_said_.erase(p.order.id);
        if (verdict.limit == 0) continue;  // the node cannot estimate: the fixed limit stands
        // The round's spending counted the fixed limit's gas: settle the difference.
        auto before = bridge::native_transfer_cost(p.transfer, fees);
        p.transfer.gas_limit = verdict.limit;
        auto after = bridge::native_transfer_cost(p.transfer, fees);
        if (!native_left) continue;
        if (after <= before) {
            *native_left = *native_left->add(*before.sub(after));
            continue;
        }
        auto extra = *after.sub(before);
        if (*native_left < extra) {
            set_aside(p, "the bridge cannot pay this amount on the destination right now", moves,
                      deferred);
            keep[asked[k]] = false;
            continue;
        }
        *native_left = *native_left->sub(extra);
    }
    std::vector<Planned> out;
    for (std::size_t i = 0; i < planned.size(); ++i)
        if (keep[i]) out.push_back(std::move(planned[i]));
    co_return out;
}

void Maker::not_yet(std::int64_t chain_id, const Planned& p, const std::string& why, bool transient,
                    std::vector<store::Transition>& moves,
                    std::vector<store::RefundDeferral>& deferred) {
    auto now = std::chrono::steady_clock::now();
    // Only the transaction's own answers (reverts, a limit above the ceiling) start the clock
    // and may end it in a refund; an outage of the node's answers never refunds a payout.
    auto clock = unsignable_since_.find(p.order.id);
    if (clock == unsignable_since_.end() && !transient)
        clock = unsignable_since_.emplace(p.order.id, now).first;
    bool lasted = clock != unsignable_since_.end() && !transient &&
                  now - clock->second >= options_.gas.unsignable_refund_after;
    auto since = clock != unsignable_since_.end() ? clock->second : now;
    if (p.kind == "payout" && lasted) {
        // Every estimate for that long said the same: the chain itself, not one node behind.
        spdlog::error("maker: chain {}: the payout of order {} {} for {} s; refunded unsent",
                      chain_id, p.order.order_key, why,
                      std::chrono::duration_cast<std::chrono::seconds>(now - since).count());
        unsignable_since_.erase(p.order.id);
        unsignable_said_.erase(p.order.id);
        set_aside(
            p, "the payout transaction cannot be sent on the destination; the deposit is refunded",
            moves, deferred);
        return;
    }
    if (p.kind != "payout") deferred.push_back(refund_deferral(p.order));
    // A payout stays queued and is estimated again next round.
    if (due_again(unsignable_said_, p.order.id, std::chrono::minutes(1)))
        spdlog::warn(
            "maker: chain {}: the {} of order {} {}; tried again (refunded unsent after "
            "maker.gas.unsignable_refund_after_ms if it lasts)",
            chain_id, p.kind, p.order.order_key, why);
}

Task<std::optional<chain::Transaction>> Maker::replacement_of(std::int64_t chain_id,
                                                              chain::rpc::RpcClient& rpc,
                                                              std::uint64_t nonce,
                                                              const store::Attempt& last) {
    auto raw = chain::from_hex(last.raw_tx);
    auto tx =
        raw ? chain::decode_transaction(*raw) : chain::Result<chain::Transaction>(raw.error());
    if (!tx) co_return std::nullopt;
    auto current = co_await prepared_fees(chain_id, rpc, kFeesFreshFor);
    auto cap = fee_cap(options_.gas, chain_id);
    auto next = replacement_fees({tx->max_fee_per_gas, tx->max_priority_fee_per_gas}, current,
                                 options_.gas.bump_percent, cap);
    if (next.at_cap) {
        if (gas_alerts_.note_capped(chain_id, nonce))
            spdlog::error(
                "maker: chain {} nonce {}: a replacement would pass the max fee cap ({} wei, "
                "maker.gas.max_fee_gwei); it stays at max fee {} and is re-broadcast, never "
                "dropped",
                chain_id, nonce, cap.to_dec(), tx->max_fee_per_gas.to_dec());
        co_return std::nullopt;
    }
    tx->max_fee_per_gas = next.fees.max_fee_per_gas;
    tx->max_priority_fee_per_gas = next.fees.max_priority_fee_per_gas;
    co_return std::move(*tx);
}

void Maker::report_stuck(std::int64_t chain_id, const std::vector<store::MakerTx>& pending,
                         std::uint64_t mined_count, std::int64_t wall_now) {
    std::map<std::uint64_t, std::int64_t> stuck;
    std::set<std::uint64_t> nonces;
    for (const auto& m : pending) {
        if (m.nonce < mined_count) continue;  // mined: settled this round
        nonces.insert(m.nonce);
        if (nonce_stuck(m.created_at, wall_now, options_.gas.stuck_after))
            stuck[m.nonce] = wall_now - m.created_at;
    }
    for (auto nonce : gas_alerts_.update_pending(chain_id, stuck, nonces))
        spdlog::error(
            "maker: chain {} nonce {} is stuck: pending for {} s (maker.gas.stuck_after_ms: {})",
            chain_id, nonce, stuck[nonce], options_.gas.stuck_after.count());
}

void Maker::note_balance(std::int64_t chain_id, const balance::TokenRef& ref, const U256& held) {
    auto route_max = largest_route_payout(routes_, chain_id, ref.symbol);
    auto threshold =
        low_balance_threshold(options_.gas, chain_id, ref.symbol, ref.decimals, route_max);
    if (!threshold || threshold->is_zero()) return;
    bool low = held < *threshold;
    if (!gas_alerts_.set_low(chain_id, ref.symbol, low)) return;
    if (low)
        spdlog::warn(
            "maker: chain {} {} balance {} is below its low threshold {} "
            "(maker.gas.low_balance); quotes offer at most what it holds: fund the maker",
            chain_id, ref.symbol, held.format_units(ref.decimals),
            threshold->format_units(ref.decimals));
    else
        spdlog::info("maker: chain {} {} balance {} is back above its low threshold {}", chain_id,
                     ref.symbol, held.format_units(ref.decimals),
                     threshold->format_units(ref.decimals));
}

}  // namespace perch::maker
