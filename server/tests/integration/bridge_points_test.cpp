// The points farm against the real server on the devnet: one wallet splits a bridge into twenty
// minimum-size ones (0.001 ETH, the route's minimum) and earns no more points than another wallet
// that bridges their total at once. The maker pays every deposit (suite MakerOn: it holds the
// maker's lock), the rewards consumer credits them at the server's USD price.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "bridge/deposit_tx.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "orders.hpp"
#include "wait.hpp"

namespace {

namespace t = perch::testing;
using perch::chain::U256;

// Base to Arbitrum, ETH: 150 base points for a bridge worth the reference value (100 USD); the
// channel every maker test deposits on.
constexpr std::int64_t kFrom = 8453, kTo = 42161, kChannel = 98675412;
// The server's price here: the config's fixed table (core/config.hpp, PriceSettings), as this
// perch sets no price source.
constexpr double kEthUsd = 3000.0;

std::string deposit_eth(t::DevnetChains& chains, const t::Devnet& devnet, const std::string& from,
                        const U256& amount) {
    auto calldata =
        perch::bridge::deposit_calldata(perch::chain::Address{}, amount, kTo, from, kChannel);
    auto receipt = chains.send(kFrom, from, devnet.contracts.at("Depositor"), calldata, amount);
    return std::string(receipt.at("transactionHash").as_string());
}

std::int64_t cross_points(const t::PerchProcess& perch, const std::string& user) {
    auto res = perch.get("/api/campaign_api/v1/" + user + "/points");
    return boost::json::parse(res.body).at("data").at("cross_points").to_number<std::int64_t>();
}

// Polls until `user`'s cross points stop at `want` (or 15 s pass); what they are then.
std::int64_t wait_for_cross_points(const t::PerchProcess& perch, const std::string& user,
                                   std::int64_t want) {
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(15);
    auto got = cross_points(perch, user);
    while (got != want && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        got = cross_points(perch, user);
    }
    return got;
}

// floor(150 × value / 100 USD): the points of one bridge below the boost tiers (1.0x).
std::int64_t expected_points(double eth) {
    return static_cast<std::int64_t>(150 * (eth * kEthUsd * 100) / 10000);
}

}  // namespace

TEST(MakerOn, TwentyMinimumBridgesEarnNoMoreThanOneOfTheirTotal) {
    PERCH_REQUIRE_DEVNET(devnet);
    t::DevnetChains chains(devnet);
    for (const auto& [chain_id, _] : devnet.rpc_urls) chains.call(chain_id, "evm_mine", {});
    t::PerchProcess perch("\"chain_profile\": \"" + devnet.state_path +
                          "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
                          "\"maker\": {\"enabled\": true, \"poll_ms\": 100}");
    // Deposits count from each watcher's first block on: made after every chain's first read.
    t::wait_for("the maker watching every chain", std::chrono::seconds(90), [&] {
        auto watched = perch.db().column("SELECT chain_id FROM watch_cursors").size();
        return watched >= devnet.rpc_urls.size() ? t::Seen::yes()
                                                 : t::Seen::not_yet(std::to_string(watched));
    });
    const auto one_eth = *U256::parse_units("1", 18);
    auto farmer = t::fresh_wallet(chains, kFrom, one_eth);
    auto whole = t::fresh_wallet(chains, kFrom, one_eth);

    const auto minimum = *U256::parse_units("0.001", 18);  // config/routes.json, ETH "min"
    std::vector<std::string> farmed;
    for (int i = 0; i < 20; ++i) farmed.push_back(deposit_eth(chains, devnet, farmer, minimum));
    auto once = deposit_eth(chains, devnet, whole, *U256::parse_units("0.02", 18));
    for (const auto& hash : farmed) t::wait_for_state(perch, kFrom, hash, "completed", 120);
    t::wait_for_state(perch, kFrom, once, "completed", 120);

    // 0.001 ETH is 3 USD: floor(150 × 3 / 100) = 4 each, and none climbs the boost tiers.
    const auto farmed_points = wait_for_cross_points(perch, farmer, 20 * expected_points(0.001));
    // 0.02 ETH is 60 USD: floor(150 × 60 / 100) = 90.
    const auto whole_points = wait_for_cross_points(perch, whole, expected_points(0.02));
    EXPECT_EQ(farmed_points, 20 * expected_points(0.001)) << perch.output();
    EXPECT_EQ(whole_points, expected_points(0.02)) << perch.output();
    EXPECT_LE(farmed_points, whole_points);
}
