// The maker's refunds against the real devnet: invalid deposits are refunded on their source
// chain minus the refund's cost, a payout the node refuses is refunded and its nonce filled
// without stalling the nonces behind it, and refunds the maker cannot sign never hold up the
// ones behind. ctest runs MakerOn tests one at a time (two makers with one key would both pay).
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
            // A native refund costs its own worst-case gas: 50 000 gas × the max fee it signed,
            // and on an OP-stack chain (Soneium) the bound of its L1 data fee.
            EXPECT_EQ(text_of(refund, "to"), d.from);
            auto gas = *rpc::quantity(refund.at("maxFeePerGas")).mul(50'000);
            auto back = *(*d.amount.sub(gas)).sub(refund_l1_fee(chains, d.chain, refund, d.amount));
            EXPECT_EQ(rpc::quantity(refund.at("value")), back);
            EXPECT_EQ(chains.native(d.chain, d.from), *d.balance_after.add(back));
        }
    }
}

namespace {

// `perch migrate` on `db` (throws when it fails); the environment that points perch at it.
std::vector<std::pair<std::string, std::string>> migrated(const TestDatabase& db) {
    std::vector<std::pair<std::string, std::string>> env{{"PERCH_DATABASE_URL", db.url()}};
    auto [rc, out] = run_perch({"migrate"}, env);
    if (rc != 0) throw std::runtime_error("perch migrate failed: " + out);
    return env;
}

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
    TestDatabase db;  // its own, migrated before perch starts on it
    auto env = migrated(db);

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
    auto back = *(*amount.sub(*rpc::quantity(refund.at("maxFeePerGas")).mul(50'000)))
                     .sub(refund_l1_fee(chains, 1868, refund, amount));
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
    TestDatabase db;  // its own: the earlier orders go in before perch starts on it
    auto env = migrated(db);
    Chains chains(devnet);

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
}
