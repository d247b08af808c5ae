// Solana as a bridge chain (docs/solana.md) against the real devnet: the LiteSVM node and the
// Hardhat nodes, with the real perch and its maker. Both directions for SOL <-> ETH (a cross-asset
// route paid at exactly the quoted amount) and USDC <-> USDC, deposits built by build_tx and
// signed here as a wallet would, a bad memo refunded on Solana (no memo and two memos said so), a
// payout to the maker's own address paid once and never read back as a deposit, and a payout whose
// blockhash expired while the node dropped everything: rebuilt once, paid once, also when two
// makers on one PostgreSQL race for it. The suite holds the maker's lock (CMakeLists.txt): two
// makers with one key would both pay.
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
#include "orders.hpp"
#include "solana_wait.hpp"
#include "test_paths.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace sol = perch::chain::solana;
using namespace perch::chain;
using perch::Task;
using perch::testing::Devnet;
using perch::testing::order_of;
using perch::testing::PerchProcess;
using perch::testing::run_task;
using perch::testing::state_of;
using perch::testing::wait_for_state;

namespace {

constexpr std::int64_t kSolana = perch::bridge::kSolanaChainId;
constexpr const char* kDeployer = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";  // Hardhat #0

using Chains = perch::testing::DevnetChains;
using perch::testing::fresh_wallet;

// The devnet's Solana node as state.json describes it; nullopt without one.
struct SolanaDevnet {
    std::string rpc_url;
    sol::Pubkey maker;
    sol::Pubkey usdc_mint;
};

std::optional<SolanaDevnet> solana_devnet(const Devnet& devnet) {
    std::ifstream in(devnet.state_path);
    std::stringstream buf;
    buf << in.rdbuf();
    auto doc = json::parse(buf.str()).as_object();
    const auto* s = doc.if_contains("solana");
    if (!s || !s->is_object()) return std::nullopt;
    const auto& o = s->as_object();
    return SolanaDevnet{std::string(o.at("rpc_url").as_string()),
                        *sol::Pubkey::from_base58(o.at("maker").as_string()),
                        *sol::Pubkey::from_base58(o.at("usdc_mint").as_string())};
}

#define REQUIRE_SOLANA(devnet, var)                                                    \
    auto var##_opt = solana_devnet(devnet);                                            \
    if (!var##_opt) GTEST_SKIP() << "the test devnet has no Solana node (state.json)"; \
    const auto& var = *var##_opt

// A devnet user's key (docs/solana.md: seed = sha256("perch devnet solana " + name)).
sol::Keypair devnet_key(const std::string& name) {
    auto text = "perch devnet solana " + name;
    return std::move(*sol::Keypair::from_seed(sol::sha256(Bytes(text.begin(), text.end()))));
}

// The Solana node as a wallet and an explorer use it.
struct SolanaNode {
    explicit SolanaNode(const SolanaDevnet& d) : devnet(d), client({d.rpc_url}), rpc(client) {}

    std::uint64_t lamports(const sol::Pubkey& owner) {
        return run_task(rpc.get_balance(owner, sol::Commitment::confirmed));
    }
    // The owner's USDC (its associated account; 0 while it has none).
    std::uint64_t usdc(const sol::Pubkey& owner) {
        auto ata = sol::associated_token_address(owner, devnet.usdc_mint).address;
        auto info = run_task(rpc.get_account_info(ata, sol::Commitment::confirmed));
        if (!info) return 0;
        return sol::parse_token_account(ata, info->data)->amount;
    }
    json::value call(std::string method, json::array params) {
        return run_task(perch::testing::rpc_call(client, std::move(method), std::move(params)));
    }
    // Signs the unsigned transaction build_tx answered and sends it; the signature.
    std::string sign_and_send(const std::string& base64, const sol::Keypair& key) {
        auto tx = *sol::parse_transaction(*sol::from_base64(base64));
        const sol::Keypair* keys[] = {&key};
        EXPECT_TRUE(sol::sign_transaction(tx, keys));
        return run_task(rpc.send_transaction(sol::serialize_transaction(tx)));
    }
    // A transaction of our own (a deposit the API would refuse to build).
    std::string send(const sol::Keypair& key, const std::vector<sol::Instruction>& instructions) {
        auto latest = run_task(rpc.get_latest_blockhash(sol::Commitment::confirmed));
        auto message = *sol::compile_message(key.pubkey(), instructions, latest.blockhash);
        auto tx = sol::unsigned_transaction(std::move(message));
        const sol::Keypair* keys[] = {&key};
        EXPECT_TRUE(sol::sign_transaction(tx, keys));
        auto wire = sol::serialize_transaction(tx);
        auto signature = run_task(rpc.send_transaction(wire));
        sent_[signature] = {std::move(wire), latest.last_valid_block_height};
        return signature;
    }
    // Waits until the transaction is final (the maker reads finalized), at the node's pace.
    void wait_final(const std::string& signature) {
        auto it = sent_.find(signature);
        auto sent = it == sent_.end() ? Sent{{}, UINT64_MAX} : it->second;
        run_task(perch::testing::follow_to_finalized(rpc, signature, sent.wire, sent.valid_to));
    }

    struct Sent {
        perch::chain::Bytes wire;
        std::uint64_t valid_to = 0;
    };
    std::map<std::string, Sent> sent_;  // what send() sent, to re-send while the node lacks it
    SolanaDevnet devnet;
    rpc::RpcClient client;
    sol::SolanaRpc rpc;
};

std::string maker_config(const Devnet& devnet) {
    return "\"chain_profile\": \"" + devnet.state_path +
           "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
           "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000}, "
           "\"solana\": {\"maker_key_file\": \"devnet/solana-maker.key\"}, "
           "\"quote_signer_key_file\": \"devnet/quote-signer.key\"";
}

// The maker's Solana watcher starts at the newest transactions: deposits must come after it.
void wait_for_solana_watcher(const PerchProcess& perch) {
    try {
        perch::testing::wait_for(
            "the maker's Solana watcher started", std::chrono::seconds(90), [&] {
                return !perch.db()
                            .column("SELECT chain_id FROM watch_cursors WHERE chain_id = 83797601")
                            .empty();
            });
    } catch (const perch::testing::WaitTimeout& e) {
        FAIL() << e.what() << "\n" << perch.output();
    }
}

json::object data_of(const perch::testing::HttpResult& res) {
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").as_object();
}

std::string build_body(std::int64_t from, std::int64_t to, const std::string& token,
                       const std::string& amount, const std::string& sender,
                       const std::string& recipient) {
    return json::serialize(json::object{{"from_chain_id", std::to_string(from)},
                                        {"to_chain_id", std::to_string(to)},
                                        {"token", token},
                                        {"amount", amount},
                                        {"sender", sender},
                                        {"recipient", recipient}});
}

U256 wei_of(const json::object& quote) {
    return *U256::from_dec(std::string(quote.at("receive_amount_wei").as_string()));
}

std::string checksum(const std::string& address) {
    return Address::from_hex(address)->checksum_hex();
}

// EVM -> Solana through build_tx, sent from `from` (unlocked or impersonated); the deposit's
// transaction hash and the quote.
std::pair<std::string, json::object> evm_deposit(PerchProcess& perch, Chains& chains,
                                                 std::int64_t chain, const std::string& token,
                                                 const std::string& amount, const std::string& from,
                                                 const std::string& recipient) {
    auto built = data_of(perch.post("/api/bridge_api/v1/build_tx",
                                    build_body(chain, kSolana, token, amount, from, recipient)));
    if (built.at("approve").is_object()) {
        const auto& a = built.at("approve").as_object();
        chains.send(chain, from, std::string(a.at("to").as_string()),
                    std::string(a.at("data").as_string()), std::string(a.at("value").as_string()));
    }
    const auto& d = built.at("deposit").as_object();
    auto receipt =
        chains.send(chain, from, std::string(d.at("to").as_string()),
                    std::string(d.at("data").as_string()), std::string(d.at("value").as_string()));
    return {std::string(receipt.at("transactionHash").as_string()), built.at("quote").as_object()};
}

}  // namespace

TEST(SolanaBridge, SolToEthPaysExactlyTheQuotedAmount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_key("user-3");
    auto recipient = checksum(fresh_wallet(chains, 8453, U256()));

    auto built = data_of(
        perch.post("/api/bridge_api/v1/build_tx",
                   build_body(kSolana, 8453, "SOL", "1.5", user.pubkey().to_base58(), recipient)));
    const auto& quote = built.at("quote").as_object();
    EXPECT_EQ(quote.at("receive_token").as_string(), "ETH");
    EXPECT_EQ(quote.at("receive_decimals").as_int64(), 18);
    EXPECT_EQ(quote.at("price_tolerance_bps").as_int64(), 100);
    auto quoted = wei_of(quote);
    // A firm quote (docs/solana.md "Firm quotes"): the memo names it; the amount is the server's.
    const auto& firm = quote.at("firm_quote").as_object();
    auto quote_id = std::string(firm.at("id").as_string());
    EXPECT_EQ(firm.at("typed_data").at("message").at("receiveAmount").as_string(), quoted.to_dec());
    EXPECT_EQ(
        built.at("solana_memo").as_string(),
        "perch:1:8453:" + recipient + ":" + json::serialize(quote.at("channel")) + ":" + quote_id)
        << "the memo carries the destination, the recipient as typed, the channel and the quote";

    auto before = node.lamports(user.pubkey());
    auto signature = node.sign_and_send(std::string(built.at("solana_tx").as_string()), user);
    auto order = wait_for_state(perch, kSolana, signature, "completed", 90);
    EXPECT_EQ(order.at("token").as_string(), "SOL");
    EXPECT_EQ(order.at("receive_token").as_string(), "ETH");
    EXPECT_EQ(order.at("sender").as_string(), user.pubkey().to_base58());
    EXPECT_EQ(order.at("receive_amount").as_string(), quoted.to_dec());
    EXPECT_EQ(order.at("quote_id").as_string(), quote_id);
    EXPECT_EQ(chains.native(8453, recipient), quoted) << "paid exactly what was quoted";
    // The user paid 1.5 SOL and the deposit's fee, nothing else.
    EXPECT_EQ(before - node.lamports(user.pubkey()), 1'500'000'000ULL + 5000ULL);
    // History finds it by the Solana sender and by the EVM recipient.
    auto by_sender =
        data_of(perch.get("/api/bridge_api/v1/history?address=" + user.pubkey().to_base58()));
    EXPECT_GE(by_sender.at("total").as_int64(), 1);
    auto by_recipient = data_of(perch.get("/api/bridge_api/v1/history?address=" + recipient));
    EXPECT_EQ(by_recipient.at("total").as_int64(), 1);
}

TEST(SolanaBridge, UsdcFromSolanaToAnEvmChain) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_key("user-4");
    auto recipient = checksum(fresh_wallet(chains, 42161, U256()));
    auto built = data_of(
        perch.post("/api/bridge_api/v1/build_tx",
                   build_body(kSolana, 42161, "USDC", "25", user.pubkey().to_base58(), recipient)));
    auto quoted = wei_of(built.at("quote").as_object());
    EXPECT_EQ(quoted, U256(24'775'000));  // 25 - 0.1 % - 0.2 (6 decimals on both sides)
    auto before = node.usdc(user.pubkey());
    auto signature = node.sign_and_send(std::string(built.at("solana_tx").as_string()), user);
    wait_for_state(perch, kSolana, signature, "completed", 90);
    EXPECT_EQ(chains.erc20(42161, devnet.contracts.at("USDC"), recipient), quoted);
    EXPECT_EQ(before - node.usdc(user.pubkey()), 25'000'000U);
}

TEST(SolanaBridge, EthToSolPaysOnSolanaExactlyTheQuotedAmount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto sender = fresh_wallet(chains, 8453, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();  // a new account: the payout creates it
    auto [hash, quote] =
        evm_deposit(perch, chains, 8453, "ETH", "0.02", sender, recipient.to_base58());
    EXPECT_EQ(quote.at("receive_token").as_string(), "SOL");
    auto quoted = wei_of(quote);
    auto order = wait_for_state(perch, 8453, hash, "completed", 90);
    EXPECT_EQ(order.at("recipient").as_string(), recipient.to_base58());
    EXPECT_EQ(order.at("receive_amount").as_string(), quoted.to_dec());
    EXPECT_EQ(U256(node.lamports(recipient)), quoted);
    // The payout is a Solana signature, and the order is found by it too.
    auto dst = std::string(order.at("dst_tx_hash").as_string());
    EXPECT_TRUE(sol::Signature::from_base58(dst)) << dst;
}

TEST(SolanaBridge, UsdcToSolanaCreatesTheRecipientsTokenAccount) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto recipient = sol::Keypair::generate().pubkey();
    // The test tokens' owner mints a fresh sender its USDC (no shared account is touched).
    auto sender = fresh_wallet(chains, 1, *U256::parse_units("1", 18));
    std::vector<perch::chain::abi::Value> mint{
        perch::chain::abi::Value::of(*Address::from_hex(sender)),
        perch::chain::abi::Value::of(*U256::parse_units("40", 6))};
    chains.send(1, kDeployer, devnet.contracts.at("USDC"),
                to_hex(perch::chain::abi::encode_known_call("mint(address,uint256)", mint)), "0x0");
    auto [hash, quote] = evm_deposit(perch, chains, 1, "USDC", "40", sender, recipient.to_base58());
    auto quoted = wei_of(quote);
    EXPECT_EQ(quoted, U256(39'460'000));  // 40 - 0.1 % - 0.5
    wait_for_state(perch, 1, hash, "completed", 90);
    EXPECT_EQ(node.usdc(recipient), quoted.low_u64());
}

TEST(SolanaBridge, ABadMemoIsRefundedOnSolanaMinusItsCost) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_key("user-5");
    auto before = node.lamports(user.pubkey());
    auto signature =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 300'000'000),
                         sol::memo("please bridge this to base")});
    auto order = wait_for_state(perch, kSolana, signature, "refunded", 90);
    EXPECT_NE(std::string(order.at("reason").as_string()).find("memo"), std::string::npos)
        << order.at("reason");
    node.wait_final(std::string(order.at("refund_tx_hash").as_string()));
    // Out: the deposit and its fee; back: the deposit less the refund's own fee.
    EXPECT_EQ(before - node.lamports(user.pubkey()), 5000ULL + 5000ULL);

    // Valid memo, unsupported route (SOL to Soneium): refunded too, with the route's reason.
    auto to_soneium =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 100'000'000),
                         sol::memo("perch:1:1868:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0")});
    auto refused = wait_for_state(perch, kSolana, to_soneium, "refunded", 90);
    EXPECT_NE(std::string(refused.at("reason").as_string()).find("cannot be bridged"),
              std::string::npos)
        << refused.at("reason");
}

