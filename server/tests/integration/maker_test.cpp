// The maker against the real devnet: the pause switch holds payouts, invalid deposits are refunded
// on their source chain minus the refund's cost, and a payout the node refuses is cancelled
// without stalling the nonces behind it. Each test runs its own perch with the maker on; ctest
// runs them one at a time (RESOURCE_LOCK in CMakeLists.txt): two makers with one key would both
// pay. A payout the maker cannot cover is paid out of PerchPool. Two instances on one database
// share the maker by a lease: one pays, another takes over once its lease expired. Deposits come
// from fresh impersonated wallets, so reruns on one devnet never collide.
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
#include "orders.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace fs = std::filesystem;
using perch::testing::TestDatabase;
using namespace perch::chain;
using perch::Task;
using perch::testing::Devnet;
using perch::testing::order_of;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_perch;
using perch::testing::run_task;
using perch::testing::state_of;
using perch::testing::wait_for_state;

namespace {

constexpr const char* kMaker = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";     // Hardhat #1
constexpr const char* kDeployer = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";  // Hardhat #0
constexpr const char* kUser9 = "0xa0ee7a142d267c1f36714e4a8f75612f20a79720";     // holds USDT
constexpr std::int64_t kChannel = 98675412;
const U256 kEth = *U256::parse_units("1", 18);

using Chains = perch::testing::DevnetChains;
using perch::testing::fresh_wallet;

struct Deposit {
    std::int64_t chain = 0;
    std::string from;
    std::string tx_hash;
    U256 amount;
    U256 balance_after;  // the sender's balance of the deposited token right after it
};

// Depositor.deposit straight to the contract (not through the API, which refuses bad input).
Deposit deposit(Chains& chains, const Devnet& devnet, std::int64_t chain, const std::string& from,
                const std::string& token, const U256& amount, std::int64_t dst,
                const std::string& recipient) {
    const auto& depositor = devnet.contracts.at("Depositor");
    auto token_address = token.empty() ? Address{} : *Address::from_hex(token);
    if (!token.empty())
        chains.send(chain, from, token,
                    perch::chain::erc20::approve(*Address::from_hex(depositor), amount));
    auto receipt = chains.send(
        chain, from, depositor,
        perch::bridge::deposit_calldata(token_address, amount, dst, recipient, kChannel),
        token.empty() ? amount : U256());
    auto balance = token.empty() ? chains.native(chain, from) : chains.erc20(chain, token, from);
    return {chain, from, std::string(receipt.at("transactionHash").as_string()), amount, balance};
}

// `maker_extra` goes inside the "maker" object (", \"key\": value").
std::string maker_config(const Devnet& devnet, const std::string& maker_extra = "") {
    return "\"chain_profile\": \"" + devnet.state_path +
           "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
           "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000" +
           maker_extra + "}";
}

// The watchers start at each chain's head: deposits must come after their first read.
void wait_for_watchers(const TestDatabase& db, std::size_t chains) {
    perch::testing::wait_for("the maker's watchers started", std::chrono::seconds(90), [&] {
        auto started = db.column("SELECT chain_id FROM watch_cursors").size();
        return started >= chains ? perch::testing::Seen::yes()
                                 : perch::testing::Seen::not_yet(std::to_string(started) + " of " +
                                                                 std::to_string(chains));
    });
}

// The watchers start at each chain's head block, inclusive, so a deposit another test left
// unpaid in that block would be paid and counted here too. One new block on each chain puts such
// a deposit below where the watchers start.
void mine_past_earlier_deposits(Chains& chains, const Devnet& devnet) {
    for (const auto& [chain_id, _] : devnet.rpc_urls) chains.call(chain_id, "evm_mine", {});
}

// What a refund transaction sent, as the chain has it.
json::object tx_by_hash(Chains& chains, std::int64_t chain, const json::value& hash) {
    auto tx = chains.call(chain, "eth_getTransactionByHash", {hash});
    return tx.is_object() ? tx.as_object() : json::object{};
}

std::string text_of(const json::object& o, const char* key) {
    const auto* v = o.if_contains(key);
    return v && v->is_string() ? perch::text::to_lower(v->as_string()) : std::string();
}

U256 u256_of(const json::value& v) {
    return *U256::from_dec(std::string(v.as_string()));
}

}  // namespace

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

