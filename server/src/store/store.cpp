#include "store/store.hpp"

#include <algorithm>

#include "core/error.hpp"
#include "store/migrations.hpp"
#include "store/sqlite/sqlite_store.hpp"

namespace perch::store {
namespace {

std::string sqlite_path(const std::string& url) {
    auto path = url.substr(std::string("sqlite:").size());
    if (path.starts_with("//")) path = path.substr(2);
    if (path.empty()) throw ConfigError("config key 'database_url': sqlite: needs a file path");
    return path;
}

void require_sqlite(const std::string& url) {
    if (url.starts_with("sqlite:")) return;
    throw ConfigError(
        "config key 'database_url': PostgreSQL is not available in this build yet; "
        "use sqlite:PATH");
}

}  // namespace

std::unique_ptr<Store> open_store(const std::string& url) {
    require_sqlite(url);
    return std::make_unique<SqliteStore>(sqlite_path(url));
}

int migrate(const std::string& url) {
    require_sqlite(url);
    return SqliteStore::migrate_file(sqlite_path(url));
}

int latest_schema_version() {
    int latest = 0;
    for (const auto& m : migrations()) latest = std::max(latest, m.version);
    return latest;
}

}  // namespace perch::store
