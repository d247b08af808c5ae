#pragma once
// OrderStore in SQL (both dialects), on the store's DB threads.
#include "store/orders.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {

class SqlOrders final : public OrderStore {
  public:
    explicit SqlOrders(SqlStore& db) : db_(db) {}

    Task<void> record_deposits(std::int64_t chain_id, std::vector<Order> deposits,
                               WatchCursor cursor) override;
    Task<void> update_deposits(std::vector<Order> deposits) override;
    Task<std::vector<Order>> unpaid_orders_since(std::int64_t chain_id, std::int64_t from_block,
                                                 int limit) override;
    Task<std::optional<WatchCursor>> cursor(std::int64_t chain_id) override;
    Task<std::vector<Order>> orders_in_state(std::string state, std::int64_t chain_id,
                                             bool by_source, int limit) override;
    Task<bool> transition(Transition t) override;
    Task<bool> save_quote(StoredQuote quote, int per_client) override;
    Task<std::optional<StoredQuote>> quote(std::string id) override;
    Task<std::vector<Order>> refunds_to_sign(std::int64_t chain_id, int limit) override;
    Task<void> defer_refunds(std::vector<RefundDeferral> deferrals) override;
    Task<std::optional<Lease>> take_lease(std::string holder, std::int64_t now_ms,
                                          std::int64_t ttl_ms, HolderGone gone) override;
    Task<void> release_lease(Lease lease) override;
    Task<std::vector<MakerTx>> sign_and_store(Lease lease, std::int64_t chain_id,
                                              std::string account, std::uint64_t nonce_floor,
                                              std::vector<TxPlan> plans) override;
    Task<std::vector<MakerTx>> pending_txs(std::int64_t chain_id) override;
    Task<void> add_attempt(std::int64_t maker_tx_id, Attempt attempt) override;
    Task<void> settle(std::int64_t maker_tx_id, std::string mined_hash, bool success,
                      std::string reason, std::string delivered, std::string refund_deduction = {},
                      TxSpend spent = {}) override;
    Task<bool> void_tx(std::int64_t maker_tx_id, std::string reason, Attempt filler) override;
    Task<void> abandon(std::int64_t maker_tx_id, std::string reason) override;
    Task<std::optional<Order>> order_by_tx(std::int64_t chain_id, std::string tx_hash) override;
    Task<HistoryPage> history(HistoryQuery query) override;
    Task<std::vector<BridgeLeg>> bridge_legs(std::vector<std::string> addresses) override;
    Task<std::vector<Order>> orders_by_tx_hash(std::string tx_hash, int limit) override;
    Task<std::optional<Order>> order_by_key(std::string order_key) override;
    Task<std::vector<Completion>> completions_since(std::int64_t since, int limit) override;
    Task<std::map<std::string, std::int64_t>> count_by_state_since(std::int64_t since) override;
    Task<std::map<std::string, std::int64_t>> count_by_state() override;
    Task<bool> paused() override;
    Task<void> set_paused(bool paused) override;
    Task<std::map<std::string, std::string>> paused_routes() override;
    Task<void> set_route_paused(std::string route, bool paused, std::string reason) override;
    Task<std::vector<StatusOrder>> status_orders(std::int64_t since) override;
    Task<std::vector<Incident>> incidents(std::int64_t since, int limit) override;
    Task<void> open_incident(Incident incident) override;
    Task<void> close_incident(std::string kind, std::string subject, std::int64_t at) override;
    Task<Flows> flows_since(std::int64_t since) override;
    Task<void> note_payout_waits(std::vector<PayoutWait> waits) override;
    Task<bool> add_version(Lease lease, std::int64_t maker_tx_id, std::string replaces,
                           std::int64_t finalized_height, Attempt attempt) override;

  private:
    SqlStore& db_;
};

// An incident started (none of its kind and subject may be open) or ended, inside the caller's
// transaction: a pause and its incident are written together.
void open_incident_in(Connection& c, const Incident& incident);
void close_incident_in(Connection& c, const std::string& kind, const std::string& subject,
                       std::int64_t at);

}  // namespace perch::store
