#pragma once
// The store on SQL: a few DB threads, each call leasing one of their connections, so handlers on
// I/O threads only ever await while SQLite or libpq block. The same code serves both dialects
// (db.hpp); only the connections differ.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "store/sql/db.hpp"
#include "store/store.hpp"

namespace perch::store {

class SqlStore final : public Store {
  public:
    // Connects `threads` connections to the database `url` names and applies pending migrations.
    explicit SqlStore(const std::string& url, unsigned threads = 2);
    ~SqlStore() override;

    // Applies pending migrations to the database `url` names; how many ran.
    static int migrate_url(const std::string& url);

    Dialect dialect() const { return dialect_; }

    Task<std::optional<std::int64_t>> add_user_action(UserAction action, std::int64_t now,
                                                      UserActionBounds bounds) override;
    Task<std::int64_t> count_user_actions(std::string user_address) override;
    Task<PointTotals> point_totals(std::string user_address) override;
    Task<int> schema_version() override;
    Task<std::uint64_t> reserve_nonce(std::int64_t chain_id, std::string account,
                                      std::uint64_t floor) override;
    Task<void> reset_nonce(std::int64_t chain_id, std::string account, std::uint64_t next) override;
    OrderStore& orders() override { return *orders_; }
    ConnectionUse connection_use() override {
        std::lock_guard lock(mutex_);
        return {connections_.size(), connections_.size() - free_.size()};
    }

    // Runs f(Connection&) on a DB thread and resumes the caller on its own executor. A plain
    // function, not a coroutine, and callers name their lambda before co_await: g++ 12 destroys
    // non-trivial temporaries of a co_await expression twice (GCC PR 100611).
    template <class F>
    Task<std::invoke_result_t<F, Connection&>> run(F f) {
        using R = std::invoke_result_t<F, Connection&>;
        auto work = [this, f = std::move(f)]() mutable -> Task<R> {
            Lease lease(*this);
            if constexpr (std::is_void_v<R>) {
                f(*lease.conn);
            } else {
                co_return f(*lease.conn);
            }
        };
        return boost::asio::co_spawn(pool_, std::move(work), boost::asio::use_awaitable);
    }

  private:
    struct Lease {
        explicit Lease(SqlStore& s);
        ~Lease();
        Lease(const Lease&) = delete;
        Lease& operator=(const Lease&) = delete;
        void give_back();
        SqlStore& store;
        Connection* conn;
    };

    Dialect dialect_;
    std::vector<std::unique_ptr<Connection>> connections_;
    std::vector<Connection*> free_;
    std::mutex mutex_;
    std::condition_variable available_;
    boost::asio::thread_pool pool_;
    std::unique_ptr<OrderStore> orders_;
};

// What every table's store (rewards, faucet, pool, ...) on the SQL store starts from: the store
// whose DB threads run its queries. `Interface` is the store interface it implements.
template <class Interface>
class SqlTableStore : public Interface {
  public:
    explicit SqlTableStore(SqlStore& db) : db_(db) {}

  protected:
    SqlStore& db_;
};

// A table's store (rewards, faucet, pool, ...) on the SQL store behind `store`: `Table` is its
// implementation, built on the SqlStore. `what` names it in the error when the store is another.
template <class Table>
std::unique_ptr<Table> open_sql_table(Store& store, const char* what) {
    auto* sql = dynamic_cast<SqlStore*>(&store);
    if (!sql) throw std::logic_error(std::string("the ") + what + " store needs the SQL store");
    return std::make_unique<Table>(*sql);
}

}  // namespace perch::store
