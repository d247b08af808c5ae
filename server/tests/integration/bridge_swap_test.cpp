// Bridge and swap against the real devnet (docs/swap.md "Bridge and swap"): ETH deposited on Base
// with a destination token arrives as USDC on Arbitrum, swapped by the maker through
// PerchSwapExecutor, at least the deposit's minimum, and the order records what was delivered;
// a minimum the pools cannot give, a malformed swap suffix and a token the bridge does not swap
// to are refunded on the source chain with their reason. The suite holds both the maker's lock
// and the swap pools' lock (CMakeLists.txt): it runs a maker and trades on the pools.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <thread>

#include "bridge/deposit_tx.hpp"
#include "bridge/swap_intent.hpp"
#include "chain/abi.hpp"
#include "chain/erc20.hpp"
#include "chain/rpc/eth.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "maker_support.hpp"
#include "orders.hpp"
#include "swap/calldata.hpp"
#include "wait.hpp"

namespace json = boost::json;
using namespace perch::chain;
using perch::testing::Devnet;
using perch::testing::order_of;
using perch::testing::PerchProcess;
using perch::testing::rpc_call;
using perch::testing::run_task;
using perch::testing::state_of;
using perch::testing::TestDatabase;
using perch::testing::wait_for_state;

namespace {

constexpr std::int64_t kChannel = 98675412;
constexpr std::int64_t kSource = 8453;
constexpr std::int64_t kDestination = 42161;

using Chains = perch::testing::DevnetChains;
using perch::testing::fresh_wallet;

std::string maker_config(const Devnet& devnet) {
    return "\"chain_profile\": \"" + devnet.state_path +
           "\", \"maker_key_file\": \"devnet/maker.key\", \"access_log\": false, "
           "\"maker\": {\"enabled\": true, \"poll_ms\": 100, \"speedup_after_ms\": 2000}";
}

// The watchers have read every chain once and the destination's pools are indexed.
void wait_until_ready(const PerchProcess& perch, std::size_t chains) {
    using perch::testing::Seen;
    perch::testing::wait_for(
        "the maker's watchers and the destination's pools ready", std::chrono::seconds(120), [&] {
            auto watching = perch.db().column("SELECT chain_id FROM watch_cursors").size();
            auto swap = perch.get("/api/swap_api/v1/chains");
            bool pools = false;
            if (swap.status == 200) {
                auto doc = json::parse(swap.body);  // kept alive over the loop
                for (const auto& c : doc.at("data").at("chains").as_array())
                    if (c.at("chain_id").as_int64() == kDestination && c.at("ready").as_bool())
                        pools = true;
            }
            if (watching >= chains && pools) return Seen::yes();
            return Seen::not_yet(std::to_string(watching) + " of " + std::to_string(chains) +
                                 " watchers, pools " + (pools ? "ready" : "not ready"));
        });
}

U256 dec(const json::value& v) {
    return *U256::from_dec(std::string(v.as_string()));
}

std::string lower(const json::value& v) {
    return perch::text::to_lower(v.as_string());
}

std::string executor_of(const Devnet& devnet) {
    auto state = perch::read_json_file(devnet.state_path, "devnet state");
    return lower(state.at("swap").at("executor"));
}

}  // namespace

