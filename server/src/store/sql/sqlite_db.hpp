#pragma once
// db.hpp on sqlite3: a connection in WAL mode with a 5 s busy timeout.
#include <sqlite3.h>

#include <map>

#include "store/sql/db.hpp"

namespace perch::store {

class SqliteStatement final : public Statement {
  public:
    SqliteStatement(sqlite3* db, std::string_view sql);

    Statement& bind(int index, std::int64_t value) override;
    Statement& bind(int index, std::string_view value) override;
    Statement& bind_null(int index) override;
    bool step() override;
    std::int64_t column_int(int index) const override;
    std::string column_text(int index) const override;
    bool column_is_null(int index) const override;
    int column_count() const override;
    std::string column_name(int index) const override;
    void reset() override;

  private:
    struct Finalizer {
        void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
    };
    sqlite3* db_;
    std::unique_ptr<sqlite3_stmt, Finalizer> stmt_;
};

class SqliteConnection final : public Connection {
  public:
    explicit SqliteConnection(const std::string& path);

    Dialect dialect() const override { return Dialect::sqlite; }
    void exec(std::string_view sql) override;
    Statement& prepared(std::string_view sql) override;
    std::int64_t changes() const override { return sqlite3_changes64(db_.get()); }
    // Resets every statement still positioned on a row. A SELECT left mid-result keeps a WAL read
    // snapshot open, and a later write on this connection would then fail with "database is
    // locked" instead of waiting.
    void on_return() override;
    void begin_write() override { exec("BEGIN IMMEDIATE"); }
    void commit() override { exec("COMMIT"); }
    void rollback() override { exec("ROLLBACK"); }

  private:
    struct Closer {
        void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
    };
    std::unique_ptr<sqlite3, Closer> db_;
    std::map<std::string, std::unique_ptr<SqliteStatement>, std::less<>> statements_;
};

}  // namespace perch::store