bool leads(const PerchProcess& perch) {
    auto health = perch.get("/api/health");
    return health.status == 200 &&
           json::parse(health.body).at("data").at("maker").at("leader").as_bool();
}

std::chrono::milliseconds wait_until_leads(const PerchProcess& perch, bool leading,
                                           std::chrono::seconds limit) {
    auto from = std::chrono::steady_clock::now();
    while (leads(perch) != leading && std::chrono::steady_clock::now() - from < limit)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                 from);
}

std::int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// The lease row's expiry (ms since the epoch).
std::int64_t lease_expiry(const TestDatabase& db) {
    return std::stoll(db.column("SELECT expires_at_ms FROM maker_lease").at(0));
}

// Asserts that `perch` does not lead while the lease runs (to 300 ms before `expires`) and pays
// nothing meanwhile; then waits until it leads. How many times it looked.
int waits_out_the_lease(const PerchProcess& perch, std::int64_t expires,
                        const std::string& unpaid_tx) {
    int looked = 0;
    while (wall_ms() < expires - 300) {
        if (leads(perch)) {
            ADD_FAILURE() << "led " << expires - wall_ms() << " ms before the lease ended";
            break;
        }
        if (!unpaid_tx.empty() && state_of(order_of(perch, 8453, unpaid_tx)) == "completed") {
            ADD_FAILURE() << "paid " << expires - wall_ms() << " ms before the lease ended";
            break;
        }
        ++looked;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    wait_until_leads(perch, true, std::chrono::seconds(20));
    EXPECT_TRUE(leads(perch)) << perch.output();
    return looked;
}

// A process id that no process has now (a child that has exited and been reaped).
pid_t dead_pid() {
    pid_t child = fork();
    if (child == 0) _exit(0);
    waitpid(child, nullptr, 0);
    return child;
}

std::string this_hostname() {
    std::array<char, 256> host{};
    gethostname(host.data(), host.size() - 1);
    return host.data();
}

// Two instances with the maker on, one database: one leads and pays. The lease is decided by its
// token and its expiry only: killed -9, the leader is replaced once its lease expired; a leader
// elsewhere whose holder name looks like a dead process of this host (another machine with the
// same hostname) is waited out as well, and meanwhile this one does not pay; a clean stop hands
// the lease over at once.
TEST(MakerOn, ASecondInstanceTakesOverWhenTheLeaderIsKilled) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto config = maker_config(devnet, R"(, "lease_ttl_ms": 8000)");
    auto first = std::make_unique<PerchProcess>(config);
    const auto& db = first->db();
    const std::vector<std::pair<std::string, std::string>> same_db{
        {"PERCH_DATABASE_URL", db.url()}};
    PerchProcess second(config, same_db);
    wait_for_watchers(db, devnet.rpc_urls.size());
    ASSERT_TRUE(leads(*first));
    EXPECT_FALSE(leads(second));
    auto sender = fresh_wallet(chains, 8453, kEth);
    auto recipient = fresh_wallet(chains, 42161, U256());
    auto amount = *U256::parse_units("0.01", 18);
    auto d = deposit(chains, devnet, 8453, sender, "", amount, 42161, recipient);
    // The order's live stream on the follower shows the leader's payout (it re-reads the
    // database every second; nothing in its own process changed).
    auto stream = std::async(std::launch::async, [&] {
        return second.get("/api/bridge_api/v1/order/stream?chain_id=8453&tx_hash=" + d.tx_hash);
    });
    auto paid = wait_for_state(second, 8453, d.tx_hash, "completed");  // read through the follower
    auto received = u256_of(paid.at("receive_amount"));
    auto events = stream.get();
    EXPECT_EQ(events.status, 200);
    EXPECT_NE(events.body.find("\"state\":\"completed\""), std::string::npos) << events.body;
    EXPECT_EQ(chains.native(42161, recipient), received);

    first->kill_now();
    auto looked = waits_out_the_lease(second, lease_expiry(db), "");
    ASSERT_TRUE(leads(second)) << "the dead leader's lease was not taken over\n" << second.output();
    std::cout << "after kill -9, looked " << looked << " times before the lease ended\n";
    EXPECT_EQ(db.column("SELECT token FROM maker_lease"), std::vector<std::string>{"2"});

    // A leader on another machine with this host's name, written as it would write itself: its
    // process id is no process here, which says nothing of a process there. It holds the lease
    // for 6 s: this instance steps down and pays nothing until the lease expired, then leads.
    const auto expires = wall_ms() + 6000;
    db.exec("UPDATE maker_lease SET holder = '" + this_hostname() + ":" +
            std::to_string(dead_pid()) +
            ":1', token = 3, expires_at_ms = " + std::to_string(expires));
    wait_until_leads(second, false, std::chrono::seconds(3));
    EXPECT_FALSE(leads(second));
    auto waiting = deposit(chains, devnet, 8453, sender, "", amount, 42161, recipient);
    looked = waits_out_the_lease(second, expires, waiting.tx_hash);
    ASSERT_TRUE(leads(second)) << second.output();
    std::cout << "looked " << looked << " times before the same-named host's lease ended\n";
    EXPECT_EQ(db.column("SELECT token FROM maker_lease"), std::vector<std::string>{"4"});
    auto paid_again = wait_for_state(second, 8453, waiting.tx_hash, "completed");
    EXPECT_EQ(chains.native(42161, recipient),
              *received.add(u256_of(paid_again.at("receive_amount"))));

    // A clean stop releases the lease: a third instance leads at its next renewal.
    PerchProcess third(config, same_db);
    EXPECT_FALSE(leads(third));
    EXPECT_EQ(second.stop(), 0);
    auto handover = wait_until_leads(third, true, std::chrono::seconds(20));
    EXPECT_TRUE(leads(third)) << "the stopped leader's lease was waited out\n" << third.output();
    std::cout << "handover after a clean stop: " << handover.count() << " ms\n";
}

