// The maker's signed transactions in SQL (both dialects): maker_txs and their attempts, the lease
// that fences one maker instance, and the order moves that signing and settling make.
#include "store/sql/order_rows.hpp"
#include "store/sql/orders.hpp"
#include "store/sql/rows.hpp"

namespace perch::store {
namespace {

using order_rows::move_order;

const auto kAttempts = table(
    col("tx_hash", &Attempt::tx_hash), col("raw_tx", &Attempt::raw_tx),
    col("max_fee_per_gas", &Attempt::max_fee_per_gas), col("created_at", &Attempt::created_at),
    col("filler", &Attempt::filler), col("valid_until", &Attempt::valid_until));

const auto kMakerTxs = table(
    col("id", &MakerTx::id), col("order_id", &MakerTx::order_id), col("kind", &MakerTx::kind),
    col("chain_id", &MakerTx::chain_id), col("nonce", &MakerTx::nonce),
    col("created_at", &MakerTx::created_at), col("void_reason", &MakerTx::void_reason),
    col("(SELECT o.token FROM bridge_orders o WHERE o.id = maker_txs.order_id)", &MakerTx::token),
    col("(SELECT o.src_chain_id FROM bridge_orders o WHERE o.id = maker_txs.order_id)",
        &MakerTx::src_chain_id));

std::vector<Attempt> attempts_of(Connection& c, std::int64_t maker_tx_id) {
    return kAttempts.select(c, "FROM maker_tx_attempts WHERE maker_tx_id = ? ORDER BY id",
                            maker_tx_id);
}

void insert_attempt(Connection& c, std::int64_t maker_tx_id, const Attempt& a) {
    kAttempts.execute(c,
                      "INSERT INTO maker_tx_attempts (" + kAttempts.columns() +
                          ", maker_tx_id) VALUES (" + kAttempts.placeholders() + ", ?)",
                      a, maker_tx_id);
}

bool is_filler(Connection& c, std::int64_t maker_tx_id, const std::string& tx_hash) {
    auto& s = query(c, "SELECT filler FROM maker_tx_attempts WHERE maker_tx_id = ? AND tx_hash = ?",
                    maker_tx_id, tx_hash);
    return single(s, false);
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
    auto& state = query(c, "SELECT state FROM bridge_orders WHERE id = ?", plan.order_id);
    auto current = first_row(state, [](const Statement& r) { return r.column_text(0); });
    if (!current || *current != plan.expected_state) return false;
    if (plan.kind == "payout" && !move_order(c, plan.order_id, "queued", "paying", "", now))
        return false;
    if (plan.kind == "payout") {
        // A payout that waited (outflow limits, a paused route) is on its way: its wait is over
        // (a queued order's reason is only ever why it waits).
        execute(c,
                "UPDATE bridge_orders SET reason = '', payout_eta = 0 WHERE id = ? AND (payout_eta "
                "<> 0 OR reason <> '')",
                plan.order_id);
    }
    if (plan.kind == "refund" && !plan.refund_deduction.empty())
        execute(c, "UPDATE bridge_orders SET refund_deduction = ? WHERE id = ?",
                plan.refund_deduction, plan.order_id);
    auto signed_tx = plan.sign(nonce);
    auto& insert = query(c,
                         "INSERT INTO maker_txs (order_id, kind, chain_id, account, nonce, state, "
                         "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', ?, ?) "
                         "RETURNING id",
                         plan.order_id, plan.kind, chain_id, account, nonce, now, now);
    // Reset at once: a RETURNING statement left on its row would hold the write open.
    auto id = single<std::int64_t>(insert, 0);
    out = MakerTx{id, plan.order_id, plan.kind, chain_id, nonce, now, {}};
    Attempt attempt{signed_tx.tx_hash,    signed_tx.raw_tx, signed_tx.max_fee_per_gas, now, false,
                    signed_tx.valid_until};
    insert_attempt(c, out.id, attempt);
    out.attempts.push_back(std::move(attempt));
    return true;
}

// A pending maker_txs row closed by `update` (an UPDATE ... RETURNING order_id, kind,
// void_reason), or nothing when it was settled before.
struct Closed {
    std::int64_t order_id = 0;
    std::string kind;
    std::string void_reason;
};
template <class... V>
std::optional<Closed> close_tx(Connection& c, const std::string& update, const V&... params) {
    auto& s = query(c, update, params...);
    return first_row(s, [](const Statement& r) {
        return Closed{r.column_int(0), r.column_text(1), r.column_text(2)};
    });
}

}  // namespace

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
        execute(c,
                "INSERT INTO maker_lease (name, holder, token, expires_at_ms) VALUES ('maker', ?, "
                "?, ?) ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, token = "
                "excluded.token, expires_at_ms = excluded.expires_at_ms",
                taken.holder, taken.token, now_ms + ttl_ms);
        tx.commit();
        return taken;
    };
    co_return co_await db_.run(std::move(take));
}

