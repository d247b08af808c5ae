#include "test_database.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <random>
#include <stdexcept>

#include "store/sql/db.hpp"

namespace perch::testing {
namespace {

std::string with_slash(std::string base) {
    if (!base.ends_with('/')) base += '/';
    return base;
}

std::string postgres_base_url() {
    const char* url = std::getenv("PERCH_TEST_POSTGRES_URL");
    if (!url || !*url)
        throw std::runtime_error(
            "PERCH_TEST_DATABASE=postgresql needs PERCH_TEST_POSTGRES_URL (scripts/test-all.sh "
            "starts a cluster and sets it)");
    return url;
}

std::string unique_name() {
    static std::atomic<int> counter{0};
    std::random_device random;
    return "perch_test_" + std::to_string(getpid()) + "_" + std::to_string(++counter) + "_" +
           std::to_string(random() % 1000000);
}

}  // namespace

bool testing_postgresql() {
    const char* backend = std::getenv("PERCH_TEST_DATABASE");
    return backend && std::string(backend) == "postgresql";
}

TestDatabase::TestDatabase(const std::filesystem::path& dir)
    : TestDatabase(testing_postgresql() ? store::Dialect::postgresql : store::Dialect::sqlite,
                   testing_postgresql() ? postgres_base_url() : std::string(), dir) {}

TestDatabase::TestDatabase(store::Dialect dialect, const std::string& postgres_base,
                           const std::filesystem::path& dir) {
    if (dialect == store::Dialect::postgresql) {
        pg_base_ = with_slash(postgres_base);
        pg_name_ = unique_name();
        store::connect(pg_base_ + "postgres")->exec("CREATE DATABASE " + pg_name_);
        url_ = pg_base_ + pg_name_;
        return;
    }
    auto where = dir;
    if (where.empty()) {
        where = own_dir_ = std::filesystem::temp_directory_path() / unique_name();
        std::filesystem::create_directories(where);
    }
    url_ = "sqlite:" + (where / "perch.db").string();
}

TestDatabase::~TestDatabase() {
    try {
        if (!pg_name_.empty()) {
            store::connect(pg_base_ + "postgres")
                ->exec("DROP DATABASE IF EXISTS " + pg_name_ + " WITH (FORCE)");
        }
        if (!own_dir_.empty()) std::filesystem::remove_all(own_dir_);
    } catch (const std::exception&) {  // the cluster or temp dir goes away with the run anyway
    }
}

std::vector<std::string> TestDatabase::column(const std::string& sql) const {
    auto conn = store::connect(url_);
    auto& s = conn->prepared(sql);
    std::vector<std::string> out;
    while (s.step()) out.push_back(s.column_text(0));
    s.reset();
    return out;
}

void TestDatabase::exec(const std::string& sql) const {
    auto conn = store::connect(url_);
    conn->exec(sql);
}

}  // namespace perch::testing
