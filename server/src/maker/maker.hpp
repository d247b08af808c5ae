#pragma once
// The maker: per source chain a watcher of Depositor `Deposit` logs, per chain a payer
// that signs payouts and refunds, stores them, then broadcasts, follows receipts and speeds up
// stuck ones. All loops run as coroutines on one io_context, so they share state without locks;
// every decision is written to the order store before it is acted on, so a crash at any moment is
// resumed from the database: stored transactions are re-broadcast, never signed anew.
#include <atomic>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>
#include <chrono>
#include <cstdint>
#include <future>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "bridge/deposit_event.hpp"
#include "bridge/order.hpp"
#include "bridge/outflow.hpp"
#include "bridge/quote.hpp"
#include "chain/rpc/follower.hpp"
#include "chain/rpc/head_feed.hpp"
#include "chain/rpc/logs.hpp"
#include "chain/signer.hpp"
#include "core/config.hpp"
#include "core/wakeup.hpp"
#include "maker/chain_side.hpp"
#include "maker/gas_alerts.hpp"
#include "maker/payout_costs.hpp"
#include "maker/reaction.hpp"
#include "price/price_source.hpp"
#include "store/orders.hpp"
#include "swap/service.hpp"

namespace perch::maker {

struct MakerOptions {
    std::chrono::milliseconds poll{200};             // how often watchers and payers look
    std::chrono::milliseconds speedup_after{12000};  // re-sign at a higher fee after this long
    std::chrono::milliseconds rebroadcast_every{5000};
    PerChainCount confirmations{1, {}};        // per source chain
    PerChainCount large_confirmations{3, {}};  // deposits from a route's large_from
    int batch = 300;                           // orders signed per chain per round
    std::uint64_t max_log_range = 500;         // blocks per eth_getLogs
    // A transaction the node refuses (for a reason other than already having it) is retried; once
    // refused this many times over at least this long, its nonce is cancelled (see payer.cpp).
    int refusals_before_void = 3;
    std::chrono::milliseconds refused_for_before_void{10000};
    bool head_feed = true;  // subscribe to new heads over WebSocket where the node offers it
    // PerchPool (the same address on every chain of the profile): a payout the maker's own
    // balance cannot cover is paid out of the pool when the pool has it available. By chain: a
    // deployment may put it at another address on each chain (none: not on that chain).
    std::map<std::int64_t, chain::Address> pools;
    // Leadership among instances on one database: the lease lasts this long and is renewed this
    // often; a leader that dies is replaced within about lease_ttl + lease_renew.
    std::chrono::milliseconds lease_ttl{5000};
    std::chrono::milliseconds lease_renew{1000};
    GasSettings gas;  // gas limits, replacement fees, stuck nonces, low balances (gas_policy.hpp)
    // The OP-stack chains (the profile's chain_type "op"): a native refund there keeps back its L1
    // data fee too, priced by the chain's GasPriceOracle before it is signed (chain/op_fee.hpp).
    std::set<std::int64_t> op_chains;
};

// The confirmations a deposit of `amount` on `chain_id` waits for: the chain's count, or its
// large count from the route's large_from (zero: no large rule).
std::uint32_t confirmations_for(const MakerOptions& options, std::int64_t chain_id,
                                const chain::U256& amount, const chain::U256& large_from);

// The source chains' counts with the chain profile's finality (`chains[i].confirmations`, by
// chain id) filled in: a chain the server config names itself keeps that count or tag; any other
// chain of the profile waits its own count; the rest the config's default.
PerChainCount with_profile_confirmations(PerChainCount configured,
                                         const std::map<std::int64_t, std::uint32_t>& profile);

// How long a refund the payer cannot sign now (the maker lacks the token or the gas) waits before
// it is tried again, after `retries` earlier waits: 10 s, doubling each time, at most 5 minutes
// (once an operator funds the maker, every waiting refund goes out within that).
std::chrono::seconds refund_retry_delay(int retries);
// Puts off the refund of `o`, which cannot be signed now, by refund_retry_delay from now.
store::RefundDeferral refund_deferral(const store::Order& o);
// A queued payout the maker cannot pay now (short of the token or of gas, the pool too): the
// deposit is refunded, on every chain with the same reason.
store::Transition refund_unpayable(const store::Order& o);

// The token an order is paid in: a cross-asset route's (dst_token without a swap address), else
// the deposited one.
inline const std::string& paid_token(const store::Order& o) {
    return o.dst_token_address.empty() && !o.dst_token.empty() ? o.dst_token : o.token;
}

// Marks an order of a cross-asset route: the token it is paid in and the firm quote its deposit
// names (bridge/firm_quote.hpp).
void mark_cross(store::Order& o, const bridge::Route* route, const std::string& quote_id);

// A stored firm quote as the pure rules take it (nullopt when its amounts do not parse).
std::optional<bridge::FirmQuote> firm_quote_of(const store::StoredQuote& q);

class Maker {
  public:
    // `swap`: the destination swaps of bridge-and-swap orders (null: such orders are refunded).
    // `depositors`: the Depositor on each chain the maker watches (a chain without one is
    // neither watched nor paid on).
    Maker(boost::asio::io_context& ctx, store::OrderStore& orders, const bridge::RouteTable& routes,
          balance::BalanceService& balances, std::map<std::int64_t, chain::Address> depositors,
          chain::PrivateKey key, MakerOptions options, swap::SwapService* swap = nullptr);

