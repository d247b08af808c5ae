#include "store/sql/sqlite_db.hpp"

namespace perch::store {
namespace {

void check(sqlite3* db, int rc, std::string_view what) {
    if (rc == SQLITE_OK || rc == SQLITE_ROW || rc == SQLITE_DONE) return;
    throw DbError(std::string(what) + ": " + (db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)));
}

}  // namespace

SqliteStatement::SqliteStatement(sqlite3* db, std::string_view sql) : db_(db) {
    sqlite3_stmt* raw = nullptr;
    check(db, sqlite3_prepare_v2(db, sql.data(), static_cast<int>(sql.size()), &raw, nullptr),
          "prepare");
    stmt_.reset(raw);
}

Statement& SqliteStatement::bind(int index, std::int64_t value) {
    check(db_, sqlite3_bind_int64(stmt_.get(), index, value), "bind");
    return *this;
}

Statement& SqliteStatement::bind(int index, std::string_view value) {
    check(db_,
          sqlite3_bind_text(stmt_.get(), index, value.data(), static_cast<int>(value.size()),
                            SQLITE_TRANSIENT),
          "bind");
    return *this;
}

Statement& SqliteStatement::bind_null(int index) {
    check(db_, sqlite3_bind_null(stmt_.get(), index), "bind");
    return *this;
}

bool SqliteStatement::step() {
    int rc = sqlite3_step(stmt_.get());
    check(db_, rc, "step");
    return rc == SQLITE_ROW;
}

std::int64_t SqliteStatement::column_int(int index) const {
    return sqlite3_column_int64(stmt_.get(), index);
}

std::string SqliteStatement::column_text(int index) const {
    const auto* text = sqlite3_column_text(stmt_.get(), index);
    return text ? std::string(reinterpret_cast<const char*>(text)) : std::string();
}

bool SqliteStatement::column_is_null(int index) const {
    return sqlite3_column_type(stmt_.get(), index) == SQLITE_NULL;
}

int SqliteStatement::column_count() const {
    return sqlite3_column_count(stmt_.get());
}

std::string SqliteStatement::column_name(int index) const {
    const char* name = sqlite3_column_name(stmt_.get(), index);
    return name ? name : "";
}

void SqliteStatement::reset() {
    sqlite3_reset(stmt_.get());
    sqlite3_clear_bindings(stmt_.get());
}

SqliteConnection::SqliteConnection(const std::string& path) {
    sqlite3* raw = nullptr;
    int rc =
        sqlite3_open_v2(path.c_str(), &raw,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    db_.reset(raw);
    check(raw, rc, "open " + path);
    sqlite3_busy_timeout(raw, 5000);
    exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;");
}

void SqliteConnection::exec(std::string_view sql) {
    char* error = nullptr;
    int rc = sqlite3_exec(db_.get(), std::string(sql).c_str(), nullptr, nullptr, &error);
    if (rc != SQLITE_OK) {
        std::string message = error ? error : sqlite3_errstr(rc);
        sqlite3_free(error);
        throw DbError("exec: " + message);
    }
}

Statement& SqliteConnection::prepared(std::string_view sql) {
    auto it = statements_.find(sql);
    if (it == statements_.end()) {
        it =
            statements_.emplace(std::string(sql), std::make_unique<SqliteStatement>(db_.get(), sql))
                .first;
    }
    it->second->reset();
    return *it->second;
}

void SqliteConnection::on_return() {
    for (auto* stmt = sqlite3_next_stmt(db_.get(), nullptr); stmt;
         stmt = sqlite3_next_stmt(db_.get(), stmt)) {
        if (sqlite3_stmt_busy(stmt)) sqlite3_reset(stmt);
    }
}

}  // namespace perch::store