Task<void> SqlOrders::release_lease(Lease lease) {
    auto release = [lease = std::move(lease)](Connection& c) {
        execute(c,
                "UPDATE maker_lease SET expires_at_ms = 0 WHERE name = 'maker' AND holder = ? AND "
                "token = ?",
                lease.holder, lease.token);
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
        auto out =
            kMakerTxs.select(c,
                             "FROM maker_txs WHERE state = 'pending' AND chain_id = ? ORDER BY "
                             "nonce",
                             chain_id);
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
        if (!has_row(query(c, "SELECT 1 FROM maker_txs WHERE id = ? AND state = 'pending'",
                           maker_tx_id)))
            return false;
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

namespace {

// A mined (or reverted) transaction's order moves on: a payout completes or turns into a refund,
// a refund ends refunded or failed.
void settle_order(Connection& c, const Closed& tx, const std::string& mined_hash, bool success,
                  const std::string& reason, const std::string& delivered,
                  const std::string& refund_deduction, std::int64_t now) {
    const bool payout = tx.kind == "payout";
    auto column = payout ? "dst_tx_hash" : "refund_tx_hash";
    execute(c, std::string("UPDATE bridge_orders SET ") + column + " = ? WHERE id = ?", mined_hash,
            tx.order_id);
    if (payout && success) {
        if (!delivered.empty())
            execute(c, "UPDATE bridge_orders SET delivered_amount = ? WHERE id = ?", delivered,
                    tx.order_id);
        move_order(c, tx.order_id, "paying", "completed", "", now);
        execute(c,
                "UPDATE bridge_orders SET completed_seq = (SELECT COALESCE(MAX(completed_seq), 0) "
                "+ 1 FROM bridge_orders) WHERE id = ?",
                tx.order_id);
    } else if (payout) {
        if (!refund_deduction.empty())
            execute(c, "UPDATE bridge_orders SET refund_deduction = ? WHERE id = ?",
                    refund_deduction, tx.order_id);
        move_order(c, tx.order_id, "paying", "refunding", reason, now);
    } else {
        move_order(c, tx.order_id, "refunding", success ? "refunded" : "failed", reason, now);
    }
}

}  // namespace

Task<void> SqlOrders::settle(std::int64_t maker_tx_id, std::string mined_hash, bool success,
                             std::string reason, std::string delivered,
                             std::string refund_deduction, TxSpend spent) {
    auto write = [maker_tx_id, mined_hash = std::move(mined_hash), success,
                  reason = std::move(reason), delivered = std::move(delivered),
                  refund_deduction = std::move(refund_deduction),
                  spent = std::move(spent)](Connection& c) {
        auto now = unix_now();
        Transaction tx(c);
        auto closed = close_tx(c,
                               "UPDATE maker_txs SET state = ?, mined_hash = ?, updated_at = ?, "
                               "gas_cost = ?, l1_fee = ? WHERE id = ? AND state = 'pending' "
                               "RETURNING order_id, kind, void_reason",
                               success ? "mined" : "reverted", mined_hash, now, spent.gas_cost,
                               spent.l1_fee, maker_tx_id);
        if (!closed) return;  // settled before
        if (is_filler(c, maker_tx_id, mined_hash)) {
            // The nonce went to the filler: nothing reached the user, nothing was refunded.
            const bool payout = closed->kind == "payout";
            move_order(c, closed->order_id, payout ? "paying" : "refunding",
                       payout ? "refunding" : "failed", closed->void_reason, now);
        } else {
            settle_order(c, *closed, mined_hash, success, reason, delivered, refund_deduction, now);
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
        if (execute(c,
                    "UPDATE maker_txs SET void_reason = ?, updated_at = ? WHERE id = ? AND state = "
                    "'pending' AND void_reason = ''",
                    reason, unix_now(), maker_tx_id) == 0)
            return false;
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
        auto closed = close_tx(c,
                               "UPDATE maker_txs SET state = 'reverted', updated_at = ? WHERE id "
                               "= ? AND state = 'pending' RETURNING order_id, kind, void_reason",
                               now, maker_tx_id);
        if (!closed) return;
        move_order(c, closed->order_id, closed->kind == "payout" ? "paying" : "refunding", "failed",
                   reason, now);
        tx.commit();
    };
    co_await db_.run(std::move(write));
    changed();
}

}  // namespace perch::store
