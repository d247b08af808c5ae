// The portfolio's watch list and daily snapshots in SQL (both dialects: the statements are the
// shared subset), on the main store's DB threads.
#include <stdexcept>

#include "store/portfolio_store.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
namespace {

class SqlPortfolio final : public PortfolioStore {
  public:
    explicit SqlPortfolio(SqlStore& db) : db_(db) {}

    Task<bool> visit(std::string address, std::int64_t now, std::int64_t max_watched) override {
        auto f = [address = std::move(address), now, max_watched](Connection& c) {
            Transaction tx(c);
            c.prepared("UPDATE portfolio_watch SET last_visit = ? WHERE address = ?")
                .bind(1, now)
                .bind(2, address)
                .step();
            if (c.changes() > 0) {
                tx.commit();
                return true;
            }
            auto& count = c.prepared("SELECT COUNT(*) FROM portfolio_watch");
            count.step();
            auto watched = count.column_int(0);
            count.reset();
            if (watched >= max_watched) return false;
            c.prepared(
                 "INSERT INTO portfolio_watch (address, first_visit, last_visit) VALUES (?, ?, ?)")
                .bind(1, address)
                .bind(2, now)
                .bind(3, now)
                .step();
            tx.commit();
            return true;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<WatchedAddress>> watched() override {
        auto f = [](Connection& c) {
            auto& s = c.prepared(
                "SELECT address, last_visit, last_snapshot_day FROM portfolio_watch "
                "ORDER BY address");
            std::vector<WatchedAddress> out;
            while (s.step()) out.push_back({s.column_text(0), s.column_int(1), s.column_text(2)});
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::int64_t> unwatch_before(std::int64_t last_visit_before) override {
        auto f = [last_visit_before](Connection& c) {
            Transaction tx(c);
            c.prepared("DELETE FROM portfolio_watch WHERE last_visit < ?")
                .bind(1, last_visit_before)
                .step();
            auto removed = c.changes();
            tx.commit();
            return removed;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> add_snapshot(std::string address, std::string day, std::int64_t total_usd_cents,
                            std::int64_t taken_at) override {
        auto f = [address = std::move(address), day = std::move(day), total_usd_cents,
                  taken_at](Connection& c) {
            Transaction tx(c);
            c.prepared(
                 "INSERT INTO portfolio_snapshots (address, day, total_usd_cents, taken_at) "
                 "VALUES (?, ?, ?, ?) ON CONFLICT (address, day) DO NOTHING")
                .bind(1, address)
                .bind(2, day)
                .bind(3, total_usd_cents)
                .bind(4, taken_at)
                .step();
            c.prepared("UPDATE portfolio_watch SET last_snapshot_day = ? WHERE address = ?")
                .bind(1, day)
                .bind(2, address)
                .step();
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::vector<PortfolioSnapshot>> history(std::string address) override {
        auto f = [address = std::move(address)](Connection& c) {
            auto& s = c.prepared(
                "SELECT day, total_usd_cents FROM portfolio_snapshots WHERE address = ? "
                "ORDER BY day");
            s.bind(1, address);
            std::vector<PortfolioSnapshot> out;
            while (s.step()) out.push_back({s.column_text(0), s.column_int(1)});
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<PortfolioStore> open_portfolio_store(Store& store) {
    return open_sql_table<SqlPortfolio>(store, "portfolio");
}

}  // namespace perch::store