TEST(MakerOn, InvalidDepositsAreRefundedOnTheSourceChainMinusTheRefundCost) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto& usdt = devnet.contracts.at("USDT");
    // Above liquidity: the maker keeps only 5 USDT on Soneium for this test (restored after).
    auto keep = *U256::parse_units("5", 6);
    auto held = chains.erc20(1868, usdt, kMaker);
    ASSERT_GT(held, keep);
    auto moved = *held.sub(keep);
    chains.send(1868, kMaker, usdt,
                perch::chain::erc20::transfer(*Address::from_hex(kDeployer), moved));
    struct Restore {
        Chains& chains;
        std::string usdt;
        U256 amount;
        ~Restore() {
            chains.send(1868, kDeployer, usdt,
                        perch::chain::erc20::transfer(*Address::from_hex(kMaker), amount));
        }
    } restore{chains, usdt, moved};

    // The payout's own gas is reserved: on Ethereum the maker keeps exactly what an ETH payout
    // of 0.01 would send plus 0.00001 ETH, less than that payout's gas (50 000 × a max fee of
    // at least the 1 gwei tip), so it must be refunded, not signed and then refused by the node.
    auto eth_amount = *U256::parse_units("0.01", 18);
    PerchProcess quoter("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto quote = quoter.get(
        "/api/bridge_api/v1/quote?from_chain_id=1868&to_chain_id=1&token=ETH&amount=0.01");
    ASSERT_EQ(quote.status, 200) << quote.body;
    auto eth_payout = *U256::parse_units(
        std::string(json::parse(quote.body).at("data").at("receive_amount").as_string()), 18);
    auto maker_eth = chains.native(1, kMaker);
    struct RestoreEth {
        Chains& chains;
        U256 balance;
        ~RestoreEth() { chains.call(1, "hardhat_setBalance", {kMaker, balance.to_hex()}); }
    } restore_eth{chains, maker_eth};
    auto short_of_gas = *eth_payout.add(*U256::parse_units("0.00001", 18));
    chains.call(1, "hardhat_setBalance", {kMaker, short_of_gas.to_hex()});

    PerchProcess perch(maker_config(devnet));
    wait_for_watchers(perch.db(), devnet.rpc_urls.size());
    auto good_recipient = fresh_wallet(chains, 42161, U256());

    auto bad_recipient = deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "",
                                 eth_amount, 42161, "xyz");
    auto unknown_route = deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "",
                                 eth_amount, 56, good_recipient);
    auto no_destination = deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "",
                                  eth_amount, 10, good_recipient);
    auto no_gas = deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "", eth_amount, 1,
                          good_recipient);
    auto usdt_sender = fresh_wallet(chains, 1, kEth);
    auto usdt_amount = *U256::parse_units("20", 6);
    chains.send(1, kUser9, usdt,
                perch::chain::erc20::transfer(*Address::from_hex(usdt_sender), usdt_amount));
    auto above_liquidity =
        deposit(chains, devnet, 1, usdt_sender, usdt, usdt_amount, 1868, good_recipient);

    struct Case {
        const Deposit& d;
        std::string reason;
    };
    for (const auto& [d, reason] :
         {Case{bad_recipient, "the recipient 'xyz' is not an address"},
          Case{unknown_route, "ETH cannot be bridged from chain 1868 to chain 56"},
          Case{no_destination, "the bridge does not pay out on chain 10"},
          Case{above_liquidity, "the bridge cannot pay this amount on the destination"},
          Case{no_gas, "the bridge cannot pay this amount on the destination"}}) {
        auto order = wait_for_state(perch, d.chain, d.tx_hash, "refunded");
        if (state_of(order) != "refunded") continue;
        EXPECT_NE(order.at("reason").as_string().find(reason), std::string::npos)
            << order.at("reason");
        EXPECT_EQ(order.at("dst_tx_hash").as_string(), "") << "an invalid deposit is never paid";
        for (const auto& step : order.at("timeline").as_array())
            EXPECT_NE(step.at("state").as_string(), "paying") << "no payout was ever signed";
        auto refund = tx_by_hash(chains, d.chain, order.at("refund_tx_hash"));
        ASSERT_FALSE(refund.empty()) << json::serialize(order);
        EXPECT_EQ(text_of(refund, "from"), kMaker);
        if (&d == &above_liquidity) {
            // A token refund costs the route's transaction cost on the source chain (3 USDT on
            // Ethereum, routes.json), paid by transfer() on the token.
            EXPECT_EQ(text_of(refund, "to"), perch::text::to_lower(usdt));
            auto back = *usdt_amount.sub(*U256::parse_units("3", 6));
            EXPECT_EQ(chains.erc20(1, usdt, d.from), *d.balance_after.add(back));
        } else {
            // A native refund costs its own worst-case gas: 50 000 gas × the max fee it signed.
            EXPECT_EQ(text_of(refund, "to"), d.from);
            auto gas = *rpc::quantity(refund.at("maxFeePerGas")).mul(50'000);
            auto back = *d.amount.sub(gas);
            EXPECT_EQ(rpc::quantity(refund.at("value")), back);
            EXPECT_EQ(chains.native(d.chain, d.from), *d.balance_after.add(back));
        }
    }
}

