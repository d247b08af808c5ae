// The chains a database belongs to, on the database under test (SQLite or PostgreSQL): the first
// genesis recorded for a chain stays, whatever a later start reads.
#include "store/chain_genesis_store.hpp"

#include <gtest/gtest.h>

#include "run_task.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using perch::testing::run;

TEST(SqlChainGenesis, TheFirstGenesisRecordedForAChainStays) {
    perch::testing::TestDatabase db;
    perch::store::SqlStore sql{db.url()};
    auto store = perch::store::open_chain_genesis_store(sql);
    EXPECT_EQ(run(store->bind_genesis(8453, "0xaa", 100)), "0xaa");
    EXPECT_EQ(run(store->bind_genesis(1, "0xbb", 100)), "0xbb");
    // A restarted devnet has another block 0 under the same chain id: the database says which
    // chain it was bound to, and keeps saying it.
    EXPECT_EQ(run(store->bind_genesis(8453, "0xcc", 200)), "0xaa");
    EXPECT_EQ(run(store->bind_genesis(8453, "0xaa", 300)), "0xaa");
    EXPECT_EQ(db.column("SELECT recorded_at FROM chain_genesis WHERE chain_id = 8453"),
              std::vector<std::string>{"100"});
}
