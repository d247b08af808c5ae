// The committed reference data loads and keeps the spec's rules.
#include "catalog/catalog.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/error.hpp"
#include "test_paths.hpp"

using perch::catalog::Catalog;

TEST(Catalog, CommittedConfigLoadsWithoutHiddenChains) {
    auto c = Catalog::load(perch::test::config_dir(), "");
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
    auto c = Catalog::load(perch::test::config_dir(), "");
    EXPECT_EQ(c.channel_for_domain("LOCALHOST:8080").at("channel_id").to_number<std::int64_t>(),
              98675412);
    EXPECT_EQ(c.channel_for_domain("").at("channel_id").to_number<std::int64_t>(), 98675412);
}

TEST(Catalog, DevnetProfileGivesLocalRpcUrls) {
    auto c = Catalog::load(perch::test::config_dir(),
                           std::string(perch::test::config_dir()) + "/devnet.json");
    ASSERT_GE(c.profile_chains().size(), 4U);
    for (const auto& pc : c.profile_chains())
        EXPECT_TRUE(pc.rpc_url.starts_with("http://127.0.0.1:")) << pc.chain_id;
}

// The wiring reads the chain profile for more than the catalog, so it parses the file once and
// hands the catalog the document: the same catalog as from the file, which is not read again.
TEST(Catalog, AParsedProfileGivesTheSameCatalogAsItsFile) {
    auto path = std::string(perch::test::config_dir()) + "/devnet.json";
    auto profile = perch::catalog::read_chain_profile(path);
    ASSERT_TRUE(profile);
    auto from_file = Catalog::load(perch::test::config_dir(), path);
    auto handed = Catalog::load(perch::test::config_dir(), "/no/such/devnet.json", &*profile);
    EXPECT_EQ(handed.chains(), from_file.chains());
    EXPECT_EQ(handed.tokens(), from_file.tokens());
    EXPECT_EQ(handed.maker_address(), from_file.maker_address());
    ASSERT_EQ(handed.profile_chains().size(), from_file.profile_chains().size());
    EXPECT_EQ(handed.contract_address(1, "Depositor"), from_file.contract_address(1, "Depositor"));
    EXPECT_FALSE(perch::catalog::read_chain_profile(""));  // no profile configured
}

// A devnet chain has no public explorer (links to the public network's would find nothing) and
// the profile's block time; a chain the profile says nothing of keeps the catalog's explorer.
TEST(Catalog, AProfileSetsItsChainsExplorersAndBlockTimes) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-profile-test.json";
    std::ofstream(path) << R"({"block_time_ms": 1000, "chains": [
        {"chain_id": 8453, "rpc_url": "http://127.0.0.1:1", "explorer_url": ""},
        {"chain_id": 42161, "rpc_url": "http://127.0.0.1:2", "block_time_ms": 250},
        {"chain_id": 10, "rpc_url": "https://op.example", "explorer_url": "https://scan.example"}]})";
    auto c = Catalog::load(perch::test::config_dir(), path.string());
    std::filesystem::remove(path);
    auto chain = [&](std::int64_t id) {
        for (const auto& ch : c.chains())
            if (ch.at("chain_id").to_number<std::int64_t>() == id) return ch.as_object();
        ADD_FAILURE() << "no chain " << id;
        return boost::json::object{};
    };
    EXPECT_EQ(chain(8453).at("explorer_url").as_string(), "");
    EXPECT_TRUE(chain(8453).at("block_explorers").as_array().empty());
    EXPECT_EQ(chain(8453).at("block_time_ms").as_int64(), 1000);
    EXPECT_EQ(chain(42161).at("explorer_url").as_string(), "https://arbiscan.io");
    EXPECT_EQ(chain(42161).at("block_time_ms").as_int64(), 250);
    EXPECT_EQ(chain(10).at("block_explorers").at(0).at("url").as_string(), "https://scan.example");
    EXPECT_FALSE(chain(1).contains("block_time_ms"));  // not in the profile
}

