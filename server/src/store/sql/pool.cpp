// PerchPool's indexed logs in SQL (both dialects), on the main store's DB threads.
#include "store/pool_store.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

const auto kPoolEvents = table(
    col("chain_id", &PoolEventRow::chain_id), col("block_number", &PoolEventRow::block_number),
    col("log_index", &PoolEventRow::log_index), col("tx_hash", &PoolEventRow::tx_hash),
    col("user_address", &PoolEventRow::user), col("token", &PoolEventRow::token),
    col("kind", &PoolEventRow::kind), col("amount", &PoolEventRow::amount),
    col("block_time", &PoolEventRow::block_time));

class SqlPool final : public SqlTableStore<PoolStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<std::int64_t> next_block(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            return single<std::int64_t>(
                query(c, "SELECT next_block FROM pool_cursors WHERE chain_id = ?", chain_id), 0);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> add_events(std::int64_t chain_id, std::vector<PoolEventRow> events,
                          std::int64_t next_block) override {
        auto f = [chain_id, events = std::move(events), next_block](Connection& c) {
            Transaction tx(c);
            auto insert = kPoolEvents.insert_sql("pool_events") +
                          " ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING";
            for (const auto& e : events) kPoolEvents.execute(c, insert, e);
            execute(c,
                    "INSERT INTO pool_cursors (chain_id, next_block) VALUES (?, ?) ON CONFLICT "
                    "(chain_id) DO UPDATE SET next_block = excluded.next_block",
                    chain_id, next_block);
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::vector<PoolEventRow>> events_of(std::string user) override {
        auto f = [user = std::move(user)](Connection& c) {
            return kPoolEvents.select(
                c,
                "FROM pool_events WHERE user_address = ? ORDER BY block_time, "
                "chain_id, block_number, log_index",
                user);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::string>> depositors() override {
        auto f = [](Connection& c) {
            return all_rows(c.prepared("SELECT DISTINCT user_address FROM pool_events"),
                            [](const Statement& r) { return r.column_text(0); });
        };
        co_return co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<PoolStore> open_pool_store(Store& store) {
    return open_sql_table<SqlPool>(store, "pool");
}

}  // namespace perch::store
