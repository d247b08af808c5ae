#pragma once
// db.hpp on libpq. Calls block, so they run on the store's DB threads, never on I/O threads.
// Each statement is prepared once per session (PQprepare, `?` rewritten to $1, $2...), and its
// parameters and results travel as text. A connection that lost its server is reset when it is
// next lent out, so perch recovers from a PostgreSQL restart without restarting itself.
#include <libpq-fe.h>

#include <map>
#include <optional>
#include <vector>

#include "store/sql/db.hpp"

namespace perch::store {

class PgConnection;

class PgStatement final : public Statement {
  public:
    PgStatement(PgConnection& conn, std::string name, std::string_view sql);

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
    struct Clear {
        void operator()(PGresult* r) const { PQclear(r); }
    };
    void execute();
    std::optional<std::string>& param(int index);

    PgConnection& conn_;
    std::string name_;
    bool writes_;  // anything but a SELECT takes the write lock (see Connection::begin_write)
    std::vector<std::optional<std::string>> params_;
    std::unique_ptr<PGresult, Clear> result_;
    int row_ = -1;
};

class PgConnection final : public Connection {
  public:
    explicit PgConnection(const std::string& url);

    Dialect dialect() const override { return Dialect::postgresql; }
    void exec(std::string_view sql) override;
    Statement& prepared(std::string_view sql) override;
    std::int64_t changes() const override { return changes_; }
    void on_lease() override;
    void on_return() override;
    void begin_write() override;
    void commit() override;
    void rollback() override;

  private:
    friend class PgStatement;
    struct Finish {
        void operator()(PGconn* c) const { PQfinish(c); }
    };
    PGconn* handle() const { return conn_.get(); }
    // Runs a single write statement in its own locked transaction unless one is open.
    template <class F>
    void as_write(F run);

    std::unique_ptr<PGconn, Finish> conn_;
    std::map<std::string, std::unique_ptr<PgStatement>, std::less<>> statements_;
    bool in_transaction_ = false;
    std::int64_t changes_ = 0;
};

// `?` and `?NNN` placeholders as PostgreSQL's $1, $2... (not inside '...' literals); the highest
// number in `params`.
std::string numbered_placeholders(std::string_view sql, int& params);

}  // namespace perch::store
