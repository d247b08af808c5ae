// PerchPool's indexed logs in SQL (both dialects), on the main store's DB threads.
#include <stdexcept>

#include "store/pool_store.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
namespace {

class SqlPool final : public PoolStore {
  public:
    explicit SqlPool(SqlStore& db) : db_(db) {}

    Task<std::int64_t> next_block(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            auto& s = c.prepared("SELECT next_block FROM pool_cursors WHERE chain_id = ?");
            s.bind(1, chain_id);
            std::int64_t next = s.step() ? s.column_int(0) : 0;
            s.reset();
            return next;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> add_events(std::int64_t chain_id, std::vector<PoolEventRow> events,
                          std::int64_t next_block) override {
        auto f = [chain_id, events = std::move(events), next_block](Connection& c) {
            Transaction tx(c);
            for (const auto& e : events) {
                c.prepared(
                     "INSERT INTO pool_events (chain_id, block_number, log_index, tx_hash, "
                     "user_address, token, kind, amount, block_time) VALUES (?, ?, ?, ?, ?, ?, ?, "
                     "?, ?) ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING")
                    .bind(1, e.chain_id)
                    .bind(2, e.block_number)
                    .bind(3, e.log_index)
                    .bind(4, e.tx_hash)
                    .bind(5, e.user)
                    .bind(6, e.token)
                    .bind(7, e.kind)
                    .bind(8, e.amount)
                    .bind(9, e.block_time)
                    .step();
            }
            c.prepared(
                 "INSERT INTO pool_cursors (chain_id, next_block) VALUES (?, ?) ON CONFLICT "
                 "(chain_id) DO UPDATE SET next_block = excluded.next_block")
                .bind(1, chain_id)
                .bind(2, next_block)
                .step();
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::vector<PoolEventRow>> events_of(std::string user) override {
        auto f = [user = std::move(user)](Connection& c) {
            auto& s = c.prepared(
                "SELECT chain_id, block_number, log_index, tx_hash, user_address, token, kind, "
                "amount, block_time FROM pool_events WHERE user_address = ? "
                "ORDER BY block_time, chain_id, block_number, log_index");
            s.bind(1, user);
            std::vector<PoolEventRow> out;
            while (s.step()) {
                out.push_back({s.column_int(0), s.column_int(1), s.column_int(2), s.column_text(3),
                               s.column_text(4), s.column_text(5), s.column_text(6),
                               s.column_text(7), s.column_int(8)});
            }
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::string>> depositors() override {
        auto f = [](Connection& c) {
            auto& s = c.prepared("SELECT DISTINCT user_address FROM pool_events");
            std::vector<std::string> out;
            while (s.step()) out.push_back(s.column_text(0));
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<PoolStore> open_pool_store(Store& store) {
    return open_sql_table<SqlPool>(store, "pool");
}

}  // namespace perch::store
