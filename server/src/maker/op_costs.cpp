// What the maker's transactions cost beyond their L2 gas on OP-stack chains (docs/operations.md
// "The OP-stack L1 data fee"): a native refund keeps back its L1 data fee, priced before signing,
// and every mined payout's whole cost is held against its route's dtc.
#include <spdlog/spdlog.h>

#include "chain/rpc/eth.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
using chain::U256;

Task<std::optional<U256>> Maker::refund_l1_fee(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                               const bridge::Transfer& transfer,
                                               const bridge::Fees& fees) {
    if (!options_.op_chains.count(chain_id)) co_return U256();
    // The bound, not getL1Fee of the bytes: the refund's value (hence its bytes) depends on the
    // fee itself, and its nonce is reserved only when it is stored. The bound holds for any
    // nonce and limit (unsigned_size_bound) and any value up to the deposit.
    auto tx = bridge::transaction_for(transfer, static_cast<std::uint64_t>(chain_id), 0, fees);
    auto call = chain::op::l1_fee_upper_bound_call(chain::op::unsigned_size_bound(tx));
    std::string why;
    try {
        auto answer = co_await chain::rpc::Eth(rpc).call(chain::op::gas_price_oracle(), call);
        auto fee = chain::op::decode_fee(answer);
        if (fee) co_return *fee;
        why = fee.error().message;
    } catch (const std::exception& e) {
        why = e.what();
    }
    spdlog::warn(
        "maker: chain {}: the GasPriceOracle did not price a refund's L1 data fee ({}); "
        "the refund waits",
        chain_id, why);
    co_return std::nullopt;
}

void Maker::note_payout_cost(std::int64_t chain_id, const store::MakerTx& m,
                             const chain::op::TxCost& cost) {
    const auto* route = routes_.find(m.token, m.src_chain_id, chain_id);
    if (!route) return;
    auto it = route->dtc.find(chain_id);
    const auto& dtc = it == route->dtc.end() ? route->default_dtc : it->second;
    auto native = balances_.token_at(chain_id, chain::Address{});
    bool same_coin = native && native->symbol == route->paid_token();
    auto cover = dtc_cover(dtc, route->paid_decimals(), same_coin, usd_of(route->paid_token()),
                           native ? usd_of(native->symbol) : 0.0, cost.total());
    RouteKey key{m.token, m.src_chain_id, chain_id};
    if (!payout_costs_.record(key, cost, cover, std::chrono::steady_clock::now())) return;
    spdlog::warn(
        "maker: route {} {} -> {}: its dtc ({} {}, {:.0f} wei of the destination's coin) no longer "
        "covers a payout: the newest cost {} wei (L1 data fee {} wei); raise the route's dtc in "
        "routes.json (said once an hour per route)",
        m.token, m.src_chain_id, chain_id, dtc.format_units(route->paid_decimals()),
        route->paid_token(), cover.dtc_native_wei, cost.total().to_dec(), cost.l1.to_dec());
}

}  // namespace perch::maker
