#include "faucet/faucets.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch::faucet;
using perch::chain::U256;

namespace {

std::optional<std::int64_t> no_local(const std::string&) {
    return std::nullopt;
}

// A config dir holding only faucets.json with `text`.
std::string dir_with(const std::string& text) {
    auto dir = std::filesystem::temp_directory_path() /
               ("perch-faucets-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "faucets.json") << text;
    return dir.string();
}

}  // namespace

TEST(FaucetRules, TheProjectConfigLoadsAndTheProfileMovesAFaucetOntoItsChain) {
    auto rules = load_faucet_rules(perch::test::config_dir(), no_local);
    EXPECT_EQ(rules.window_seconds, 24 * 3600);
    ASSERT_NE(rules.find("ink"), nullptr);
    ASSERT_NE(rules.find("ip"), nullptr);
    ASSERT_NE(rules.find("monad"), nullptr);
    EXPECT_EQ(rules.find("nope"), nullptr);
    EXPECT_EQ(rules.find("ink")->chain_id, 763373);
    EXPECT_EQ(rules.find("ink")->amount_units, U256(50'000'000'000'000'000ULL));

    auto local = load_faucet_rules(perch::test::config_dir(), [](const std::string& slug) {
        return slug == "ink" ? std::optional<std::int64_t>(8453) : std::nullopt;
    });
    EXPECT_EQ(local.find("ink")->chain_id, 8453);
    EXPECT_EQ(local.find("monad")->chain_id, 10143);
}

TEST(FaucetRules, ABadConfigNamesTheProblem) {
    auto expect_error = [](const std::string& text, const std::string& part) {
        try {
            load_faucet_rules(dir_with(text), no_local);
            ADD_FAILURE() << "accepted: " << text;
        } catch (const perch::ConfigError& e) {
            EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
        }
    };
    const std::string ok =
        R"({"slug": "a", "name": "A", "chain_id": 1, "symbol": "ETH", "decimals": 18, "amount": "0.1"})";
    expect_error(R"({"networks": []})", "window_hours");
    expect_error(R"({"window_hours": 0, "networks": []})", "window_hours");
    expect_error(R"({"window_hours": 24})", "'networks' must be a list");
    expect_error(R"({"window_hours": 24, "networks": [)" + ok + "," + ok + "]}", "listed twice");
    expect_error(
        R"({"window_hours": 24, "networks": [{"slug": "a", "name": "A", "chain_id": 1, "symbol": "X", "decimals": 6, "amount": "0.0000001"}]})",
        "at most 6 decimals");
    expect_error(
        R"({"window_hours": 24, "networks": [{"slug": "a", "name": "A", "chain_id": 1, "symbol": "X", "decimals": 18, "amount": "0"}]})",
        "positive");
    expect_error(R"({"window_hours": 24, "networks": [{"slug": "a"}]})", "'name'");
}

TEST(FaucetRules, TheLaterOfTheAddressAndIpClaimsDecidesTheWait) {
    const std::int64_t day = 24 * 3600, now = 1'000'000;
    EXPECT_EQ(seconds_until_next_claim({}, now, day), 0);
    EXPECT_EQ(seconds_until_next_claim({now - 100, std::nullopt}, now, day), day - 100);
    EXPECT_EQ(seconds_until_next_claim({std::nullopt, now - 50}, now, day), day - 50);
    EXPECT_EQ(seconds_until_next_claim({now - 100, now - 50}, now, day), day - 50);
    EXPECT_EQ(seconds_until_next_claim({now - day, std::nullopt}, now, day), 0);
    EXPECT_EQ(seconds_until_next_claim({now - day - 1, std::nullopt}, now, day), 0);
}

TEST(FaucetRules, TheWaitIsRoundedUpToTheMinute) {
    EXPECT_EQ(format_wait(0), "less than a minute");
    EXPECT_EQ(format_wait(59), "less than a minute");
    EXPECT_EQ(format_wait(60), "1 min");
    EXPECT_EQ(format_wait(61), "2 min");
    EXPECT_EQ(format_wait(3600), "1 h");
    EXPECT_EQ(format_wait(3601), "1 h 1 min");
    EXPECT_EQ(format_wait(24 * 3600 - 1), "24 h");
    EXPECT_EQ(format_wait(23 * 3600 + 59 * 60), "23 h 59 min");
}

TEST(FaucetRules, EveryAssetMustCoverWhatTheClaimsTakeOfIt) {
    const std::string usdc = "0x5fbdb2315678afecb367f032d93f642f64180aa3";
    Spend spend;
    spend.add("", U256(100), U256(21));    // the coin: amount and gas
    spend.add(usdc, U256(500), U256(60));  // a token: its amount, gas in the coin
    EXPECT_EQ(spend.native, U256(181));
    EXPECT_EQ(spend.tokens.at(usdc), U256(500));
    EXPECT_TRUE(covers({U256(181), {{usdc, U256(500)}}}, spend));
    EXPECT_FALSE(covers({U256(180), {{usdc, U256(500)}}}, spend));  // short of gas
    EXPECT_FALSE(covers({U256(181), {{usdc, U256(499)}}}, spend));  // short of the token
    EXPECT_FALSE(covers({U256(1000), {}}, spend));                  // the token never read
    spend.add("", U256::max(), U256(1));                            // saturates, never wraps
    EXPECT_EQ(spend.native, U256::max());
    EXPECT_TRUE(covers({U256(1), {}}, Spend{}));
}

TEST(FaucetRules, AFaucetMaySendATokenNamedBySymbol) {
    auto rules = load_faucet_rules(perch::test::config_dir(), no_local);
    ASSERT_NE(rules.find("ink-usdc"), nullptr);
    EXPECT_EQ(rules.find("ink-usdc")->token, "USDC");
    EXPECT_EQ(rules.find("ink-usdc")->amount_units, U256(10'000'000));
    EXPECT_EQ(rules.find("ink")->token, "");
}
