// The maker against the real devnet, paying: the pause switch holds payouts (and /api/health and
// /metrics say so), the polls alone pay without the head feed, a restarted chain far below the
// cursor is read again, a payout the maker cannot cover is paid out of PerchPool, and the lookup
// and the dashboard show a paid order. Each test runs its own perch with the maker on; ctest runs
// them one at a time (RESOURCE_LOCK in CMakeLists.txt): two makers with one key would both pay.
// Deposits come from fresh impersonated wallets, so reruns on one devnet never collide. The
// lease: maker_lease_test.cpp; refunds: maker_refund_test.cpp.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <future>
#include <random>
#include <sstream>
#include <thread>

#include "bridge/deposit_tx.hpp"
#include "bridge/perch_pool.hpp"
#include "chain/abi.hpp"
#include "chain/erc20.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/signer.hpp"
#include "chain/tx.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "maker_support.hpp"
#include "orders.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
using namespace perch::testing::maker;

TEST(MakerOn, APausedMakerDoesNotPayUntilResumed) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    // Until `perch pause` below, the maker is live: it must find no earlier test's deposit.
    mine_past_earlier_deposits(chains, devnet);
    const char* kMetricsToken = "maker-metrics-token-0123456789";
    PerchProcess perch(maker_config(devnet) + ", \"admin_token\": \"" + kMetricsToken + "\"");
    const auto& db = perch.db();
    wait_for_watchers(db, devnet.rpc_urls.size());
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", db.url()}};
    auto [paused_rc, paused_out] = run_perch({"pause"}, env);
    ASSERT_EQ(paused_rc, 0) << paused_out;

    auto sender = fresh_wallet(chains, 1868, kEth);
    auto recipient = fresh_wallet(chains, 42161, U256());
    auto d =
        deposit(chains, devnet, 1868, sender, "", *U256::parse_units("0.01", 18), 42161, recipient);
    auto queued = wait_for_state(perch, 1868, d.tx_hash, "queued");
    // Several payer rounds later it is still waiting: nothing signed, nothing sent.
    std::this_thread::sleep_for(std::chrono::seconds(3));
    auto still = order_of(perch, 1868, d.tx_hash);
    EXPECT_EQ(state_of(still), "queued");
    EXPECT_EQ(still.at("dst_tx_hash").as_string(), "");
    EXPECT_TRUE(db.column("SELECT id FROM maker_txs").empty())
        << "a payout was signed while paused";
    // /api/health says so, with the newest block the maker has seen on every chain.
    auto health = json::parse(perch.get("/api/health").body).at("data").at("maker").as_object();
    EXPECT_TRUE(health.at("enabled").as_bool());
    EXPECT_TRUE(health.at("leader").as_bool());
    EXPECT_TRUE(health.at("paused").as_bool());
    ASSERT_EQ(health.at("chains").as_array().size(), devnet.rpc_urls.size());
    for (const auto& c : health.at("chains").as_array())
        EXPECT_GT(c.at("last_block").as_int64(), 0) << json::serialize(c);
    // And /metrics: the maker's heads, lag and pause, its RPC calls, the queued order.
    auto metrics = perch.get("/metrics", {{"X-Admin-Token", kMetricsToken}});
    ASSERT_EQ(metrics.status, 200) << metrics.body;
    for (const char* line :
         {"perch_chain_head_block{chain=\"1868\"}", "perch_watcher_lag_blocks{chain=\"42161\"}",
          "perch_maker_paused 1", "perch_maker_leader 1", "perch_orders{state=\"queued\"} ",
          "perch_maker_balance{chain=\"8453\",token=\"USDC\"}",
          "perch_rpc_call_duration_seconds_count{chain=\"1868\",outcome=\"ok\"}"})
        EXPECT_NE(metrics.body.find(line), std::string::npos) << line << "\n" << metrics.body;
    EXPECT_TRUE(chains.native(42161, recipient).is_zero());

    auto [resumed_rc, resumed_out] = run_perch({"resume"}, env);
    ASSERT_EQ(resumed_rc, 0) << resumed_out;
    auto done = wait_for_state(perch, 1868, d.tx_hash, "completed");
    EXPECT_EQ(chains.native(42161, recipient), u256_of(queued.at("receive_amount")));
    EXPECT_FALSE(done.at("dst_tx_hash").as_string().empty());
}

