// Order reads of the bridge API through the real binary (maker off: the fault tests and the
// end-to-end suite drive the maker); the operator's pause switch as a running server sees it.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>

#include "devnet.hpp"
#include "harness.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;
using perch::testing::run_perch;

namespace {
const std::string kTx = "0x" + std::string(64, 'a');
}

TEST(BridgeOrders, UnknownOrderIsNullAndHistoryEmpty) {
    PerchProcess perch;
    auto order = perch.get("/api/bridge_api/v1/order?chain_id=8453&tx_hash=" + kTx);
    ASSERT_EQ(order.status, 200) << order.body;
    EXPECT_TRUE(json::parse(order.body).at("data").is_null());
    auto history = perch.get(
        "/api/bridge_api/v1/history?address=0x90F79bf6EB2c4f870365E785982E1f101E93b906&page=1");
    ASSERT_EQ(history.status, 200) << history.body;
    auto data = json::parse(history.body).at("data").as_object();
    EXPECT_EQ(data.at("total").as_int64(), 0);
    EXPECT_TRUE(data.at("list").as_array().empty());
    EXPECT_EQ(data.at("size").as_int64(), 10);
}

TEST(BridgeOrders, BadInputIsA400NamingTheField) {
    PerchProcess perch;
    auto check = [&](const std::string& target, const std::string& needle) {
        auto res = perch.get(target);
        EXPECT_EQ(res.status, 400) << target;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    check("/api/bridge_api/v1/order?chain_id=8453", "'tx_hash'");
    check("/api/bridge_api/v1/order?chain_id=x&tx_hash=" + kTx, "'chain_id'");
    check("/api/bridge_api/v1/order?chain_id=8453&tx_hash=0x12", "'tx_hash'");
    check("/api/bridge_api/v1/history", "'address' or 'channel'");
    check("/api/bridge_api/v1/history?address=0x12", "'address'");
    check("/api/bridge_api/v1/history?channel=531&size=1000", "'size'");
    check("/api/bridge_api/v1/history?channel=531&page=0", "'page'");
    check("/api/bridge_api/v1/order/stream?chain_id=1", "'tx_hash'");
}

TEST(BridgeOrders, PauseSwitchStopsQuotesOfARunningServer) {
    PERCH_REQUIRE_DEVNET(devnet);
    perch::testing::TestDatabase db;
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", db.url()}};
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"", env);
    const std::string quote =
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=0.1";
    EXPECT_EQ(perch.get(quote).status, 200);
    auto [paused_rc, paused_out] = run_perch({"pause"}, env);
    ASSERT_EQ(paused_rc, 0) << paused_out;
    auto refused = perch.get(quote);
    EXPECT_EQ(refused.status, 503);
    EXPECT_NE(refused.body.find("paused"), std::string::npos) << refused.body;
    auto [resumed_rc, resumed_out] = run_perch({"resume"}, env);
    ASSERT_EQ(resumed_rc, 0) << resumed_out;
    EXPECT_EQ(perch.get(quote).status, 200);
}
