// A row declared once (store/sql/table.hpp): its SQL lists, and a round trip of every kind of
// field through the database under test (SQLite, or PostgreSQL under the postgresql/ prefix).
#include "store/sql/table.hpp"

#include <gtest/gtest.h>

#include "test_database.hpp"

using namespace perch::store;
using perch::testing::TestDatabase;

namespace {

struct Thing {
    std::string name;
    std::int64_t big = 0;
    int small = 0;
    bool flag = false;
    std::optional<std::uint64_t> nonce;
    bool operator==(const Thing&) const = default;
};

const auto kThings =
    table(col("name", &Thing::name), col("big", &Thing::big), col("small", &Thing::small)) +
    table(col("flag", &Thing::flag), col("nonce", &Thing::nonce));

void make_things(Connection& c) {
    auto id = c.dialect() == Dialect::sqlite ? "INTEGER PRIMARY KEY" : "BIGSERIAL PRIMARY KEY";
    c.exec(std::string("CREATE TABLE things (id ") + id +
           ", name TEXT NOT NULL UNIQUE, big BIGINT NOT NULL, small INTEGER NOT NULL, flag "
           "INTEGER NOT NULL, nonce BIGINT)");
}

}  // namespace

TEST(SqlTable, WritesItsColumnListsOnce) {
    EXPECT_EQ(kThings.size, 5);
    EXPECT_EQ(kThings.columns(), "name, big, small, flag, nonce");
    EXPECT_EQ(kThings.columns("t."), "t.name, t.big, t.small, t.flag, t.nonce");
    EXPECT_EQ(kThings.placeholders(), "?, ?, ?, ?, ?");
    EXPECT_EQ(kThings.insert_sql("things"),
              "INSERT INTO things (name, big, small, flag, nonce) VALUES (?, ?, ?, ?, ?)");
    EXPECT_EQ(kThings.set_excluded({"name"}),
              "big = excluded.big, small = excluded.small, flag = excluded.flag, nonce = "
              "excluded.nonce");
}

TEST(SqlTable, RoundTripsEveryKindOfField) {
    TestDatabase db;
    auto c = connect(db.url());
    make_things(*c);
    Thing full{"full", 1LL << 40, -7, true, 42};
    Thing empty{"empty", 0, 0, false, std::nullopt};
    EXPECT_EQ(kThings.execute(*c, kThings.insert_sql("things"), full), 1);
    EXPECT_EQ(kThings.execute(*c, kThings.insert_sql("things"), empty), 1);
    auto& s = c->prepared("SELECT " + kThings.columns() + " FROM things ORDER BY id");
    auto rows = all_rows(s, [](const Statement& r) { return kThings.read(r); });
    EXPECT_EQ(rows, (std::vector<Thing>{full, empty}));
}

TEST(SqlTable, UpsertsAndReadsSingleValues) {
    TestDatabase db;
    auto c = connect(db.url());
    make_things(*c);
    auto upsert = kThings.insert_sql("things") + " ON CONFLICT (name) DO UPDATE SET " +
                  kThings.set_excluded({"name"});
    kThings.execute(*c, upsert, Thing{"a", 1, 2, false, std::nullopt});
    kThings.execute(*c, upsert, Thing{"a", 3, 4, true, 5});
    auto& one = query(*c, "SELECT " + kThings.columns() + " FROM things WHERE name = ?", "a");
    EXPECT_EQ(first_row(one, [](const Statement& r) { return kThings.read(r); }),
              (Thing{"a", 3, 4, true, 5}));
    EXPECT_EQ(single<std::int64_t>(query(*c, "SELECT COUNT(*) FROM things"), -1), 1);
    EXPECT_EQ(single<std::int64_t>(query(*c, "SELECT big FROM things WHERE name = ?", "b"), -1),
              -1);
    EXPECT_FALSE(has_row(query(*c, "SELECT 1 FROM things WHERE name = ?", "b")));
    EXPECT_EQ(execute(*c, "DELETE FROM things WHERE name = ?", std::string("a")), 1);
}