TEST(BridgeSwap, EthOnBaseArrivesAsUsdcOnArbitrumAtLeastTheMinimum) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto usdc = perch::text::to_lower(devnet.contracts.at("USDC"));
    PerchProcess perch(maker_config(devnet));
    wait_until_ready(perch, devnet.rpc_urls.size());
    auto sender = fresh_wallet(chains, kSource, *U256::parse_units("1", 18));
    auto recipient = fresh_wallet(chains, kDestination, U256());

    // The quote adds the destination swap: the bridged ETH after fees, in USDC, with the
    // spec's default slippage (5 %) for the minimum.
    auto quote = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH"
        "&amount=0.1&to_token=" +
        usdc);
    ASSERT_EQ(quote.status, 200) << quote.body;
    auto q = json::parse(quote.body).at("data").as_object();
    ASSERT_TRUE(q.at("swap").is_object()) << quote.body;
    const auto& swap = q.at("swap").as_object();
    EXPECT_EQ(swap.at("token_out").at("symbol").as_string(), "USDC");
    // The swap's gas is the user's: the swap is quoted on the bridged amount less it.
    auto gas_fee = dec(swap.at("gas_fee_wei"));
    EXPECT_GT(gas_fee, U256()) << quote.body;
    EXPECT_EQ(*dec(swap.at("amount_in_wei")).add(gas_fee), dec(q.at("receive_amount_wei")));
    EXPECT_EQ(swap.at("slippage_bps").as_int64(), 500);
    auto quoted = dec(swap.at("receive_amount_wei"));
    EXPECT_GT(quoted, *U256::parse_units("100", 6)) << quote.body;
    EXPECT_EQ(dec(swap.at("min_out_wei")), *(*quoted.mul(9500)).div(10000));
    EXPECT_FALSE(swap.at("route_summary").as_string().empty());
    // The token sent itself is a plain bridge: no swap.
    auto same = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=0.1"
        "&to_token=0x0000000000000000000000000000000000000000");
    ASSERT_EQ(same.status, 200) << same.body;
    EXPECT_TRUE(json::parse(same.body).at("data").at("swap").is_null());
    // Bad input is named.
    auto bad = perch.get(
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=ETH&amount=0.1"
        "&to_token=0x1234");
    EXPECT_EQ(bad.status, 400);
    EXPECT_NE(bad.body.find("to_token"), std::string::npos) << bad.body;

    // build_tx puts the token and the minimum in the deposit's recipient.
    auto built = perch.post("/api/bridge_api/v1/build_tx",
                            R"({"from_chain_id": 8453, "to_chain_id": 42161, "token": "ETH", )"
                            R"("amount": "0.1", "sender": ")" +
                                sender + R"(", "recipient": ")" + recipient +
                                R"(", "to_token": ")" + usdc + R"(", "slippage_bps": 300})");
    ASSERT_EQ(built.status, 200) << built.body;
    auto b = json::parse(built.body).at("data").as_object();
    EXPECT_TRUE(b.at("approve").is_null());
    auto min_out = dec(b.at("quote").at("swap").at("min_out_wei"));
    const auto& deposit = b.at("deposit");
    auto receipt = chains.send(kSource, sender, std::string(deposit.at("to").as_string()),
                               std::string(deposit.at("data").as_string()),
                               std::string(deposit.at("value").as_string()));
    auto hash = std::string(receipt.at("transactionHash").as_string());
    auto order = wait_for_state(perch, kSource, hash, "completed");
    ASSERT_EQ(state_of(order), "completed");
    EXPECT_EQ(order.at("recipient").as_string(), recipient);  // the address, without the suffix
    ASSERT_TRUE(order.at("swap").is_object()) << json::serialize(order);
    const auto& s = order.at("swap").as_object();
    EXPECT_EQ(s.at("token").as_string(), "USDC");
    EXPECT_EQ(s.at("token_address").as_string(), usdc);
    EXPECT_EQ(s.at("decimals").as_int64(), 6);
    EXPECT_EQ(dec(s.at("min_out")), min_out);
    auto delivered = dec(s.at("delivered_amount"));
    EXPECT_GE(delivered, min_out);
    EXPECT_EQ(chains.erc20(kDestination, usdc, recipient), delivered);
    EXPECT_TRUE(chains.native(kDestination, recipient).is_zero()) << "paid in USDC, not in ETH";
    // The payout is the maker's call of the executor, sending the bridged ETH as its value.
    auto payout = chains.call(kDestination, "eth_getTransactionByHash", {order.at("dst_tx_hash")});
    EXPECT_EQ(lower(payout.at("to")), executor_of(devnet));
    // It swaps the bridged ETH less the swap's gas, which the maker keeps.
    auto sent = rpc::quantity(payout.at("value"));
    EXPECT_LT(sent, dec(order.at("receive_amount")));
    EXPECT_GT(sent, *dec(order.at("receive_amount")).sub(*U256::parse_units("0.01", 18)));
    // History by the recipient's address finds it, with both tokens.
    auto history = perch.get("/api/bridge_api/v1/history?address=" + recipient);
    ASSERT_EQ(history.status, 200) << history.body;
    auto list = json::parse(history.body).at("data").at("list").as_array();
    ASSERT_EQ(list.size(), 1U);
    EXPECT_EQ(list[0].at("token").as_string(), "ETH");
    EXPECT_EQ(list[0].at("swap").at("token").as_string(), "USDC");
    std::cout << "0.1 ETH (Base) -> " << delivered.format_units(6) << " USDC (Arbitrum), minimum "
              << min_out.format_units(6) << "\n";
}

