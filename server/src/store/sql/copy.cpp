#include "store/sql/copy.hpp"

#include <filesystem>

#include "store/migrations.hpp"
#include "store/sql/db.hpp"
#include "store/sql/migrate.hpp"

namespace perch::store {
namespace {

// Tables in creation order, so that a referenced table is filled before the tables citing it.
std::vector<std::string> tables_of(Connection& c) {
    auto& s = c.prepared(
        c.dialect() == Dialect::sqlite
            ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
              "AND name <> 'schema_migrations' ORDER BY rowid"
            : "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
              "WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname <> "
              "'schema_migrations' ORDER BY c.oid");
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.column_text(0));
    s.reset();
    return out;
}

std::int64_t schema_version_of(Connection& c) {
    try {
        auto& s = c.prepared("SELECT COALESCE(MAX(version), 0) FROM schema_migrations");
        s.step();
        auto v = s.column_int(0);
        s.reset();
        return v;
    } catch (const DbError&) {  // no schema_migrations: never migrated
        return 0;
    }
}

// Row count and an order-independent digest (the sum and the xor of each row's FNV-1a hash),
// so both sides can be read in whatever order their database returns.
struct Digest {
    std::int64_t rows = 0;
    std::uint64_t sum = 0, mix = 0;
    bool operator==(const Digest&) const = default;
    void add(const Statement& s) {
        std::uint64_t h = 14695981039346656037ULL;
        auto feed = [&](std::string_view bytes) {
            for (unsigned char ch : bytes) h = (h ^ ch) * 1099511628211ULL;
        };
        for (int i = 0; i < s.column_count(); ++i) {
            feed(s.column_is_null(i) ? std::string_view("\x01N") : s.column_text(i));
            feed("\x1f");
        }
        ++rows;
        sum += h;
        mix ^= h;
    }
};

Digest digest_of(Connection& c, const std::string& table) {
    auto& s = c.prepared("SELECT * FROM " + table);
    Digest d;
    while (s.step()) d.add(s);
    s.reset();
    return d;
}

std::int64_t copy_table(Connection& from, Connection& to, const std::string& table) {
    auto& read = from.prepared("SELECT * FROM " + table);
    Statement* insert = nullptr;
    std::int64_t rows = 0;
    while (read.step()) {
        if (!insert) {  // the column list is known once the first row is read
            std::string columns, values;
            for (int i = 0; i < read.column_count(); ++i) {
                columns += (i ? ", " : "") + read.column_name(i);
                values += i ? ", ?" : "?";
            }
            insert =
                &to.prepared("INSERT INTO " + table + " (" + columns + ") VALUES (" + values + ")");
        }
        insert->reset();
        for (int i = 0; i < read.column_count(); ++i) {
            if (read.column_is_null(i)) {
                insert->bind_null(i + 1);
            } else {
                insert->bind(i + 1, read.column_text(i));
            }
        }
        insert->step();
        ++rows;
    }
    read.reset();
    // PostgreSQL's identity columns count on: the next id follows the copied ones.
    if (rows > 0 && to.dialect() == Dialect::postgresql) {
        to.exec("SELECT setval(pg_get_serial_sequence('" + table +
                "', 'id'), (SELECT MAX(id) FROM " + table +
                "), true) FROM information_schema.columns WHERE table_schema = "
                "current_schema() AND table_name = '" +
                table + "' AND column_name = 'id' AND is_identity = 'YES'");
    }
    return rows;
}

}  // namespace

std::vector<CopiedTable> copy_database(const std::string& from_url, const std::string& to_url) {
    if (dialect_of(from_url) == Dialect::sqlite && !std::filesystem::exists(sqlite_file(from_url)))
        throw DbError("the source " + sqlite_file(from_url) + " does not exist");
    auto from = connect(from_url);
    auto to = connect(to_url);
    int latest = latest_schema_version();
    if (schema_version_of(*from) != latest)
        throw DbError("the source is at schema version " +
                      std::to_string(schema_version_of(*from)) + ", not " + std::to_string(latest) +
                      ": run `perch migrate` on it first");
    apply_migrations(*to);
    auto tables = tables_of(*from);
    if (tables != tables_of(*to)) throw DbError("the source and the target have different tables");
    for (const auto& table : tables) {
        if (digest_of(*to, table).rows > 0)
            throw DbError("the target already holds rows in " + table +
                          "; migrate-data only fills an empty database");
    }
    std::vector<CopiedTable> copied;
    {
        Transaction tx(*to);
        for (const auto& table : tables) copied.push_back({table, copy_table(*from, *to, table)});
        tx.commit();
    }
    for (const auto& table : tables) {
        if (!(digest_of(*from, table) == digest_of(*to, table)))
            throw DbError("the rows of " + table + " differ after the copy");
    }
    return copied;
}

}  // namespace perch::store
