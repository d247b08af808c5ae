// A queued bridge-and-swap order at payout time (docs/swap.md "Bridge and swap"): the quoting
// service's best quote for the bridged amount less the swap's gas on the destination's pools
// decides between paying through the executor and refunding
// (maker/swap_payout.hpp).
#include "chain/hex.hpp"
#include "chain/tx.hpp"
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

// The swap the charged quote makes, or its error. (A plain function: g++ 12 destroys the
// temporaries of a conditional expression inside a coroutine wrongly.)
chain::Result<swap::Quote> quote_of(const chain::Result<swap::GasChargedQuote>& charged) {
    if (!charged) return charged.error();
    return charged->quote;
}
}  // namespace

Task<Maker::SwapStep> Maker::swap_step(const store::Order& o, std::int64_t chain_id,
                                       chain::rpc::RpcClient& rpc) {
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
    // The swap's gas is the user's: at the node's price now (what the payout pays, and what the
    // quote charged), taken from the bridged amount before it is swapped (swap/swap_gas.hpp).
    auto charged = co_await swap::quote_swap_after_gas(*swap_, std::move(ask));
    if (!charged) co_return step;  // the pools are being read again: wait for them
    auto quote = quote_of(*charged);
    auto decision = decide_swap_payout(quote, *min_out, out->symbol, out->decimals, o.token,
                                       static_cast<unsigned>(o.decimals));
    if (!decision.pay) co_return refuse(decision.reason);
    step.kind = SwapStep::Kind::pay;
    step.transfer = swap_transfer(deployment->executor, *quote, *min_out, *recipient,
                                  swap::swap_deadline(unix_now(), kSwapDeadlineSeconds));
    co_return step;
}

Maker::RevertedSwapCost Maker::reverted_swap_cost(std::int64_t chain_id,
                                                  const boost::json::object& receipt,
                                                  const store::Attempt& mined) const {
    auto raw = chain::from_hex(mined.raw_tx);
    auto tx =
        raw ? chain::decode_transaction(*raw) : chain::Result<chain::Transaction>(raw.error());
    auto token = tx ? swapped_token(tx->data) : std::nullopt;
    auto ref = token ? balances_.token_at(chain_id, *token) : std::nullopt;
    if (!ref) return {};
    // The native coin is its own price; a token is priced by the destination's pools now.
    std::optional<swap::NativeRate> rate;
    auto pools = swap_ ? swap_->pools(chain_id) : nullptr;
    if (token->is_zero())
        rate = swap::NativeRate{U256(1), U256(1)};
    else if (pools && swap_->deployment())
        rate = swap::native_rate(*pools, *token, swap::quote_options(*swap_->deployment(), U256()));
    auto burned = swap::gas_in_token(burned_gas_wei(receipt), rate);
    if (burned.is_zero()) return {};
    return {burned.to_dec(), "less the " + burned.format_units(ref->decimals) + " " + ref->symbol +
                                 " of gas the reverted swap burned on chain " +
                                 std::to_string(chain_id)};
}

}  // namespace perch::maker
