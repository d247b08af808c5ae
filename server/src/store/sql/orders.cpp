#include "store/sql/orders.hpp"

#include <spdlog/spdlog.h>

#include <map>

#include "store/sql/rows.hpp"

namespace perch::store {
namespace {

constexpr const char* kOrderColumns =
    "id, order_key, src_chain_id, src_tx_hash, log_index, block_number, block_hash, sender, "
    "token_address, token, decimals, amount, dst_chain_id, recipient, channel, confirmations, "
    "receive_amount, fee, state, reason, dst_tx_hash, refund_tx_hash, created_at, updated_at, "
    "dst_token_address, dst_token, dst_decimals, min_out, delivered_amount, refund_retries, "
    "refund_retry_at, tx_position, quote_id, block_time, payout_hold_until, payout_eta";

std::string select_orders(const std::string& tail) {
    return std::string("SELECT ") + kOrderColumns + " FROM bridge_orders " + tail;
}

Order read_order(const Statement& s) {
    Order o;
    o.id = s.column_int(0);
    o.order_key = s.column_text(1);
    o.src_chain_id = s.column_int(2);
    o.src_tx_hash = s.column_text(3);
    o.log_index = s.column_int(4);
    o.block_number = s.column_int(5);
    o.block_hash = s.column_text(6);
    o.sender = s.column_text(7);
    o.token_address = s.column_text(8);
    o.token = s.column_text(9);
    o.decimals = static_cast<int>(s.column_int(10));
    o.amount = s.column_text(11);
    o.dst_chain_id = s.column_int(12);
    o.recipient = s.column_text(13);
    o.channel = s.column_int(14);
    o.confirmations = static_cast<int>(s.column_int(15));
    o.receive_amount = s.column_text(16);
    o.fee = s.column_text(17);
    o.state = s.column_text(18);
    o.reason = s.column_text(19);
    o.dst_tx_hash = s.column_text(20);
    o.refund_tx_hash = s.column_text(21);
    o.created_at = s.column_int(22);
    o.updated_at = s.column_int(23);
    o.dst_token_address = s.column_text(24);
    o.dst_token = s.column_text(25);
    o.dst_decimals = static_cast<int>(s.column_int(26));
    o.min_out = s.column_text(27);
    o.delivered_amount = s.column_text(28);
    o.refund_retries = static_cast<int>(s.column_int(29));
    o.refund_retry_at = s.column_int(30);
    o.tx_position = s.column_int(31);
    o.quote_id = s.column_text(32);
    o.block_time = s.column_int(33);
    o.payout_hold_until = s.column_int(34);
    o.payout_eta = s.column_int(35);
    return o;
}

std::vector<Order> read_orders(Statement& s) {
    std::vector<Order> out;
    while (s.step()) out.push_back(read_order(s));
    s.reset();
    return out;
}

void add_event(Connection& c, std::int64_t order_id, const std::string& state,
               const std::string& detail, std::int64_t at) {
    c.prepared("INSERT INTO bridge_order_events (order_id, state, detail, at) VALUES (?, ?, ?, ?)")
        .bind(1, order_id)
        .bind(2, state)
        .bind(3, detail)
        .bind(4, at)
        .step();
}

void fill_timeline(Connection& c, Order& o) {
    auto& s = c.prepared(
        "SELECT state, detail, at FROM bridge_order_events WHERE order_id = ? ORDER BY id");
    s.bind(1, o.id);
    while (s.step()) o.timeline.push_back({s.column_text(0), s.column_text(1), s.column_int(2)});
    s.reset();
}

// Moves an order from `from` to `to` if it is still in `from`; records the event.
bool move_order(Connection& c, std::int64_t order_id, const std::string& from,
                const std::string& to, const std::string& reason, std::int64_t now) {
    auto& s = c.prepared(
        "UPDATE bridge_orders SET state = ?, reason = CASE WHEN ? = '' THEN reason ELSE ? END, "
        "updated_at = ? WHERE id = ? AND state = ?");
    s.bind(1, to).bind(2, reason).bind(3, reason).bind(4, now).bind(5, order_id).bind(6, from);
    s.step();
    s.reset();
    if (c.changes() == 0) return false;
    add_event(c, order_id, to, reason, now);
    return true;
}

std::vector<Attempt> attempts_of(Connection& c, std::int64_t maker_tx_id) {
    auto& s = c.prepared(
        "SELECT tx_hash, raw_tx, max_fee_per_gas, created_at, filler, valid_until FROM "
        "maker_tx_attempts WHERE maker_tx_id = ? ORDER BY id");
    s.bind(1, maker_tx_id);
    std::vector<Attempt> out;
    while (s.step()) {
        out.push_back({s.column_text(0), s.column_text(1), s.column_text(2), s.column_int(3),
                       s.column_int(4) != 0, s.column_int(5)});
    }
    s.reset();
    return out;
}

void insert_attempt(Connection& c, std::int64_t maker_tx_id, const Attempt& a) {
    c.prepared(
         "INSERT INTO maker_tx_attempts (maker_tx_id, tx_hash, raw_tx, max_fee_per_gas, "
         "created_at, filler, valid_until) VALUES (?, ?, ?, ?, ?, ?, ?)")
        .bind(1, maker_tx_id)
        .bind(2, a.tx_hash)
        .bind(3, a.raw_tx)
        .bind(4, a.max_fee_per_gas)
        .bind(5, a.created_at)
        .bind(6, static_cast<std::int64_t>(a.filler ? 1 : 0))
        .bind(7, a.valid_until)
        .step();
}

bool is_filler(Connection& c, std::int64_t maker_tx_id, const std::string& tx_hash) {
    auto& s =
        c.prepared("SELECT filler FROM maker_tx_attempts WHERE maker_tx_id = ? AND tx_hash = ?");
    s.bind(1, maker_tx_id).bind(2, tx_hash);
    bool filler = s.step() && s.column_int(0) != 0;
    s.reset();
    return filler;
}

// The fence: inside the caller's write transaction, the lease must still be `lease`.
void check_lease(Connection& c, const Lease& lease) {
    auto& s = c.prepared("SELECT holder, token FROM maker_lease WHERE name = 'maker'");
    bool held = s.step() && s.column_text(0) == lease.holder && s.column_int(1) == lease.token;
    s.reset();
    if (!held)
        throw LeaseLost("the maker's lease " + std::to_string(lease.token) +
                        " was taken by another instance");
}

// Stores one planned transaction under `nonce`; false when the order moved on meanwhile.
bool store_plan(Connection& c, std::int64_t chain_id, const std::string& account,
                std::uint64_t nonce, const TxPlan& plan, std::int64_t now, MakerTx& out) {
    auto& state = c.prepared("SELECT state FROM bridge_orders WHERE id = ?");
    state.bind(1, plan.order_id);
    bool current = state.step() && state.column_text(0) == plan.expected_state;
    state.reset();
    if (!current) return false;
    if (plan.kind == "payout" && !move_order(c, plan.order_id, "queued", "paying", "", now))
        return false;
    if (plan.kind == "payout") {
        // A payout that waited (outflow limits, a paused route) is on its way: its wait is over
        // (a queued order's reason is only ever why it waits).
        c.prepared(
             "UPDATE bridge_orders SET reason = '', payout_eta = 0 WHERE id = ? AND (payout_eta "
             "<> 0 OR reason <> '')")
            .bind(1, plan.order_id)
            .step();
    }
    auto signed_tx = plan.sign(nonce);
    auto& insert = c.prepared(
        "INSERT INTO maker_txs (order_id, kind, chain_id, account, nonce, state, created_at, "
        "updated_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) RETURNING id");
    insert.bind(1, plan.order_id)
        .bind(2, plan.kind)
        .bind(3, chain_id)
        .bind(4, account)
        .bind(5, static_cast<std::int64_t>(nonce))
        .bind(6, now)
        .bind(7, now);
    insert.step();
    auto id = insert.column_int(0);
    insert.reset();  // a RETURNING statement left on its row would hold the write open
    out = MakerTx{id, plan.order_id, plan.kind, chain_id, nonce, now, {}};
    Attempt attempt{signed_tx.tx_hash,    signed_tx.raw_tx, signed_tx.max_fee_per_gas, now, false,
                    signed_tx.valid_until};
    insert_attempt(c, out.id, attempt);
    out.attempts.push_back(std::move(attempt));
    return true;
}

// An order nothing was signed for yet (no payout, no refund): what a reorganisation may still
// move back to confirming, or drop.
constexpr const char* kUnpaid =
    "state IN ('confirming', 'queued', 'refunding', 'dropped') AND NOT EXISTS (SELECT 1 FROM "
    "maker_txs m WHERE m.order_id = bridge_orders.id)";

// Binds a deposit's own fields (everything its log says, and the confirmations it waits for) to
// parameters first..first+18, in the order of kDepositColumns.
constexpr const char* kDepositColumns =
    "block_number, block_hash, log_index, sender, token_address, token, decimals, amount, "
    "dst_chain_id, recipient, channel, confirmations, dst_token_address, dst_token, dst_decimals, "
    "min_out, reason, quote_id, block_time";
void bind_deposit(Statement& s, int first, const Order& d) {
    s.bind(first, d.block_number)
        .bind(first + 1, d.block_hash)
        .bind(first + 2, d.log_index)
        .bind(first + 3, d.sender)
        .bind(first + 4, d.token_address)
        .bind(first + 5, d.token)
        .bind(first + 6, static_cast<std::int64_t>(d.decimals))
        .bind(first + 7, d.amount)
        .bind(first + 8, d.dst_chain_id)
        .bind(first + 9, d.recipient)
        .bind(first + 10, d.channel)
        .bind(first + 11, static_cast<std::int64_t>(d.confirmations))
        .bind(first + 12, d.dst_token_address)
        .bind(first + 13, d.dst_token)
        .bind(first + 14, static_cast<std::int64_t>(d.dst_decimals))
        .bind(first + 15, d.min_out)
        .bind(first + 16, d.reason)
        .bind(first + 17, d.quote_id)
        .bind(first + 18, d.block_time);
}

// A deposit read from the chain, matched by its identity (chain, tx hash, position in the tx), not
// by its block: new, it becomes an order (confirming); seen in the same block, nothing changes;
// seen in another block while nothing was signed for it, the order takes the deposit as it now
// is and confirms it again from there (a dropped one is revived); an order already paid or being
// refunded is the same deposit and stays as it is.
void upsert_deposit(Connection& c, const Order& d, std::int64_t now) {
    auto& find = c.prepared(std::string("SELECT id, state, block_hash, CASE WHEN ") + kUnpaid +
                            " THEN 1 ELSE 0 END FROM bridge_orders WHERE src_chain_id = ? AND "
                            "src_tx_hash = ? AND tx_position = ?");
    find.bind(1, d.src_chain_id).bind(2, d.src_tx_hash).bind(3, d.tx_position);
    bool known = find.step();
    auto id = known ? find.column_int(0) : 0;
    auto state = known ? find.column_text(1) : std::string();
    auto block_hash = known ? find.column_text(2) : std::string();
    bool unpaid = known && find.column_int(3) != 0;
    find.reset();
    if (known) {
        if (block_hash == d.block_hash || !unpaid) return;
        auto& move = c.prepared(std::string("UPDATE bridge_orders SET (") + kDepositColumns +
                                ") = (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), "
                                "state = 'confirming', receive_amount = '0', fee = '0', "
                                "updated_at = ? WHERE id = ?");
        bind_deposit(move, 1, d);
        move.bind(20, now).bind(21, id).step();
        move.reset();
        if (state != "confirming") add_event(c, id, "confirming", "", now);
        return;
    }
    auto& insert =
        c.prepared(std::string("INSERT INTO bridge_orders (order_key, src_chain_id, "
                               "src_tx_hash, tx_position, state, created_at, "
                               "updated_at, ") +
                   kDepositColumns +
                   ") VALUES (?, ?, ?, ?, 'confirming', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                   "?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_key) DO NOTHING RETURNING id");
    insert.bind(1, d.order_key)
        .bind(2, d.src_chain_id)
        .bind(3, d.src_tx_hash)
        .bind(4, d.tx_position)
        .bind(5, now)
        .bind(6, now);
    bind_deposit(insert, 7, d);
    if (!insert.step()) {
        insert.reset();
        // Only an order stored before 0025 (keyed by its block-wide log index) can hold this key
        // with another identity: a transaction that deposits differently since it was re-mined.
        spdlog::error(
            "store: the deposit {} (block {}) was not recorded: an older order of the same "
            "transaction has its key; an operator must settle it by hand",
            d.order_key, d.block_number);
        return;
    }
    id = insert.column_int(0);
    insert.reset();
    c.prepared(
         "INSERT INTO bridge_order_counts (channel, orders) VALUES (?, 1) ON CONFLICT "
         "(channel) DO UPDATE SET orders = bridge_order_counts.orders + 1")
        .bind(1, d.channel)
        .step();
    add_event(c, id, "confirming", "", now);
}

}  // namespace

Task<void> SqlOrders::record_deposits(std::int64_t chain_id, std::vector<Order> deposits,
                                      WatchCursor cursor) {
    auto write = [chain_id, deposits = std::move(deposits),
                  cursor = std::move(cursor)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        for (const auto& d : deposits) upsert_deposit(c, d, now);
        c.prepared(
             "INSERT INTO watch_cursors (chain_id, next_block, last_hash, updated_at, "
             "floor_block, position) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (chain_id) DO UPDATE "
             "SET next_block = excluded.next_block, last_hash = excluded.last_hash, updated_at = "
             "excluded.updated_at, position = excluded.position")
            .bind(1, chain_id)
            .bind(2, cursor.next_block)
            .bind(3, cursor.last_hash)
            .bind(4, now)
            .bind(5, cursor.floor_block)
            .bind(6, cursor.position)
            .step();
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

Task<std::optional<WatchCursor>> SqlOrders::cursor(std::int64_t chain_id) {
    auto read = [chain_id](Connection& c) -> std::optional<WatchCursor> {
        auto& s = c.prepared(
            "SELECT next_block, last_hash, floor_block, position FROM watch_cursors WHERE "
            "chain_id = ?");
        s.bind(1, chain_id);
        std::optional<WatchCursor> out;
        if (s.step())
            out = WatchCursor{s.column_int(0), s.column_text(1), s.column_int(2), s.column_text(3)};
        s.reset();
        return out;
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
        auto& s = c.prepared(select_orders(std::string("WHERE src_chain_id = ? AND block_number "
                                                       ">= ? AND state <> 'dropped' AND ") +
                                           kUnpaid + " ORDER BY id LIMIT ?"));
        s.bind(1, chain_id).bind(2, from_block).bind(3, static_cast<std::int64_t>(limit));
        return read_orders(s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Order>> SqlOrders::orders_in_state(std::string state, std::int64_t chain_id,
                                                    bool by_source, int limit) {
    auto read = [state = std::move(state), chain_id, by_source, limit](Connection& c) {
        auto& s =
            c.prepared(by_source ? select_orders("WHERE state = ? AND src_chain_id = ? ORDER BY id "
                                                 "LIMIT ?")
                                 : select_orders("WHERE state = ? AND dst_chain_id = ? ORDER BY id "
                                                 "LIMIT ?"));
        s.bind(1, state).bind(2, chain_id).bind(3, static_cast<std::int64_t>(limit));
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
            c.prepared("UPDATE bridge_orders SET receive_amount = ?, fee = ? WHERE id = ?")
                .bind(1, *t.receive_amount)
                .bind(2, t.fee.value_or("0"))
                .bind(3, t.order_id)
                .step();
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
        auto& s = c.prepared(select_orders(
            "WHERE state = 'refunding' AND src_chain_id = ? AND refund_retry_at <= ? AND NOT "
            "EXISTS (SELECT 1 FROM maker_txs m WHERE m.order_id = bridge_orders.id AND m.kind = "
            "'refund') ORDER BY id LIMIT ?"));
        s.bind(1, chain_id).bind(2, unix_now()).bind(3, static_cast<std::int64_t>(limit));
        return read_orders(s);
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::defer_refunds(std::vector<RefundDeferral> deferrals) {
    if (deferrals.empty()) co_return;
    auto write = [deferrals = std::move(deferrals)](Connection& c) {
        Transaction tx(c);
        auto& s = c.prepared(
            "UPDATE bridge_orders SET refund_retries = refund_retries + 1, refund_retry_at = ? "
            "WHERE id = ? AND state = 'refunding'");
        for (const auto& d : deferrals) {
            s.bind(1, d.retry_at).bind(2, d.order_id);
            s.step();
            s.reset();
        }
        tx.commit();
    };
    co_await db_.run(std::move(write));
}

Task<std::optional<Lease>> SqlOrders::take_lease(std::string holder, std::int64_t now_ms,
                                                 std::int64_t ttl_ms, HolderGone gone) {
    auto take = [holder = std::move(holder), now_ms, ttl_ms,
                 gone = std::move(gone)](Connection& c) -> std::optional<Lease> {
        Transaction tx(c);
        auto& read =
            c.prepared("SELECT holder, token, expires_at_ms FROM maker_lease WHERE name = 'maker'");
        std::optional<Lease> current;
        std::int64_t expires = 0;
        if (read.step()) {
            current = Lease{read.column_text(0), read.column_int(1)};
            expires = read.column_int(2);
        }
        read.reset();
        if (current && current->holder != holder && expires > now_ms &&
            !(gone && gone(current->holder)))
            return std::nullopt;
        Lease taken{holder, !current                    ? 1
                            : current->holder == holder ? current->token
                                                        : current->token + 1};
        c.prepared(
             "INSERT INTO maker_lease (name, holder, token, expires_at_ms) VALUES ('maker', ?, ?, "
             "?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, token = "
             "excluded.token, expires_at_ms = excluded.expires_at_ms")
            .bind(1, taken.holder)
            .bind(2, taken.token)
            .bind(3, now_ms + ttl_ms)
            .step();
        tx.commit();
        return taken;
    };
    co_return co_await db_.run(std::move(take));
}

Task<void> SqlOrders::release_lease(Lease lease) {
    auto release = [lease = std::move(lease)](Connection& c) {
        c.prepared(
             "UPDATE maker_lease SET expires_at_ms = 0 WHERE name = 'maker' AND holder = ? AND "
             "token = ?")
            .bind(1, lease.holder)
            .bind(2, lease.token)
            .step();
    };
    co_await db_.run(std::move(release));
}

Task<std::vector<MakerTx>> SqlOrders::sign_and_store(Lease lease, std::int64_t chain_id,
                                                     std::string account, std::uint64_t nonce_floor,
                                                     std::vector<TxPlan> plans) {
    auto write = [lease = std::move(lease), chain_id, account = std::move(account), nonce_floor,
                  plans = std::move(plans)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        check_lease(c, lease);
        auto nonce = read_next_nonce(c, chain_id, account, nonce_floor);
        std::vector<MakerTx> stored;
        for (const auto& plan : plans) {
            MakerTx out;
            if (!store_plan(c, chain_id, account, nonce, plan, now, out)) continue;
            stored.push_back(std::move(out));
            ++nonce;
        }
        write_next_nonce(c, chain_id, account, nonce);
        tx.commit();
        return stored;
    };
    auto stored = co_await db_.run(std::move(write));
    if (!stored.empty()) changed();
    co_return stored;
}

Task<std::vector<MakerTx>> SqlOrders::pending_txs(std::int64_t chain_id) {
    auto read = [chain_id](Connection& c) {
        auto& s = c.prepared(
            "SELECT id, order_id, kind, chain_id, nonce, created_at, void_reason FROM maker_txs "
            "WHERE state = 'pending' AND chain_id = ? ORDER BY nonce");
        s.bind(1, chain_id);
        std::vector<MakerTx> out;
        while (s.step()) {
            out.push_back(MakerTx{s.column_int(0),
                                  s.column_int(1),
                                  s.column_text(2),
                                  s.column_int(3),
                                  static_cast<std::uint64_t>(s.column_int(4)),
                                  s.column_int(5),
                                  {},
                                  s.column_text(6)});
        }
        s.reset();
        for (auto& m : out) m.attempts = attempts_of(c, m.id);
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::add_attempt(std::int64_t maker_tx_id, Attempt attempt) {
    auto write = [maker_tx_id, attempt = std::move(attempt)](Connection& c) {
        insert_attempt(c, maker_tx_id, attempt);
    };
    co_await db_.run(std::move(write));
}

Task<bool> SqlOrders::add_version(Lease lease, std::int64_t maker_tx_id, std::string replaces,
                                  std::int64_t finalized_height, Attempt attempt) {
    auto write = [lease = std::move(lease), maker_tx_id, replaces = std::move(replaces),
                  finalized_height, attempt = std::move(attempt)](Connection& c) {
        Transaction tx(c);
        check_lease(c, lease);
        auto& pending = c.prepared("SELECT 1 FROM maker_txs WHERE id = ? AND state = 'pending'");
        pending.bind(1, maker_tx_id);
        bool is_pending = pending.step();
        pending.reset();
        if (!is_pending) return false;
        auto versions = attempts_of(c, maker_tx_id);
        if (versions.empty() || versions.back().tx_hash != replaces) return false;
        for (const auto& v : versions)
            if (v.valid_until >= finalized_height) return false;
        insert_attempt(c, maker_tx_id, attempt);
        tx.commit();
        return true;
    };
    co_return co_await db_.run(std::move(write));
}

Task<void> SqlOrders::settle(std::int64_t maker_tx_id, std::string mined_hash, bool success,
                             std::string reason, std::string delivered) {
    auto write = [maker_tx_id, mined_hash = std::move(mined_hash), success,
                  reason = std::move(reason), delivered = std::move(delivered)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        auto& s = c.prepared(
            "UPDATE maker_txs SET state = ?, mined_hash = ?, updated_at = ? WHERE id = ? AND "
            "state = 'pending' RETURNING order_id, kind, void_reason");
        s.bind(1, success ? "mined" : "reverted")
            .bind(2, mined_hash)
            .bind(3, now)
            .bind(4, maker_tx_id);
        if (!s.step()) {
            s.reset();
            return;  // settled before
        }
        auto order_id = s.column_int(0);
        auto kind = s.column_text(1);
        auto void_reason = s.column_text(2);
        s.reset();
        const bool payout = kind == "payout";
        if (is_filler(c, maker_tx_id, mined_hash)) {
            // The nonce went to the filler: nothing reached the user, nothing was refunded.
            move_order(c, order_id, payout ? "paying" : "refunding",
                       payout ? "refunding" : "failed", void_reason, now);
            tx.commit();
            return;
        }
        auto column = payout ? "dst_tx_hash" : "refund_tx_hash";
        c.prepared(std::string("UPDATE bridge_orders SET ") + column + " = ? WHERE id = ?")
            .bind(1, mined_hash)
            .bind(2, order_id)
            .step();
        if (payout && success) {
            if (!delivered.empty()) {
                c.prepared("UPDATE bridge_orders SET delivered_amount = ? WHERE id = ?")
                    .bind(1, delivered)
                    .bind(2, order_id)
                    .step();
            }
            move_order(c, order_id, "paying", "completed", "", now);
            c.prepared(
                 "UPDATE bridge_orders SET completed_seq = (SELECT COALESCE(MAX(completed_seq), "
                 "0) + 1 FROM bridge_orders) WHERE id = ?")
                .bind(1, order_id)
                .step();
        } else if (payout) {
            move_order(c, order_id, "paying", "refunding", reason, now);
        } else {
            move_order(c, order_id, "refunding", success ? "refunded" : "failed", reason, now);
        }
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

Task<bool> SqlOrders::void_tx(std::int64_t maker_tx_id, std::string reason, Attempt filler) {
    auto write = [maker_tx_id, reason = std::move(reason),
                  filler = std::move(filler)](Connection& c) {
        Transaction tx(c);
        auto& s = c.prepared(
            "UPDATE maker_txs SET void_reason = ?, updated_at = ? WHERE id = ? AND state = "
            "'pending' AND void_reason = ''");
        s.bind(1, reason).bind(2, unix_now()).bind(3, maker_tx_id);
        s.step();
        s.reset();
        if (c.changes() == 0) return false;
        auto attempt = filler;
        attempt.filler = true;
        insert_attempt(c, maker_tx_id, attempt);
        tx.commit();
        return true;
    };
    co_return co_await db_.run(std::move(write));
}

Task<void> SqlOrders::abandon(std::int64_t maker_tx_id, std::string reason) {
    auto write = [maker_tx_id, reason = std::move(reason)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        auto& s = c.prepared(
            "UPDATE maker_txs SET state = 'reverted', updated_at = ? WHERE id = ? AND state = "
            "'pending' RETURNING order_id, kind");
        s.bind(1, now).bind(2, maker_tx_id);
        if (!s.step()) {
            s.reset();
            return;
        }
        auto order_id = s.column_int(0);
        auto from = s.column_text(1) == "payout" ? "paying" : "refunding";
        s.reset();
        move_order(c, order_id, from, "failed", reason, now);
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

Task<std::optional<Order>> SqlOrders::order_by_tx(std::int64_t chain_id, std::string tx_hash) {
    auto read = [chain_id, tx_hash = std::move(tx_hash)](Connection& c) -> std::optional<Order> {
        auto& s = c.prepared(
            select_orders("WHERE src_chain_id = ? AND src_tx_hash = ? ORDER BY log_index LIMIT 1"));
        s.bind(1, chain_id).bind(2, tx_hash);
        auto found = read_orders(s);
        if (found.empty()) return std::nullopt;
        fill_timeline(c, found.front());
        return found.front();
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
                s.bind(1, q.address).bind(2, q.address);
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
        page.total = count.step() ? count.column_int(0) : 0;
        count.reset();
        const auto page_of = where + " ORDER BY id DESC LIMIT ? OFFSET ?";
        auto bind_page = [&](Statement& s) {
            int next = bind(s);
            s.bind(next, static_cast<std::int64_t>(q.size))
                .bind(next + 1, static_cast<std::int64_t>(q.page - 1) * q.size);
        };
        auto& s = c.prepared(select_orders(page_of));
        bind_page(s);
        page.list = read_orders(s);
        // Every timeline of the page in one more round trip, not one per order.
        std::map<std::int64_t, Order*> by_id;
        for (auto& o : page.list) by_id[o.id] = &o;
        auto& events = c.prepared(
            "SELECT order_id, state, detail, at FROM bridge_order_events WHERE order_id IN "
            "(SELECT id FROM bridge_orders " +
            page_of + ") ORDER BY order_id, id");
        bind_page(events);
        while (events.step()) {
            if (auto it = by_id.find(events.column_int(0)); it != by_id.end())
                it->second->timeline.push_back(
                    {events.column_text(1), events.column_text(2), events.column_int(3)});
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
                               static_cast<int>(deposits.column_int(2)), deposits.column_text(3)});
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
                               static_cast<int>(payouts.column_int(swapped || cross ? 5 : 2)),
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
        auto& s = c.prepared(select_orders(
            "WHERE id IN (SELECT id FROM bridge_orders WHERE src_tx_hash = ? UNION SELECT id FROM "
            "bridge_orders WHERE dst_tx_hash = ? UNION SELECT id FROM bridge_orders WHERE "
            "refund_tx_hash = ?) ORDER BY id DESC LIMIT ?"));
        s.bind(1, tx_hash)
            .bind(2, tx_hash)
            .bind(3, tx_hash)
            .bind(4, static_cast<std::int64_t>(limit));
        auto found = read_orders(s);
        for (auto& o : found) fill_timeline(c, o);
        return found;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::optional<Order>> SqlOrders::order_by_key(std::string order_key) {
    auto read = [order_key = std::move(order_key)](Connection& c) -> std::optional<Order> {
        auto& s = c.prepared(select_orders("WHERE order_key = ?"));
        s.bind(1, order_key);
        auto found = read_orders(s);
        if (found.empty()) return std::nullopt;
        fill_timeline(c, found.front());
        return found.front();
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Completion>> SqlOrders::completions_since(std::int64_t since, int limit) {
    auto read = [since, limit](Connection& c) {
        // The completion time is the 'completed' event's (read on (state, at), migration 0022).
        auto& s = c.prepared(
            "SELECT o.src_chain_id, o.dst_chain_id, o.token, o.decimals, o.amount, "
            "o.receive_amount, o.recipient, o.dst_tx_hash, o.created_at, e.at, o.dst_token, "
            "o.dst_decimals, o.dst_token_address FROM bridge_order_events e JOIN bridge_orders o "
            "ON o.id = e.order_id WHERE e.state = 'completed' AND e.at >= ? ORDER BY e.at DESC, "
            "e.id DESC LIMIT ?");
        s.bind(1, since).bind(2, static_cast<std::int64_t>(limit));
        std::vector<Completion> out;
        while (s.step()) {
            bool cross = is_cross_route(s.column_text(10), s.column_text(12));
            out.push_back({s.column_int(0), s.column_int(1), s.column_text(2),
                           static_cast<int>(s.column_int(3)), s.column_text(4), s.column_text(5),
                           s.column_text(6), s.column_text(7), s.column_int(8), s.column_int(9),
                           s.column_text(cross ? 10 : 2),
                           static_cast<int>(s.column_int(cross ? 11 : 3))});
        }
        s.reset();
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::map<std::string, std::int64_t>> SqlOrders::count_by_state_since(std::int64_t since) {
    auto read = [since](Connection& c) {
        auto& s = c.prepared(
            "SELECT state, COUNT(*) FROM bridge_orders WHERE created_at >= ? GROUP BY state");
        s.bind(1, since);
        std::map<std::string, std::int64_t> out;
        while (s.step()) out[s.column_text(0)] = s.column_int(1);
        s.reset();
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::map<std::string, std::int64_t>> SqlOrders::count_by_state() {
    auto read = [](Connection& c) {
        auto& s = c.prepared("SELECT state, COUNT(*) FROM bridge_orders GROUP BY state");
        std::map<std::string, std::int64_t> out;
        while (s.step()) out[s.column_text(0)] = s.column_int(1);
        s.reset();
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<bool> SqlOrders::paused() {
    auto read = [](Connection& c) {
        auto& s = c.prepared("SELECT value FROM maker_settings WHERE key = 'paused'");
        bool paused = s.step() && s.column_text(0) == "1";
        s.reset();
        return paused;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::set_paused(bool paused) {
    auto write = [paused](Connection& c) {
        c.prepared(
             "INSERT INTO maker_settings (key, value, updated_at) VALUES ('paused', ?, ?) ON "
             "CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = "
             "excluded.updated_at")
            .bind(1, paused ? "1" : "0")
            .bind(2, unix_now())
            .step();
    };
    co_await db_.run(std::move(write));
}

namespace {
constexpr std::string_view kRoutePausePrefix = "paused_route:";
}

Task<std::map<std::string, std::string>> SqlOrders::paused_routes() {
    auto read = [](Connection& c) {
        auto& s = c.prepared(
            "SELECT key, value FROM maker_settings WHERE substr(key, 1, 13) = 'paused_route:'");
        std::map<std::string, std::string> out;
        while (s.step()) out[s.column_text(0).substr(kRoutePausePrefix.size())] = s.column_text(1);
        s.reset();
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::set_route_paused(std::string route, bool paused, std::string reason) {
    auto write = [key = std::string(kRoutePausePrefix) + route, paused,
                  reason = std::move(reason)](Connection& c) {
        if (!paused) {
            c.prepared("DELETE FROM maker_settings WHERE key = ?").bind(1, key).step();
            return;
        }
        c.prepared(
             "INSERT INTO maker_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT "
             "(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at")
            .bind(1, key)
            .bind(2, reason.empty() ? std::string("paused by an operator") : reason)
            .bind(3, unix_now())
            .step();
    };
    co_await db_.run(std::move(write));
}

Task<Flows> SqlOrders::flows_since(std::int64_t since) {
    auto read = [since](Connection& c) {
        Flows flows;
        auto collect = [](Statement& s, std::vector<FlowRecord>& out) {
            while (s.step())
                out.push_back({s.column_int(0), s.column_int(1), s.column_text(2), s.column_text(3),
                               s.column_int(4)});
            s.reset();
        };
        // A payout counts from its signing, whatever became of it, unless it turned into a refund
        // (reverted, or its nonce filled): then nothing left the maker on the destination.
        auto& paid = c.prepared(
            "SELECT o.src_chain_id, o.dst_chain_id, o.token, o.amount, m.created_at FROM "
            "maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE m.kind = 'payout' AND "
            "m.created_at >= ? AND o.state NOT IN ('refunding', 'refunded') ORDER BY m.created_at");
        paid.bind(1, since);
        collect(paid, flows.payouts);
        auto& taken = c.prepared(
            "SELECT src_chain_id, dst_chain_id, token, amount, created_at FROM bridge_orders "
            "WHERE created_at >= ? AND state IN ('queued', 'paying', 'completed') ORDER BY "
            "created_at");
        taken.bind(1, since);
        collect(taken, flows.deposits);
        return flows;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::note_payout_waits(std::vector<PayoutWait> waits) {
    if (waits.empty()) co_return;
    auto write = [waits = std::move(waits)](Connection& c) {
        Transaction tx(c);
        auto now = unix_now();
        auto& s = c.prepared(
            "UPDATE bridge_orders SET payout_hold_until = ?, payout_eta = ?, reason = ?, "
            "updated_at = ? WHERE id = ? AND state = 'queued' AND (payout_hold_until <> ? OR "
            "payout_eta <> ? OR reason <> ?)");
        auto& was = c.prepared("SELECT reason FROM bridge_orders WHERE id = ?");
        bool any = false;
        for (const auto& w : waits) {
            was.bind(1, w.order_id);
            auto before = was.step() ? was.column_text(0) : std::string();
            was.reset();
            s.bind(1, w.hold_until)
                .bind(2, w.eta)
                .bind(3, w.reason)
                .bind(4, now)
                .bind(5, w.order_id)
                .bind(6, w.hold_until)
                .bind(7, w.eta)
                .bind(8, w.reason);
            s.step();
            s.reset();
            if (c.changes() == 0) continue;
            any = true;
            if (before != w.reason) add_event(c, w.order_id, "queued", w.reason, now);
        }
        tx.commit();
        return any;
    };
    if (co_await db_.run(std::move(write))) changed();
}

}  // namespace perch::store
