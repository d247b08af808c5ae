// The payers' gate on outflow (bridge/outflow.hpp): which queued payouts go out now, which wait
// for a paused route, their route's hourly and daily capacity, or a large transfer's hold. The
// windows are counted from the payouts the store holds, so a restart or another instance taking
// the lease sees the same ones; and only the lease holder signs (sign_and_store checks the lease
// in the transaction that stores the payout), so no two instances both spend one window.
#include <spdlog/spdlog.h>

#include "core/clock.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
using chain::U256;

namespace {

U256 plus(const U256& a, const U256& b) {
    auto sum = a.add(b);
    return sum ? *sum : U256::max();
}

U256 amount_of(const std::string& text) {
    auto v = U256::from_dec(text);
    return v ? *v : U256();
}

// The USD value of `amount` base units of `symbol` (0: no price).
double usd_value(const U256& amount, unsigned decimals, double usd_per_token) {
    if (usd_per_token <= 0) return 0;
    try {
        return std::stod(amount.format_units(decimals)) * usd_per_token;
    } catch (const std::exception&) {
        return 0;
    }
}

}  // namespace

Task<void> Maker::pause_out_of_bounds(std::int64_t chain_id, const store::Flows& flows,
                                      std::map<std::string, std::string>& paused) {
    std::map<std::string, U256> out, in;
    for (const auto& f : flows.payouts)
        if (f.dst_chain_id == chain_id) {
            auto& sum = out[bridge::route_key(f.src_chain_id, f.dst_chain_id, f.token)];
            sum = plus(sum, amount_of(f.amount));
        }
    for (const auto& f : flows.deposits)
        if (f.src_chain_id == chain_id) {  // came back in on this chain, the other way
            auto& sum = in[bridge::route_key(f.dst_chain_id, f.src_chain_id, f.token)];
            sum = plus(sum, amount_of(f.amount));
        }
    // (No structured bindings or braced ranges across co_await: g++ 12 mishandles them in
    // coroutines.)
    for (const auto& entry : out) {
        const auto& key = entry.first;
        const auto& paid = entry.second;
        const auto* caps = outflow_->caps(key);
        if (!caps || !caps->pause_net || paused.count(key)) continue;
        auto net = bridge::net_outflow(paid, in[key]);
        if (net <= *caps->pause_net) continue;
        auto token = bridge::parse_route_key(key)->token;
        auto why = "paused by itself: it paid out " + net.format_units(caps->decimals) + " " +
                   token + " more than came back in the last " +
                   std::to_string(outflow_->day.count()) + " s (bound " +
                   caps->pause_net->format_units(caps->decimals) + ")";
        spdlog::error("maker: route {} {}; `perch resume --route {}` once it is understood", key,
                      why, key);
        co_await orders_.set_route_paused(key, true, why);
        paused[key] = why;
    }
    if (outflow_->price_disagreement_bps == 0 || !prices_) co_return;
    // Cross-asset routes are paid at prices: when the live source and the configured reference
    // disagree beyond the bound, one of them is wrong, and paying on it could drain the maker.
    for (const auto& route : routes_.routes) {
        if (!route.cross()) continue;
        const std::vector<std::string> symbols{route.token, route.to_token};
        for (const auto& symbol : symbols) {
            auto live = prices_->current()->of(symbol);
            auto fixed = fixed_prices_.find(symbol);
            if (!live || fixed == fixed_prices_.end()) continue;
            if (!bridge::prices_disagree({*live, fixed->second}, outflow_->price_disagreement_bps))
                continue;
            for (auto src : route.chains) {
                auto key = bridge::route_key(src, chain_id, route.token);
                if (paused.count(key) || !outflow_->caps(key)) continue;
                auto why = "paused by itself: the price sources disagree on " + symbol + " (" +
                           std::to_string(*live) + " against " + std::to_string(fixed->second) +
                           " USD)";
                spdlog::error("maker: route {} {}", key, why);
                co_await orders_.set_route_paused(key, true, why);
                paused[key] = why;
            }
        }
    }
}

Task<std::vector<store::Order>> Maker::payable_now(std::int64_t chain_id,
                                                   std::vector<store::Order> queued) {
    if (queued.empty() || !outflow_) co_return queued;
    auto now = unix_now();
    auto paused = co_await orders_.paused_routes();
    auto flows = co_await orders_.flows_since(now - outflow_->day.count());
    co_await pause_out_of_bounds(chain_id, flows, paused);

    std::map<std::string, std::vector<bridge::Outflow>> paid;
    for (const auto& f : flows.payouts)
        if (f.dst_chain_id == chain_id)
            paid[bridge::route_key(f.src_chain_id, f.dst_chain_id, f.token)].push_back(
                {f.at, amount_of(f.amount)});
    std::vector<bridge::QueuedPayout> planned;
    std::vector<store::PayoutWait> waits;
    std::map<std::int64_t, const store::Order*> by_id;
    for (const auto& o : queued) {
        auto key = bridge::route_key(o.src_chain_id, o.dst_chain_id, o.token);
        if (auto p = paused.find(key); p != paused.end()) {
            waits.push_back({o.id, o.payout_hold_until, 0, bridge::paused_route_reason(p->second)});
            continue;
        }
        auto amount = amount_of(o.amount);
        auto usd = usd_value(amount, static_cast<unsigned>(o.decimals), usd_of(o.token));
        planned.push_back({o.id, key, amount, usd, o.payout_hold_until});
        by_id[o.id] = &o;
    }
    std::vector<store::Order> now_payable;
    auto plans = bridge::plan_payouts(planned, std::move(paid), *outflow_, now);
    for (const auto& plan : plans) {
        if (plan.pay_at <= now) {
            now_payable.push_back(*by_id.at(plan.order_id));
            continue;
        }
        auto reason = plan.by_limit
                          ? bridge::limit_delay_reason(plan.pay_at)
                          : bridge::large_hold_reason(plan.pay_at, outflow_->delay_above_usd);
        waits.push_back({plan.order_id, plan.hold_until, plan.pay_at, std::move(reason)});
    }
    co_await orders_.note_payout_waits(std::move(waits));
    co_return now_payable;
}

}  // namespace perch::maker