// Deposits without a memo, or with two, are refunded; the order says which, not what a parser
// makes of a memo that is not there.
TEST(SolanaBridge, ADepositWithoutOneMemoIsRefundedSayingWhy) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto user = devnet_key("user-5");
    const std::string valid = "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0";
    auto without =
        node.send(user, {sol::system_transfer(user.pubkey(), solana.maker, 100'000'000)});
    auto with_two = node.send(
        user, {sol::memo(valid), sol::system_transfer(user.pubkey(), solana.maker, 100'000'000),
               sol::memo(valid)});
    auto reason_of = [&](const std::string& signature) {
        auto order = wait_for_state(perch, kSolana, signature, "refunded", 90);
        return std::string(order.at("reason").as_string());
    };
    auto no_memo = reason_of(without);
    EXPECT_NE(no_memo.find("no memo"), std::string::npos) << no_memo;
    EXPECT_EQ(no_memo.find("perch:'"), std::string::npos) << no_memo;
    auto two_memos = reason_of(with_two);
    EXPECT_NE(two_memos.find("more than one memo"), std::string::npos) << two_memos;
    EXPECT_EQ(two_memos.find("perch:'"), std::string::npos) << two_memos;
}

// An EVM deposit may name the maker's own Solana address as its recipient. The payout is paid once,
// and the maker's own transfer is not read back as a deposit: no order comes of it and no refund,
// while the watcher reads the slots after it.
TEST(SolanaBridge, APayoutToTheMakersOwnAddressIsPaidOnceAndNothingElse) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    auto sender = fresh_wallet(chains, 8453, *U256::parse_units("1", 18));
    auto [hash, quote] =
        evm_deposit(perch, chains, 8453, "ETH", "0.01", sender, solana.maker.to_base58());
    auto order = wait_for_state(perch, 8453, hash, "completed", 90);
    auto payout = std::string(order.at("dst_tx_hash").as_string());
    node.wait_final(payout);
    // The watcher reads finalized transactions every 100 ms; 5 s is about a dozen slots.
    std::this_thread::sleep_for(std::chrono::seconds(5));
    const auto& db = perch.db();
    EXPECT_EQ(db.column("SELECT order_key FROM bridge_orders WHERE src_chain_id = 83797601"),
              std::vector<std::string>{})
        << "the maker's own payout " << payout << " was read as a deposit";
    EXPECT_EQ(db.column("SELECT kind FROM maker_txs WHERE chain_id = 83797601"),
              std::vector<std::string>{"payout"});
    EXPECT_EQ(state_of(order_of(perch, 8453, hash)), "completed");
}

