// Bridge quotes through the real perch binary, with the maker's liquidity read from the devnet.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "devnet.hpp"
#include "harness.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;

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

    auto usdc = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=1&token=USDC&amount=100");
    ASSERT_EQ(usdc.status, 200) << usdc.body;
    EXPECT_EQ(json::parse(usdc.body).at("data").at("receive_amount").as_string(), "96.9");
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
          "not a valid USDC amount");
    check("from_chain_id=base&to_chain_id=1&token=USDC&amount=1",
          "'from_chain_id' must be a chain id");
    check("from_chain_id=8453&to_chain_id=1&token=USDC", "'amount' is required");
}
