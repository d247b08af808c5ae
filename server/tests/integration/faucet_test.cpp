// The faucets through the real perch binary and the real devnet: a signed-in wallet's claim is
// sent once and arrives, the limit holds per address and per IP with the time left, nobody claims
// for another wallet, an empty faucet says so, and a signed transaction stored before a crash is
// re-broadcast after the restart instead of signed anew. Each test has its own random faucet key
// (funded with hardhat_setBalance), so tests running side by side never share its nonces.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "bridge/order.hpp"
#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/tx.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "wallet_session.hpp"

namespace json = boost::json;
using perch::Task;
using perch::chain::U256;
using perch::chain::rpc::RpcClient;
using perch::testing::HttpResult;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_task;
using perch::testing::sign_in;
using perch::testing::Wallet;

namespace {

constexpr std::int64_t kInkChain = 8453;  // the core-four devnet: faucet_chains.ink falls back to
                                          // Base (devnet/scripts/lib/faucet-chains.mjs)
const U256 kInkAmount = U256(50'000'000'000'000'000ULL);  // config/faucets.json: 0.05 ETH

Task<U256> balance_task(RpcClient& rpc, perch::chain::Address who) {
    co_return co_await perch::chain::rpc::Eth(rpc).get_balance(who);
}

U256 balance_of(RpcClient& rpc, const std::string& address) {
    return run_task(balance_task(rpc, *perch::chain::Address::from_hex(address)));
}

void set_balance(RpcClient& rpc, const std::string& address, const std::string& wei_hex) {
    run_task(rpc_call(rpc, "hardhat_setBalance", json::array{address, wei_hex}));
}

Task<std::uint64_t> nonce_task(RpcClient& rpc, perch::chain::Address who, std::string tag) {
    co_return co_await perch::chain::rpc::Eth(rpc).get_transaction_count(who, std::move(tag));
}

std::uint64_t nonce_of(RpcClient& rpc, const perch::chain::Address& who, const char* tag) {
    return run_task(nonce_task(rpc, who, tag));
}

// A random valid secret key as 0x hex.
std::string fresh_key_hex() {
    std::random_device rd;
    for (;;) {
        perch::chain::Bytes seed(32);
        for (auto& b : seed) b = static_cast<std::uint8_t>(rd());
        if (perch::chain::PrivateKey::from_bytes(seed)) return perch::chain::to_hex(seed);
    }
}

// A fresh faucet: its key in a 0600 file, its account funded with `wei_hex` on the Ink chain.
struct Faucet {
    std::string key_hex = fresh_key_hex();
    perch::chain::PrivateKey key = *perch::chain::PrivateKey::from_hex(key_hex);
    std::string address = key.address().checksum_hex();
    std::filesystem::path key_file;

    Faucet(RpcClient& rpc, const std::string& wei_hex) {
        key_file = std::filesystem::temp_directory_path() /
                   ("perch-faucet-" + std::to_string(std::random_device{}()) + ".key");
        std::ofstream(key_file) << key_hex << "\n";
        chmod(key_file.c_str(), 0600);
        set_balance(rpc, address, wei_hex);
    }
    ~Faucet() { std::filesystem::remove(key_file); }
    std::string config(const perch::testing::Devnet& devnet) const {
        return "\"chain_profile\": \"" + devnet.state_path + "\", \"faucet_key_file\": \"" +
               key_file.string() + "\", \"trusted_proxies\": [\"127.0.0.1\"]";
    }
};

HttpResult claim(const PerchProcess& perch, const perch::testing::Session& session,
                 const std::string& address, const std::string& ip,
                 const std::string& slug = "ink") {
    auto headers = session.headers();
    headers["X-Forwarded-For"] = ip;
    auto body = json::serialize(json::object{{"slug", slug}, {"address", address}});
    return perch.request("POST", "/api/faucet_api/v1/claims", body, headers);
}

json::array claims_of(const PerchProcess& perch, const std::string& address) {
    auto res = perch.get("/api/faucet_api/v1/claims?address=" + address);
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").at("list").as_array();
}

// Waits until the wallet's newest claim reaches `status` (the devnet mines a block a second).
json::object wait_for_claim(const PerchProcess& perch, const std::string& address,
                            const std::string& status) {
    json::object last;
    for (int i = 0; i < 150; ++i) {
        auto list = claims_of(perch, address);
        if (!list.empty()) {
            last = list.front().as_object();
            if (last.at("status").as_string() == status) return last;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    ADD_FAILURE() << "claim of " << address << " never reached " << status << ": "
                  << json::serialize(last);
    return last;
}

std::string message_of(const HttpResult& res) {
    return std::string(json::parse(res.body).at("msg").as_string());
}

json::object faucet_view(const PerchProcess& perch, const std::string& address,
                         const std::string& slug) {
    auto res = perch.get("/api/faucet_api/v1/faucets?address=" + address);
    EXPECT_EQ(res.status, 200) << res.body;
    auto doc = json::parse(res.body);
    for (const auto& f : doc.at("data").at("list").as_array())
        if (f.at("slug").as_string() == slug) return f.as_object();
    ADD_FAILURE() << "no " << slug << " faucet: " << res.body;
    return {};
}

json::object ink_view(const PerchProcess& perch, const std::string& address) {
    return faucet_view(perch, address, "ink");
}

}  // namespace

TEST(FaucetServer, AClaimArrivesOnceAndTheLimitHoldsPerAddressAndPerIp) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient ink({devnet.rpc_urls.at(kInkChain)});
    Faucet faucet(ink, "0x8AC7230489E80000");  // 10 ETH
    PerchProcess perch(faucet.config(devnet));
    auto alice = Wallet::fresh();
    auto bob = Wallet::fresh();
    auto alice_session = sign_in(perch, alice);
    auto bob_session = sign_in(perch, bob);

    auto view = ink_view(perch, alice.lower());
    EXPECT_TRUE(view.at("available").as_bool()) << json::serialize(view);
    EXPECT_FALSE(view.at("empty").as_bool());
    EXPECT_EQ(view.at("chain_id").as_int64(), kInkChain);
    EXPECT_EQ(view.at("wait_seconds").as_int64(), 0);

    // Nobody claims for Alice but Alice: no session is 401, Bob's session is 403.
    auto none =
        perch.request("POST", "/api/faucet_api/v1/claims",
                      json::serialize(json::object{{"slug", "ink"}, {"address", alice.lower()}}),
                      {{"Content-Type", "application/json"}});
    EXPECT_EQ(none.status, 401) << none.body;
    EXPECT_EQ(claim(perch, bob_session, alice.lower(), "10.0.0.9").status, 403);
    EXPECT_TRUE(claims_of(perch, alice.lower()).empty());

    auto first = claim(perch, alice_session, alice.lower(), "10.0.0.1");
    ASSERT_EQ(first.status, 200) << first.body;
    auto queued = json::parse(first.body).at("data").as_object();
    EXPECT_EQ(queued.at("status").as_string(), "queued");
    EXPECT_EQ(queued.at("amount").as_string(), kInkAmount.to_dec());
    auto done = wait_for_claim(perch, alice.lower(), "done");
    EXPECT_EQ(std::string(done.at("tx_hash").as_string()).size(), 66U);
    EXPECT_EQ(balance_of(ink, alice.address), kInkAmount);

    // Again from the same address, on any IP: refused with the time left.
    for (const char* ip : {"10.0.0.1", "10.0.0.2"}) {
        auto again = claim(perch, alice_session, alice.lower(), ip);
        EXPECT_EQ(again.status, 429) << again.body;
        EXPECT_NE(message_of(again).find("This wallet has already claimed from the Ink Sepolia "
                                         "faucet in the last 24 hours. Try again in 24 h."),
                  std::string::npos)
            << again.body;
    }
    // Another wallet from the IP that claimed: refused too; from another IP it may claim.
    auto same_ip = claim(perch, bob_session, bob.lower(), "10.0.0.1");
    EXPECT_EQ(same_ip.status, 429) << same_ip.body;
    EXPECT_NE(message_of(same_ip).find("Someone on your network has already claimed"),
              std::string::npos)
        << same_ip.body;
    auto bob_claim = claim(perch, bob_session, bob.lower(), "10.0.0.3");
    EXPECT_EQ(bob_claim.status, 200) << bob_claim.body;
    wait_for_claim(perch, bob.lower(), "done");

    // Sent exactly once each: Alice still holds one amount, one claim is stored for her.
    EXPECT_EQ(balance_of(ink, alice.address), kInkAmount);
    EXPECT_EQ(balance_of(ink, bob.address), kInkAmount);
    EXPECT_EQ(claims_of(perch, alice.lower()).size(), 1U);
    auto after = ink_view(perch, alice.lower());
    EXPECT_GT(after.at("wait_seconds").as_int64(), 24 * 3600 - 120);
}

TEST(FaucetServer, AnEmptyFaucetSaysSoAndQueuesNothing) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient ink({devnet.rpc_urls.at(kInkChain)});
    Faucet faucet(ink, "0x0");
    PerchProcess perch(faucet.config(devnet));
    auto alice = Wallet::fresh();
    auto session = sign_in(perch, alice);
    EXPECT_TRUE(ink_view(perch, alice.lower()).at("empty").as_bool());
    auto res = claim(perch, session, alice.lower(), "10.0.1.1");
    EXPECT_EQ(res.status, 503) << res.body;
    EXPECT_EQ(message_of(res), "The Ink Sepolia faucet is empty right now. Try again later.");
    EXPECT_TRUE(claims_of(perch, alice.lower()).empty());
    // The limit is untouched: once funded, the same wallet claims.
    set_balance(ink, faucet.address, "0x8AC7230489E80000");
    EXPECT_EQ(claim(perch, session, alice.lower(), "10.0.1.1").status, 200);
    wait_for_claim(perch, alice.lower(), "done");
    EXPECT_EQ(balance_of(ink, alice.address), kInkAmount);
}

TEST(FaucetServer, ASignedClaimStoredBeforeACrashIsSentAfterTheRestartNotSignedAgain) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient ink({devnet.rpc_urls.at(kInkChain)});
    Faucet faucet(ink, "0x8AC7230489E80000");
    auto dir = std::filesystem::temp_directory_path() /
               ("perch-faucet-crash-" + std::to_string(std::random_device{}()));
    std::filesystem::create_directories(dir);
    perch::testing::TestDatabase db(dir);
    auto [status, out] = perch::testing::run_perch({"migrate"}, {{"PERCH_DATABASE_URL", db.url()}});
    ASSERT_EQ(status, 0) << out;

