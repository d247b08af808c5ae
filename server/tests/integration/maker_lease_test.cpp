// The maker's lease against the real devnet: two instances on one database share the maker, one
// pays, another takes over once the leader's lease expired (killed -9, or a same-named host's
// leader), and a clean stop hands the lease over at once. ctest runs MakerOn tests one at a time.
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

namespace {

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

}  // namespace

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