namespace {

// 0.01 ETH from a fresh wallet on Base to a fresh one on Arbitrum through `perch`: completed, and
// the recipient holds exactly the order's receive amount.
void pays_one_bridge_exactly(Chains& chains, const Devnet& devnet, const PerchProcess& perch) {
    auto sender = fresh_wallet(chains, 8453, kEth);
    auto recipient = fresh_wallet(chains, 42161, U256());
    auto d =
        deposit(chains, devnet, 8453, sender, "", *U256::parse_units("0.01", 18), 42161, recipient);
    auto done = wait_for_state(perch, 8453, d.tx_hash, "completed");
    EXPECT_EQ(chains.native(42161, recipient), u256_of(done.at("receive_amount")));
}

}  // namespace

// The fallback: with no head feed (as on a node without WebSocket), the polls alone find the
// deposit and pay it.
TEST(MakerOn, PollingAlonePaysWithoutTheHeadFeed) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    auto config = maker_config(devnet);
    config.replace(config.find("\"enabled\": true"), 15, "\"enabled\": true, \"head_feed\": false");
    PerchProcess perch(config);
    wait_for_watchers(perch.db(), devnet.rpc_urls.size());
    pays_one_bridge_exactly(chains, devnet, perch);
    EXPECT_EQ(perch.output().find("head feed"), std::string::npos) << perch.output();
}

// `make run` restarts the devnet but keeps its database: the maker's cursor is then far above the
// new chain's head. That is no lagging replica to wait for: the chain restarted, and a deposit on
// it is paid as usual (before, the maker waited for the chain to grow past the old cursor).
TEST(MakerOn, AChainFarBelowTheCursorIsReadAgainNotWaitedFor) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto config = maker_config(devnet);
    PerchProcess first(config);
    wait_for_watchers(first.db(), devnet.rpc_urls.size());
    first.stop();
    first.db().exec(
        "UPDATE watch_cursors SET next_block = next_block + 5000, floor_block = next_block + 5000, "
        "last_hash = '0x" +
        std::string(64, 'e') + "' WHERE chain_id = 8453");
    PerchProcess again(config, {{"PERCH_DATABASE_URL", first.db().url()}});
    pays_one_bridge_exactly(chains, devnet, again);
    EXPECT_NE(again.output().find("the chain restarted"), std::string::npos) << again.output();
}

namespace {

// PerchPool's calls the tests send (the server itself only reads the pool and pays from it).
Bytes pool_call(const char* signature, std::vector<perch::chain::abi::Value> args) {
    return *perch::chain::abi::parse_function(signature)->encode_call(args);
}

U256 pool_owed(Chains& chains, const Devnet& devnet, std::int64_t chain, const std::string& token) {
    auto data = perch::bridge::pool_owed_calldata(*Address::from_hex(token));
    auto word = chains.call(
        chain, "eth_call",
        {json::object{{"to", devnet.contracts.at("Pool")}, {"data", to_hex(data)}}, "latest"});
    return rpc::quantity(word);
}

}  // namespace