    // A chain of another ecosystem (e.g. Solana, maker/solana_side.hpp), watched and paid like
    // the EVM ones; added before start(), which runs its loops with theirs.
    void add_side(std::unique_ptr<ChainSide> side);
    // Starts a watcher and a payer for each chain (EVM ones here, and those added); the loops end
    // when stop() is called.
    void start(const std::vector<std::int64_t>& chain_ids);
    void stop();
    const chain::Address& address() const { return address_; }
    // The pause switch as last read from the store (refreshed every poll).
    bool paused() const { return paused_.load(); }
    // Whether this instance holds the maker's lease and so watches and pays (any thread).
    bool leading() const { return leading_.load(); }
    const std::string& holder() const { return holder_; }
    // Each watched chain's newest block as this maker has seen it (0 before the first); safe to
    // call from any thread.
    std::map<std::int64_t, std::uint64_t> last_blocks() const;

    // For the chain sides: the store, the routes, the lease while leading (nullopt otherwise), the
    // deposit's fate once confirmed, and waking a destination's payer.
    store::OrderStore& orders() { return orders_; }
    const bridge::RouteTable& routes() const { return routes_; }
    balance::BalanceService& balances() { return balances_; }
    const std::optional<store::Lease>& lease() const { return lease_; }
    // The transition of a confirming order whose deposit is final: queued with its amounts,
    // refunding with the reason, or rejected with the reason when the bridge does not list its
    // token (`to` is empty when a dropped order is not this function's).
    // A cross-asset order is judged against the firm quote it names (`named`: looked up with
    // named_quote first).
    store::Transition assess(const store::Order& o, const bridge::NamedQuote& named = {}) const;
    // The firm quote `o` names, as stored, with its deposit's block time (`block_time` when the
    // order does not know it yet). Nothing to look up when it names none.
    Task<bridge::NamedQuote> named_quote(const store::Order& o, std::int64_t block_time = 0);
    void wake_payer(std::int64_t chain_id);
    // The USD prices the cross-asset routes are priced with (null: none; they refund), and the
    // configured table for the symbols the source does not price (e.g. SOL beside pool prices).
    void set_prices(const price::PriceSource* prices, std::map<std::string, double> fixed = {}) {
        prices_ = prices;
        fixed_prices_ = std::move(fixed);
    }
    // USD per whole `symbol` now (0: unknown).
    double usd_of(const std::string& symbol) const;
    // The outflow rules (bridge/outflow.hpp): caps, large-transfer holds, self-pauses. Null: none.
    void set_outflow(const bridge::OutflowRules* rules) { outflow_ = rules; }
    // Of the queued payouts `queued` of destination `chain_id` (oldest first), those to pay now:
    // the others wait (a paused route, the route's limit, a large transfer's hold), with the
    // reason and estimate recorded for the tracker. First pauses the routes whose net outflow
    // or prices went out of bounds. Both payers (EVM, Solana) call it before signing.
    Task<std::vector<store::Order>> payable_now(std::int64_t chain_id,
                                                std::vector<store::Order> queued);
    const MakerOptions& options() const { return options_; }
    // A side that reads its head itself (Solana: the slot at its commitment) publishes it here.
    void note_head(std::int64_t chain_id, std::uint64_t number) { publish_head(chain_id, number); }
    bool chain_served(std::int64_t chain_id) const { return chains_.count(chain_id) > 0; }
    // Stuck and fee-capped nonces, low balances, the payouts' costs by route, as Prometheus
    // gauges (any thread).
    std::string gas_gauges() const { return gas_alerts_.render() + payout_costs_.render(); }

