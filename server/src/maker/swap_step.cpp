// A queued bridge-and-swap order at payout time (docs/swap.md "Bridge and swap"): the quoting
// service's best quote for the bridged amount on the destination's pools, at the fees the payout
// pays, decides between paying through the executor and refunding (maker/swap_payout.hpp).
#include "core/clock.hpp"
#include "maker/maker.hpp"
#include "maker/swap_payout.hpp"
#include "swap/quoting.hpp"
#include "swap/service.hpp"

namespace perch::maker {
using chain::U256;

namespace {
// A swap payout's deadline (PerchSwapExecutor reverts Expired() after it; a reverted payout is
// refunded). Long enough for speed-ups and a re-broadcast after a restart.
constexpr std::int64_t kSwapDeadlineSeconds = 15 * 60;
}  // namespace

Task<Maker::SwapStep> Maker::swap_step(const store::Order& o, std::int64_t chain_id,
                                       const bridge::Fees& fees, chain::rpc::RpcClient& rpc) {
    SwapStep step;
    auto refuse = [&](std::string reason) {
        step.kind = SwapStep::Kind::refund;
        step.reason = std::move(reason);
        return step;
    };
    auto ref = balances_.token(o.token, chain_id);
    auto recipient = chain::Address::from_hex(o.recipient);
    auto amount = U256::from_dec(o.receive_amount);
    auto dst = chain::Address::from_hex(o.dst_token_address);
    auto min_out = U256::from_dec(o.min_out);
    const auto* deployment = swap_ && swap_->serves(chain_id) ? swap_->deployment() : nullptr;
    const auto* out = deployment && dst ? swap_->token(chain_id, *dst) : nullptr;
    if (!ref || !recipient || !amount || !min_out || !out)
        co_return refuse("the destination swap cannot be made on chain " +
                         std::to_string(chain_id));
    if (!swap_->pools(chain_id)) co_return step;  // the indexer has not read the pools yet: wait
    auto token_in = ref->native ? chain::Address{} : *chain::Address::from_hex(ref->address);
    if (!ref->native && !approved_.count({chain_id, ref->address})) {
        // The executor pulls an ERC-20 from the maker: its allowance must be in place (an
        // operator's one-time approval, docs/swap.md). Read once; a max approval does not run out.
        auto allowed = co_await swap::read_allowance(rpc, token_in, address_, deployment->executor);
        if (!allowed || *allowed < *amount)
            co_return refuse("the destination swap cannot be made: the bridge has not approved " +
                             ref->symbol + " for swapping on chain " + std::to_string(chain_id));
        approved_.insert({chain_id, ref->address});
    }
    swap::SwapAsk ask;
    ask.chain_id = chain_id;
    ask.token_in = token_in;
    ask.token_out = *dst;
    ask.amount_in = *amount;
    ask.gas_price_wei = fees.max_fee_per_gas;  // what the payout pays
    auto quote = co_await swap::quote_swap(*swap_, std::move(ask));
    if (!quote) co_return step;  // the pools are being read again: wait for them
    auto decision = decide_swap_payout(*quote, *min_out, out->symbol, out->decimals, o.token,
                                       static_cast<unsigned>(o.decimals));
    if (!decision.pay) co_return refuse(decision.reason);
    step.kind = SwapStep::Kind::pay;
    step.transfer = swap_transfer(deployment->executor, **quote, *min_out, *recipient,
                                  swap::swap_deadline(unix_now(), kSwapDeadlineSeconds));
    co_return step;
}

}  // namespace perch::maker