    // What a perch that died right after storing, before broadcasting, leaves behind.
    auto alice = Wallet::fresh();
    auto nonce = nonce_of(ink, faucet.key.address(), "pending");
    auto transfer = perch::bridge::transfer_of(
        perch::chain::Address{}, *perch::chain::Address::from_hex(alice.address), kInkAmount);
    auto tx = perch::bridge::transaction_for(transfer, kInkChain, nonce,
                                             {U256(100'000'000'000ULL), U256(1'000'000'000ULL)});
    perch::chain::sign_transaction(tx, faucet.key);
    auto raw = perch::chain::to_hex(perch::chain::encode_transaction(tx));
    auto hash = perch::chain::transaction_hash(tx).hex();
    auto now = std::to_string(perch::testing::now_unix());
    auto sql =
        "INSERT INTO faucet_claims (slug, chain_id, address, client_ip, amount, status, "
        "nonce, raw_tx, tx_hash, created_at, updated_at) VALUES ('ink', 8453, '" +
        alice.lower() + "', '10.0.2.1', '" + kInkAmount.to_dec() + "', 'sent', " +
        std::to_string(nonce) + ", '" + raw + "', '" + hash + "', " + now + ", " + now + ")";
    db.exec(sql);

    PerchProcess perch(faucet.config(devnet) + ", \"database_url\": \"" + db.url() + "\"");
    auto done = wait_for_claim(perch, alice.lower(), "done");
    EXPECT_EQ(done.at("tx_hash").as_string(), hash);  // the stored transaction, not a new one
    EXPECT_EQ(balance_of(ink, alice.address), kInkAmount);
    EXPECT_EQ(nonce_of(ink, faucet.key.address(), "latest"), nonce + 1);
    perch.stop();
    std::filesystem::remove_all(dir);
}