namespace {

PrivateKey maker_key() {
    std::ifstream in(std::string(perch::test::root_dir()) + "/devnet/maker.key");
    std::stringstream text;
    text << in.rdbuf();
    return *PrivateKey::from_hex(perch::text::trim(text.str()));
}

struct Signed {
    std::string raw;
    std::string hash;
    std::string max_fee;
};

Signed sign_transfer(const PrivateKey& key, std::uint64_t nonce, const std::string& to,
                     const U256& value, std::uint64_t gas, const U256& max_fee) {
    Transaction tx;
    tx.type = TxType::dynamic_fee;
    tx.chain_id = 42161;
    tx.nonce = nonce;
    tx.max_priority_fee_per_gas = U256(1'000'000'000);
    tx.max_fee_per_gas = max_fee;
    tx.gas_limit = gas;
    tx.to = *Address::from_hex(to);
    tx.value = value;
    sign_transaction(tx, key);
    return {to_hex(encode_transaction(tx)), transaction_hash(tx).hex(), max_fee.to_dec()};
}

std::string random_hash() {
    std::random_device rd;
    Bytes bytes(32);
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rd());
    return to_hex(bytes);
}

// An order the maker has already signed and stored a payout for (state paying), as the payer
// leaves it just before broadcasting: the order row, its maker_txs row and its one attempt.
void store_paying_order(const TestDatabase& db, const std::string& sender, const U256& amount,
                        const std::string& recipient, const U256& receive, std::uint64_t nonce,
                        const Signed& tx) {
    auto src_hash = random_hash();
    auto now = std::to_string(std::time(nullptr));
    db.exec(
        "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, block_number, "
        "block_hash, sender, token_address, token, decimals, amount, dst_chain_id, recipient, "
        "channel, confirmations, receive_amount, fee, state, created_at, updated_at) VALUES "
        "('1868:" +
        src_hash + ":0', 1868, '" + src_hash + "', 0, 1, '" + random_hash() + "', '" + sender +
        "', '0x0000000000000000000000000000000000000000', 'ETH', 18, '" + amount.to_dec() +
        "', 42161, '" + recipient + "', " + std::to_string(kChannel) + ", 1, '" + receive.to_dec() +
        "', '" + amount.sub(receive)->to_dec() + "', 'paying', " + now + ", " + now + ")");
    db.exec(
        "INSERT INTO maker_txs (order_id, kind, chain_id, account, nonce, state, created_at, "
        "updated_at) SELECT id, 'payout', 42161, '" +
        std::string(kMaker) + "', " + std::to_string(nonce) + ", 'pending', " + now + ", " + now +
        " FROM bridge_orders WHERE src_tx_hash = '" + src_hash + "'");
    db.exec(
        "INSERT INTO maker_tx_attempts (maker_tx_id, tx_hash, raw_tx, max_fee_per_gas, "
        "created_at) SELECT m.id, '" +
        tx.hash + "', '" + tx.raw + "', '" + tx.max_fee + "', " + now +
        " FROM maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE "
        "o.src_tx_hash = '" +
        src_hash + "'");
}

}  // namespace

