#pragma once
// Storage of bridge orders and of the maker's signed transactions. Every write is one
// database transaction, so a crash leaves either the old or the new state, never half of one:
// deposits with the watcher's cursor; a payout's nonce with its signed raw transaction and the
// order's move to `paying`; a mined payout with the order's completion.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/task.hpp"

namespace perch::store {

// A cross-asset route (docs/solana.md: SOL <-> ETH): a destination token without a swap address.
// Its payout, and so the order's receive_amount, is in that destination token; a plain bridge's
// is in the deposited one (a swap's delivered token is told by delivered_amount).
inline bool is_cross_route(std::string_view dst_token, std::string_view dst_token_address) {
    return dst_token_address.empty() && !dst_token.empty();
}

struct OrderEvent {
    std::string state;
    std::string detail;
    std::int64_t at = 0;
};

struct Order {
    std::int64_t id = 0;
    std::string order_key;
    std::int64_t src_chain_id = 0;
    std::string src_tx_hash;
    // The deposit's identity is (src_chain_id, src_tx_hash, tx_position): its place inside its
    // transaction (EVM: among the Depositor's Deposit logs; Solana: the instruction's index), which
    // a reorganisation cannot change. log_index counts across the block and can.
    std::int64_t tx_position = 0;
    std::int64_t log_index = 0;
    std::int64_t block_number = 0;
    std::string block_hash;
    std::string sender;
    std::string token_address;
    std::string token;
    int decimals = 18;
    std::string amount;  // raw units, decimal
    std::int64_t dst_chain_id = 0;
    std::string recipient;
    std::int64_t channel = 0;
    int confirmations = 1;
    std::string receive_amount = "0";
    std::string fee = "0";
    std::string state;
    std::string reason;
    std::string dst_tx_hash;
    std::string refund_tx_hash;
    // Bridge and swap (docs/swap.md): the token the deposit asked for on the destination (empty:
    // a plain bridge, paid in the token it took; the zero address: the native coin), its symbol
    // and decimals (empty / 0 when the swap deployment does not list it), the deposit's minimum
    // and what the swap delivered (base units of that token; empty until mined).
    std::string dst_token_address;
    std::string dst_token;
    int dst_decimals = 0;
    std::string min_out;
    std::string delivered_amount;
    // What the refund keeps back beyond its own gas (base units of the deposited token; empty:
    // nothing): the destination gas a reverted swap payout burned.
    std::string refund_deduction;
    // A refund the payer could not sign yet: how many times it was put off, and when (unix
    // seconds) refunds_to_sign offers it again.
    int refund_retries = 0;
    std::int64_t refund_retry_at = 0;
    // A cross-asset deposit: the firm quote it names (empty: none), and the time of the block
    // (Solana: slot) that included it when the watcher knows it (0: read when it is assessed).
    std::string quote_id;
    std::int64_t block_time = 0;
    // A queued payout that waits (bridge/outflow.hpp): held for its size until payout_hold_until
    // (unix seconds, 0: not held), and the estimate of its payout the tracker shows (0: none).
    std::int64_t payout_hold_until = 0;
    std::int64_t payout_eta = 0;
    std::int64_t created_at = 0;
    std::int64_t updated_at = 0;
    std::vector<OrderEvent> timeline;  // filled by the single-order and history reads
};

struct WatchCursor {
    std::int64_t next_block = 0;
    std::string last_hash;         // hash of block next_block − 1 when it was read
    std::int64_t floor_block = 0;  // where this database's watcher started; rewinds stop here
    // A watcher whose place is not a block (Solana: the newest signature read per address).
    std::string position;
};

// A state change guarded by the state the caller saw (compare-and-set): false when the order
// had moved on, so two actors never both act on one order.
struct Transition {
    std::int64_t order_id = 0;
    std::string from;
    std::string to;
    std::string reason;
    std::optional<std::string> receive_amount;  // set (with fee) when queued
    std::optional<std::string> fee;
};

// A refund put off until `retry_at` (unix seconds).
struct RefundDeferral {
    std::int64_t order_id = 0;
    std::int64_t retry_at = 0;
};

// A payout, or a deposit, as the outflow windows count it (bridge/outflow.hpp): its route, the
// deposit's amount (base units of the deposited token) and when (a payout: when it was signed).
struct FlowRecord {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    std::string amount;
    std::int64_t at = 0;
};
struct Flows {
    std::vector<FlowRecord> payouts;   // signed, and not since turned into refunds
    std::vector<FlowRecord> deposits;  // accepted for payout (queued, paying, completed)
};

// A queued payout that waits, and why (the order's reason, shown by the tracker).
struct PayoutWait {
    std::int64_t order_id = 0;
    std::int64_t hold_until = 0;
    std::int64_t eta = 0;
    std::string reason;
};

// What the payer signs for one order: kind "payout" (order queued → paying) or "refund" (order
// stays refunding). `sign(nonce)` runs inside the database transaction and returns the signed raw
// transaction and its hash; it must not block.
struct SignedTx {
    std::string raw_tx;   // 0x-hex (Solana: base64 wire bytes)
    std::string tx_hash;  // 0x-hex (Solana: the signature, base58)
    std::string max_fee_per_gas;
    std::int64_t valid_until = 0;  // Solana: the blockhash's lastValidBlockHeight
};
struct TxPlan {
    std::int64_t order_id = 0;
    std::string kind;
    std::string expected_state;  // the order's state when planned
    std::function<SignedTx(std::uint64_t nonce)> sign;
    // A refund: what it keeps back beyond its own gas, as priced when signed (a reverted swap's
    // gas and an OP-stack refund's L1 data fee), stored as the order's refund_deduction with it;
    // empty: unchanged.
    std::string refund_deduction;
};

struct Attempt {
    std::string tx_hash;
    std::string raw_tx;
    std::string max_fee_per_gas;
    std::int64_t created_at = 0;
    bool filler = false;  // a 0-value transfer to the maker that cancels the nonce (void_tx)
    // Solana: the block height after which this version can never land (its blockhash's
    // lastValidBlockHeight); 0 for EVM transactions.
    std::int64_t valid_until = 0;
};

struct MakerTx {
    std::int64_t id = 0;
    std::int64_t order_id = 0;
    std::string kind;
    std::int64_t chain_id = 0;
    std::uint64_t nonce = 0;
    std::int64_t created_at = 0;
    std::vector<Attempt> attempts;  // oldest first; the last is the one to re-broadcast
    std::string void_reason;        // set by void_tx: the nodes refused it; a filler cancels it
    // The order's route (read with pending transactions): its token and source chain.
    std::string token;
    std::int64_t src_chain_id = 0;
};

// What a mined maker transaction cost in the native coin (decimal wei, chain/op_fee.hpp): all of
// it, and the OP-stack L1 data fee within it. Empty: not known (a Solana transaction).
struct TxSpend {
    std::string gas_cost;
    std::string l1_fee;
};

// Maker leadership among instances on one database: a lease whose token rises with every new
// holder. It fences the maker's nonce reservations (sign_and_store).
struct Lease {
    std::string holder;
    std::int64_t token = 0;
};
// sign_and_store under a lease another instance has taken since.
class LeaseLost : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// A leg of a bridge order that touched an address (the tracker's bridge figures): a deposit it
// sent on the source chain (any order but a dropped one), or a payout it received on the
// destination chain (completed orders; a swap payout counts what it delivered).
struct BridgeLeg {
    std::string address;  // lower case
    std::int64_t chain_id = 0;
    bool deposit = true;
    std::string token;  // symbol
    int decimals = 18;
    std::string amount;  // base units
};

struct HistoryQuery {
    std::string address;  // lower-case 0x, or a Solana address as it is; empty: any
    std::optional<std::int64_t> channel;
    int page = 1;
    int size = 10;
};
struct HistoryPage {
    std::vector<Order> list;
    std::int64_t total = 0;
};

// A completed order as the maker's public dashboard reads it: what it carried and when it was seen
// (created_at) and completed.
struct Completion {
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    int decimals = 18;
    std::string amount;  // raw units, decimal
    std::string receive_amount;
    std::string recipient;
    std::string dst_tx_hash;
    std::int64_t created_at = 0;
    std::int64_t completed_at = 0;
    // The token receive_amount is in: the order's, or on a cross route (SOL -> ETH) the paid one.
    std::string receive_token;
    int receive_decimals = 18;
};

// An order as the public status page counts it (bridge/fill_stats.hpp): its route, its state, when
// its deposit was made (the block's time where the watcher stored it, else when the watcher first
// saw it: it reads up to the head as heads arrive) and when it ended (the 'completed' or
// 'refunded' event: when the payer saw the receipt; 0 while open), and what a refund's cost is
// read from (the refund's first signed max fee, the reverted swap's deduction).
struct StatusOrder {
    std::string state;
    std::int64_t deposited_at = 0;
    std::int64_t ended_at = 0;
    std::int64_t src_chain_id = 0;
    std::int64_t dst_chain_id = 0;
    std::string token;
    std::string token_address;
    int decimals = 18;
    std::string refund_max_fee;  // empty: no refund was signed
    std::string refund_deduction;
};

// Something the status page lists: a pause (of the bridge, "pause"/"all", or of a route,
// "route_pause"/<route key>) or a chain whose heads stopped ("head_stopped"/<chain id>), from when
// to when (0: still going on).
struct Incident {
    std::int64_t id = 0;
    std::string kind;
    std::string subject;
    std::string detail;
    std::int64_t started_at = 0;
    std::int64_t ended_at = 0;
};

// A firm quote for a cross-asset route as issued and signed (bridge/firm_quote.hpp): amounts in
// base units, decimal.
struct StoredQuote {
    std::string id;
    std::int64_t from_chain_id = 0;
    std::int64_t to_chain_id = 0;
    std::string token;
    std::string amount;
    std::string recipient;
    std::string receive_token;
    std::string receive_amount;
    std::string bridge_fee;
    std::int64_t channel = 0;
    std::int64_t issued_at = 0;
    std::int64_t expires_at = 0;
    std::string signer;  // 0x address of the quote key
    std::string signature;
    std::string client_ip;  // who asked (quotes are rows anyone can create: bounded per client)
};

class OrderStore {
  public:
    virtual ~OrderStore() = default;