    // A payout or refund planned in a round, signed once its gas limit is settled. `estimate`:
    // its limit is asked of the node (a swap's comes from its quote instead).
    struct Planned {
        store::Order order;
        std::string kind;
        bridge::Transfer transfer;
        bool estimate = true;
        std::string refund_deduction;  // a refund's: TxPlan::refund_deduction
    };

  private:
    friend class EvmSide;
    // Takes or renews the lease every lease_renew; elect() and depose() switch the loops.
    Task<void> lease_loop();
    void elect(const store::Lease& lease);
    void depose();

    // The watcher's and the payer's loop of a chain: a round whenever woken or every poll, only
    // while this instance holds the lease; a failing round is logged once until one succeeds.
    enum class Role { watcher, payer };
    Task<void> leader_loop(std::int64_t chain_id, Role role, ChainSide& side);
    Task<void> watch_once(std::int64_t chain_id, chain::rpc::RpcClient& rpc, bool woken);
    enum class LastBlock { same, replaced, not_yet };
    Task<LastBlock> last_block_now(chain::rpc::RpcClient& rpc, const store::WatchCursor& cursor);
    Task<void> confirm(std::int64_t chain_id, chain::rpc::RpcClient& rpc, std::uint64_t head,
                       std::map<std::int64_t, std::string> known_hashes,
                       std::chrono::steady_clock::time_point seen_at);
    void on_head(std::int64_t chain_id, const chain::rpc::Head& head);
    store::Order order_of(const bridge::Deposit& deposit) const;
    // The number of the block the chain's configured finality tag names (safe / finalized), or
    // nullopt when the chain waits for a count only.
    // The block times of the orders that name a firm quote, by block number.
    Task<std::map<std::int64_t, std::int64_t>> quoted_block_times(
        chain::rpc::RpcClient& rpc, const std::vector<store::Order>& orders);
    Task<std::optional<std::uint64_t>> tagged_block(std::int64_t chain_id,
                                                    chain::rpc::RpcClient& rpc);
    // After a reorganisation below `from_block`: every order of that chain from there up that
    // nothing was signed for yet is checked (still_in_place).
    Task<void> recheck_unpaid(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                              std::int64_t from_block);
    // Of these source-chain orders, those whose block is still the chain's block at its height
    // (`hash_at`: hashes already known by height). Each other one is looked up by its transaction's
    // receipt: found elsewhere, its order moves there (and confirms again); gone or reverted, it
    // is dropped. Never drops a deposit whose transaction is on the chain.
    Task<std::vector<store::Order>> still_in_place(std::int64_t chain_id,
                                                   chain::rpc::RpcClient& rpc,
                                                   std::vector<store::Order> orders,
                                                   std::map<std::int64_t, std::string> hash_at);
    // The deposit at `position` of a transaction, as its receipt shows it now (nullopt: no
    // receipt, reverted, or no such deposit).
    std::optional<bridge::Deposit> deposit_now(std::int64_t chain_id,
                                               const std::optional<boost::json::object>& receipt,
                                               std::int64_t position) const;

    // A signed transaction to send, with the stored maker transaction it belongs to.
    struct Outgoing {
        std::int64_t maker_tx_id = 0;
        store::Attempt attempt;
    };
    // Broadcasts the node refused, per maker transaction, since it last accepted one.
    struct Refusals {
        int count = 0;
        std::chrono::steady_clock::time_point first;
        std::string message;  // the node's latest answer
    };

    // Pauses the routes into `chain_id` whose net outflow in the day window (`flows`) or whose
    // prices went out of the rules' bounds; adds them to `paused`.
    Task<void> pause_out_of_bounds(std::int64_t chain_id, const store::Flows& flows,
                                   std::map<std::string, std::string>& paused);

