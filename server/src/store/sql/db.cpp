#include "store/sql/db.hpp"

#include "core/error.hpp"
#include "store/sql/postgres_db.hpp"
#include "store/sql/sqlite_db.hpp"

namespace perch::store {
std::string sqlite_file(const std::string& url) {
    auto path = url.substr(std::string("sqlite:").size());
    if (path.starts_with("//")) path = path.substr(2);
    if (path.empty()) throw ConfigError("config key 'database_url': sqlite: needs a file path");
    return path;
}

std::string_view dialect_name(Dialect d) {
    return d == Dialect::sqlite ? "sqlite" : "postgresql";
}

Transaction::~Transaction() {
    if (done_) return;
    try {
        conn_.rollback();
    } catch (const DbError&) {  // nothing more can be done in a destructor
    }
}

Dialect dialect_of(const std::string& url) {
    if (url.starts_with("sqlite:")) return Dialect::sqlite;
    if (url.starts_with("postgresql://") || url.starts_with("postgres://"))
        return Dialect::postgresql;
    throw ConfigError("config key 'database_url': must start with sqlite: or postgresql://");
}

std::unique_ptr<Connection> connect(const std::string& url) {
    if (dialect_of(url) == Dialect::postgresql) return std::make_unique<PgConnection>(url);
    return std::make_unique<SqliteConnection>(sqlite_file(url));
}

}  // namespace perch::store
