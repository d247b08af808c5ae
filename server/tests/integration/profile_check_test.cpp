// check-profile against the test devnet: the devnet's own profile holds; a URL of another chain,
// a Depositor forwarding to another maker, a maker that holds nothing and the devnet's published
// keys on a public URL are each found, named by the config key to change, and the first and last
// refuse `serve`.
#include "app/profile_check.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <functional>

#include "app/app.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "devnet.hpp"
#include "solana_devnet.hpp"
#include "test_paths.hpp"

using namespace perch;
using perch::testing::run_task;
namespace json = boost::json;

namespace {

const std::string kRoot = perch::test::root_dir();
const auto kDevnetMaker = *chain::Address::from_hex("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");

// The devnet's profile with `change` applied to its chain entry of `chain_id`, in a temp file.
std::string changed_profile(const std::string& state_path, std::int64_t chain_id,
                            const std::function<void(json::object&)>& change) {
    std::ifstream in(state_path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto profile = json::parse(text).as_object();
    for (auto& c : profile.at("chains").as_array())
        if (c.at("chain_id").to_number<std::int64_t>() == chain_id) change(c.as_object());
    auto path = std::filesystem::temp_directory_path() /
                ("perch-profile-check-" + std::to_string(::getpid()) + "-" +
                 std::to_string(chain_id) + ".json");
    std::ofstream(path) << json::serialize(profile);
    return path.string();
}

catalog::Catalog load(const std::string& profile) {
    return catalog::Catalog::load(kRoot + "/config", profile);
}

}  // namespace

TEST(ProfileCheck, LoopbackAndPublishedKeysAreToldApart) {
    EXPECT_TRUE(app::is_loopback_url("http://127.0.0.1:8545"));
    EXPECT_TRUE(app::is_loopback_url("http://localhost:8545/"));
    EXPECT_FALSE(app::is_loopback_url("https://base-mainnet.g.alchemy.com/v2/KEY"));
    EXPECT_FALSE(app::is_loopback_url("http://10.0.0.7:8545"));
    EXPECT_TRUE(app::is_published_devnet_address(kDevnetMaker));
    EXPECT_TRUE(app::is_published_devnet_address(
        *chain::Address::from_hex("0x28a1C1d859c8Bfd70A30e57Cf253c389245cC0EF")));  // quote signer
    EXPECT_FALSE(app::is_published_devnet_address(
        *chain::Address::from_hex("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")));
}

TEST(ProfileCheck, TheDevnetProfileHolds) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto catalog = load(devnet.state_path);
    auto routes = app::load_routes(kRoot + "/config/routes.json");
    auto found = run_task(app::check_profile_chains(catalog, true, kDevnetMaker, &routes));
    EXPECT_EQ(found.wrong_chain, 0);
    EXPECT_EQ(found.unreachable, 0);
    int code = 0;
    int depositors = 0;
    int funded = 0;
    for (const auto& f : found.findings) {
        // What the maker holds of a token is read, but the suite's other tests pay it out of
        // this shared devnet (all of Soneium's USDC, at times): only its gas is sure to be there.
        bool token_funds = f.key == "maker_key_file" &&
                           f.text.find("the maker holds") != std::string::npos &&
                           f.text.find("native coin for gas") == std::string::npos;
        if (token_funds) ++funded;
        if (!token_funds) {
            EXPECT_TRUE(f.ok) << f.key << ": " << f.text;
        }
        if (f.text.find("code at") != std::string::npos) ++code;
        if (f.text.find("forwards deposits to " + kDevnetMaker.checksum_hex() +
                        ", this maker's key") != std::string::npos)
            ++depositors;
    }
    auto chains = static_cast<int>(catalog.profile_chains().size());
    EXPECT_GE(code, 4 * chains);  // Depositor, Pool, CheckIn, USDC at least, on every chain
    EXPECT_EQ(depositors, chains);
    EXPECT_GE(funded, 3 * chains);  // ETH, USDC and USDT are paid into every devnet chain
    Config config;
    EXPECT_NO_THROW(app::check_profile_before_serving(config, catalog));
}

