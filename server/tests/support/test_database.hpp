#pragma once
// The database a test runs against. By default a SQLite file in a temp directory; with
// PERCH_TEST_DATABASE=postgresql, a fresh database on the throwaway cluster that `make test`
// starts (PERCH_TEST_POSTGRES_URL, e.g. postgresql://postgres@127.0.0.1:5532/), dropped after.
// ctest registers the store, integration and maker tests once per backend. The benchmarks use it
// too, naming the backend and the server themselves.
#include <filesystem>
#include <string>
#include <vector>

#include "store/sql/db.hpp"

namespace perch::testing {

bool testing_postgresql();

class TestDatabase {
  public:
    // A SQLite file `dir`/perch.db (dir defaults to a new temp dir), or a new PostgreSQL database.
    explicit TestDatabase(const std::filesystem::path& dir = {});
    // The same for a given backend; `postgres_base` is the server's URL ending before the name.
    TestDatabase(store::Dialect dialect, const std::string& postgres_base,
                 const std::filesystem::path& dir = {});
    ~TestDatabase();
    TestDatabase(const TestDatabase&) = delete;
    TestDatabase& operator=(const TestDatabase&) = delete;

    const std::string& url() const { return url_; }
    // The first column of every row a query returns, as text (NULL as "").
    std::vector<std::string> column(const std::string& sql) const;
    void exec(const std::string& sql) const;

  private:
    std::string url_;
    std::string pg_base_, pg_name_;  // PostgreSQL: the server and the database to drop
    std::filesystem::path own_dir_;  // SQLite: the temp dir this object made
};

}  // namespace perch::testing