// The server's RPC URLs stay in the server: browsers get the profile's public_rpc_url, a devnet
// node's plain local URL, or else the public list's URLs; never a provider URL that may hold a key.
TEST(Catalog, BrowsersNeverGetTheServersProviderUrls) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-rpc-urls-test.json";
    std::ofstream(path) << R"({"chains": [
        {"chain_id": 8453, "rpc_urls": ["https://base.provider.example/v2/SECRETKEY1", "http://10.0.0.5:8545"]},
        {"chain_id": 42161, "rpc_url": "https://arb.provider.example/?key=SECRETKEY2",
         "public_rpc_url": "https://arb1.arbitrum.io/rpc"},
        {"chain_id": 1868, "rpc_urls": ["http://127.0.0.1:8548/SECRETKEY3", "http://127.0.0.1:8548"]},
        {"chain_id": 1, "rpc_url": "http://user:SECRETKEY4@127.0.0.1:8545"}]})";
    auto c = Catalog::load(perch::test::config_dir(), path.string());
    auto plain = Catalog::load(perch::test::config_dir(), "");
    std::filesystem::remove(path);
    auto urls = [](const Catalog& cat, std::int64_t id) {
        for (const auto& ch : cat.chains())
            if (ch.at("chain_id").to_number<std::int64_t>() == id)
                return boost::json::serialize(ch.at("rpc_urls"));
        return std::string("none");
    };
    auto all = boost::json::serialize(c.chains());
    for (const char* secret : {"SECRETKEY", "10.0.0.5"})
        EXPECT_EQ(all.find(secret), std::string::npos) << secret << " reached the chain list";
    EXPECT_EQ(urls(c, 8453), urls(plain, 8453));  // the public list's
    EXPECT_EQ(urls(c, 42161), R"(["https://arb1.arbitrum.io/rpc"])");
    EXPECT_EQ(urls(c, 1868), R"(["http://127.0.0.1:8548"])");
    EXPECT_EQ(urls(c, 1), urls(plain, 1));
    // The server keeps its own, in order.
    for (const auto& pc : c.profile_chains()) {
        if (pc.chain_id == 8453) {
            EXPECT_EQ(pc.rpc_urls.front(), "https://base.provider.example/v2/SECRETKEY1");
        }
    }
}

// The tokens a profile's swap venues trade are listed on its swap chains (the portfolio reads
// them), the deployed USDC keeps its own address, and chains without swaps are left alone.
TEST(Catalog, AProfilesSwapTokensAreListedOnItsSwapChains) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-swap-profile-test.json";
    std::ofstream(path) << R"({"chains": [
        {"chain_id": 8453, "rpc_url": "http://127.0.0.1:1"},
        {"chain_id": 1868, "rpc_url": "http://127.0.0.1:2"}],
      "contracts": {"USDC": "0x5FbDB2315678afecb367f032d93F642f64180aa3"},
      "swap": {"chain_ids": [8453, 42161], "tokens": [
        {"symbol": "USDC", "address": "0x5fbdb2315678afecb367f032d93f642f64180aa3", "decimals": 6},
        {"symbol": "WBTC", "address": "0x09635f643e140090a9a8dcd712ed6285858cebef", "decimals": 8},
        {"symbol": "DAI", "address": "0xc5a5c42992decbae36851359345fe25997f5c42d", "decimals": 18}]}})";
    auto c = Catalog::load(perch::test::config_dir(), path.string());
    std::filesystem::remove(path);
    auto address_of = [&](std::int64_t chain, const std::string& symbol) -> std::string {
        for (const auto& t : c.tokens())
            if (t.at("chainId").to_number<std::int64_t>() == chain &&
                t.at("symbol") == symbol.c_str())
                return std::string(t.at("address").as_string());
        return {};
    };
    EXPECT_EQ(address_of(8453, "WBTC"), "0x09635f643e140090a9a8dcd712ed6285858cebef");
    EXPECT_EQ(address_of(8453, "DAI"), "0xc5a5c42992decbae36851359345fe25997f5c42d");
    EXPECT_EQ(address_of(8453, "USDC"), "0x5FbDB2315678afecb367f032d93F642f64180aa3");
    EXPECT_EQ(address_of(1868, "WBTC"), "");   // no swaps there
    EXPECT_EQ(address_of(42161, "WBTC"), "");  // not a chain of this profile
}