// A maker key that holds nothing: every chain says it cannot pay gas, and every token a route
// pays into a chain is named as one the maker cannot pay.
TEST(ProfileCheck, AMakerThatHoldsNothingIsFound) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto catalog = load(devnet.state_path);
    auto routes = app::load_routes(kRoot + "/config/routes.json");
    auto empty = *chain::Address::from_hex("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    auto found = run_task(app::check_profile_chains(catalog, true, empty, &routes));
    int no_gas = 0;
    int no_usdc = 0;
    for (const auto& f : found.findings) {
        if (f.ok || f.key != "maker_key_file") continue;
        if (f.text.find("holds no native coin for gas: it cannot pay gas here") !=
            std::string::npos)
            ++no_gas;
        if (f.text.find("holds no USDC: the routes into this chain cannot pay") !=
            std::string::npos)
            ++no_usdc;
    }
    EXPECT_EQ(no_gas, static_cast<int>(catalog.profile_chains().size()));
    EXPECT_GE(no_usdc, 3);  // USDC routes reach Ethereum, Base and Arbitrum at least
}

TEST(ProfileCheck, AUrlOfAnotherChainIsFoundAndRefusesServe) {
    PERCH_REQUIRE_DEVNET(devnet);
    // Base's entry pointing at Ethereum's node: perch would watch and pay on the wrong chain.
    auto profile = changed_profile(devnet.state_path, 8453, [&](json::object& c) {
        c.erase("port");
        c["rpc_urls"] = json::array{json::string(devnet.rpc_urls.at(1))};
    });
    auto catalog = load(profile);
    auto found = run_task(app::check_profile_chains(catalog, false, std::nullopt));
    EXPECT_EQ(found.wrong_chain, 1);
    bool named = false;
    for (const auto& f : found.findings)
        if (!f.ok && f.key.find("(chain 8453) url 1 of 1") != std::string::npos &&
            f.text.find("is chain 1, not 8453") != std::string::npos)
            named = true;
    EXPECT_TRUE(named) << "the finding names Base's URL key and the chain it really is";
    Config config;
    try {
        app::check_profile_before_serving(config, catalog);
        ADD_FAILURE() << "serve must refuse a URL of another chain";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("belongs to another chain"), std::string::npos)
            << e.what();
    }
    std::filesystem::remove(profile);
}

TEST(ProfileCheck, ADepositorForwardingToAnotherMakerIsFound) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto catalog = load(devnet.state_path);
    auto other = *chain::Address::from_hex("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed");
    auto found = run_task(app::check_profile_chains(catalog, true, other));
    int wrong = 0;
    for (const auto& f : found.findings)
        if (!f.ok && f.key == "maker_key_file" &&
            f.text.find("not to this maker's key " + other.checksum_hex()) != std::string::npos)
            ++wrong;
    EXPECT_EQ(wrong, static_cast<int>(catalog.profile_chains().size()));
}