// The maker's own USDC on the destination is gone (moved away for the test): the payout is paid
// out of PerchPool, which the maker then owes, and nothing is refunded. The maker's USDC and the
// pool are restored afterwards.
TEST(MakerOn, APayoutTheMakerCannotCoverIsPaidFromThePool) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const std::int64_t src = 1, dst = 1868;
    const auto& usdc = devnet.contracts.at("USDC");
    const auto& pool = devnet.contracts.at("Pool");
    auto usdc_address = *Address::from_hex(usdc);

    // The maker's USDC on the destination moves to a vault; an allow-listed wallet (on
    // config/pool-allowlist.json, impersonated) deposits 1,000 USDC into the pool there.
    auto vault = fresh_wallet(chains, dst, kEth);
    auto held = chains.erc20(dst, usdc, kMaker);
    chains.send(dst, kMaker, usdc, perch::chain::erc20::transfer(*Address::from_hex(vault), held));
    const std::string provider = "0xc7fee0d0914f2e67c6e75cf0d4a6364a71c5651a";
    chains.call(dst, "hardhat_setBalance", {provider, kEth.to_hex()});
    chains.call(dst, "hardhat_impersonateAccount", {provider});
    auto provided = *U256::parse_units("1000", 6);
    chains.send(dst, vault, usdc,
                perch::chain::erc20::transfer(*Address::from_hex(provider), provided));
    chains.send(dst, provider, usdc,
                perch::chain::erc20::approve(*Address::from_hex(pool), provided));
    chains.send(dst, provider, pool,
                pool_call("deposit(address token, uint256 amount)",
                          {perch::chain::abi::Value::of(usdc_address),
                           perch::chain::abi::Value::of(provided)}));
    auto owed_before = pool_owed(chains, devnet, dst, usdc);

    PerchProcess perch(maker_config(devnet));
    wait_for_watchers(perch.db(), devnet.rpc_urls.size());
    auto sender = fresh_wallet(chains, src, kEth);
    auto amount = *U256::parse_units("50", 6);
    chains.send(src, kMaker, usdc,
                perch::chain::erc20::transfer(*Address::from_hex(sender), amount));
    auto recipient = fresh_wallet(chains, dst, U256());
    auto d = deposit(chains, devnet, src, sender, usdc, amount, dst, recipient);
    auto done = wait_for_state(perch, src, d.tx_hash, "completed");
    auto paid = u256_of(done.at("receive_amount"));
    EXPECT_EQ(chains.erc20(dst, usdc, recipient), paid);
    EXPECT_EQ(pool_owed(chains, devnet, dst, usdc), *owed_before.add(paid));
    EXPECT_TRUE(chains.erc20(dst, usdc, kMaker).is_zero());
    auto payout = tx_by_hash(chains, dst, done.at("dst_tx_hash"));
    EXPECT_EQ(text_of(payout, "to"), perch::text::to_lower(pool));

    // Restore: the vault returns the maker's USDC, the maker repays the pool, the provider
    // withdraws and hands the USDC it was lent back: the maker is down by the payout alone.
    perch.stop();
    chains.send(
        dst, vault, usdc,
        perch::chain::erc20::transfer(*Address::from_hex(kMaker), chains.erc20(dst, usdc, vault)));
    chains.send(dst, kMaker, usdc, perch::chain::erc20::approve(*Address::from_hex(pool), paid));
    chains.send(dst, kMaker, pool,
                pool_call("repay(address token, uint256 amount)",
                          {perch::chain::abi::Value::of(usdc_address),
                           perch::chain::abi::Value::of(paid)}));
    chains.send(dst, provider, pool,
                pool_call("withdraw(address token, uint256 amount)",
                          {perch::chain::abi::Value::of(usdc_address),
                           perch::chain::abi::Value::of(provided)}));
    chains.send(dst, provider, usdc,
                perch::chain::erc20::transfer(*Address::from_hex(kMaker), provided));
    EXPECT_EQ(pool_owed(chains, devnet, dst, usdc), owed_before);
    EXPECT_EQ(chains.erc20(dst, usdc, kMaker), *U256(held).sub(paid));
}

