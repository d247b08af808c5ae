// /query's lookup and the maker's dashboard through the real binary without a devnet: bad input is
// a 400 naming 'q', nothing matches in an empty store, and the dashboard answers with empty
// figures.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <string>
#include <vector>

#include "harness.hpp"

namespace json = boost::json;
using perch::testing::PerchProcess;

TEST(QueryServer, InputThatIsNoneOfTheThreeIsA400NamingQ) {
    PerchProcess perch;
    for (const auto& bad :
         std::vector<std::string>{"", "hello", "0x12", "8453:0x12:1", "0x" + std::string(63, 'a'),
                                  "0x90f79bf6EB2c4f870365E785982E1f101E93b906"}) {
        auto res = perch.get("/api/query_api/v1/lookup?q=" + bad);
        EXPECT_EQ(res.status, 400) << bad;
        EXPECT_NE(res.body.find("'q'"), std::string::npos) << res.body;
    }
}

TEST(QueryServer, NothingMatchesInAnEmptyStore) {
    PerchProcess perch;
    auto res = perch.get("/api/query_api/v1/lookup?q=0x90F79bf6EB2c4f870365E785982E1f101E93b906");
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_EQ(data.at("kind").as_string(), "address");
    EXPECT_EQ(data.at("q").as_string(), "0x90f79bf6eb2c4f870365e785982e1f101e93b906");
    EXPECT_TRUE(data.at("orders").as_array().empty());
    EXPECT_EQ(data.at("points").at("total").as_int64(), 0);
    auto key = perch.get("/api/query_api/v1/lookup?q=8453:0x" + std::string(64, 'A') + ":3");
    ASSERT_EQ(key.status, 200) << key.body;
    auto by_key = json::parse(key.body).at("data").as_object();
    EXPECT_EQ(by_key.at("q").as_string(), "8453:0x" + std::string(64, 'a') + ":3");
    EXPECT_TRUE(by_key.at("orders").as_array().empty());
    EXPECT_TRUE(by_key.at("checkins").is_null());
}

TEST(QueryServer, TheDashboardOfAnIdleServerIsEmpty) {
    PerchProcess perch;
    auto res = perch.get("/api/maker_api/v1/dashboard");
    ASSERT_EQ(res.status, 200) << res.body;
    auto data = json::parse(res.body).at("data").as_object();
    EXPECT_FALSE(data.at("paused").as_bool());
    EXPECT_TRUE(data.at("routes").as_array().empty());
    EXPECT_TRUE(data.at("recent_payouts").as_array().empty());
    EXPECT_TRUE(data.at("volume").at("7d").as_array().empty());
    EXPECT_TRUE(data.at("orders").at("24h").as_object().empty());
    EXPECT_GT(data.at("as_of").as_int64(), 0);
}