    // Watcher: deposits as read and the chain's new cursor, in one transaction. Deposits are
    // matched by identity (chain, tx hash, tx_position): a new one becomes an order (confirming);
    // one seen in the same block again is left alone; one seen in another block updates its order
    // when nothing was signed for it yet (confirming, queued, refunding, dropped: back to
    // confirming, with the deposit as it now is), and never makes a second order.
    virtual Task<void> record_deposits(std::int64_t chain_id, std::vector<Order> deposits,
                                       WatchCursor cursor) = 0;
    // The same for deposits found at a new place outside a log read (a receipt), without a cursor.
    virtual Task<void> update_deposits(std::vector<Order> deposits) = 0;
    // Orders of this source chain from `from_block` up that nothing was signed for yet and that
    // are not dropped: what a reorganisation below `from_block` must re-verify.
    virtual Task<std::vector<Order>> unpaid_orders_since(std::int64_t chain_id,
                                                         std::int64_t from_block, int limit) = 0;
    virtual Task<std::optional<WatchCursor>> cursor(std::int64_t chain_id) = 0;
    virtual Task<std::vector<Order>> orders_in_state(std::string state, std::int64_t chain_id,
                                                     bool by_source, int limit) = 0;
    virtual Task<bool> transition(Transition t) = 0;