TEST(Catalog, MissingFileIsAConfigError) {
    EXPECT_THROW(Catalog::load("/nonexistent", ""), perch::ConfigError);
}

TEST(Catalog, EcosystemProjectsNameKnownCategoriesAndChains) {
    auto c = Catalog::load(perch::test::config_dir(), "");
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
    fs::copy(perch::test::config_dir(), dir, fs::copy_options::recursive);
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

// What an exchange credits decides what the bridge card lets through: every exchange lists it, and
// a malformed entry stops the server with the exchange's index and the field.
TEST(Catalog, EveryExchangeSaysWhatItCredits) {
    auto c = Catalog::load(perch::test::config_dir(), "");
    ASSERT_FALSE(c.exchanges().empty());
    for (const auto& e : c.exchanges()) {
        EXPECT_FALSE(e.at("deposits").as_array().empty()) << e.at("name").as_string();
    }

    namespace fs = std::filesystem;
    auto dir = fs::temp_directory_path() / "perch-exchange-config";
    fs::remove_all(dir);
    fs::copy(perch::test::config_dir(), dir, fs::copy_options::recursive);
    auto refused = [&](const std::string& exchanges, const std::string& expected) {
        std::ofstream(dir / "exchanges.json") << exchanges;
        try {
            Catalog::load(dir.string(), "");
            ADD_FAILURE() << "loaded " << exchanges;
        } catch (const perch::ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
        }
    };
    refused(R"({"exchanges": [{"id": 11, "name": "B", "icon": ""}]})",
            "entry 0 field 'deposits' is missing");
    refused(R"({"exchanges": [{"id": 11, "name": "B", "icon": "", "deposits": [
               {"token": "ETH", "chain_id": 1, "min": "0.002"},
               {"token": "ETH", "chain_id": 10, "min": "1e-3"}]}]})",
            "exchange 0 'deposits': entry 1 field 'min' must be a decimal amount");
    refused(R"({"exchanges": [{"id": 11, "name": "B", "icon": "", "deposits": [
               {"token": "ETH", "chain_id": 1, "min": "2", "memo": "yes"}]}]})",
            "entry 0 field 'memo' must be true or false");
    refused(R"({"exchanges": [{"id": 11, "name": "B", "icon": "", "deposits": [
               {"token": "ETH", "min": "2"}]}]})",
            "entry 0 field 'chain_id' is missing");
    fs::remove_all(dir);
}

// A real deployment has other addresses on each chain: a chain's own `contracts` win over the
// profile's shared map (which a devnet uses: the same nonces everywhere), tokens included, and
// error texts name the key that holds the address.
TEST(Catalog, EachChainHasItsOwnContractsOverTheSharedOnes) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-contracts-test.json";
    std::ofstream(path)
        << R"({"contracts": {"Depositor": "0x00000000000000000000000000000000000000d1",
                                              "USDC": "0x00000000000000000000000000000000000000c1"},
        "chains": [
        {"chain_id": 11155111, "rpc_url": "http://127.0.0.1:1", "deploy_block": 7000000,
         "contracts": {"Depositor": "0x00000000000000000000000000000000000000d2",
                       "USDC": "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238"}},
        {"chain_id": 84532, "rpc_url": "http://127.0.0.1:2"}]})";
    auto c = Catalog::load(perch::test::config_dir(), path.string());
    std::filesystem::remove(path);
    EXPECT_EQ(c.contract_address(11155111, "Depositor"),
              "0x00000000000000000000000000000000000000d2");
    EXPECT_EQ(c.contract_address(84532, "Depositor"), "0x00000000000000000000000000000000000000d1");
    EXPECT_EQ(c.contract_address(84532, "Pool"), "");
    EXPECT_EQ(c.contract_key(11155111, "Depositor"), "chains[0].contracts.Depositor");
    EXPECT_EQ(c.contract_key(84532, "Depositor"), "contracts.Depositor");
    EXPECT_EQ(c.profile_chains()[0].deploy_block, 7000000);
    EXPECT_EQ(c.profile_chains()[1].deploy_block, 0);
    std::map<std::int64_t, std::string> usdc;
    for (const auto& t : c.tokens()) {
        if (t.at("symbol").as_string() != "USDC") continue;
        auto id = t.at("chainId").to_number<std::int64_t>();
        if (id == 11155111 || id == 84532) usdc[id] = std::string(t.at("address").as_string());
    }
    EXPECT_EQ(usdc[11155111], "0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238");
    EXPECT_EQ(usdc[84532], "0x00000000000000000000000000000000000000c1");
}