    // Fees at most this old are used as they are; older ones are read again (1 s blocks move the
    // base fee by at most 12.5 % a block, and fees_for leaves twice the base fee of headroom).
    static constexpr auto kFeesFreshFor = std::chrono::milliseconds(1500);
    Task<void> evm_pay_round(std::int64_t chain_id, chain::rpc::RpcClient& rpc, bool woken);
    Task<void> sign_new(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                        bool allow_prepared = true);
    // The chain's fees, read again when older than `max_age`.
    Task<bridge::Fees> prepared_fees(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                     std::chrono::milliseconds max_age);
    // What the maker holds of `refs` (by token address): the prepared read when it is fresh and
    // covers them (less what was signed since), else a new read. `from_prepared` says which.
    Task<std::map<std::string, chain::U256>> held_balances(
        std::int64_t chain_id, const std::map<std::string, balance::TokenRef>& refs,
        bool allow_prepared, bool& from_prepared);
    Task<void> prepare(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    // What the pool has available of each of `refs` (by token address), read from the pool.
    Task<std::map<std::string, chain::U256>> pool_available(
        const chain::Address& pool, chain::rpc::RpcClient& rpc,
        const std::map<std::string, balance::TokenRef>& refs);
    void record_reactions(std::int64_t chain_id, const std::vector<store::MakerTx>& stored);
    Task<void> follow_pending(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    // The highest block of the chain that has its finality: the configured count of blocks on top
    // (the block itself counting one), and the configured tag's block when there is one.
    Task<std::uint64_t> final_block(std::int64_t chain_id, chain::rpc::RpcClient& rpc);
    Task<void> broadcast(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                         std::vector<Outgoing> outgoing);
    // The planned transfers with their gas limits from eth_estimateGas and the configured margin
    // (the fixed limit stays when the node cannot estimate). One with no estimate to sign with
    // now waits (not_yet); one whose larger limit's gas the maker lacks (`native_left`, null: not
    // counted) is left out: a payout goes to refunding, a refund waits (`moves`, `deferred`).
    // payer_gas.cpp.
    Task<std::vector<Planned>> estimate_limits(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                               const bridge::Fees& fees,
                                               std::vector<Planned> planned,
                                               chain::U256* native_left,
                                               std::vector<store::Transition>& moves,
                                               std::vector<store::RefundDeferral>& deferred);
    // A planned transfer with no limit to sign with this round: a payout stays queued (refunded
    // unsent once its estimates have reverted for maker.gas.unsignable_refund_after_ms; never
    // for a node that does not answer), a refund waits its turn.
    void not_yet(std::int64_t chain_id, const Planned& p, const std::string& why, bool transient,
                 std::vector<store::Transition>& moves,
                 std::vector<store::RefundDeferral>& deferred);
    // A speed-up of the pending `last` version at `nonce`: the replacement under the chain's fee
    // cap, or nullopt at the cap (said once per nonce in the log and the metric).
    Task<std::optional<chain::Transaction>> replacement_of(std::int64_t chain_id,
                                                           chain::rpc::RpcClient& rpc,
                                                           std::uint64_t nonce,
                                                           const store::Attempt& last);
    // Reports the pending nonces older than maker.gas.stuck_after_ms (metric, one log line each).
    void report_stuck(std::int64_t chain_id, const std::vector<store::MakerTx>& pending,
                      std::uint64_t mined_count, std::int64_t wall_now);
    // A balance just read: below its low threshold (gas_policy.hpp) sets the metric, and each
    // crossing is logged once.
    void note_balance(std::int64_t chain_id, const balance::TokenRef& ref, const chain::U256& held);
    // The store's plans for `planned`: each signed at its nonce with these fees.
    std::vector<store::TxPlan> signing_plans(std::int64_t chain_id,
                                             const std::vector<Planned>& planned,
                                             const bridge::Fees& fees) const;
    bool refused_too_long(std::int64_t maker_tx_id) const;
    Task<std::optional<Outgoing>> cancel_refused(std::int64_t chain_id, chain::rpc::RpcClient& rpc,
                                                 const store::MakerTx& m);
    Task<bridge::Fees> current_fees(chain::rpc::RpcClient& rpc);
    // Bridge and swap: the refusal of a confirmed swap order (empty: it may be queued).
    std::string swap_refusal(const store::Order& o) const;
    // A queued swap order at payout time: wait (the destination's pools are not read yet), pay
    // through the executor, or refund with the reason.
    struct SwapStep {
        enum class Kind { wait, pay, refund } kind = Kind::wait;
        std::string reason;
        bridge::Transfer transfer;
    };
    Task<SwapStep> swap_step(const store::Order& o, std::int64_t chain_id,
                             chain::rpc::RpcClient& rpc);
    // A swap payout that reverted: the gas it burned in the bridged token (base units, decimal;
    // what its refund keeps back) and how the order's reason says so.
    struct RevertedSwapCost {
        std::string deduction;
        std::string text;
    };
    RevertedSwapCost reverted_swap_cost(std::int64_t chain_id, const boost::json::object& receipt,
                                        const store::Attempt& mined) const;
    store::SignedTx sign(chain::Transaction tx) const;
    // The L1 data fee a native refund of `transfer` on `chain_id` keeps back: 0 off the OP stack,
    // else the GasPriceOracle's upper bound for its unsigned size (nullopt: the oracle did not
    // answer; the refund waits). op_costs.cpp.
    Task<std::optional<chain::U256>> refund_l1_fee(std::int64_t chain_id,
                                                   chain::rpc::RpcClient& rpc,
                                                   const bridge::Transfer& transfer,
                                                   const bridge::Fees& fees);
    // A mined plain payout's cost (`cost`, from its receipt) against its route's dtc: the metric,
    // and a warning once an hour per route while the dtc does not cover it. op_costs.cpp.
    void note_payout_cost(std::int64_t chain_id, const store::MakerTx& m,
                          const chain::op::TxCost& cost);

    Task<void> sleep(std::chrono::milliseconds d);

    boost::asio::io_context& ctx_;
    store::OrderStore& orders_;
    const bridge::RouteTable& routes_;
    balance::BalanceService& balances_;
    swap::SwapService* swap_;
    // (chain, ERC-20) pairs whose executor allowance the maker was seen to hold.
    std::set<std::pair<std::int64_t, std::string>> approved_;
    std::map<std::int64_t, chain::Address> depositors_;
    chain::PrivateKey key_;
    chain::Address address_;
    MakerOptions options_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> paused_{false};
    std::string holder_;                 // this instance in the lease: host, pid, random
    std::optional<store::Lease> lease_;  // while leading
    std::atomic<bool> leading_{false};
    std::unique_ptr<Wakeup> lease_wake_;
    std::promise<void> lease_ended_;  // set when the lease loop has handed the lease back
    std::future<void> lease_done_;
    std::set<std::int64_t> chains_;                             // the chains it watches and pays on
    std::map<std::int64_t, std::unique_ptr<ChainSide>> sides_;  // by chain
    const price::PriceSource* prices_ = nullptr;
    std::map<std::string, double> fixed_prices_;
    const bridge::OutflowRules* outflow_ = nullptr;
    std::map<std::int64_t, std::uint64_t> nonce_floor_;  // per chain, from the node at start
    std::map<std::string, std::chrono::steady_clock::time_point> last_broadcast_;
    std::map<std::int64_t, Refusals> refusals_;  // by maker transaction id
    // By maker transaction id: when its nonce was first seen mined with no receipt of ours.
    std::map<std::int64_t, std::chrono::steady_clock::time_point> displaced_since_;
    std::map<std::int64_t, std::chrono::steady_clock::time_point> refund_waits_;  // by order id
    // By order id: since when its payout or refund has had no gas estimate to sign with.
    std::map<std::int64_t, std::chrono::steady_clock::time_point> unsignable_since_;
    std::map<std::int64_t, std::chrono::steady_clock::time_point> unsignable_said_;  // its log

    // One-block bridging: heads pushed by the node wake the chain's watcher at once, a queued
    // payout wakes its destination's payer at once, and the payer keeps fresh fees at hand.
    struct SeenHead {
        std::uint64_t number = 0;
        std::string hash;                          // empty when it came from a poll
        std::chrono::steady_clock::time_point at;  // when this maker first saw it
    };
    struct PreparedFees {
        bridge::Fees fees;
        std::chrono::steady_clock::time_point at;
    };
    struct PreparedBalances {
        std::map<std::string, balance::TokenRef> refs;  // by token address: what is kept read
        std::map<std::string, chain::U256> held;        // as read, less what was signed since
        std::chrono::steady_clock::time_point at;
    };
    std::map<std::int64_t, std::unique_ptr<Wakeup>> watch_wake_, pay_wake_;  // by chain
    std::vector<std::unique_ptr<chain::rpc::HeadFeed>> feeds_;
    std::vector<std::pair<chain::rpc::ChainFollower*, std::size_t>> followed_;  // subscriptions
    std::map<std::int64_t, SeenHead> heads_;  // by chain: the newest head seen
    // The same numbers for other threads (/api/health); the map is filled once, in start().
    std::map<std::int64_t, std::unique_ptr<std::atomic<std::uint64_t>>> published_heads_;
    void publish_head(std::int64_t chain_id, std::uint64_t number);
    std::map<std::int64_t, PreparedFees> fees_;              // by chain
    std::map<std::int64_t, PreparedBalances> held_;          // by chain
    std::map<std::int64_t, store::WatchCursor> cursors_;     // by chain, as last written
    std::map<std::int64_t, chain::rpc::LogSpan> log_spans_;  // by chain: what its provider accepts
    std::map<std::int64_t, std::chrono::steady_clock::time_point> ready_at_;  // by order id
    ReactionTimes reactions_;
    GasAlerts gas_alerts_;
    PayoutCosts payout_costs_;
};

}  // namespace perch::maker
