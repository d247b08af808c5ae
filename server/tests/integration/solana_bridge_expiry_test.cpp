// A Solana payout whose blockhash expired while the node dropped everything, against the real
// devnet and the real perch: rebuilt once, paid once, also when two makers on one PostgreSQL race
// for it. The suite holds the maker's lock (CMakeLists.txt): two makers with one key would both
// pay.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "bridge/solana_memo.hpp"
#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"
#include "chain/solana/rpc.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "listening.hpp"
#include "orders.hpp"
#include "solana_bridge_support.hpp"
#include "solana_wait.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace sol = perch::chain::solana;
using namespace perch::testing::solana_bridge;

namespace {

// While it lives, the node takes every transaction and drops it, as a congested leader would.
class DroppingIncoming {
  public:
    explicit DroppingIncoming(SolanaNode& node) : node_(node) {
        node_.call("perch_dropIncoming", {true});
    }
    ~DroppingIncoming() { node_.call("perch_dropIncoming", {false}); }
    DroppingIncoming(const DroppingIncoming&) = delete;
    DroppingIncoming& operator=(const DroppingIncoming&) = delete;

  private:
    SolanaNode& node_;
};

struct PayingDeposit {
    std::string hash;
    json::object quote;
    sol::Pubkey recipient;
};

// 0.01 ETH from a fresh Arbitrum wallet to a fresh Solana account through build_tx, once the
// maker is paying it.
PayingDeposit eth_to_sol_being_paid(PerchProcess& perch, Chains& chains) {
    auto sender = fresh_wallet(chains, 42161, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();
    auto deposit = evm_deposit(perch, chains, 42161, "ETH", "0.01", sender, recipient.to_base58());
    wait_for_state(perch, 42161, deposit.first, "paying", 60);
    return {deposit.first, std::move(deposit.second), recipient};
}

}  // namespace

TEST(SolanaBridge, AnExpiredPayoutIsRebuiltOnceAndPaidOnce) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    DroppingIncoming dropping(node);
    auto [hash, quote, recipient] = eth_to_sol_being_paid(perch, chains);
    const auto& db = perch.db();
    auto valid_until = db.column(
        "SELECT valid_until FROM maker_tx_attempts a JOIN maker_txs m ON "
        "m.id = a.maker_tx_id WHERE m.chain_id = 83797601");
    ASSERT_EQ(valid_until.size(), 1U);
    // Re-sent, still dropped: the same version for a few rounds.
    std::this_thread::sleep_for(std::chrono::seconds(3));
    EXPECT_EQ(db.column("SELECT tx_hash FROM maker_tx_attempts a JOIN maker_txs m ON m.id = "
                        "a.maker_tx_id WHERE m.chain_id = 83797601")
                  .size(),
              1U)
        << "a new version was signed while the first could still land";
    EXPECT_EQ(node.lamports(recipient), 0U);
    // The node takes transactions again, and the first version's blockhash expires at once.
    node.call("perch_dropIncoming", {false});
    node.call("perch_advanceSlots", {200});
    auto order = wait_for_state(perch, 42161, hash, "completed", 90);
    auto attempts = db.column(
        "SELECT tx_hash FROM maker_tx_attempts a JOIN maker_txs m ON m.id = "
        "a.maker_tx_id WHERE m.chain_id = 83797601 ORDER BY a.id");
    ASSERT_EQ(attempts.size(), 2U) << "rebuilt exactly once";
    EXPECT_EQ(order.at("dst_tx_hash").as_string(), attempts[1]);
    EXPECT_EQ(U256(node.lamports(recipient)), wei_of(quote)) << "paid exactly once";
    // The first version is unknown to the chain for good.
    auto first = run_task(node.rpc.get_signature_statuses({attempts[0]}, true));
    EXPECT_FALSE(first.at(0));
}

namespace {

// tests/fixtures/holding-rpc-proxy.mjs in front of a node: holds back one method's calls while
// told to.
class HoldingProxy {
  public:
    HoldingProxy(const std::string& upstream, const std::string& method)
        : port_(perch::testing::free_port()) {
        auto script =
            std::string(perch::test::root_dir()) + "/server/tests/fixtures/holding-rpc-proxy.mjs";
        auto port = std::to_string(port_);
        pid_ = fork();
        if (pid_ == 0) {
            execlp("node", "node", script.c_str(), port.c_str(), upstream.c_str(), method.c_str(),
                   static_cast<char*>(nullptr));
            _exit(127);
        }
        if (!wait_until_listening(port_, "/__held", 200))
            throw std::runtime_error("the holding proxy did not start");
    }
    ~HoldingProxy() {
        ::kill(pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
    }
    HoldingProxy(const HoldingProxy&) = delete;
    HoldingProxy& operator=(const HoldingProxy&) = delete;

    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }
    void hold() const { perch::testing::http_request(port_, "POST", "/__hold"); }
    void release() const { perch::testing::http_request(port_, "POST", "/__release"); }
    int held() const {
        return std::stoi(perch::testing::http_request(port_, "GET", "/__held").body);
    }

