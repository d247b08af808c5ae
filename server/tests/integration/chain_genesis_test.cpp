// A database belongs to the chains it was first started with: perch records each chain's genesis
// on its first start, starts again on the same chains, and refuses a chain whose genesis is not
// the one the database recorded (here: the record of another Base, as after a devnet restart),
// naming the chain, its config key and the database's.
#include <gtest/gtest.h>

#include <stdexcept>

#include "devnet.hpp"
#include "harness.hpp"

using perch::testing::PerchProcess;

TEST(ChainGenesis, ADatabaseServesOnlyTheChainsItWasFirstStartedWith) {
    PERCH_REQUIRE_DEVNET(devnet);
    const auto config = "\"chain_profile\": \"" + devnet.state_path + "\", \"access_log\": false";
    PerchProcess first(config);
    auto recorded =
        first.db().column("SELECT genesis_hash FROM chain_genesis WHERE chain_id = 8453");
    ASSERT_EQ(recorded.size(), 1U) << first.output();
    EXPECT_EQ(recorded[0].size(), 66U) << recorded[0];
    // Every EVM chain of the profile (and Solana where its node runs).
    EXPECT_GE(first.db().column("SELECT chain_id FROM chain_genesis").size(),
              devnet.rpc_urls.size());
    first.stop();
    const std::vector<std::pair<std::string, std::string>> same_db{
        {"PERCH_DATABASE_URL", first.db().url()}};
    {
        PerchProcess again(config, same_db);  // the same chains: served
    }
    first.db().exec("UPDATE chain_genesis SET genesis_hash = '0x" + std::string(64, 'b') +
                    "' WHERE chain_id = 8453");
    try {
        PerchProcess refused(config, same_db);
        ADD_FAILURE() << "perch served chain 8453 of another genesis:\n" << refused.output();
    } catch (const std::runtime_error& e) {
        std::string out = e.what();
        for (const char* part :
             {"chain_profile chains[", "(chain 8453)", "'database_url'", "restarted or reset"})
            EXPECT_NE(out.find(part), std::string::npos) << part << " not in:\n" << out;
    }
}
