// The committed reference data loads and keeps the spec's rules.
#include "catalog/catalog.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"

using perch::catalog::Catalog;

TEST(Catalog, CommittedConfigLoadsWithoutHiddenChains) {
    auto c = Catalog::load(PERCH_CONFIG_DIR, "");
    std::set<std::int64_t> ids;
    for (const auto& chain : c.chains()) ids.insert(chain.at("chain_id").to_number<std::int64_t>());
    EXPECT_GE(ids.size(), 85U);
    EXPECT_FALSE(ids.count(61022));
    EXPECT_FALSE(ids.count(8086));
    for (std::int64_t id :
         {81457, 666666666, 83797601, 69677601, 999706684, 999706677, 66706701, 9889, 169, 1868}) {
        EXPECT_TRUE(ids.count(id)) << id;
    }
    EXPECT_EQ(c.default_channel_id(), 98675412);
}

TEST(Catalog, ChannelByDomainIgnoresCaseAndPort) {
    auto c = Catalog::load(PERCH_CONFIG_DIR, "");
    EXPECT_EQ(c.channel_for_domain("LOCALHOST:8080").at("channel_id").to_number<std::int64_t>(),
              98675412);
    EXPECT_EQ(c.channel_for_domain("").at("channel_id").to_number<std::int64_t>(), 98675412);
}

TEST(Catalog, DevnetProfileGivesLocalRpcUrls) {
    auto c = Catalog::load(PERCH_CONFIG_DIR, std::string(PERCH_CONFIG_DIR) + "/devnet.json");
    ASSERT_GE(c.profile_chains().size(), 4U);
    for (const auto& pc : c.profile_chains())
        EXPECT_TRUE(pc.rpc_url.starts_with("http://127.0.0.1:")) << pc.chain_id;
}

TEST(Catalog, MissingFileIsAConfigError) {
    EXPECT_THROW(Catalog::load("/nonexistent", ""), perch::ConfigError);
}

TEST(Catalog, EcosystemProjectsNameKnownCategoriesAndChains) {
    auto c = Catalog::load(PERCH_CONFIG_DIR, "");
    const auto& eco = c.ecosystem();
    const auto& projects = eco.at("projects").as_array();
    EXPECT_GE(projects.size(), 10U);
    std::set<std::string> categories;
    for (const auto& cat : eco.at("categories").as_array()) categories.emplace(cat.as_string());
    for (const auto& p : projects) {
        EXPECT_TRUE(categories.contains(std::string(p.at("category").as_string())));
        EXPECT_FALSE(p.at("networks").as_array().empty());
    }
}

TEST(Catalog, EcosystemEntryWithAnUnknownChainIsRefused) {
    namespace fs = std::filesystem;
    auto dir = fs::temp_directory_path() / "perch-eco-config";
    fs::remove_all(dir);
    fs::copy(PERCH_CONFIG_DIR, dir, fs::copy_options::recursive);
    std::ofstream(dir / "ecosystem.json") << R"({"categories": ["DeFi"], "projects": [
        {"name": "X", "category": "DeFi", "networks": [1, 424242], "link": "https://x.org",
         "text": "t"}]})";
    try {
        Catalog::load(dir.string(), "");
        ADD_FAILURE() << "loaded an ecosystem entry on an unknown chain";
    } catch (const perch::ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("entry 0 field 'networks'"), std::string::npos)
            << e.what();
    }
    std::ofstream(dir / "ecosystem.json") << R"({"categories": ["DeFi"], "projects": [
        {"name": "X", "category": "Games", "networks": [1], "link": "https://x.org", "text": "t"}]})";
    EXPECT_THROW(Catalog::load(dir.string(), ""), perch::ConfigError);
    fs::remove_all(dir);
}
