#pragma once
// The one SQL interface the store's tables are written against, so that each query exists once
// for both dialects: a connection with a cache of prepared statements, and a statement that
// binds, steps and resets. SQL uses `?` placeholders and the subset of SQL that SQLite and
// PostgreSQL share (ON CONFLICT, RETURNING, COALESCE). Failures throw DbError.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace perch::store {

class DbError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

enum class Dialect { sqlite, postgresql };
std::string_view dialect_name(Dialect d);

class Statement {
  public:
    virtual ~Statement() = default;
    virtual Statement& bind(int index, std::int64_t value) = 0;
    virtual Statement& bind(int index, std::string_view value) = 0;
    virtual Statement& bind_null(int index) = 0;
    // Runs the statement on the first call; true while a row is available.
    virtual bool step() = 0;
    virtual std::int64_t column_int(int index) const = 0;  // NULL reads as 0
    virtual std::string column_text(int index) const = 0;  // NULL reads as ""
    virtual bool column_is_null(int index) const = 0;
    virtual int column_count() const = 0;
    virtual std::string column_name(int index) const = 0;
    virtual void reset() = 0;
};

class Connection {
  public:
    virtual ~Connection() = default;
    virtual Dialect dialect() const = 0;
    virtual void exec(std::string_view sql) = 0;
    // A prepared statement, compiled once per connection and reset before reuse.
    virtual Statement& prepared(std::string_view sql) = 0;
    // Rows changed by the last INSERT, UPDATE or DELETE.
    virtual std::int64_t changes() const = 0;
    // The store calls these when a connection is lent out and handed back.
    virtual void on_lease() {}
    virtual void on_return() {}

    // A write transaction. Both dialects give the same guarantee: write transactions run one at a
    // time (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction-level advisory lock that every
    // write takes), so a transaction's reads stay true until it commits.
    virtual void begin_write() = 0;
    virtual void commit() = 0;
    virtual void rollback() = 0;
};

// begin_write ... commit, rolled back by the destructor unless committed.
class Transaction {
  public:
    explicit Transaction(Connection& c) : conn_(c) { conn_.begin_write(); }
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit() {
        conn_.commit();
        done_ = true;
    }

  private:
    Connection& conn_;
    bool done_ = false;
};

// "sqlite:PATH" or "postgresql://...": which dialect a database URL names (ConfigError if none).
Dialect dialect_of(const std::string& url);
// The file a "sqlite:PATH" URL names.
std::string sqlite_file(const std::string& url);
// A connection to the database a URL names (no migrations applied).
std::unique_ptr<Connection> connect(const std::string& url);

}  // namespace perch::store
