// Bridge quotes through the real perch binary, with the maker's liquidity read from the devnet.
#include "bridge/quote.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "core/json_file.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "test_paths.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;

namespace {

// The rule the server applies: the route's expected time for the source chain, or its default.
std::uint32_t expected_seconds_rule(const std::string& token, std::int64_t from, std::int64_t to) {
    auto table = perch::bridge::parse_routes(perch::read_json_file(
        std::string(perch::test::root_dir()) + "/config/routes.json", "routes"));
    const auto* route = table.find(token, from, to);
    if (!route) return 0;
    auto it = route->expected_seconds.find(from);
    return it == route->expected_seconds.end() ? route->default_expected_seconds : it->second;
}

}  // namespace

TEST(BridgeQuote, FeesAndReceiveAmountFromTheRouteTable) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto eth = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=1");
    ASSERT_EQ(eth.status, 200) << eth.body;
    auto d = json::parse(eth.body).at("data").as_object();
    EXPECT_EQ(d.at("bridge_fee").as_string(), "0.0008");
    EXPECT_EQ(d.at("dtc").as_string(), "0.00005");
    EXPECT_EQ(d.at("receive_amount").as_string(), "0.99915");
    EXPECT_EQ(d.at("min").as_string(), "0.001");
    EXPECT_EQ(d.at("max").as_string(), "5");
    EXPECT_GT(d.at("expires_at").as_int64(), 0);
    EXPECT_EQ(d.at("channel").as_int64(), 98675412) << "no channel: the main one";
    auto eth_seconds = d.at("expected_seconds").to_number<std::int64_t>();
    EXPECT_GT(eth_seconds, 0);
    EXPECT_EQ(eth_seconds, expected_seconds_rule("ETH", 8453, 42161));

    auto usdc = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=1&to_chain_id=8453&token=USDC&amount=100");
    ASSERT_EQ(usdc.status, 200) << usdc.body;
    auto u = json::parse(usdc.body).at("data").as_object();
    EXPECT_EQ(u.at("receive_amount").as_string(), "99.7");  // 100 - 0.1 % - 0.2 DTC on Base
    // Ethereum as the source waits longer than Base: the time follows the source chain.
    auto usdc_seconds = u.at("expected_seconds").to_number<std::int64_t>();
    EXPECT_EQ(usdc_seconds, expected_seconds_rule("USDC", 1, 8453));
    EXPECT_GT(usdc_seconds, eth_seconds);

    auto to_mainnet = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=1&token=USDC&amount=100");
    ASSERT_EQ(to_mainnet.status, 200) << to_mainnet.body;
    EXPECT_EQ(json::parse(to_mainnet.body).at("data").at("receive_amount").as_string(), "96.9");
}

TEST(BridgeQuote, ChannelIsReadValidatedAndEchoed) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    const std::string base =
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=1";
    auto u2u = perch.get(base + "&channel=531");
    ASSERT_EQ(u2u.status, 200) << u2u.body;
    EXPECT_EQ(json::parse(u2u.body).at("data").at("channel").as_int64(), 531);
    for (const char* bad : {"&channel=12345", "&channel=u2u"}) {
        auto res = perch.get(base + bad);
        EXPECT_EQ(res.status, 400) << bad;
        EXPECT_NE(res.body.find("'channel'"), std::string::npos) << res.body;
    }
}

TEST(BridgeQuote, RefusalsAreClear400s) {
    PERCH_REQUIRE_DEVNET(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto check = [&](const std::string& query, const std::string& needle) {
        auto res = perch.get("/api/bridge_api/v1/quote?" + query);
        EXPECT_EQ(res.status, 400) << query;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    check("from_chain_id=8453&to_chain_id=1&token=USDC&amount=0.5", "the minimum is 1 USDC");
    check("from_chain_id=8453&to_chain_id=1&token=USDC&amount=20000", "the maximum is 10000 USDC");
    check("from_chain_id=8453&to_chain_id=8453&token=ETH&amount=1", "cannot be bridged");
    check("from_chain_id=8453&to_chain_id=1&token=USDC&amount=1.0000001",
          "'amount': '1.0000001' is not a USDC amount with at most 6 decimals");
    check("from_chain_id=base&to_chain_id=1&token=USDC&amount=1",
          "'from_chain_id': 'base' is not a chain id");
    check("from_chain_id=8453&to_chain_id=1&token=USDC", "'amount' is required");
}
