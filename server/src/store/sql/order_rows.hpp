#pragma once
// The rows of bridge_orders and bridge_order_events, declared once for the SQL order store's files
// (orders.cpp, maker_txs.cpp, quotes.cpp), and the moves every one of them makes on an order.
#include <string>
#include <vector>

#include "store/orders.hpp"
#include "store/sql/table.hpp"

namespace perch::store::order_rows {

// What a deposit's log says, and the confirmations it waits for: the columns a re-mined deposit
// overwrites.
inline const auto kDeposit =
    table(col("block_number", &Order::block_number), col("block_hash", &Order::block_hash),
          col("log_index", &Order::log_index), col("sender", &Order::sender),
          col("token_address", &Order::token_address), col("token", &Order::token),
          col("decimals", &Order::decimals), col("amount", &Order::amount),
          col("dst_chain_id", &Order::dst_chain_id), col("recipient", &Order::recipient),
          col("channel", &Order::channel), col("confirmations", &Order::confirmations),
          col("dst_token_address", &Order::dst_token_address), col("dst_token", &Order::dst_token),
          col("dst_decimals", &Order::dst_decimals), col("min_out", &Order::min_out),
          col("reason", &Order::reason), col("quote_id", &Order::quote_id),
          col("block_time", &Order::block_time));

// Every column of an order: its identity, its deposit, and what became of it.
inline const auto kOrders =
    table(col("id", &Order::id), col("order_key", &Order::order_key),
          col("src_chain_id", &Order::src_chain_id), col("src_tx_hash", &Order::src_tx_hash),
          col("tx_position", &Order::tx_position)) +
    kDeposit +
    table(col("state", &Order::state), col("receive_amount", &Order::receive_amount),
          col("fee", &Order::fee), col("dst_tx_hash", &Order::dst_tx_hash),
          col("refund_tx_hash", &Order::refund_tx_hash),
          col("delivered_amount", &Order::delivered_amount),
          col("refund_retries", &Order::refund_retries),
          col("refund_retry_at", &Order::refund_retry_at),
          col("payout_hold_until", &Order::payout_hold_until),
          col("payout_eta", &Order::payout_eta), col("created_at", &Order::created_at),
          col("updated_at", &Order::updated_at)) +
    table(col("refund_deduction", &Order::refund_deduction));

inline const auto kEvents = table(col("state", &OrderEvent::state),
                                  col("detail", &OrderEvent::detail), col("at", &OrderEvent::at));

// An order nothing was signed for yet (no payout, no refund): what a reorganisation may still
// move back to confirming, or drop.
constexpr const char* kUnpaid =
    "state IN ('confirming', 'queued', 'refunding', 'dropped') AND NOT EXISTS (SELECT 1 FROM "
    "maker_txs m WHERE m.order_id = bridge_orders.id)";

// "SELECT <every order column> FROM bridge_orders <tail>".
std::string select_orders(const std::string& tail);
// Every order `s` returns (it selects kOrders' columns).
std::vector<Order> read_orders(Statement& s);

void add_event(Connection& c, std::int64_t order_id, const std::string& state,
               const std::string& detail, std::int64_t at);
// The order's timeline read into `o`.
void fill_timeline(Connection& c, Order& o);
// Moves an order from `from` to `to` if it is still in `from`; records the event.
bool move_order(Connection& c, std::int64_t order_id, const std::string& from,
                const std::string& to, const std::string& reason, std::int64_t now);

}  // namespace perch::store::order_rows
