#include "store/sql/sql_store.hpp"

#include <spdlog/spdlog.h>

#include <chrono>
#include <filesystem>
#include <string_view>
#include <utility>

#include "store/sql/migrate.hpp"
#include "store/sql/orders.hpp"
#include "store/sql/rows.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

void ensure_parent_dir(const std::string& url) {
    if (dialect_of(url) != Dialect::sqlite) return;
    auto parent = std::filesystem::path(sqlite_file(url)).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent);
}

}  // namespace

SqlStore::SqlStore(const std::string& url, unsigned threads)
    : dialect_(dialect_of(url)), pool_(threads) {
    ensure_parent_dir(url);
    for (unsigned i = 0; i < threads; ++i) {
        connections_.push_back(connect(url));
        free_.push_back(connections_.back().get());
    }
    apply_migrations(*connections_.front());
    orders_ = std::make_unique<SqlOrders>(*this);
}

SqlStore::~SqlStore() {
    pool_.join();
}

int SqlStore::migrate_url(const std::string& url) {
    ensure_parent_dir(url);
    auto conn = connect(url);
    return apply_migrations(*conn);
}

SqlStore::Lease::Lease(SqlStore& s) : store(s) {
    std::unique_lock lock(s.mutex_);
    s.available_.wait(lock, [&] { return !s.free_.empty(); });
    conn = s.free_.back();
    s.free_.pop_back();
    lock.unlock();
    try {
        conn->on_lease();
    } catch (...) {  // unreachable database: hand the connection back, the caller sees the error
        give_back();
        throw;
    }
}

void SqlStore::Lease::give_back() {
    conn->on_return();
    {
        std::lock_guard lock(store.mutex_);
        store.free_.push_back(conn);
    }
    store.available_.notify_one();
}

SqlStore::Lease::~Lease() {
    give_back();
}

Task<std::optional<std::int64_t>> SqlStore::add_user_action(UserAction a, std::int64_t now,
                                                            UserActionBounds bounds) {
    auto insert = [a = std::move(a), now, bounds](Connection& c) -> std::optional<std::int64_t> {
        Transaction tx(c);
        if (bounds.keep_seconds > 0)
            execute(c, "DELETE FROM user_actions WHERE created_at < ?", now - bounds.keep_seconds);
        if (bounds.per_client_per_day > 0) {
            auto& today =
                query(c, "SELECT COUNT(*) FROM user_actions WHERE client_ip = ? AND created_at > ?",
                      a.client_ip, now - 86400);
            if (single<std::int64_t>(today, 0) >= bounds.per_client_per_day) return std::nullopt;
        }
        auto& s = query(c,
                        "INSERT INTO user_actions (user_address, action, sign, agent, wallet_name, "
                        "client_ip, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                        a.user_address, a.action, a.sign, a.agent, a.wallet_name, a.client_ip, now);
        auto id = single<std::int64_t>(s, 0);
        tx.commit();
        return id;
    };
    co_return co_await run(std::move(insert));
}

Task<std::int64_t> SqlStore::count_user_actions(std::string user) {
    auto count = [user = std::move(user)](Connection& c) {
        return single<std::int64_t>(
            query(c, "SELECT COUNT(*) FROM user_actions WHERE user_address = ?", user), 0);
    };
    co_return co_await run(std::move(count));
}

namespace {

// The ledger's kinds and the sums they go to.
constexpr std::pair<std::string_view, std::int64_t PointTotals::*> kTotalOfKind[] = {
    {"campaign", &PointTotals::campaign}, {"cross", &PointTotals::cross},
    {"refer", &PointTotals::refer},       {"check_in", &PointTotals::check_in},
    {"pool", &PointTotals::pool},         {"cross_v1", &PointTotals::cross_v1},
    {"refer_v1", &PointTotals::refer_v1}};

}  // namespace

Task<PointTotals> SqlStore::point_totals(std::string user) {
    auto totals = [user = std::move(user)](Connection& c) {
        auto& s = query(c,
                        "SELECT kind, SUM(points) FROM points_ledger WHERE user_address = ? GROUP "
                        "BY kind",
                        user);
        PointTotals t;
        while (s.step()) {
            auto kind = s.column_text(0);
            for (const auto& [name, field] : kTotalOfKind)
                if (kind == name) t.*field = s.column_int(1);
        }
        // The boost the summary shows is the one the next bridge gets: bridges too small to count
        // toward the tiers (rewards::counts_for_boost) are not counted here either.
        t.bridge_credits = single<std::int64_t>(
            query(c, "SELECT COUNT(*) FROM reward_bridges WHERE user_address = ? AND boosts = 1",
                  user),
            0);
        return t;
    };
    co_return co_await run(std::move(totals));
}

Task<int> SqlStore::schema_version() {
    co_return co_await run([](Connection& c) {
        auto& s = c.prepared("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
        return single<int>(s, 0);
    });
}

Task<std::uint64_t> SqlStore::reserve_nonce(std::int64_t chain_id, std::string account,
                                            std::uint64_t floor) {
    auto reserve = [chain_id, account = std::move(account), floor](Connection& c) {
        Transaction tx(c);
        auto next = read_next_nonce(c, chain_id, account, floor);
        write_next_nonce(c, chain_id, account, next + 1);
        tx.commit();
        return next;
    };
    co_return co_await run(std::move(reserve));
}

Task<void> SqlStore::reset_nonce(std::int64_t chain_id, std::string account, std::uint64_t next) {
    auto reset = [chain_id, account = std::move(account), next](Connection& c) {
        write_next_nonce(c, chain_id, account, next);
    };
    co_await run(std::move(reset));
}

}  // namespace perch::store