  private:
    int port_;
    pid_t pid_ = -1;
};

// The perch process a PerchProcess runs: the one whose command line names its config file.
pid_t pid_of(const PerchProcess& perch) {
    const auto config = (perch.dir() / "perch.json").string();
    for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
        std::ifstream in(entry.path() / "cmdline");
        std::string cmdline((std::istreambuf_iterator<char>(in)), {});
        if (cmdline.find(config) != std::string::npos && cmdline.find("serve") != std::string::npos)
            return static_cast<pid_t>(std::stoi(entry.path().filename().string()));
    }
    throw std::runtime_error("no process runs " + config);
}

bool leads(const PerchProcess& perch) {
    auto health = perch.get("/api/health");
    return health.status == 200 &&
           json::parse(health.body).at("data").at("maker").at("leader").as_bool();
}

// Stops the process (SIGSTOP) at a moment it has no database transaction open: a stopped holder
// of the write lock would stall the other instance as well, which is not the stall under test.
bool stop_between_transactions(const PerchProcess& perch, pid_t pid) {
    for (int i = 0; i < 50; ++i) {
        ::kill(pid, SIGSTOP);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        auto open = perch.db().column(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state "
            "LIKE 'idle in transaction%'");
        if (open.at(0) == "0") return true;
        ::kill(pid, SIGCONT);
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

}  // namespace

// Two makers on one PostgreSQL. The leader's payout version expired unseen; in the middle of
// signing the next version it stalls (held in getLatestBlockhash, then stopped), its lease expires
// and the other instance takes over, signs a version of its own and lands it. When the old leader
// wakes up it must not record or send a version of its own: exactly one version lands.
TEST(SolanaBridge, TwoMakersLandOneVersionOfAnExpiredPayout) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    if (!perch::testing::testing_postgresql())
        GTEST_SKIP() << "two makers on one PostgreSQL: the postgresql/ run";
    Chains chains(devnet);
    SolanaNode node(solana);
    HoldingProxy proxy(solana.rpc_url, "getLatestBlockhash");
    auto config = [&](const std::string& solana_rpc) {
        return "\"chain_profile\": \"" + devnet.state_path +
               "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
               "\"rpc\": {\"timeout_ms\": 60000}, "
               "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000, "
               "\"lease_ttl_ms\": 3000}, "
               "\"quote_signer_key_file\": \"devnet/quote-signer.key\", "
               "\"solana\": {\"maker_key_file\": \"devnet/solana-maker.key\", \"rpc_url\": \"" +
               solana_rpc + "\"}";
    };
    PerchProcess first(config(proxy.url()));
    const auto first_pid = pid_of(first);
    struct Continue {
        pid_t pid;
        ~Continue() { ::kill(pid, SIGCONT); }
    } continue_first{first_pid};
    wait_for_solana_watcher(first);
    PerchProcess second(config(solana.rpc_url), {{"PERCH_DATABASE_URL", first.db().url()}});
    ASSERT_TRUE(leads(first));
    EXPECT_FALSE(leads(second));

    DroppingIncoming dropping(node);
    auto [hash, quote, recipient] = eth_to_sol_being_paid(first, chains);
    // The first version expires unseen; the leader starts on the next one and stalls there.
    proxy.hold();
    node.call("perch_advanceSlots", {200});
    for (int i = 0; i < 300 && proxy.held() == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_GT(proxy.held(), 0) << "the leader did not start a new version\n" << first.output();
    ASSERT_TRUE(stop_between_transactions(first, first_pid));
    node.call("perch_dropIncoming", {false});
    for (int i = 0; i < 200 && !leads(second); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_TRUE(leads(second)) << second.output();
    auto order = wait_for_state(second, 42161, hash, "completed", 60);

    // The old leader wakes up where it stalled.
    proxy.release();
    ::kill(first_pid, SIGCONT);
    const auto& db = first.db();
    const std::string versions =
        "SELECT tx_hash FROM maker_tx_attempts a JOIN maker_txs m ON m.id = a.maker_tx_id WHERE "
        "m.chain_id = 83797601 ORDER BY a.id";
    for (int i = 0; i < 150; ++i) {
        if (first.output().find("taken by another instance") != std::string::npos ||
            db.column(versions).size() > 2)
            break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    std::this_thread::sleep_for(std::chrono::seconds(4));  // a version sent now would be final
    auto attempts = db.column(versions);
    EXPECT_EQ(attempts.size(), 2U) << "versions stored: the expired one and one new one";
    int landed = 0;
    for (const auto& status : run_task(node.rpc.get_signature_statuses(attempts, true)))
        landed += status ? 1 : 0;
    EXPECT_EQ(landed, 1) << "versions that landed";
    EXPECT_EQ(U256(node.lamports(recipient)), wei_of(quote)) << "paid exactly once";
    EXPECT_EQ(order.at("dst_tx_hash").as_string(), attempts.back());
    EXPECT_NE(first.output().find("taken by another instance"), std::string::npos)
        << "the old leader's new version was refused by its lost lease\n"
        << first.output();
}
