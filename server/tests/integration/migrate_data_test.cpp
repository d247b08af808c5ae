// `perch migrate-data`: a SQLite deployment moved into the database under test (PostgreSQL in the
// postgresql/ run, another SQLite file otherwise), every row checked, served by perch afterwards.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "harness.hpp"
#include "store/sql/db.hpp"
#include "test_database.hpp"

using perch::testing::PerchProcess;
using perch::testing::run_perch;
using perch::testing::TestDatabase;

namespace {

const std::string kSender = "0x90f79bf6eb2c4f870365e785982e1f101e93b906";

// A stopped deployment's file: two orders (one completed, one queued with no completion number),
// their events, a payout with its signed attempt, ledger rows and a faucet claim with no nonce.
void seed(const std::string& url) {
    auto c = perch::store::connect(url);
    c->exec(
        "INSERT INTO bridge_orders (id, order_key, src_chain_id, src_tx_hash, log_index, "
        "block_number, block_hash, sender, token_address, token, amount, dst_chain_id, recipient, "
        "confirmations, state, completed_seq, created_at, updated_at) VALUES "
        "(7, '8453:0xaa:0', 8453, '0xaa', 0, 10, '0xb1', '" +
        kSender +
        "', '0x0000000000000000000000000000000000000000', 'ETH', '1000000000000000', 42161, '" +
        kSender +
        "', 1, 'completed', 1, 1760000000, 1760000005), "
        "(9, '8453:0xbb:1', 8453, '0xbb', 1, 11, '0xb2', '" +
        kSender + "', '0x0000000000000000000000000000000000000000', 'ETH', '2000', 42161, '" +
        kSender + "', 1, 'queued', NULL, 1760000100, 1760000100)");
    c->exec(
        "INSERT INTO bridge_order_events (order_id, state, detail, at) VALUES "
        "(7, 'confirming', '', 1760000000), (7, 'completed', 'paid in block 12', 1760000005), "
        "(9, 'queued', 'it''s waiting', 1760000100)");
    c->exec(
        "INSERT INTO maker_txs (id, order_id, kind, chain_id, account, nonce, state, mined_hash, "
        "created_at, updated_at) VALUES (3, 7, 'payout', 42161, '0xmaker', 4, 'mined', '0xcc', "
        "1760000001, 1760000005)");
    c->exec(
        "INSERT INTO maker_tx_attempts (maker_tx_id, tx_hash, raw_tx, max_fee_per_gas, "
        "created_at) VALUES (3, '0xcc', '0x02f8', '1000000000', 1760000001)");
    c->exec(
        "INSERT INTO points_ledger (user_address, kind, points, source, created_at) VALUES "
        "('" +
        kSender + "', 'cross', 150, 'bridge:8453:0xaa:0', 1760000005)");
    c->exec(
        "INSERT INTO faucet_claims (slug, chain_id, address, client_ip, amount, status, nonce, "
        "created_at, updated_at) VALUES ('ink', 8453, '" +
        kSender + "', '10.0.0.1', '100', 'failed', NULL, 1760000000, 1760000000)");
}

}  // namespace

TEST(MigrateData, MovesEveryRowAndPerchServesThemAfterwards) {
    auto dir = std::filesystem::temp_directory_path() /
               ("perch-migrate-data-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string source = "sqlite:" + (dir / "old.db").string();
    auto [migrated, migrate_out] = run_perch({"migrate"}, {{"PERCH_DATABASE_URL", source}});
    ASSERT_EQ(migrated, 0) << migrate_out;
    seed(source);
    TestDatabase target(dir);  // SQLite: dir/perch.db, beside old.db

    auto [rc, out] = run_perch({"migrate-data", "--from", source, "--to", target.url()});
    ASSERT_EQ(rc, 0) << out;
    EXPECT_NE(out.find("bridge_orders: 2 row(s)"), std::string::npos) << out;
    EXPECT_NE(out.find("bridge_order_events: 3 row(s)"), std::string::npos) << out;
    EXPECT_NE(out.find("9 row(s) in"), std::string::npos) << out;
    EXPECT_NE(out.find("counts and row digests match"), std::string::npos) << out;
    EXPECT_EQ(target.column("SELECT detail FROM bridge_order_events WHERE order_id = 9"),
              std::vector<std::string>{"it's waiting"});
    EXPECT_EQ(target.column("SELECT COUNT(*) FROM faucet_claims WHERE nonce IS NULL"),
              std::vector<std::string>{"1"});
    EXPECT_EQ(target.column("SELECT completed_seq FROM bridge_orders ORDER BY id"),
              (std::vector<std::string>{"1", ""}));

    // A second run refuses a target that holds rows, and changes nothing.
    std::tie(rc, out) = run_perch({"migrate-data", "--from", source, "--to", target.url()});
    EXPECT_NE(rc, 0);
    EXPECT_NE(out.find("already holds rows"), std::string::npos) << out;
    EXPECT_EQ(target.column("SELECT COUNT(*) FROM bridge_orders"), std::vector<std::string>{"2"});

    // perch on the new database answers with the moved orders, and new rows follow the copied ids.
    {
        PerchProcess perch({}, {{"PERCH_DATABASE_URL", target.url()}});
        auto history = perch.get("/api/bridge_api/v1/history?address=" + kSender + "&page=1");
        ASSERT_EQ(history.status, 200) << history.body;
        auto list = boost::json::parse(history.body).at("data").at("list").as_array();
        ASSERT_EQ(list.size(), 2u) << history.body;
        EXPECT_EQ(list.at(1).at("src_tx_hash").as_string(), "0xaa");
    }
    auto c = perch::store::connect(target.url());
    auto& insert = c->prepared(
        "INSERT INTO bridge_order_events (order_id, state, detail, at) VALUES (9, 'paying', '', 1) "
        "RETURNING id");
    ASSERT_TRUE(insert.step());
    EXPECT_EQ(insert.column_int(0), 4);
    insert.reset();
    std::filesystem::remove_all(dir);
}

TEST(MigrateData, RefusesASourceBehindTheNewestSchemaAndBadArguments) {
    auto dir = std::filesystem::temp_directory_path() /
               ("perch-migrate-data-old-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string source = "sqlite:" + (dir / "empty.db").string();
    TestDatabase target(dir);
    auto [missing_rc, missing_out] =
        run_perch({"migrate-data", "--from", source, "--to", target.url()});
    EXPECT_NE(missing_rc, 0);
    EXPECT_NE(missing_out.find("empty.db does not exist"), std::string::npos) << missing_out;
    perch::store::connect(source);  // an empty file, never migrated
    auto [rc, out] = run_perch({"migrate-data", "--from", source, "--to", target.url()});
    EXPECT_NE(rc, 0);
    EXPECT_NE(out.find("run `perch migrate` on it first"), std::string::npos) << out;
    std::tie(rc, out) = run_perch({"migrate-data", "--from", source});
    EXPECT_EQ(rc, 2);
    EXPECT_NE(out.find("needs --from URL and --to URL"), std::string::npos) << out;
    std::tie(rc, out) = run_perch({"migrate-data", "--from", "mysql://x", "--to", target.url()});
    EXPECT_EQ(rc, 2);
    EXPECT_NE(out.find("must start with sqlite: or postgresql://"), std::string::npos) << out;
    std::filesystem::remove_all(dir);
}
