#include "store/store.hpp"

#include <algorithm>

#include "store/migrations.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
std::unique_ptr<Store> open_store(const std::string& url) {
    // SQLite has one writer, so two connections keep a reader beside it; PostgreSQL serves more.
    unsigned threads = dialect_of(url) == Dialect::postgresql ? 8 : 2;
    return std::make_unique<SqlStore>(url, threads);
}

int migrate(const std::string& url) {
    return SqlStore::migrate_url(url);
}

int latest_schema_version() {
    int latest = 0;
    for (const auto& m : migrations()) latest = std::max(latest, m.version);
    return latest;
}

}  // namespace perch::store
