// Campaign badges through the real perch binary and devnet: progress for a wallet with nothing
// done, and every refusal of the grant (tasks left, a badge whose chain this server lacks, bad
// input). The happy path (tasks done for real, the NFT claimed on chain) is web/e2e/badge.spec.ts.
#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>

#include "devnet.hpp"
#include "harness.hpp"
#include "test_paths.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;

namespace {

constexpr const char* kWallet = "0x000000000000000000000000000000000000BAde";

std::string config_for(const std::string& state_path) {
    return "\"chain_profile\": \"" + state_path +
           "\", \"badge_signer_key_file\": \"devnet/badge-signer.key\"";
}

}  // namespace

TEST(BadgeServer, ProgressOfAFreshWalletAndTheGrantRefusedUntilEveryTaskIsDone) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(config_for(devnet.state_path));
    auto res = perch.get(std::string("/api/badge_api/v1/badges/soneium-badge?address=") + kWallet);
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("badge_id").as_int64(), 1);
    EXPECT_EQ(data.at("chain_id").as_int64(), 1868);
    EXPECT_EQ(data.at("contract").as_string(), devnet.contracts.at("Badge"));
    ASSERT_EQ(data.at("tasks").as_array().size(), 3u);
    for (const auto& t : data.at("tasks").as_array()) EXPECT_FALSE(t.at("done").as_bool());
    EXPECT_FALSE(data.at("all_done").as_bool());
    EXPECT_TRUE(data.at("claimable").as_bool());
    EXPECT_FALSE(data.at("claimed").as_bool());

    auto grant = perch.post("/api/badge_api/v1/badges/soneium-badge/grant",
                            std::string(R"({"address": ")") + kWallet + "\"}");
    EXPECT_EQ(grant.status, 403);
    EXPECT_NE(grant.body.find("finish every task first"), std::string::npos) << grant.body;
}

TEST(BadgeServer, ABadgeOnAChainThisServerLacksCannotBeClaimed) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(config_for(devnet.state_path));
    auto res = perch.get(std::string("/api/badge_api/v1/badges/bob-spice?address=") + kWallet);
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_FALSE(json::parse(res.body).at("data").at("claimable").as_bool());
    auto grant = perch.post("/api/badge_api/v1/badges/bob-spice/grant",
                            std::string(R"({"address": ")") + kWallet + "\"}");
    EXPECT_EQ(grant.status, 403);
    EXPECT_NE(grant.body.find("cannot be claimed on this server"), std::string::npos) << grant.body;
}

TEST(BadgeServer, BadInputIsRefusedWithTheReason) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch(config_for(devnet.state_path));
    auto unknown = perch.get(std::string("/api/badge_api/v1/badges/nope?address=") + kWallet);
    EXPECT_EQ(unknown.status, 404);
    EXPECT_NE(unknown.body.find("no badge named 'nope'"), std::string::npos) << unknown.body;
    EXPECT_EQ(perch.get("/api/badge_api/v1/badges/soneium-badge?address=0x12").status, 400);
    EXPECT_EQ(perch.get("/api/badge_api/v1/badges/soneium-badge").status, 400);
    EXPECT_EQ(perch.post("/api/badge_api/v1/badges/soneium-badge/grant", "{}").status, 400);
    EXPECT_EQ(
        perch.post("/api/badge_api/v1/badges/soneium-badge/grant", R"({"address": 5})").status,
        400);
}

TEST(BadgeServer, ASignerKeyFileOthersCanReadIsRefusedAtStart) {
    auto dir = std::filesystem::temp_directory_path() /
               ("perch-badge-key-mode-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    auto key = dir / "badge.key";
    std::filesystem::copy_file(std::string(perch::test::root_dir()) + "/devnet/badge-signer.key",
                               key, std::filesystem::copy_options::overwrite_existing);
    std::filesystem::permissions(key, std::filesystem::perms(0644));
    std::ofstream(dir / "perch.json")
        << R"({"port": 0, "database_url": "sqlite:)" << (dir / "p.db").string()
        << R"(", "chain_profile": ")" << perch::test::root_dir()
        << R"(/config/devnet.json", "badge_signer_key_file": ")" << key.string() << R"("})";
    auto [status, out] =
        perch::testing::run_perch({"serve", "--config", (dir / "perch.json").string()});
    std::filesystem::remove_all(dir);
    EXPECT_EQ(status, 2);
    EXPECT_NE(out.find("badge_signer_key_file"), std::string::npos) << out;
    EXPECT_NE(out.find("readable by group or others"), std::string::npos) << out;
}
