#pragma once
// What the rewards integration tests share: a user's points as perch answers them, and completed
// bridge orders worth the reference value written straight into perch's database.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>

#include "harness.hpp"
#include "wallet_session.hpp"

namespace perch::testing::rewards {

// `using namespace perch::testing::rewards;` in a test file brings these, the chain layer and the
// test harness (perch::testing) at once.
using namespace perch::chain;
using namespace perch::testing;

// The amount and decimals columns of a completed order worth the reference value, 100 USD, at
// the server's prices here (the config's fixed table, core/config.hpp: ETH 3,000, USDC 1): 0.033334
// ETH or 100 USDC. Such a bridge earns its base points: 300 ETH to Ethereum, 150 elsewhere, 100.
inline std::string reference_amount_sql(const std::string& token) {
    return token == "ETH" ? "'33334000000000000', 18" : "'100000000', 6";
}

inline boost::json::object points_of(const PerchProcess& perch, const std::string& user) {
    auto res = perch.get("/api/campaign_api/v1/" + user + "/points");
    EXPECT_EQ(res.status, 200);
    return boost::json::parse(res.body).at("data").as_object();
}

inline std::int64_t field(const boost::json::object& o, const char* key) {
    return o.at(key).to_number<std::int64_t>();
}

// A completed bridge order from `sender` to itself (what the bridge writes), straight into
// perch's database: `seq` numbers it (its completion and its deposit hash), `src` its source chain.
inline void insert_completed_order(const PerchProcess& perch, int seq, const std::string& sender,
                                   const char* token, int dst, int src = 8453) {
    auto now = std::to_string(now_unix());
    auto hash = "0xseed" + std::to_string(seq);
    auto sql =
        "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
        "block_number, block_hash, sender, token_address, token, amount, decimals, "
        "dst_chain_id, recipient, confirmations, state, completed_seq, created_at, updated_at) "
        "VALUES ('" +
        std::to_string(src) + ":" + hash + ":0', " + std::to_string(src) + ", '" + hash +
        "', 0, 1, '0x1', '" + sender + "', '0x0', '" + token + "', " + reference_amount_sql(token) +
        ", " + std::to_string(dst) + ", '" + sender + "', 1, 'completed', " + std::to_string(seq) +
        ", " + now + ", " + now + ")";
    perch.db().exec(sql);
}

inline std::int64_t wait_for_points(const PerchProcess& perch, const std::string& user,
                                    const char* key, std::int64_t want) {
    std::int64_t got = -1;
    for (int i = 0; i < 60 && got != want; ++i) {
        got = field(points_of(perch, user), key);
        if (got != want) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    return got;
}

}  // namespace perch::testing::rewards