// A payout the node refuses (here: a gas limit below the 21 000 any transaction needs) is logged
// as an error with the node's words, then its nonce is filled with a 0-value transfer to the
// maker: the order is refunded, and the next payout, signed at the following nonce and waiting
// behind it, is mined and completes instead of stalling forever.
TEST(MakerOn, ARefusedPayoutIsRefundedAndItsNonceFilled) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    auto dir = fs::temp_directory_path() / ("perch-refused-" + random_hash().substr(2, 12));
    fs::create_directories(dir);
    TestDatabase db(dir);
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", db.url()}};
    auto [migrated_rc, migrated_out] = run_perch({"migrate"}, env);
    ASSERT_EQ(migrated_rc, 0) << migrated_out;

    auto key = maker_key();
    ASSERT_EQ(key.address().lower_hex(), kMaker);
    auto nonce = chains.nonce(42161, kMaker, "pending");
    auto base = rpc::quantity(
        chains.call(42161, "eth_getBlockByNumber", {"latest", false}).at("baseFeePerGas"));
    auto max_fee = *(*base.mul(2)).add(U256(1'000'000'000));
    auto amount = *U256::parse_units("0.01", 18);
    auto receive = *U256::parse_units("0.009", 18);
    auto sender = fresh_wallet(chains, 1868, U256());
    auto refused_to = fresh_wallet(chains, 42161, U256());
    auto paid_to = fresh_wallet(chains, 42161, U256());
    auto refused = sign_transfer(key, nonce, refused_to, receive, 20'000, max_fee);
    auto next = sign_transfer(key, nonce + 1, paid_to, receive, 50'000, max_fee);
    // The node really refuses it (and does not keep it).
    EXPECT_ANY_THROW(chains.call(42161, "eth_sendRawTransaction", {refused.raw}));
    store_paying_order(db, sender, amount, refused_to, receive, nonce, refused);
    store_paying_order(db, sender, amount, paid_to, receive, nonce + 1, next);
    db.exec(
        "INSERT INTO account_nonces (chain_id, account, next_nonce, updated_at) VALUES (42161, '" +
        std::string(kMaker) + "', " + std::to_string(nonce + 2) + ", 0)");

    // Should this test fail, the nonce is filled here so the queued payout behind it cannot
    // later take a nonce another maker on this devnet (the end-to-end run's) counts on.
    struct FillOnFailure {
        Chains& chains;
        std::uint64_t nonce;
        ~FillOnFailure() {
            if (chains.nonce(42161, kMaker, "latest") > nonce) return;
            chains.send(42161, kMaker, kMaker, {});
        }
    } fill_on_failure{chains, nonce};
    PerchProcess perch(maker_config(devnet), env);
    auto first = perch.get("/api/bridge_api/v1/history?address=" + sender + "&size=10");
    ASSERT_EQ(first.status, 200) << first.body;
    auto src_of = [&](const std::string& recipient) {
        auto history = json::parse(
            perch.get("/api/bridge_api/v1/history?address=" + sender + "&size=10").body);
        for (const auto& o : history.at("data").at("list").as_array())
            if (o.at("recipient").as_string() == recipient)
                return std::string(o.at("src_tx_hash").as_string());
        return std::string();
    };
    auto refunded = wait_for_state(perch, 1868, src_of(refused_to), "refunded", 50);
    EXPECT_NE(refunded.at("reason").as_string().find("refused the payout"), std::string::npos)
        << refunded.at("reason");
    EXPECT_EQ(refunded.at("dst_tx_hash").as_string(), "");
    EXPECT_TRUE(chains.native(42161, refused_to).is_zero());
    // The deposit came back to its sender on the source chain, minus the refund's gas.
    auto refund = tx_by_hash(chains, 1868, refunded.at("refund_tx_hash"));
    ASSERT_FALSE(refund.empty());
    auto back = *amount.sub(*rpc::quantity(refund.at("maxFeePerGas")).mul(50'000));
    EXPECT_EQ(chains.native(1868, sender), back);

    // The nonce went to a filler: 0 value, from the maker to the maker.
    auto filler = db.column("SELECT tx_hash FROM maker_tx_attempts WHERE filler = 1");
    ASSERT_EQ(filler.size(), 1u);
    auto filled = tx_by_hash(chains, 42161, json::string(filler[0]));
    EXPECT_EQ(text_of(filled, "to"), kMaker);
    EXPECT_TRUE(rpc::quantity(filled.at("value")).is_zero());
    EXPECT_EQ(rpc::quantity(filled.at("nonce")).low_u64(), nonce);
    // ... so the payout behind it was mined.
    auto paid = wait_for_state(perch, 1868, src_of(paid_to), "completed");
    EXPECT_EQ(chains.native(42161, paid_to), receive);
    // Never silent: error lines with the node's refusal and the cancellation.
    auto log = perch.output();
    // (Which version is refused first depends on timing: created_at has whole seconds, so a
    // speed-up may come before the first broadcast. Each version carries the node's refusal.)
    EXPECT_NE(log.find("error maker: chain 42161 refused transaction 0x"), std::string::npos)
        << log;
    EXPECT_NE(log.find("requires at least 21000 gas"), std::string::npos) << log;
    EXPECT_NE(log.find("the nonce is cancelled"), std::string::npos) << log;
    perch.stop();
    fs::remove_all(dir);
}

namespace {

// `count` orders in `refunding` on Soneium, as a watcher records them, each with its own random
// deposit hash: `token` / `token_address` as the catalog named them then ("" for a token it did
// not list), `amount` in base units.
void store_refunding_orders(const TestDatabase& db, int count, const std::string& token,
                            const std::string& token_address, const std::string& amount,
                            const std::string& sender) {
    auto now = std::to_string(std::time(nullptr));
    std::string rows;
    for (int i = 0; i < count; ++i) {
        auto hash = random_hash();
        rows += std::string(i ? ", " : "") + "('1868:" + hash + ":0', 1868, '" + hash +
                "', 0, 1, '" + random_hash() + "', '" + sender + "', '" + token_address + "', '" +
                token + "', 6, '" + amount + "', 42161, '" + sender + "', " +
                std::to_string(kChannel) + ", 1, 'below the minimum', 'refunding', " + now + ", " +
                now + ")";
    }
    db.exec(
        "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, block_number, "
        "block_hash, sender, token_address, token, decimals, amount, dst_chain_id, recipient, "
        "channel, confirmations, reason, state, created_at, updated_at) VALUES " +
        rows);
}

}  // namespace

// A refund the maker cannot sign now must not hold up the refunds behind it. A full batch (300)
// of older refunds it cannot sign (USDT it does not hold that much of) and a few deposits of a
// token the bridge does not list, recorded as refunding by an earlier version, come first; a
// below-minimum ETH deposit on the same chain is still refunded at once. The unsignable refunds
// wait with a retry time stored on their orders; the unlisted ones are rejected, never refunded.
TEST(MakerOn, RefundsTheMakerCannotSignNeverHoldUpTheOnesBehind) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    auto dir = fs::temp_directory_path() / ("perch-refund-wait-" + random_hash().substr(2, 12));
    fs::create_directories(dir);
    TestDatabase db(dir);
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", db.url()}};
    auto [migrated_rc, migrated_out] = run_perch({"migrate"}, env);
    ASSERT_EQ(migrated_rc, 0) << migrated_out;

    const auto usdt = perch::text::to_lower(devnet.contracts.at("USDT"));
    auto nobody = fresh_wallet(chains, 1868, U256());
    // 10^24 USDT: more than the maker will ever hold, so these refunds cannot be signed.
    store_refunding_orders(db, 300, "USDT", usdt, "1" + std::string(30, '0'), nobody);
    const auto unlisted = "0x" + random_hash().substr(26);
    store_refunding_orders(db, 5, "", unlisted, "1000000", nobody);

    PerchProcess perch(maker_config(devnet), env);
    wait_for_watchers(db, devnet.rpc_urls.size());  // perch's database is `db` (env), not its own
    auto below_min =
        deposit(chains, devnet, 1868, fresh_wallet(chains, 1868, kEth), "",
                *U256::parse_units("0.0005", 18), 42161, fresh_wallet(chains, 42161, U256()));
    auto started = std::chrono::steady_clock::now();
    auto order = wait_for_state(perch, 1868, below_min.tx_hash, "refunded", 60);
    if (state_of(order) == "refunded") {
        auto took = std::chrono::steady_clock::now() - started;
        std::cout << "below-minimum deposit refunded "
                  << std::chrono::duration_cast<std::chrono::milliseconds>(took).count()
                  << " ms after its receipt, behind 300 unsignable refunds\n";
        auto refund = tx_by_hash(chains, 1868, order.at("refund_tx_hash"));
        ASSERT_FALSE(refund.empty());
        EXPECT_EQ(text_of(refund, "to"), below_min.from);
        EXPECT_EQ(chains.native(1868, below_min.from),
                  *below_min.balance_after.add(rpc::quantity(refund.at("value"))));
    }

    // The unsignable ones wait, each with its retry time stored; none was signed. (Not compared
    // with the clock: one whose time has just come is put off again within a poll.)
    auto waiting = db.column(
        "SELECT COUNT(*) FROM bridge_orders WHERE state = 'refunding' AND token = 'USDT' AND "
        "refund_retries >= 1 AND refund_retry_at > 0");
    ASSERT_EQ(waiting.size(), 1u);
    EXPECT_EQ(waiting[0], "300");
    EXPECT_EQ(db.column("SELECT COUNT(*) FROM maker_txs m JOIN bridge_orders o ON o.id = "
                        "m.order_id WHERE o.sender = '" +
                        nobody + "'")[0],
              "0");
    // The unlisted token's deposits are rejected, with the reason, and never refunded.
    auto rejected = db.column("SELECT reason FROM bridge_orders WHERE token_address = '" +
                              unlisted + "' AND state = 'rejected'");
    ASSERT_EQ(rejected.size(), 5u);
    EXPECT_NE(rejected[0].find("does not list this token"), std::string::npos) << rejected[0];
    perch.stop();
    fs::remove_all(dir);
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
