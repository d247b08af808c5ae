#pragma once
// Thin RAII wrappers over sqlite3: a connection with a cache of prepared statements, and a
// statement that binds, steps and resets. Failures throw SqliteError with SQLite's message.
#include <sqlite3.h>

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace perch::store {

class SqliteError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Statement {
  public:
    Statement(sqlite3* db, std::string_view sql);
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, std::string_view value);
    bool step();  // true while a row is available
    std::int64_t column_int(int index) const;
    std::string column_text(int index) const;
    void reset();

  private:
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
    };
    sqlite3* db_;
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

class Connection {
  public:
    explicit Connection(const std::string& path);
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    void exec(std::string_view sql);
    // A prepared statement, compiled once per connection and reset before reuse.
    Statement& prepared(std::string_view sql);
    sqlite3* handle() const { return db_.get(); }
    // Resets every statement still positioned on a row. A SELECT left mid-result keeps a WAL read
    // snapshot open, and a later write on this connection would then fail with "database is
    // locked" instead of waiting; the store calls this whenever a connection is handed back.
    void release_statements();

  private:
    struct Closer {
        void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
    };
    std::unique_ptr<sqlite3, Closer> db_;
    std::map<std::string, std::unique_ptr<Statement>, std::less<>> statements_;
};

// BEGIN IMMEDIATE ... COMMIT, rolled back by the destructor unless committed.
class Transaction {
  public:
    explicit Transaction(Connection& c);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    void commit();

  private:
    Connection& conn_;
    bool done_ = false;
};

}  // namespace perch::store