TEST(FaucetServer, ATokenFaucetSendsItsTokenAndSaysWhenItHasNone) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient ink({devnet.rpc_urls.at(kInkChain)});
    Faucet faucet(ink, "0x8AC7230489E80000");
    PerchProcess perch(faucet.config(devnet));
    auto alice = Wallet::fresh();
    auto session = sign_in(perch, alice);
    const auto& usdc = devnet.contracts.at("USDC");
    // ETH for gas but no USDC: the USDC faucet is empty, the ETH one is not.
    EXPECT_TRUE(faucet_view(perch, alice.lower(), "ink-usdc").at("empty").as_bool());
    EXPECT_FALSE(ink_view(perch, alice.lower()).at("empty").as_bool());
    EXPECT_EQ(claim(perch, session, alice.lower(), "10.0.3.1", "ink-usdc").status, 503);

    // The deployer (TestToken's owner) mints the faucet 100 USDC; a claim sends 10.
    namespace abi = perch::chain::abi;
    auto mint = *abi::parse_function("mint(address to, uint256 amount)")
                     ->encode_call(std::vector<abi::Value>{abi::Value::of(faucet.key.address()),
                                                           abi::Value::of(U256(100'000'000))});
    json::array params{json::object{{"from", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"},
                                    {"to", usdc},
                                    {"data", perch::chain::to_hex(mint)}}};
    auto hash = run_task(rpc_call(ink, "eth_sendTransaction", std::move(params)));
    run_task(
        perch::testing::wait_for_receipt(ink, *perch::chain::Hash32::from_hex(hash.as_string())));
    EXPECT_FALSE(faucet_view(perch, alice.lower(), "ink-usdc").at("empty").as_bool());
    auto res = claim(perch, session, alice.lower(), "10.0.3.1", "ink-usdc");
    ASSERT_EQ(res.status, 200) << res.body;
    wait_for_claim(perch, alice.lower(), "done");
    auto call = perch::chain::rpc::erc20_balance_call(
        *perch::chain::Address::from_hex(usdc), *perch::chain::Address::from_hex(alice.address));
    auto held = run_task(rpc_call(ink, call.method, call.params));
    EXPECT_EQ(perch::chain::rpc::quantity(held), U256(10'000'000));
    // The limit is per faucet: the ETH faucet is still open to Alice.
    EXPECT_EQ(ink_view(perch, alice.lower()).at("wait_seconds").as_int64(), 0);
}

