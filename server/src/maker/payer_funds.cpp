// The payer's reads of what it pays with: the chain's fees, what the maker holds of each token
// and what PerchPool has available, kept fresh between deposits so a payout needs no read.
#include <algorithm>

#include "bridge/quote_reads.hpp"
#include "bridge/sending.hpp"
#include "maker/gas_policy.hpp"
#include "maker/maker.hpp"

namespace perch::maker {
using chain::U256;

Task<bridge::Fees> Maker::current_fees(chain::rpc::RpcClient& rpc) {
    co_return co_await bridge::read_current_fees(rpc);
}

// Between deposits fees are read again sooner than kFeesFreshFor, a poll or more before they
// would go stale, so a payout never waits for the read. (On a followed chain the fee read is
// answered from the head follower's newest block: it costs no request.)
constexpr auto kPrepareAfter = std::chrono::milliseconds(1000);
// Balances, unlike fees, move only when someone sends: the maker's own payouts and refunds are
// deducted from the prepared figure as they are planned (worst-case gas included), and what others
// send the maker only makes the figure too low, which never refuses a payout (sign_new reads again
// first). So a prepared balance serves for kHeldFreshFor, and an idle chain pays for one balance
// read every kHeldRefreshAfter instead of every second (an idle chain's budget is 3 calls a block).
constexpr auto kHeldRefreshAfter = std::chrono::seconds(10);
constexpr auto kHeldFreshFor = std::chrono::seconds(15);

Task<bridge::Fees> Maker::prepared_fees(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                        std::chrono::milliseconds max_age) {
    auto now = std::chrono::steady_clock::now();
    auto it = fees_.find(chain_id);
    if (it != fees_.end() && now - it->second.at < max_age) co_return it->second.fees;
    auto read = co_await current_fees(rpc);
    auto fees = under_cap(read, fee_cap(options_.gas, chain_id));
    fees_[chain_id] = {fees, now};
    co_return fees;
}

Task<std::map<std::string, U256>> Maker::held_balances(
    std::int64_t chain_id, const std::map<std::string, balance::TokenRef>& refs,
    bool allow_prepared, bool& from_prepared) {
    auto now = std::chrono::steady_clock::now();
    auto& prepared = held_[chain_id];
    from_prepared = allow_prepared && now - prepared.at < kHeldFreshFor &&
                    std::all_of(refs.begin(), refs.end(),
                                [&](const auto& r) { return prepared.held.count(r.first) > 0; });
    if (from_prepared) co_return prepared.held;
    for (const auto& [address, r] : refs) prepared.refs[address] = r;
    std::vector<balance::TokenRef> ref_list;
    ref_list.reserve(prepared.refs.size());
    for (const auto& [address, r] : prepared.refs) ref_list.push_back(r);
    auto held_list = co_await balances_.token_balances(chain_id, address_, ref_list);
    std::map<std::string, U256> held;
    for (std::size_t i = 0; i < ref_list.size(); ++i) {
        // An unread balance is not an empty one: refunding on it would be wrong; retry later.
        if (!held_list.at(i))
            throw std::runtime_error("the maker's " + ref_list[i].symbol +
                                     " balance could not be read");
        held[ref_list[i].address] = *held_list[i];
        note_balance(chain_id, ref_list[i], *held_list[i]);
    }
    held_[chain_id].held = held;
    held_[chain_id].at = now;
    co_return held;
}

Task<std::map<std::string, U256>> Maker::pool_available(
    const chain::Address& pool, chain::rpc::RpcClient& rpc,
    const std::map<std::string, balance::TokenRef>& refs) {
    std::map<std::string, U256> out;
    for (const auto& [key, ref] : refs) {
        auto token = ref.native ? std::optional<chain::Address>(chain::Address{})
                                : std::optional<chain::Address>();
        if (!ref.native)
            if (auto a = chain::Address::from_hex(ref.address)) token = *a;
        if (!token) continue;
        auto value = co_await bridge::read_pool_available(rpc, pool, *token);
        if (value) out[key] = *value;
    }
    co_return out;
}

// Between deposits: fees and the balances of the tokens paid before are read again before they go
// stale, so a payout right after its deposit's block needs no read at all.
Task<void> Maker::prepare(std::int64_t chain_id, chain::rpc::RpcClient& rpc) {
    co_await prepared_fees(chain_id, rpc, kPrepareAfter);
    auto it = held_.find(chain_id);
    if (it == held_.end() || it->second.refs.empty() ||
        std::chrono::steady_clock::now() - it->second.at < kHeldRefreshAfter)
        co_return;
    auto refs = it->second.refs;
    bool from_prepared = false;
    co_await held_balances(chain_id, refs, false, from_prepared);
}

}  // namespace perch::maker
