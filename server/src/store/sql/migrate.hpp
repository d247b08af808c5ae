#pragma once
// Schema migrations on either dialect: the files of store/migrations are written in SQLite's
// dialect and translated for PostgreSQL by two rules (an `id INTEGER PRIMARY KEY` becomes an
// identity column; every INTEGER becomes BIGINT, as SQLite's are 64-bit).
#include <string>

#include "store/migrations.hpp"
#include "store/sql/db.hpp"

namespace perch::store {

std::string migration_sql(std::string_view sql, Dialect dialect);

// Applies every pending migration, each in its own write transaction (so two instances starting
// at once apply each migration once); returns how many ran.
int apply_migrations(Connection& conn);

}  // namespace perch::store