TEST(Catalog, AChainsContractsMustBeAddressesByName) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-bad-contracts-test.json";
    for (const char* entry : {R"("contracts": ["0x01"])", R"("contracts": {"Depositor": 1})",
                              R"("deploy_block": -1)", R"("deploy_block": "7")"}) {
        std::ofstream(path)
            << R"({"chains": [{"chain_id": 11155111, "rpc_url": "http://127.0.0.1:1", )" << entry
            << "}]}";
        try {
            Catalog::load(perch::test::config_dir(), path.string());
            ADD_FAILURE() << entry << " was accepted";
        } catch (const perch::ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find("chain 11155111"), std::string::npos) << e.what();
        }
    }
    std::filesystem::remove(path);
}

// Each chain has its own finality and its own first block: `confirmations` (none: the server
// config's count) and `start_block` (else `deploy_block`, else 0), and a bad value is refused
// naming the chain and the key.
TEST(Catalog, EachChainHasItsOwnFinalityAndStartBlock) {
    auto path = std::filesystem::temp_directory_path() / "perch-catalog-finality-test.json";
    std::ofstream(path) << R"({"chains": [
        {"chain_id": 11155111, "rpc_url": "http://127.0.0.1:1", "confirmations": 5,
         "deploy_block": 7000000},
        {"chain_id": 84532, "rpc_url": "http://127.0.0.1:2", "deploy_block": 9,
         "start_block": 12},
        {"chain_id": 421614, "rpc_url": "http://127.0.0.1:3"}]})";
    auto c = Catalog::load(perch::test::config_dir(), path.string());
    const auto& chains = c.profile_chains();
    EXPECT_EQ(chains[0].confirmations.value_or(0), 5U);
    EXPECT_FALSE(chains[1].confirmations);
    EXPECT_EQ(chains[0].start_block, 7000000);
    EXPECT_EQ(chains[1].start_block, 12);
    EXPECT_EQ(chains[2].start_block, 0);
    for (const char* entry : {R"("confirmations": 0)", R"("confirmations": "3")",
                              R"("confirmations": 1001)", R"("start_block": -1)"}) {
        std::ofstream(path)
            << R"({"chains": [{"chain_id": 11155111, "rpc_url": "http://127.0.0.1:1", )" << entry
            << "}]}";
        std::string key = std::string(entry).substr(1, std::string(entry).find('"', 1) - 1);
        try {
            Catalog::load(perch::test::config_dir(), path.string());
            ADD_FAILURE() << entry << " was accepted";
        } catch (const perch::ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find("chain 11155111: '" + key + "'"),
                      std::string::npos)
                << e.what();
        }
    }
    std::filesystem::remove(path);
}

// The public testnets' profile (config/profiles/testnet) loads: its chains with their real ids,
// Circle's testnet USDC on each, and browsers given the public URLs only.
TEST(Catalog, TheTestnetProfileLoadsWithCirclesUsdc) {
    auto c = Catalog::load(perch::test::config_dir(), std::string(perch::test::config_dir()) +
                                                          "/profiles/testnet/profile.json");
    std::set<std::int64_t> ids;
    for (const auto& pc : c.profile_chains()) ids.insert(pc.chain_id);
    EXPECT_EQ(ids, (std::set<std::int64_t>{11155111, 84532, 421614}));
    EXPECT_EQ(c.contract_address(84532, "USDC"), "0x036CbD53842c5426634e7929541eC2318f3dCF7e");
    EXPECT_EQ(c.contract_address(84532, "Depositor"), "");  // until make deploy-contracts
    for (const auto& chain : c.chains()) {
        if (chain.at("chain_id").to_number<std::int64_t>() != 421614) continue;
        EXPECT_EQ(chain.at("rpc_urls").as_array(),
                  boost::json::array{"https://sepolia-rollup.arbitrum.io/rpc"});
    }
}
