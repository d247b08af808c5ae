#pragma once
// `perch migrate-data`: moves a deployment from one database to another (SQLite to PostgreSQL,
// or back), then proves that every row arrived.
#include <cstdint>
#include <string>
#include <vector>

namespace perch::store {

struct CopiedTable {
    std::string name;
    std::int64_t rows = 0;
};

// Copies every table of `from_url` into `to_url` and checks each table's row count and an
// order-independent digest of its rows on both sides. The source must be at the newest schema
// version (`perch migrate` it first); the target is migrated here and must hold no rows yet.
// The copy is one transaction on the target: a failure leaves it empty. Throws DbError.
std::vector<CopiedTable> copy_database(const std::string& from_url, const std::string& to_url);

}  // namespace perch::store