TEST(ProfileCheck, TheDevnetsPublishedKeysAreRefusedOnAPublicUrl) {
    PERCH_REQUIRE_DEVNET(devnet);
    std::filesystem::permissions(
        kRoot + "/devnet/maker.key",
        std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    Config config;
    config.maker_key_file = kRoot + "/devnet/maker.key";
    // On the devnet itself the published key is what it is for.
    EXPECT_TRUE(app::published_key_findings(config, load(devnet.state_path)).empty());
    auto profile = changed_profile(devnet.state_path, 42161, [](json::object& c) {
        c.erase("port");
        c["rpc_url"] = "https://arb-mainnet.example.org/v2/SECRETKEY";
    });
    auto catalog = load(profile);
    auto found = app::published_key_findings(config, catalog);
    ASSERT_EQ(found.size(), 1U);
    EXPECT_EQ(found[0].key, "maker_key_file");
    EXPECT_NE(found[0].text.find("published devnet key"), std::string::npos) << found[0].text;
    EXPECT_EQ(found[0].text.find("SECRETKEY"), std::string::npos) << "no URL path in the text";
    EXPECT_THROW(app::check_profile_before_serving(config, catalog), ConfigError);
    std::filesystem::remove(profile);
}

// The devnet's price oracles are pools of their tokens and give a time-weighted price over their
// window; an oracle naming another token, one on a chain not in the profile and one with a window
// longer than its pool's life are each found, and named by their key.
TEST(ProfileCheck, ThePriceOraclesArePoolsOfTheirTokensWithAWindow) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto catalog = load(devnet.state_path);
    std::ifstream in(devnet.state_path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto oracles = price::parse_price_oracles(json::parse(text));
    ASSERT_EQ(oracles.size(), 6U);  // ETH and SOL on each of the three swap chains
    auto found = run_task(app::check_price_oracles(catalog, oracles));
    ASSERT_EQ(found.size(), 6U);
    for (const auto& f : found) {
        EXPECT_TRUE(f.ok) << f.key << ": " << f.text;
        EXPECT_NE(f.text.find(" USD over 3 s"), std::string::npos) << f.text;
    }
    auto wrong = oracles;
    wrong[0].token = oracles[1].token;  // the ETH pool named as SOL's
    wrong[1].chain_id = 5;
    wrong[2].twap_seconds = 7 * 86400;  // a week: older than the devnet
    auto bad = run_task(app::check_price_oracles(catalog, {wrong[0], wrong[1], wrong[2]}));
    ASSERT_EQ(bad.size(), 3U);
    EXPECT_FALSE(bad[0].ok);
    EXPECT_EQ(bad[0].key, "chain_profile price_oracles[0]");
    EXPECT_NE(bad[0].text.find("is not a pool of its token and USD token"), std::string::npos);
    EXPECT_FALSE(bad[1].ok);
    EXPECT_NE(bad[1].text.find("chain 5 is not in the profile"), std::string::npos);
    EXPECT_FALSE(bad[2].ok);
    EXPECT_NE(bad[2].text.find("gives no price over 604800 s"), std::string::npos) << bad[2].text;

    auto routes = app::load_routes(kRoot + "/config/routes.json");
    Config config;
    for (const auto& f : app::cross_route_price_findings(catalog, routes, oracles, config.prices))
        EXPECT_TRUE(f.ok) << f.text;  // ETH and SOL each from three chains
    auto none = app::cross_route_price_findings(catalog, routes, {}, config.prices);
    ASSERT_EQ(none.size(), 2U);
    EXPECT_FALSE(none[0].ok);
    EXPECT_NE(none[0].text.find("0 live price source(s)"), std::string::npos) << none[0].text;
    // A profile whose chains no cross-asset route touches needs no oracles (a Sepolia deployment).
    auto profile = json::parse(text).as_object();
    auto first = profile.at("chains").as_array()[0];
    first.as_object()["chain_id"] = 11155111;
    profile["chains"] = json::array{first};
    auto path = std::filesystem::temp_directory_path() /
                ("perch-profile-sepolia-" + std::to_string(::getpid()) + ".json");
    std::ofstream(path) << json::serialize(profile);
    auto sepolia = load(path.string());
    EXPECT_TRUE(app::cross_route_price_findings(sepolia, routes, {}, config.prices).empty());
}

// The Solana USDC mint: an SPL mint owned by the token program, initialized, of the profile's
// decimals; anything else is a FAIL naming the key. Then the test devnet's mint, read from its
// node, holds.
TEST(ProfileCheck, TheSolanaMintIsAnSplMintOfTheProfilesDecimals) {
    namespace sol = chain::solana;
    const std::string key = "chain_profile solana.usdc_mint";
    sol::AccountInfo mint;
    mint.owner = sol::token_program_id();
    mint.data.assign(82, 0);
    mint.data[44] = 6;  // decimals
    mint.data[45] = 1;  // initialized
    EXPECT_TRUE(app::solana_mint_finding(key, "M", mint, 6).ok);
    auto fails = [&](const std::optional<sol::AccountInfo>& account, const char* says) {
        auto f = app::solana_mint_finding(key, "M", account, 6);
        EXPECT_FALSE(f.ok) << says;
        EXPECT_EQ(f.key, key);
        EXPECT_NE(f.text.find(says), std::string::npos) << f.text;
    };
    fails(std::nullopt, "does not exist");
    auto other = mint;
    other.owner = sol::system_program_id();
    fails(other, "not the token program");
    auto account = mint;
    account.data.assign(165, 0);  // a token account, not a mint
    fails(account, "no initialized SPL mint");
    auto nine = mint;
    nine.data[44] = 9;
    fails(nine, "has 9 decimals, the profile says 6");

    PERCH_REQUIRE_SOLANA(solana);
    Config config;
    config.chain_profile = devnet_for_solana.state_path;
    auto profile = perch::catalog::read_chain_profile(config.chain_profile);
    ASSERT_TRUE(profile);
    auto found = run_task(app::check_solana_mint(config, *profile));
    ASSERT_EQ(found.size(), 1U);
    EXPECT_TRUE(found[0].ok) << found[0].key << ": " << found[0].text;
    EXPECT_NE(found[0].text.find(solana.usdc_mint.to_base58()), std::string::npos) << found[0].text;
    EXPECT_EQ(found[0].key, key);
}