TEST(BridgeSwap, AMinimumThePoolsCannotGiveAndMalformedSwapsAreRefundedOnTheSource) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto usdc = perch::text::to_lower(devnet.contracts.at("USDC"));
    const auto& depositor = devnet.contracts.at("Depositor");
    PerchProcess perch(maker_config(devnet));
    wait_until_ready(perch, devnet.rpc_urls.size());
    auto recipient = fresh_wallet(chains, kDestination, U256());
    auto amount = *U256::parse_units("0.05", 18);

    struct Case {
        std::string suffix;
        std::string reason;
        std::string sender, hash;
        U256 after;
    };
    std::vector<Case> cases{
        // A billion USDC for 0.05 ETH: no pool gives that.
        {"?token=" + usdc + "&min=1000000000000000",
         "the destination swap cannot deliver the minimum"},
        {"?token=" + usdc + "&min=0x10", "the destination swap in the recipient is malformed"},
        {"?token=0x0000000000000000000000000000000000000001&min=1",
         "is not one the bridge swaps to on chain 42161"},
    };
    for (auto& c : cases) {
        c.sender = fresh_wallet(chains, kSource, *U256::parse_units("1", 18));
        auto data = perch::bridge::deposit_calldata(Address{}, amount, kDestination,
                                                    recipient + c.suffix, kChannel);
        auto receipt = chains.send(kSource, c.sender, depositor, to_hex(data), amount.to_hex());
        c.hash = std::string(receipt.at("transactionHash").as_string());
        c.after = chains.native(kSource, c.sender);
    }
    for (const auto& c : cases) {
        auto order = wait_for_state(perch, kSource, c.hash, "refunded");
        if (state_of(order) != "refunded") continue;
        EXPECT_NE(order.at("reason").as_string().find(c.reason), std::string::npos)
            << order.at("reason");
        EXPECT_EQ(order.at("dst_tx_hash").as_string(), "") << "a refused swap is never paid";
        for (const auto& step : order.at("timeline").as_array())
            EXPECT_NE(step.at("state").as_string(), "paying") << "no payout was ever signed";
        // The refund returns the deposit less its own gas (50 000 × the max fee it signed) and,
        // Base being an OP-stack chain, the bound of its L1 data fee.
        auto refund =
            chains.call(kSource, "eth_getTransactionByHash", {order.at("refund_tx_hash")});
        auto gas = *(*rpc::quantity(refund.at("maxFeePerGas")).mul(50'000))
                        .add(perch::testing::maker::refund_l1_fee(chains, kSource,
                                                                  refund.as_object(), amount));
        EXPECT_EQ(chains.native(kSource, c.sender), *c.after.add(*amount.sub(gas)));
    }
    EXPECT_TRUE(chains.erc20(kDestination, usdc, recipient).is_zero());
    EXPECT_TRUE(chains.native(kDestination, recipient).is_zero());
}

// The price moves between the maker's quote and the block: the swap payout reverts
// (InsufficientOutput), its nonce is used and nothing was paid, so the order is refunded on the
// source chain — once. Mining on the destination is held while the maker signs its payout; the
// node drops it, a large swap is mined first, and the maker's re-broadcast lands after it.
TEST(BridgeSwap, ASwapPayoutThatRevertsOnChainIsRefundedOnTheSource) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto usdc = perch::text::to_lower(devnet.contracts.at("USDC"));
    PerchProcess perch(maker_config(devnet));
    wait_until_ready(perch, devnet.rpc_urls.size());
    auto sender = fresh_wallet(chains, kSource, *U256::parse_units("1", 18));
    auto recipient = fresh_wallet(chains, kDestination, U256());
    auto whale = fresh_wallet(chains, kDestination, *U256::parse_units("1000", 18));

    // A tight minimum: 0.1 % below the quote.
    auto built = perch.post("/api/bridge_api/v1/build_tx",
                            R"({"from_chain_id": 8453, "to_chain_id": 42161, "token": "ETH", )"
                            R"("amount": "0.05", "sender": ")" +
                                sender + R"(", "recipient": ")" + recipient +
                                R"(", "to_token": ")" + usdc + R"(", "slippage_bps": 10})");
    ASSERT_EQ(built.status, 200) << built.body;
    auto b = json::parse(built.body).at("data").as_object();
    // The front-runner trades 50 ETH into USDC along the very paths of the quote (the maker
    // computes the same route at payout time: nothing traded in between).
    perch::swap::Quote fq;
    fq.token_in = Address{};
    fq.token_out = *Address::from_hex(usdc);
    const auto whale_in = *U256::parse_units("50", 18);
    for (const auto& leg : b.at("quote").at("swap").at("route").as_array()) {
        perch::swap::QuotePath path;
        path.amount_in =
            *(*whale_in.mul(static_cast<std::uint64_t>(leg.at("share_bps").as_int64()))).div(10000);
        for (const auto& h : leg.at("hops").as_array()) {
            perch::swap::QuoteHop hop;
            hop.pool = *Address::from_hex(std::string(h.at("pool").as_string()));
            hop.venue = std::string(h.at("venue").as_string());
            hop.kind =
                hop.venue == "uniswap-v3" ? perch::swap::PoolKind::v3 : perch::swap::PoolKind::v2;
            hop.fee_ppm = static_cast<std::uint32_t>(h.at("fee_ppm").as_int64());
            hop.token_in = *Address::from_hex(std::string(h.at("token_in").as_string()));
            hop.token_out = *Address::from_hex(std::string(h.at("token_out").as_string()));
            path.hops.push_back(hop);
        }
        fq.amount_in = *fq.amount_in.add(path.amount_in);
        fq.paths.push_back(std::move(path));
    }
    const auto front_data = to_hex(
        perch::swap::execute_calldata(fq, U256(1), *Address::from_hex(whale), 4'000'000'000ULL));

    chains.call(kDestination, "evm_setIntervalMining", json::array{json::value(0)});
    struct Resume {
        Chains& chains;
        ~Resume() {
            chains.call(kDestination, "evm_setIntervalMining", json::array{json::value(1000)});
        }
    } resume{chains};
    const auto& deposit = b.at("deposit");
    auto receipt = chains.send(kSource, sender, std::string(deposit.at("to").as_string()),
                               std::string(deposit.at("data").as_string()),
                               std::string(deposit.at("value").as_string()));
    auto hash = std::string(receipt.at("transactionHash").as_string());
    auto paying = wait_for_state(perch, kSource, hash, "paying");
    ASSERT_EQ(state_of(paying), "paying");
    // The payout was signed, stored and broadcast on the old price. The node forgets it (as a
    // node that restarted would), the front-runner's swap is mined alone, then mining resumes
    // and the maker re-broadcasts its stored payout: mined after the price moved, it reverts.
    const auto payout_of_order =
        "FROM maker_txs m JOIN bridge_orders o ON o.id = m.order_id WHERE m.kind = 'payout' AND "
        "o.src_tx_hash = '" +
        hash + "'";
    for (const auto& h : perch.db().column(
             "SELECT a.tx_hash FROM maker_tx_attempts a WHERE a.maker_tx_id IN (SELECT m.id " +
             payout_of_order + ")"))
        chains.call(kDestination, "hardhat_dropTransaction", {h});
    json::object tx{{"from", whale},
                    {"to", executor_of(devnet)},
                    {"data", front_data},
                    {"value", fq.amount_in.to_hex()},
                    {"gas", "0x1e8480"}};
    auto front_hash = chains.call(kDestination, "eth_sendTransaction", {std::move(tx)});
    chains.call(kDestination, "evm_mine", json::array{});
    chains.call(kDestination, "evm_setIntervalMining", json::array{json::value(1000)});
    auto front_receipt = run_task(perch::testing::wait_for_receipt(
        chains.at(kDestination), *Hash32::from_hex(front_hash.as_string())));
    EXPECT_EQ(front_receipt.at("status").as_string(), "0x1");

    auto order = wait_for_state(perch, kSource, hash, "refunded");
    ASSERT_EQ(state_of(order), "refunded");
    EXPECT_NE(order.at("reason").as_string().find("the destination swap reverted"),
              std::string::npos)
        << order.at("reason");
    // The reverted payout is on the chain (status 0), and it paid nothing.
    auto payout =
        perch.db().column("SELECT m.mined_hash " + payout_of_order + " AND m.state = 'reverted'");
    ASSERT_EQ(payout.size(), 1U);
    auto reverted = chains.call(kDestination, "eth_getTransactionReceipt", {payout[0]});
    EXPECT_EQ(reverted.at("status").as_string(), "0x0");
    EXPECT_TRUE(chains.erc20(kDestination, usdc, recipient).is_zero());
    EXPECT_TRUE(chains.native(kDestination, recipient).is_zero());
    // At the user's cost: the refund keeps back its own gas and the gas the reverted swap burned.
    auto burned =
        *rpc::quantity(reverted.at("gasUsed")).mul(rpc::quantity(reverted.at("effectiveGasPrice")));
    EXPECT_NE(order.at("reason").as_string().find("of gas the reverted swap burned"),
              std::string::npos)
        << order.at("reason");
    auto refund = chains.call(kSource, "eth_getTransactionByHash", {order.at("refund_tx_hash")});
    // (Base, the source, is an OP-stack chain: the refund keeps back its L1 fee's bound too.)
    auto deposited = rpc::quantity(b.at("deposit").at("value"));
    auto refund_gas = *(*rpc::quantity(refund.at("maxFeePerGas")).mul(50'000))
                           .add(perch::testing::maker::refund_l1_fee(
                               chains, kSource, refund.as_object(), deposited));
    EXPECT_EQ(rpc::quantity(refund.at("value")), *(*deposited.sub(refund_gas)).sub(burned));
    // Refunded once: exactly one refund transaction for the order.
    EXPECT_EQ(perch.db()
                  .column("SELECT id FROM maker_txs WHERE kind = 'refund' AND order_id = (SELECT "
                          "id FROM bridge_orders WHERE src_tx_hash = '" +
                          hash + "')")
                  .size(),
              1U);
}

// An ERC-20 bridged into another token: the executor pulls it from the maker, so the maker's
// one-time approval of the executor must exist (docs/swap.md: the operator grants it; the devnet
// does at start). Without it the quote refuses the swap up front; granted (revoked and granted
// again here from the maker's account, before any maker runs, so no nonce is shared with a running
// payer), USDC deposited on Base arrives as ETH on Arbitrum.
TEST(BridgeSwap, UsdcBridgedIntoEthOnceTheMakerApprovedTheExecutor) {
    PERCH_REQUIRE_DEVNET(devnet);
    Chains chains(devnet);
    const auto usdc = perch::text::to_lower(devnet.contracts.at("USDC"));
    const auto executor = executor_of(devnet);
    const std::string maker = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";     // Hardhat #1
    const std::string deployer = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";  // Hardhat #0
    auto allowance_call =
        perch::chain::erc20::allowance(*Address::from_hex(maker), *Address::from_hex(executor));
    auto allowance = [&] {
        auto word =
            chains.call(kDestination, "eth_call",
                        {json::object{{"to", usdc}, {"data", to_hex(allowance_call)}}, "latest"});
        return rpc::quantity(word);
    };
    const std::string query =
        "/api/bridge_api/v1/quote?from_chain_id=8453&to_chain_id=42161&token=USDC&amount=50"
        "&to_token=0x0000000000000000000000000000000000000000";
    auto grant = [&](const U256& amount) {
        chains.send(kDestination, maker, usdc,
                    to_hex(perch::chain::erc20::approve(*Address::from_hex(executor), amount)),
                    "0x0");
    };
    {
        // The devnet grants the approval at start (it is its own operator): revoke it to see
        // what an operator who has not granted it gets.
        grant(U256());
        ASSERT_TRUE(allowance().is_zero());
        PerchProcess quoter("\"chain_profile\": \"" + devnet.state_path + "\"");
        perch::testing::HttpResult res;
        EXPECT_NO_THROW(perch::testing::wait_for("the quoter's pools read (no more 503)",
                                                 std::chrono::seconds(90), [&] {
                                                     res = quoter.get(query);
                                                     return res.status != 503;
                                                 }));
        EXPECT_EQ(res.status, 400) << res.body;
        EXPECT_NE(res.body.find("the bridge cannot swap USDC on chain 42161 yet"),
                  std::string::npos)
            << res.body;
        grant(~U256());
    }
    ASSERT_FALSE(allowance().is_zero());

    PerchProcess perch(maker_config(devnet));
    wait_until_ready(perch, devnet.rpc_urls.size());
    auto sender = fresh_wallet(chains, kSource, *U256::parse_units("1", 18));
    auto recipient = fresh_wallet(chains, kDestination, U256());
    // The test tokens' owner mints the sender its USDC (no shared user account is touched).
    std::vector<perch::chain::abi::Value> mint{
        perch::chain::abi::Value::of(*Address::from_hex(sender)),
        perch::chain::abi::Value::of(*U256::parse_units("50", 6))};
    chains.send(kSource, deployer, usdc,
                to_hex(perch::chain::abi::encode_known_call("mint(address,uint256)", mint)), "0x0");
    auto built = perch.post(
        "/api/bridge_api/v1/build_tx",
        R"({"from_chain_id": 8453, "to_chain_id": 42161, "token": "USDC", "amount": "50", )"
        R"("sender": ")" +
            sender + R"(", "recipient": ")" + recipient +
            R"(", "to_token": "0x0000000000000000000000000000000000000000"})");
    ASSERT_EQ(built.status, 200) << built.body;
    auto b = json::parse(built.body).at("data").as_object();
    EXPECT_EQ(b.at("quote").at("swap").at("token_out").at("symbol").as_string(), "ETH");
    auto min_out = dec(b.at("quote").at("swap").at("min_out_wei"));
    const auto& approve = b.at("approve");
    ASSERT_TRUE(approve.is_object());
    chains.send(kSource, sender, std::string(approve.at("to").as_string()),
                std::string(approve.at("data").as_string()), "0x0");
    const auto& deposit = b.at("deposit");
    auto receipt = chains.send(kSource, sender, std::string(deposit.at("to").as_string()),
                               std::string(deposit.at("data").as_string()),
                               std::string(deposit.at("value").as_string()));
    auto hash = std::string(receipt.at("transactionHash").as_string());
    auto order = wait_for_state(perch, kSource, hash, "completed");
    ASSERT_EQ(state_of(order), "completed");
    auto delivered = dec(order.at("swap").at("delivered_amount"));
    EXPECT_GE(delivered, min_out);
    EXPECT_EQ(chains.native(kDestination, recipient), delivered);
    EXPECT_TRUE(chains.erc20(kDestination, usdc, recipient).is_zero());
    auto payout = chains.call(kDestination, "eth_getTransactionByHash", {order.at("dst_tx_hash")});
    EXPECT_EQ(lower(payout.at("to")), executor);
    EXPECT_TRUE(rpc::quantity(payout.at("value")).is_zero()) << "the executor pulls the USDC";
}
