// The public status page's reads (both dialects): the orders of the last week with when they were
// deposited and ended, and the incident log (migration 0035: status_incidents) that pauses and
// stopped chains write.
#include "store/sql/orders.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

// A deposit's time: its block's where stored (cross-asset deposits), else the watcher's first
// sight. An order's end: the event of its final state.
const auto kStatusOrders =
    table(col("o.src_chain_id", &StatusOrder::src_chain_id),
          col("o.dst_chain_id", &StatusOrder::dst_chain_id), col("o.token", &StatusOrder::token),
          col("o.decimals", &StatusOrder::decimals),
          col("o.token_address", &StatusOrder::token_address), col("o.state", &StatusOrder::state),
          col("CASE WHEN o.block_time > 0 THEN o.block_time ELSE o.created_at END",
              &StatusOrder::deposited_at),
          col("COALESCE((SELECT MAX(e.at) FROM bridge_order_events e WHERE e.order_id = o.id AND "
              "e.state = o.state AND o.state IN ('completed', 'refunded')), 0)",
              &StatusOrder::ended_at),
          col("COALESCE((SELECT a.max_fee_per_gas FROM maker_txs m JOIN maker_tx_attempts a ON "
              "a.maker_tx_id = m.id WHERE m.order_id = o.id AND m.kind = 'refund' AND o.state = "
              "'refunded' ORDER BY a.id LIMIT 1), '')",
              &StatusOrder::refund_max_fee),
          col("o.refund_deduction", &StatusOrder::refund_deduction));

const auto kIncidents =
    table(col("kind", &Incident::kind), col("subject", &Incident::subject),
          col("detail", &Incident::detail), col("started_at", &Incident::started_at),
          col("ended_at", &Incident::ended_at));

}  // namespace

Task<std::vector<StatusOrder>> SqlOrders::status_orders(std::int64_t since) {
    // created_at is never before the deposit's block: the index on it bounds the week.
    auto read = [since](Connection& c) {
        return kStatusOrders.select(
            c, "FROM bridge_orders o WHERE o.created_at >= ? AND o.state <> 'dropped'", since);
    };
    co_return co_await db_.run(std::move(read));
}

Task<std::vector<Incident>> SqlOrders::incidents(std::int64_t since, int limit) {
    auto read = [since, limit](Connection& c) {
        auto& s = query(c,
                        "SELECT id, " + kIncidents.columns() +
                            " FROM status_incidents WHERE ended_at = 0 OR ended_at >= ? ORDER BY "
                            "started_at DESC, id DESC LIMIT ?",
                        since, limit);
        return all_rows(s, [](const Statement& r) {
            auto incident = kIncidents.read(r, 1);
            incident.id = r.column_int(0);
            return incident;
        });
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::open_incident(Incident incident) {
    auto write = [incident = std::move(incident)](Connection& c) {
        Transaction tx(c);
        open_incident_in(c, incident);
        tx.commit();
    };
    co_await db_.run(std::move(write));
}

Task<void> SqlOrders::close_incident(std::string kind, std::string subject, std::int64_t at) {
    auto write = [kind = std::move(kind), subject = std::move(subject), at](Connection& c) {
        close_incident_in(c, kind, subject, at);
    };
    co_await db_.run(std::move(write));
}

void open_incident_in(Connection& c, const Incident& incident) {
    auto& open = query(c,
                       "SELECT 1 FROM status_incidents WHERE kind = ? AND subject = ? AND "
                       "ended_at = 0",
                       incident.kind, incident.subject);
    if (has_row(open)) return;
    kIncidents.execute(c, kIncidents.insert_sql("status_incidents"), incident);
}

void close_incident_in(Connection& c, const std::string& kind, const std::string& subject,
                       std::int64_t at) {
    execute(c,
            "UPDATE status_incidents SET ended_at = ? WHERE kind = ? AND subject = ? AND "
            "ended_at = 0",
            at, kind, subject);
}

}  // namespace perch::store
