#pragma once
// A bridge order as perch's order API answers it, for the maker's tests: read it, and poll it
// until it reaches a state.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "harness.hpp"

namespace perch::testing {

inline boost::json::object order_of(const PerchProcess& perch, std::int64_t chain,
                                    const std::string& hash) {
    auto res = perch.get("/api/bridge_api/v1/order?chain_id=" + std::to_string(chain) +
                         "&tx_hash=" + hash);
    auto data = boost::json::parse(res.body).at("data");
    return data.is_object() ? data.as_object() : boost::json::object{};
}

inline std::string state_of(const boost::json::object& order) {
    return order.contains("state") ? std::string(order.at("state").as_string()) : "";
}

// Polls the order until it reaches `state` (or any final state); returns it.
inline boost::json::object wait_for_state(const PerchProcess& perch, std::int64_t chain,
                                          const std::string& hash, const std::string& state,
                                          int seconds = 60) {
    boost::json::object order;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
    while (std::chrono::steady_clock::now() < until) {
        order = order_of(perch, chain, hash);
        auto now = state_of(order);
        if (now == state || now == "completed" || now == "refunded" || now == "failed") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    EXPECT_EQ(state_of(order), state) << boost::json::serialize(order) << "\n" << perch.output();
    return order;
}

}  // namespace perch::testing