    // Firm quotes: stored when issued, read when a deposit names one. save_quote refuses (false,
    // nothing stored) when `quote.client_ip` already holds `per_client` unexpired quotes, and
    // deletes quotes that expired more than a day ago.
    virtual Task<bool> save_quote(StoredQuote quote, int per_client) = 0;
    virtual Task<std::optional<StoredQuote>> quote(std::string id) = 0;

    // Takes the maker's lease for `holder` until now + ttl: renewed when `holder` has it, taken
    // (token + 1) when it expired, was never taken, or `gone` says its holder no longer exists;
    // nullopt while another holder's lease runs.
    using HolderGone = std::function<bool(const std::string& holder)>;
    virtual Task<std::optional<Lease>> take_lease(std::string holder, std::int64_t now_ms,
                                                  std::int64_t ttl_ms, HolderGone gone = {}) = 0;
    // Lets another instance take the lease at once (a clean stop).
    virtual Task<void> release_lease(Lease lease) = 0;

    // Payer: refunding orders of this source chain without a refund transaction yet whose retry
    // time has come, oldest first.
    virtual Task<std::vector<Order>> refunds_to_sign(std::int64_t chain_id, int limit) = 0;
    // Payer: refunds it cannot sign now wait until their `retry_at` (unix seconds), so they never
    // hold up the refunds behind them; each counts one more retry. Orders no longer refunding are
    // left alone. One transaction.
    virtual Task<void> defer_refunds(std::vector<RefundDeferral> deferrals) = 0;
    // Reserves consecutive nonces from max(stored next, floor), stores every plan's signed
    // transaction and moves payout orders to paying — all in one transaction, which first checks
    // that `lease` is still the maker's (else LeaseLost, nothing written). Plans whose order is no
    // longer in `expected_state` are skipped. Returns the stored transactions.
    virtual Task<std::vector<MakerTx>> sign_and_store(Lease lease, std::int64_t chain_id,
                                                      std::string account,
                                                      std::uint64_t nonce_floor,
                                                      std::vector<TxPlan> plans) = 0;
    virtual Task<std::vector<MakerTx>> pending_txs(std::int64_t chain_id) = 0;
    virtual Task<void> add_attempt(std::int64_t maker_tx_id, Attempt attempt) = 0;
    // The transaction was mined (status 1: order completed or refunded) or reverted (payout:
    // order to refunding with `reason`; refund: order failed). When `mined_hash` is a filler
    // attempt the nonce was cancelled: nothing was sent, so a payout's order goes to refunding and
    // a refund's order to failed, both with the void reason. `delivered`: what a swap payout paid
    // the recipient (base units of the order's destination token), stored with the completion;
    // empty for a plain payout. `refund_deduction`: for a reverted payout, what its refund keeps
    // back beyond its own gas (Order::refund_deduction). `spent`: what the mined transaction cost
    // (maker_txs.gas_cost, l1_fee). One transaction.
    virtual Task<void> settle(std::int64_t maker_tx_id, std::string mined_hash, bool success,
                              std::string reason, std::string delivered,
                              std::string refund_deduction = {}, TxSpend spent = {}) = 0;
    // Cancels a pending transaction the nodes keep refusing: stores `filler` (same nonce, a
    // 0-value transfer to the maker, fees above every earlier attempt) as its newest attempt and
    // `reason`. The order does not move here: until that nonce is mined an earlier attempt could
    // still be, so settle() decides by what was mined. False when it was not pending or already
    // voided.
    virtual Task<bool> void_tx(std::int64_t maker_tx_id, std::string reason, Attempt filler) = 0;
    // A pending transaction whose nonce was taken by something else: the order fails.
    virtual Task<void> abandon(std::int64_t maker_tx_id, std::string reason) = 0;