// The faucet's rate-limit group (config.cpp default_rate_groups): ten claims at once from an IP,
// then 429 with Retry-After, whatever the claims were.
TEST(FaucetServer, ClaimRequestsAreRateLimitedPerIp) {
    PerchProcess perch("\"trusted_proxies\": [\"127.0.0.1\"]");
    auto body =
        json::serialize(json::object{{"slug", "ink"}, {"address", Wallet::fresh().lower()}});
    auto post = [&](const std::string& ip) {
        return perch.request("POST", "/api/faucet_api/v1/claims", body,
                             {{"Content-Type", "application/json"}, {"X-Forwarded-For", ip}});
    };
    for (int i = 0; i < 10; ++i) EXPECT_EQ(post("10.9.0.1").status, 401) << i;  // no session
    auto limited = post("10.9.0.1");
    EXPECT_EQ(limited.status, 429) << limited.body;
    EXPECT_FALSE(limited.headers["retry-after"].empty());
    EXPECT_EQ(post("10.9.0.2").status, 401);  // another IP has its own bucket
}

TEST(FaucetServer, AClaimThatFailsOnChainStillCountsAgainstTheLimit) {
    PERCH_REQUIRE_DEVNET(devnet);
    RpcClient ink({devnet.rpc_urls.at(kInkChain)});
    Faucet faucet(ink, "0x8AC7230489E80000");  // 10 ETH
    PerchProcess perch(faucet.config(devnet));
    auto alice = Wallet::fresh();
    auto session = sign_in(perch, alice);
    // Alice's address answers every call with a revert, as a contract wallet that refuses
    // plain transfers does: each claim costs the faucet its gas and pays nothing.
    run_task(rpc_call(ink, "hardhat_setCode", json::array{alice.address, "0x60006000fd"}));

    auto first = claim(perch, session, alice.lower(), "10.0.4.1");
    ASSERT_EQ(first.status, 200) << first.body;
    auto failed = wait_for_claim(perch, alice.lower(), "failed");
    EXPECT_EQ(failed.at("error").as_string(), "The transfer failed on chain.");
    EXPECT_EQ(std::string(failed.at("tx_hash").as_string()).size(), 66U);

    // It counts like a claim that arrived: no second claim from the wallet or its network.
    auto again = claim(perch, session, alice.lower(), "10.0.4.2");
    EXPECT_EQ(again.status, 429) << again.body;
    EXPECT_NE(message_of(again).find("This wallet has already claimed"), std::string::npos)
        << again.body;
    auto bob = Wallet::fresh();
    auto same_network = claim(perch, sign_in(perch, bob), bob.lower(), "10.0.4.1");
    EXPECT_EQ(same_network.status, 429) << same_network.body;
    EXPECT_EQ(claims_of(perch, alice.lower()).size(), 1U);
}