// /query and /maker through the real binary: a paid order is found by its deposit, payout, key,
// sender and recipient; the dashboard counts it in the day's volume and states, times its route,
// lists the payout (with no explorer link: the devnet has none), reads the maker's balances from
// the chains, and shows a pause at once although the rest is cached.
TEST(MakerOn, TheLookupAndTheDashboardShowAPaidOrder) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    mine_past_earlier_deposits(chains, devnet);  // the dashboard must count this test's order only
    PerchProcess perch(maker_config(devnet));
    wait_for_watchers(perch.db(), devnet.rpc_urls.size());
    auto sender = fresh_wallet(chains, 8453, kEth);
    auto recipient = fresh_wallet(chains, 42161, U256());
    auto amount = *U256::parse_units("0.01", 18);
    auto d = deposit(chains, devnet, 8453, sender, "", amount, 42161, recipient);
    auto paid = wait_for_state(perch, 8453, d.tx_hash, "completed");
    auto payout = std::string(paid.at("dst_tx_hash").as_string());
    auto key = std::string(paid.at("order_key").as_string());

    auto lookup = [&](const std::string& q) {
        auto res = perch.get("/api/query_api/v1/lookup?q=" + q);
        EXPECT_EQ(res.status, 200) << q << ": " << res.body;
        return json::parse(res.body).at("data").as_object();
    };
    for (const auto& [q, kind] :
         std::vector<std::pair<std::string, std::string>>{{d.tx_hash, "tx_hash"},
                                                          {payout, "tx_hash"},
                                                          {key, "order_key"},
                                                          {sender, "address"},
                                                          {recipient, "address"}}) {
        auto found = lookup(q);
        EXPECT_EQ(found.at("kind").as_string(), kind) << q;
        ASSERT_EQ(found.at("orders").as_array().size(), 1u) << q << ": " << json::serialize(found);
        EXPECT_EQ(found.at("orders").at(0).at("order_key").as_string(), key);
        EXPECT_EQ(found.at("points").is_null(), kind != "address") << q;
    }
    auto by_sender = lookup(sender);
    EXPECT_EQ(by_sender.at("orders_total").as_int64(), 1);
    EXPECT_TRUE(by_sender.at("checkins").as_array().empty());
    EXPECT_TRUE(lookup("0x" + std::string(64, 'e')).at("orders").as_array().empty());

    auto get_dashboard = [&] {
        auto res = perch.get("/api/maker_api/v1/dashboard");
        EXPECT_EQ(res.status, 200) << res.body;
        return json::parse(res.body).at("data").as_object();
    };
    auto dash = get_dashboard();
    EXPECT_EQ(text_of(dash, "maker"), kMaker);
    EXPECT_FALSE(dash.at("paused").as_bool());
    auto day = dash.at("orders").at("24h").as_object();
    EXPECT_EQ(day.at("completed").as_int64(), 1) << json::serialize(dash);
    auto volume = dash.at("volume").at("24h").as_array();
    ASSERT_EQ(volume.size(), 1u);
    EXPECT_EQ(volume[0].at("token").as_string(), "ETH");
    EXPECT_EQ(volume[0].at("amount").as_string(), amount.to_dec());
    auto routes = dash.at("routes").as_array();
    ASSERT_EQ(routes.size(), 1u);
    EXPECT_EQ(routes[0].at("src_chain_id").as_int64(), 8453);
    EXPECT_EQ(routes[0].at("dst_chain_id").as_int64(), 42161);
    EXPECT_EQ(routes[0].at("completed").as_int64(), 1);
    EXPECT_EQ(routes[0].at("median_seconds").as_double(),
              static_cast<double>(routes[0].at("p95_seconds").as_int64()));
    EXPECT_LE(routes[0].at("p95_seconds").as_int64(), 60);
    auto payouts = dash.at("recent_payouts").as_array();
    ASSERT_EQ(payouts.size(), 1u);
    EXPECT_EQ(payouts[0].at("tx_hash").as_string(), payout);
    std::string explorer;
    auto listed = json::parse(perch.get("/api/bridge_api/v1/get-all-chains").body);
    for (const auto& c : listed.at("data").at("list").as_array())
        if (c.at("chain_id").as_int64() == 42161) explorer = c.at("explorer_url").as_string();
    // The devnet profile names no explorer for its chains: no link rather than mainnet's.
    EXPECT_EQ(explorer, "");
    EXPECT_EQ(payouts[0].at("explorer_url").as_string(), "");
    // The maker's balances as the chain has them (the payout just left 42161).
    bool saw_eth = false;
    for (const auto& c : dash.at("liquidity").as_array()) {
        if (c.at("chain_id").as_int64() != 42161) continue;
        EXPECT_EQ(c.at("error").as_string(), "");
        for (const auto& t : c.at("tokens").as_array()) {
            if (t.at("symbol").as_string() != "ETH") continue;
            saw_eth = true;
            EXPECT_EQ(u256_of(t.at("balance")), chains.native(42161, kMaker));
        }
    }
    EXPECT_TRUE(saw_eth) << json::serialize(dash.at("liquidity"));

    // Cached: the same figures within 5 s, but the pause switch is read fresh.
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", perch.db().url()}};
    auto [rc, out] = run_perch({"pause"}, env);
    ASSERT_EQ(rc, 0) << out;
    auto again = get_dashboard();
    EXPECT_TRUE(again.at("paused").as_bool());
    EXPECT_EQ(again.at("as_of"), dash.at("as_of"));
    auto [resumed_rc, resumed_out] = run_perch({"resume"}, env);
    ASSERT_EQ(resumed_rc, 0) << resumed_out;
}