    // Reads for the API.
    virtual Task<std::optional<Order>> order_by_tx(std::int64_t chain_id, std::string tx_hash) = 0;
    virtual Task<HistoryPage> history(HistoryQuery query) = 0;
    // Every deposit sent by and payout received by these lower-case addresses.
    virtual Task<std::vector<BridgeLeg>> bridge_legs(std::vector<std::string> addresses) = 0;
    // Orders (newest first, with their timelines) whose deposit, payout or refund transaction is
    // `tx_hash` (lower-case 0x); one by its order key ("<src chain>:<tx hash>:<log index>").
    virtual Task<std::vector<Order>> orders_by_tx_hash(std::string tx_hash, int limit) = 0;
    virtual Task<std::optional<Order>> order_by_key(std::string order_key) = 0;

    // The maker's dashboard: orders completed at or after `since` (unix seconds), newest first;
    // and how many orders created at or after `since` are in each state.
    virtual Task<std::vector<Completion>> completions_since(std::int64_t since, int limit) = 0;
    virtual Task<std::map<std::string, std::int64_t>> count_by_state_since(std::int64_t since) = 0;

    // The maker's pause switch.
    // How many orders are in each state (for the metrics).
    virtual Task<std::map<std::string, std::int64_t>> count_by_state() = 0;
    virtual Task<bool> paused() = 0;
    virtual Task<void> set_paused(bool paused) = 0;
    // Routes paused one by one (by an operator or by themselves): route key -> reason.
    virtual Task<std::map<std::string, std::string>> paused_routes() = 0;
    virtual Task<void> set_route_paused(std::string route, bool paused, std::string reason) = 0;

    // The status page: orders deposited at or after `since` (unix seconds); incidents that ended
    // at or after `since` or still go on, newest first, at most `limit`. open_incident starts one
    // unless one of its kind and subject is still open; close_incident ends it at `at`.
    virtual Task<std::vector<StatusOrder>> status_orders(std::int64_t since) = 0;
    virtual Task<std::vector<Incident>> incidents(std::int64_t since, int limit) = 0;
    virtual Task<void> open_incident(Incident incident) = 0;
    virtual Task<void> close_incident(std::string kind, std::string subject, std::int64_t at) = 0;

    // Outflow limits: the payouts signed and the deposits taken since `since` (unix seconds).
    virtual Task<Flows> flows_since(std::int64_t since) = 0;
    // Records why queued payouts wait (their reason, hold and estimate), with a timeline event when
    // the reason changes; orders no longer queued are left alone. One transaction.
    virtual Task<void> note_payout_waits(std::vector<PayoutWait> waits) = 0;

    // Payer, Solana: records `attempt` as the next version of pending transaction `maker_tx_id`.
    // A Solana version is an independent transaction (a new blockhash, no shared nonce), so one
    // transaction first checks that `lease` is still the maker's (else LeaseLost, nothing
    // written), that the newest stored version is still `replaces` (no other version was added
    // meanwhile) and that every stored version's valid_until is below `finalized_height` (none of
    // them can land any more). False, nothing written, when one of those is not so.
    virtual Task<bool> add_version(Lease lease, std::int64_t maker_tx_id, std::string replaces,
                                   std::int64_t finalized_height, Attempt attempt) = 0;

    // Bumped by every write that changes an order; live streams poll it to know when to re-read.
    std::uint64_t change_count() const { return changes_.load(std::memory_order_acquire); }

  protected:
    void changed() { changes_.fetch_add(1, std::memory_order_acq_rel); }

  private:
    std::atomic<std::uint64_t> changes_{0};
};

}  // namespace perch::store
