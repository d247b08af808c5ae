// Per-chain finality from the chain profile: a profile chain's `confirmations` is what a deposit
// on it waits for. On a copy of the devnet's profile where Base waits 6 blocks and the others the
// config's 1, a deposit on Base is queued only once Base's head is 5 blocks past the deposit's
// block. Suite MakerOn: one maker at a time on the test devnet (RESOURCE_LOCK).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "bridge/deposit_tx.hpp"
#include "chain/rpc/eth.hpp"
#include "core/json_file.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "orders.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace t = perch::testing;
using perch::chain::U256;

namespace {

constexpr std::int64_t kBase = 8453;
constexpr std::uint32_t kBaseConfirmations = 6;

// The devnet's profile with Base's own `confirmations`, written beside perch's files.
std::string profile_with_base_finality(const t::Devnet& devnet, const std::filesystem::path& dir) {
    auto profile = perch::read_json_file(devnet.state_path, "devnet state");
    for (auto& chain : profile.at("chains").as_array())
        if (chain.at("chain_id").to_number<std::int64_t>() == kBase)
            chain.as_object()["confirmations"] = kBaseConfirmations;
    auto path = dir / "finality-profile.json";
    std::ofstream(path) << json::serialize(profile);
    return path.string();
}

std::uint64_t head_of(t::DevnetChains& chains, std::int64_t chain) {
    return perch::chain::rpc::quantity(chains.call(chain, "eth_blockNumber", {})).low_u64();
}

}  // namespace

TEST(MakerOn, ADepositWaitsForItsChainsOwnConfirmationsFromTheProfile) {
    PERCH_REQUIRE_DEVNET(devnet);
    t::DevnetChains chains(devnet);
    auto dir = std::filesystem::temp_directory_path() / "perch-finality-test";
    std::filesystem::create_directories(dir);
    // No deposit an earlier test left in the head blocks may be paid here.
    for (const auto& [chain_id, _] : devnet.rpc_urls) chains.call(chain_id, "evm_mine", {});
    t::PerchProcess perch("\"chain_profile\": \"" + profile_with_base_finality(devnet, dir) +
                          "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
                          "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"confirmations\": 1}");
    t::wait_for("the maker's watchers started", std::chrono::seconds(90), [&] {
        return perch.db().column("SELECT chain_id FROM watch_cursors").size() >=
                       devnet.rpc_urls.size()
                   ? t::Seen::yes()
                   : t::Seen::not_yet("watchers");
    });

    const auto amount = *U256::parse_units("0.01", 18);
    auto sender = t::fresh_wallet(chains, kBase, *U256::parse_units("1", 18));
    auto recipient = t::fresh_wallet(chains, 42161, U256());
    auto receipt = chains.send(kBase, sender, devnet.contracts.at("Depositor"),
                               perch::bridge::deposit_calldata(perch::chain::Address{}, amount,
                                                               42161, recipient, 98675412),
                               amount);
    auto hash = std::string(receipt.at("transactionHash").as_string());
    auto block = perch::chain::rpc::quantity(receipt.at("blockNumber")).low_u64();

    // Until the order leaves `confirming`, read the head after each look: when it is first seen
    // credited, Base had at least its 6 confirmations (the deposit's block counts one).
    json::object order;
    auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (std::chrono::steady_clock::now() < until) {
        order = t::order_of(perch, kBase, hash);
        auto head = head_of(chains, kBase);
        auto state = t::state_of(order);
        if (!state.empty() && state != "confirming") {
            EXPECT_GE(head + 1, block + kBaseConfirmations)
                << "credited at head " << head << " for a deposit in block " << block;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ASSERT_TRUE(order.contains("confirmations")) << json::serialize(order) << perch.output();
    EXPECT_EQ(order.at("confirmations").to_number<std::int64_t>(),
              static_cast<std::int64_t>(kBaseConfirmations));
    t::wait_for_state(perch, kBase, hash, "completed");
    std::filesystem::remove_all(dir);
}
