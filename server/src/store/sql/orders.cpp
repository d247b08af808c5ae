#include "store/sql/orders.hpp"

#include <spdlog/spdlog.h>

#include <map>

#include "store/sql/order_rows.hpp"
#include "store/sql/rows.hpp"

namespace perch::store {
namespace order_rows {

std::string select_orders(const std::string& tail) {
    return "SELECT " + kOrders.columns() + " FROM bridge_orders " + tail;
}

std::vector<Order> read_orders(Statement& s) {
    return all_rows(s, [](const Statement& r) { return kOrders.read(r); });
}

void add_event(Connection& c, std::int64_t order_id, const std::string& state,
               const std::string& detail, std::int64_t at) {
    execute(c, "INSERT INTO bridge_order_events (order_id, state, detail, at) VALUES (?, ?, ?, ?)",
            order_id, state, detail, at);
}

void fill_timeline(Connection& c, Order& o) {
    o.timeline = kEvents.select(c, "FROM bridge_order_events WHERE order_id = ? ORDER BY id", o.id);
}

bool move_order(Connection& c, std::int64_t order_id, const std::string& from,
                const std::string& to, const std::string& reason, std::int64_t now) {
    auto moved = execute(c,
                         "UPDATE bridge_orders SET state = ?, reason = CASE WHEN ? = '' THEN "
                         "reason ELSE ? END, updated_at = ? WHERE id = ? AND state = ?",
                         to, reason, reason, now, order_id, from);
    if (moved == 0) return false;
    add_event(c, order_id, to, reason, now);
    return true;
}

}  // namespace order_rows

namespace {

using namespace order_rows;

// A deposit read from the chain, matched by its identity (chain, tx hash, position in the tx), not
// by its block: new, it becomes an order (confirming); seen in the same block, nothing changes;
// seen in another block while nothing was signed for it, the order takes the deposit as it now
// is and confirms it again from there (a dropped one is revived); an order already paid or being
// refunded is the same deposit and stays as it is.
struct Known {
    std::int64_t id = 0;
    std::string state;
    std::string block_hash;
    bool unpaid = false;
};

void redo_deposit(Connection& c, const Order& d, const Known& known, std::int64_t now) {
    kDeposit.execute(c,
                     "UPDATE bridge_orders SET (" + kDeposit.columns() + ") = (" +
                         kDeposit.placeholders() +
                         "), state = 'confirming', receive_amount = '0', fee = '0', updated_at = "
                         "? WHERE id = ?",
                     d, now, known.id);
    if (known.state != "confirming") add_event(c, known.id, "confirming", "", now);
}

void insert_deposit(Connection& c, const Order& d, std::int64_t now) {
    auto& insert =
        query(c,
              "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, "
              "tx_position, state, created_at, updated_at, " +
                  kDeposit.columns() + ") VALUES (?, ?, ?, ?, 'confirming', ?, ?, " +
                  kDeposit.placeholders() + ") ON CONFLICT (order_key) DO NOTHING RETURNING id",
              d.order_key, d.src_chain_id, d.src_tx_hash, d.tx_position, now, now);
    kDeposit.bind(insert, d, 7);
    auto id = first_row(insert, [](const Statement& r) { return r.column_int(0); });
    if (!id) {
        // Only an order stored before 0025 (keyed by its block-wide log index) can hold this key
        // with another identity: a transaction that deposits differently since it was re-mined.
        spdlog::error(
            "store: the deposit {} (block {}) was not recorded: an older order of the same "
            "transaction has its key; an operator must settle it by hand",
            d.order_key, d.block_number);
        return;
    }
    execute(c,
            "INSERT INTO bridge_order_counts (channel, orders) VALUES (?, 1) ON CONFLICT "
            "(channel) DO UPDATE SET orders = bridge_order_counts.orders + 1",
            d.channel);
    add_event(c, *id, "confirming", "", now);
}

void upsert_deposit(Connection& c, const Order& d, std::int64_t now) {
    auto& find = query(c,
                       std::string("SELECT id, state, block_hash, CASE WHEN ") + kUnpaid +
                           " THEN 1 ELSE 0 END FROM bridge_orders WHERE src_chain_id = ? AND "
                           "src_tx_hash = ? AND tx_position = ?",
                       d.src_chain_id, d.src_tx_hash, d.tx_position);
    auto known = first_row(find, [](const Statement& r) {
        return Known{r.column_int(0), r.column_text(1), r.column_text(2), column<bool>(r, 3)};
    });
    if (!known)
        insert_deposit(c, d, now);
    else if (known->block_hash != d.block_hash && known->unpaid)
        redo_deposit(c, d, *known, now);
}

// An order read by `s` with its timeline, if there is one.
std::optional<Order> one_order(Connection& c, Statement& s) {
    auto found = read_orders(s);
    if (found.empty()) return std::nullopt;
    fill_timeline(c, found.front());
    return found.front();
}

std::map<std::string, std::int64_t> count_per_state(Statement& s) {
    std::map<std::string, std::int64_t> out;
    while (s.step()) out[s.column_text(0)] = s.column_int(1);
    s.reset();
    return out;
}

}  // namespace

Task<void> SqlOrders::record_deposits(std::int64_t chain_id, std::vector<Order> deposits,
                                      WatchCursor cursor) {
    auto write = [chain_id, deposits = std::move(deposits),
                  cursor = std::move(cursor)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        for (const auto& d : deposits) upsert_deposit(c, d, now);
        execute(c,
                "INSERT INTO watch_cursors (chain_id, next_block, last_hash, updated_at, "
                "floor_block, position) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chain_id) DO UPDATE "
                "SET next_block = excluded.next_block, last_hash = excluded.last_hash, updated_at "
                "= excluded.updated_at, position = excluded.position",
                chain_id, cursor.next_block, cursor.last_hash, now, cursor.floor_block,
                cursor.position);
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

Task<std::optional<WatchCursor>> SqlOrders::cursor(std::int64_t chain_id) {
    auto read = [chain_id](Connection& c) {
        auto& s = query(c,
                        "SELECT next_block, last_hash, floor_block, position FROM watch_cursors "
                        "WHERE chain_id = ?",
                        chain_id);
        return first_row(s, [](const Statement& r) {
            return WatchCursor{r.column_int(0), r.column_text(1), r.column_int(2),
                               r.column_text(3)};
        });
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::update_deposits(std::vector<Order> deposits) {
    auto write = [deposits = std::move(deposits)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        for (const auto& d : deposits) upsert_deposit(c, d, now);
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

Task<std::vector<Order>> SqlOrders::unpaid_orders_since(std::int64_t chain_id,
                                                        std::int64_t from_block, int limit) {
    auto read = [chain_id, from_block, limit](Connection& c) {
        auto& s = query(c,
                        select_orders(std::string("WHERE src_chain_id = ? AND block_number >= ? "
                                                  "AND state <> 'dropped' AND ") +
                                      kUnpaid + " ORDER BY id LIMIT ?"),
                        chain_id, from_block, limit);
        return read_orders(s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Order>> SqlOrders::orders_in_state(std::string state, std::int64_t chain_id,
                                                    bool by_source, int limit) {
    auto read = [state = std::move(state), chain_id, by_source, limit](Connection& c) {
        auto& s =
            query(c,
                  select_orders(by_source ? "WHERE state = ? AND src_chain_id = ? ORDER BY id "
                                            "LIMIT ?"
                                          : "WHERE state = ? AND dst_chain_id = ? ORDER BY id "
                                            "LIMIT ?"),
                  state, chain_id, limit);
        return read_orders(s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<bool> SqlOrders::transition(Transition t) {
    auto write = [t = std::move(t)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        if (!move_order(c, t.order_id, t.from, t.to, t.reason, now)) return false;
        if (t.receive_amount) {
            execute(c, "UPDATE bridge_orders SET receive_amount = ?, fee = ? WHERE id = ?",
                    *t.receive_amount, t.fee.value_or("0"), t.order_id);
        }
        tx.commit();
        return true;
    };
    bool moved = co_await db_.run(std::move(write));
    if (moved) changed();
    co_return moved;
}

Task<std::vector<Order>> SqlOrders::refunds_to_sign(std::int64_t chain_id, int limit) {
    auto read = [chain_id, limit](Connection& c) {
        // Orders put off by defer_refunds wait for their retry time, so the oldest `limit` are
        // never the same unsignable ones round after round.
        auto& s = query(c,
                        select_orders("WHERE state = 'refunding' AND src_chain_id = ? AND "
                                      "refund_retry_at <= ? AND NOT EXISTS (SELECT 1 FROM "
                                      "maker_txs m WHERE m.order_id = bridge_orders.id AND m.kind "
                                      "= 'refund') ORDER BY id LIMIT ?"),
                        chain_id, unix_now(), limit);
        return read_orders(s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::defer_refunds(std::vector<RefundDeferral> deferrals) {
    if (deferrals.empty()) co_return;
    auto write = [deferrals = std::move(deferrals)](Connection& c) {
        Transaction tx(c);
        for (const auto& d : deferrals) {
            execute(c,
                    "UPDATE bridge_orders SET refund_retries = refund_retries + 1, "
                    "refund_retry_at = ? WHERE id = ? AND state = 'refunding'",
                    d.retry_at, d.order_id);
        }
        tx.commit();
    };
    co_await db_.run(std::move(write));
}

Task<std::optional<Order>> SqlOrders::order_by_tx(std::int64_t chain_id, std::string tx_hash) {
    auto read = [chain_id, tx_hash = std::move(tx_hash)](Connection& c) {
        auto& s = query(
            c,
            select_orders("WHERE src_chain_id = ? AND src_tx_hash = ? ORDER BY log_index LIMIT 1"),
            chain_id, tx_hash);
        return one_order(c, s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<HistoryPage> SqlOrders::history(HistoryQuery q) {
    auto read = [q = std::move(q)](Connection& c) {
        // One statement per filter shape, each planned on its own indexes: an address is looked
        // up in (sender, id) and (lower(recipient), id), and only those orders are then checked
        // against the channel, whatever the planner knows of the data (an OR beside a channel
        // would let it walk the whole channel instead).
        std::string where;
        if (!q.address.empty())
            where =
                "id IN (SELECT id FROM bridge_orders WHERE sender = ? UNION ALL SELECT id FROM "
                "bridge_orders WHERE lower(recipient) = lower(?))";
        if (q.channel) where += (where.empty() ? "" : " AND ") + std::string("channel = ?");
        if (!where.empty()) where = "WHERE " + where;
        auto bind = [&](Statement& s) {
            int next = 1;
            if (!q.address.empty()) {
                bind_values(s, 1, q.address, q.address);
                next = 3;
            }
            if (q.channel) s.bind(next++, *q.channel);
            return next;
        };
        HistoryPage page;
        // A channel's total is kept as its orders are recorded; an address's few are counted.
        auto& count = q.address.empty() && q.channel
                          ? c.prepared("SELECT orders FROM bridge_order_counts WHERE channel = ?")
                          : c.prepared("SELECT COUNT(*) FROM bridge_orders " + where);
        bind(count);
        page.total = single<std::int64_t>(count, 0);
        const auto page_of = where + " ORDER BY id DESC LIMIT ? OFFSET ?";
        auto bind_page = [&](Statement& s) {
            bind_values(s, bind(s), q.size, static_cast<std::int64_t>(q.page - 1) * q.size);
        };
        auto& s = c.prepared(select_orders(page_of));
        bind_page(s);
        page.list = read_orders(s);
        // Every timeline of the page in one more round trip, not one per order.
        std::map<std::int64_t, Order*> by_id;
        for (auto& o : page.list) by_id[o.id] = &o;
        auto& events = c.prepared("SELECT order_id, " + kEvents.columns() +
                                  " FROM bridge_order_events WHERE order_id IN (SELECT id FROM "
                                  "bridge_orders " +
                                  page_of + ") ORDER BY order_id, id");
        bind_page(events);
        while (events.step()) {
            if (auto it = by_id.find(events.column_int(0)); it != by_id.end())
                it->second->timeline.push_back(kEvents.read(events, 1));
        }
        events.reset();
        return page;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<BridgeLeg>> SqlOrders::bridge_legs(std::vector<std::string> addresses) {
    auto read = [addresses = std::move(addresses)](Connection& c) {
        std::vector<BridgeLeg> out;
        auto& deposits = c.prepared(
            "SELECT src_chain_id, token, decimals, amount FROM bridge_orders WHERE sender = ? AND "
            "state <> 'dropped' ORDER BY id");
        for (const auto& a : addresses) {
            deposits.bind(1, a);
            while (deposits.step()) {
                out.push_back({a, deposits.column_int(0), true, deposits.column_text(1),
                               column<int>(deposits, 2), deposits.column_text(3)});
            }
            deposits.reset();
        }
        // A swap payout delivered its destination token; a cross-asset one (a destination token
        // without a swap address) paid its receive amount in that token; a plain one the order's.
        auto& payouts = c.prepared(
            "SELECT dst_chain_id, token, decimals, receive_amount, dst_token, dst_decimals, "
            "delivered_amount, dst_token_address FROM bridge_orders WHERE lower(recipient) = ? "
            "AND state = 'completed' ORDER BY id");
        for (const auto& a : addresses) {
            payouts.bind(1, a);
            while (payouts.step()) {
                bool swapped = !payouts.column_text(6).empty();
                bool cross =
                    !swapped && is_cross_route(payouts.column_text(4), payouts.column_text(7));
                out.push_back({a, payouts.column_int(0), false,
                               payouts.column_text(swapped || cross ? 4 : 1),
                               column<int>(payouts, swapped || cross ? 5 : 2),
                               payouts.column_text(swapped ? 6 : 3)});
            }
            payouts.reset();
        }
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Order>> SqlOrders::orders_by_tx_hash(std::string tx_hash, int limit) {
    auto read = [tx_hash = std::move(tx_hash), limit](Connection& c) {
        // One indexed look-up per column (migration 0022), joined by id.
        auto& s = query(c,
                        select_orders("WHERE id IN (SELECT id FROM bridge_orders WHERE src_tx_hash "
                                      "= ? UNION SELECT id FROM bridge_orders WHERE dst_tx_hash = "
                                      "? UNION SELECT id FROM bridge_orders WHERE refund_tx_hash = "
                                      "?) ORDER BY id DESC LIMIT ?"),
                        tx_hash, tx_hash, tx_hash, limit);
        auto found = read_orders(s);
        for (auto& o : found) fill_timeline(c, o);
        return found;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::optional<Order>> SqlOrders::order_by_key(std::string order_key) {
    auto read = [order_key = std::move(order_key)](Connection& c) {
        auto& s = query(c, select_orders("WHERE order_key = ?"), order_key);
        return one_order(c, s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Completion>> SqlOrders::completions_since(std::int64_t since, int limit) {
    auto read = [since, limit](Connection& c) {
        // The completion time is the 'completed' event's (read on (state, at), migration 0022).
        auto& s = query(c,
                        "SELECT o.src_chain_id, o.dst_chain_id, o.token, o.decimals, o.amount, "
                        "o.receive_amount, o.recipient, o.dst_tx_hash, o.created_at, e.at, "
                        "o.dst_token, o.dst_decimals, o.dst_token_address FROM bridge_order_events "
                        "e JOIN bridge_orders o ON o.id = e.order_id WHERE e.state = 'completed' "
                        "AND e.at >= ? ORDER BY e.at DESC, e.id DESC LIMIT ?",
                        since, limit);
        return all_rows(s, [](const Statement& r) {
            bool cross = is_cross_route(r.column_text(10), r.column_text(12));
            return Completion{r.column_int(0),
                              r.column_int(1),
                              r.column_text(2),
                              column<int>(r, 3),
                              r.column_text(4),
                              r.column_text(5),
                              r.column_text(6),
                              r.column_text(7),
                              r.column_int(8),
                              r.column_int(9),
                              r.column_text(cross ? 10 : 2),
                              column<int>(r, cross ? 11 : 3)};
        });
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::map<std::string, std::int64_t>> SqlOrders::count_by_state_since(std::int64_t since) {
    auto read = [since](Connection& c) {
        return count_per_state(query(
            c, "SELECT state, COUNT(*) FROM bridge_orders WHERE created_at >= ? GROUP BY state",
            since));
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::map<std::string, std::int64_t>> SqlOrders::count_by_state() {
    auto read = [](Connection& c) {
        return count_per_state(
            c.prepared("SELECT state, COUNT(*) FROM bridge_orders GROUP BY state"));
    };
    co_return co_await db_.run(std::move(read));
}

Task<Flows> SqlOrders::flows_since(std::int64_t since) {
    auto read = [since](Connection& c) {
        auto flow = [](const Statement& r) {
            return FlowRecord{r.column_int(0), r.column_int(1), r.column_text(2), r.column_text(3),
                              r.column_int(4)};
        };
        Flows flows;
        // A payout counts from its signing, whatever became of it, unless it turned into a refund
        // (reverted, or its nonce filled): then nothing left the maker on the destination.
        flows.payouts = all_rows(
            query(c,
                  "SELECT o.src_chain_id, o.dst_chain_id, o.token, o.amount, m.created_at FROM "
                  "maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE m.kind = 'payout' "
                  "AND m.created_at >= ? AND o.state NOT IN ('refunding', 'refunded') ORDER BY "
                  "m.created_at",
                  since),
            flow);
        flows.deposits = all_rows(
            query(c,
                  "SELECT src_chain_id, dst_chain_id, token, amount, created_at FROM bridge_orders "
                  "WHERE created_at >= ? AND state IN ('queued', 'paying', 'completed') ORDER BY "
                  "created_at",
                  since),
            flow);
        return flows;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::note_payout_waits(std::vector<PayoutWait> waits) {
    if (waits.empty()) co_return;
    auto write = [waits = std::move(waits)](Connection& c) {
        Transaction tx(c);
        auto now = unix_now();
        bool any = false;
        for (const auto& w : waits) {
            auto before =
                single(query(c, "SELECT reason FROM bridge_orders WHERE id = ?", w.order_id),
                       std::string());
            auto changes = execute(
                c,
                "UPDATE bridge_orders SET payout_hold_until = ?, payout_eta = "
                "?, reason = ?, updated_at = ? WHERE id = ? AND state = 'queued' "
                "AND (payout_hold_until <> ? OR payout_eta <> ? OR reason <> ?)",
                w.hold_until, w.eta, w.reason, now, w.order_id, w.hold_until, w.eta, w.reason);
            if (changes == 0) continue;
            any = true;
            if (before != w.reason) add_event(c, w.order_id, "queued", w.reason, now);
        }
        tx.commit();
        return any;
    };
    if (co_await db_.run(std::move(write))) changed();
}

}  // namespace perch::store