TEST(SolanaBridge, AnExpiredPayoutIsRebuiltOnceAndPaidOnce) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    // The node takes every transaction and drops it, as a congested leader would.
    node.call("perch_dropIncoming", {true});
    struct Restore {
        SolanaNode& node;
        ~Restore() { node.call("perch_dropIncoming", {false}); }
    } restore{node};
    auto sender = fresh_wallet(chains, 42161, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();
    auto [hash, quote] =
        evm_deposit(perch, chains, 42161, "ETH", "0.01", sender, recipient.to_base58());
    wait_for_state(perch, 42161, hash, "paying", 60);
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
        for (int i = 0; i < 200; ++i) {
            try {
                if (perch::testing::http_request(port_, "GET", "/__held").status == 200) return;
            } catch (const std::exception&) {  // not listening yet
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
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

    node.call("perch_dropIncoming", {true});
    struct Restore {
        SolanaNode& node;
        ~Restore() { node.call("perch_dropIncoming", {false}); }
    } restore{node};
    auto sender = fresh_wallet(chains, 42161, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();
    auto [hash, quote] =
        evm_deposit(first, chains, 42161, "ETH", "0.01", sender, recipient.to_base58());
    wait_for_state(first, 42161, hash, "paying", 60);
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

TEST(SolanaBridge, QuotesAndBuildTxRefuseBadRecipientsClearly) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    auto user = devnet_key("user-6").pubkey().to_base58();
    auto expect_400 = [&](const perch::testing::HttpResult& res, const std::string& needle) {
        EXPECT_EQ(res.status, 400) << res.body;
        EXPECT_NE(res.body.find(needle), std::string::npos) << res.body;
    };
    // To Solana: base58 of 32 bytes.
    expect_400(perch.get("/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=83797601&token="
                         "USDC&amount=10&recipient=0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
               "is not a Solana address (base58 of 32 bytes)");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(8453, kSolana, "ETH", "0.01", kDeployer,
                                     "1111111111111111111111111111111")),
               "is not a Solana address (base58 of 32 bytes)");
    // From Solana to an EVM chain: EIP-55, since the memo carries the text as typed.
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "1", user,
                                     "0x70997970c51812dc3a010c7d01b50e0d17dc79c8")),
               "EIP-55");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "1", "0xnotsolana",
                                     "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")),
               "'sender': '0xnotsolana' is not a Solana address");
    expect_400(perch.post("/api/bridge_api/v1/build_tx",
                          build_body(kSolana, 8453, "SOL", "0.001", user,
                                     "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")),
               "the minimum is 0.05 SOL");
    // A good one answers the unsigned transaction for the wallet: fee payer the user, unsigned.
    auto built = data_of(perch.post("/api/bridge_api/v1/build_tx",
                                    build_body(kSolana, 8453, "USDC", "10", user,
                                               "0x70997970C51812dc3A010C7d01b50e0d17dc79C8")));
    auto tx = *sol::parse_transaction(*sol::from_base64(built.at("solana_tx").as_string()));
    EXPECT_EQ(tx.message.fee_payer().to_base58(), user);
    ASSERT_EQ(tx.signatures.size(), 1U);
    EXPECT_TRUE(tx.signatures[0].is_zero());
    auto decoded = *sol::decode_message(tx.message);
    ASSERT_EQ(decoded.size(), 2U);
    auto transfer = std::get<sol::TokenTransferChecked>(decoded[0]);
    EXPECT_EQ(transfer.amount, 10'000'000U);
    EXPECT_EQ(transfer.mint, solana.usdc_mint);
    EXPECT_EQ(std::get<sol::Memo>(decoded[1]).text, built.at("solana_memo").as_string());
    EXPECT_EQ(built.at("solana_memo").as_string(),
              "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:" +
                  json::serialize(built.at("quote").at("channel")));
}
