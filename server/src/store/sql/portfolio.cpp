// The portfolio's watch list and daily snapshots in SQL (both dialects: the statements are the
// shared subset), on the main store's DB threads.
#include "store/portfolio_store.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

const auto kWatched =
    table(col("address", &WatchedAddress::address), col("last_visit", &WatchedAddress::last_visit),
          col("last_snapshot_day", &WatchedAddress::last_snapshot_day));

const auto kSnapshots = table(col("day", &PortfolioSnapshot::day),
                              col("total_usd_cents", &PortfolioSnapshot::total_usd_cents));

class SqlPortfolio final : public SqlTableStore<PortfolioStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<bool> visit(std::string address, std::int64_t now, std::int64_t max_watched) override {
        auto f = [address = std::move(address), now, max_watched](Connection& c) {
            Transaction tx(c);
            if (execute(c, "UPDATE portfolio_watch SET last_visit = ? WHERE address = ?", now,
                        address) > 0) {
                tx.commit();
                return true;
            }
            auto watched =
                single<std::int64_t>(c.prepared("SELECT COUNT(*) FROM portfolio_watch"), 0);
            if (watched >= max_watched) return false;
            execute(c,
                    "INSERT INTO portfolio_watch (address, first_visit, last_visit) VALUES (?, ?, "
                    "?)",
                    address, now, now);
            tx.commit();
            return true;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<WatchedAddress>> watched() override {
        auto f = [](Connection& c) {
            return kWatched.select(c, "FROM portfolio_watch ORDER BY address");
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::int64_t> unwatch_before(std::int64_t last_visit_before) override {
        auto f = [last_visit_before](Connection& c) {
            Transaction tx(c);
            auto removed =
                execute(c, "DELETE FROM portfolio_watch WHERE last_visit < ?", last_visit_before);
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
            execute(c,
                    "INSERT INTO portfolio_snapshots (address, day, total_usd_cents, taken_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (address, day) DO NOTHING",
                    address, day, total_usd_cents, taken_at);
            execute(c, "UPDATE portfolio_watch SET last_snapshot_day = ? WHERE address = ?", day,
                    address);
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::vector<PortfolioSnapshot>> history(std::string address) override {
        auto f = [address = std::move(address)](Connection& c) {
            return kSnapshots.select(c, "FROM portfolio_snapshots WHERE address = ? ORDER BY day",
                                     address);
        };
        co_return co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<PortfolioStore> open_portfolio_store(Store& store) {
    return open_sql_table<SqlPortfolio>(store, "portfolio");
}

}  // namespace perch::store
