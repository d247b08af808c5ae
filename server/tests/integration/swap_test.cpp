// Swap against the test devnet's Uniswap pools (devnet/scripts/lib/swap.mjs): the indexer's V3
// and V2 state and the C++ math give exactly what QuoterV2 and Router02 give, hundreds of random
// swaps across tick boundaries; the executor pays what the router quoted and the indexer follows
// the swap's events; the HTTP API answers quotes and refuses bad input by name.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "core/json_file.hpp"
#include "devnet.hpp"
#include "harness.hpp"
#include "swap/calldata.hpp"
#include "swap/deployment.hpp"
#include "swap/pool_indexer.hpp"
#include "swap/router.hpp"
#include "swap/v2.hpp"
#include "wait.hpp"

namespace json = boost::json;
namespace sol = perch::chain::abi;
using namespace perch::swap;
using perch::Task;
using perch::chain::Address;
using perch::chain::Bytes;
using perch::chain::rpc::Call;
using perch::chain::rpc::RpcClient;
using perch::testing::run_task;

namespace {

constexpr std::int64_t kChain = 8453;

struct SwapDevnet {
    json::object state;
    SwapDeployment deployment;
    std::unique_ptr<RpcClient> rpc;
};

std::optional<SwapDevnet> swap_devnet(const perch::testing::Devnet& devnet) {
    auto state = perch::read_json_file(devnet.state_path, "devnet state");
    auto deployment = parse_swap_deployment(state);
    if (!deployment) return std::nullopt;
    // Hundreds of quotes make a heavy load on one Hardhat node; on a busy 2-core machine an
    // attempt may take far longer than a server's 5 s, and a timed-out attempt is sent again on
    // top of the first. These tests check the math, not the node's speed.
    perch::chain::rpc::RpcOptions patient;
    patient.timeout = std::chrono::seconds(60);
    return SwapDevnet{
        state.as_object(), *deployment,
        std::make_unique<RpcClient>(std::vector{devnet.rpc_urls.at(kChain)}, patient)};
}

Address v2_router(const SwapDevnet& d, const std::string& venue) {
    for (const auto& v : d.state.at("swap").at("venues").as_array())
        if (v.at("name").as_string() == venue)
            return *Address::from_hex(v.at("router").as_string());
    throw std::runtime_error("no router for " + venue);
}

// Reads up to the head.
void catch_up(PoolIndexer& indexer) {
    for (int i = 0; i < 100; ++i)
        if (run_task(indexer.sync_once())) return;
    FAIL() << "the indexer did not reach the head";
}

// In round trips of 25 calls, so that each stays short even when the node is shared.
Task<std::vector<perch::chain::rpc::Reply>> batch(RpcClient& rpc, std::vector<Call> calls) {
    co_return co_await rpc.batch(std::move(calls), 25);
}

Call eth_call(const Address& to, const Bytes& data, std::uint64_t block) {
    return {"eth_call",
            json::array{json::object{{"to", to.lower_hex()}, {"data", perch::chain::to_hex(data)}},
                        json::string(perch::chain::rpc::quantity_hex(block))}};
}

std::vector<sol::Value> decoded(const perch::chain::rpc::Reply& reply, const char* types) {
    if (reply.error) throw *reply.error;
    auto bytes = *perch::chain::from_hex(std::string(reply.result.as_string()));
    // Return data is encoded as a parameter list (no offset word before a dynamic tuple).
    auto tuple = *sol::parse_type(types);
    return *sol::decode_params(tuple.children, bytes);
}

const U256& uint_of(const sol::Value& v) {
    return std::get<U256>(v.data);
}

// 10^e in base units, times a random mantissa in [1, 10).
U256 random_amount(std::mt19937_64& rng, int exponent) {
    U256 amount(1 + rng() % 9);
    for (int i = 0; i < exponent; ++i) amount = *amount.mul(10);
    return amount;
}

unsigned decimals_of(const SwapDeployment& d, const Address& token) {
    for (const auto& t : d.tokens)
        if (t.address == token) return t.decimals;
    return 18;
}

}  // namespace

TEST(Swap, V3MathOnTheIndexedStateEqualsQuoterV2ToTheWei) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto d = swap_devnet(devnet);
    ASSERT_TRUE(d) << "the test devnet deploys no swap venues";
    ASSERT_TRUE(d->deployment.quoter_v2);
    PoolIndexer indexer(kChain, *d->rpc, d->deployment.venues, d->deployment.start_block);
    catch_up(indexer);
    const auto& book = indexer.book();
    std::vector<const V3PoolRecord*> pools;
    for (const auto& [_, p] : book.v3_pools())
        if (p.initialized) pools.push_back(&p);
    ASSERT_GE(pools.size(), 5U);

    std::mt19937_64 rng(20261125);
    std::vector<Call> calls;
    std::vector<perch::chain::Result<V3SwapResult>> ours;
    std::vector<bool> zero_for_one;
    const auto quoter =
        sol::parse_function("quoteExactInputSingle((address,address,uint256,uint24,uint160))");
    for (int i = 0; i < 300; ++i) {
        const auto& pool = *pools[rng() % pools.size()];
        bool z41 = rng() % 2 == 0;
        const auto& in = z41 ? pool.token0 : pool.token1;
        const auto& out = z41 ? pool.token1 : pool.token0;
        // From a thousandth of a unit to a million units: small swaps stay in one tick range,
        // large ones cross several (and the largest run a pool dry on one side).
        auto amount = random_amount(rng, static_cast<int>(decimals_of(d->deployment, in)) - 3 +
                                             static_cast<int>(rng() % 10));
        ours.push_back(
            simulate_swap(pool.state, z41, I256::positive(amount), default_price_limit(z41)));
        zero_for_one.push_back(z41);
        std::vector<sol::Value> args{sol::Value::of(
            sol::Value::List{sol::Value::of(in), sol::Value::of(out), sol::Value::of(amount),
                             sol::Value::of(U256(pool.state.fee)), sol::Value::of(U256(0))})};
        calls.push_back(eth_call(*d->deployment.quoter_v2, *quoter->encode_call(args),
                                 indexer.indexed_block()));
    }
    auto replies = run_task(batch(*d->rpc, std::move(calls)));
    int compared = 0, crossing = 0;
    for (std::size_t i = 0; i < replies.size(); ++i) {
        if (replies[i].error) {
            // The quoter reverts where the pool would (e.g. a swap that gets nothing out); so
            // must the math.
            EXPECT_FALSE(ours[i] &&
                         !(zero_for_one[i] ? ours[i]->amount1 : ours[i]->amount0).is_zero())
                << "swap " << i << ": the quoter reverted, the math did not";
            continue;
        }
        auto q = decoded(replies[i], "(uint256,uint160,uint32,uint256)");
        ASSERT_TRUE(ours[i]) << "swap " << i << ": " << ours[i].error().message;
        const auto& paid_out = zero_for_one[i] ? ours[i]->amount1 : ours[i]->amount0;
        EXPECT_EQ(paid_out.magnitude, uint_of(q[0])) << "swap " << i;
        EXPECT_EQ(ours[i]->sqrt_price_x96, uint_of(q[1])) << "swap " << i;
        ++compared;
        if (!ours[i]->ticks_crossed.empty()) ++crossing;
    }
    EXPECT_GE(compared, 250);
    EXPECT_GE(crossing, 50) << "too few swaps crossed an initialized tick to prove the tick walk";
}

TEST(Swap, V2MathOnTheIndexedReservesEqualsRouter02) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto d = swap_devnet(devnet);
    ASSERT_TRUE(d) << "the test devnet deploys no swap venues";
    PoolIndexer indexer(kChain, *d->rpc, d->deployment.venues, d->deployment.start_block);
    catch_up(indexer);
    std::mt19937_64 rng(7);
    std::vector<Call> calls;
    std::vector<U256> ours;
    for (int i = 0; i < 100; ++i) {
        auto it = indexer.book().v2_pairs().begin();
        std::advance(it, static_cast<long>(rng() % indexer.book().v2_pairs().size()));
        const auto& pair = it->second;
        bool z41 = rng() % 2 == 0;
        const auto& in = z41 ? pair.token0 : pair.token1;
        const auto& out = z41 ? pair.token1 : pair.token0;
        auto amount = random_amount(rng, static_cast<int>(decimals_of(d->deployment, in)) - 3 +
                                             static_cast<int>(rng() % 8));
        auto expected = v2_get_amount_out(amount, z41 ? pair.reserve0 : pair.reserve1,
                                          z41 ? pair.reserve1 : pair.reserve0);
        ASSERT_TRUE(expected);
        ours.push_back(*expected);
        std::vector<sol::Value> args{
            sol::Value::of(amount),
            sol::Value::of(sol::Value::List{sol::Value::of(in), sol::Value::of(out)})};
        calls.push_back(eth_call(v2_router(*d, pair.venue),
                                 sol::encode_known_call("getAmountsOut(uint256,address[])", args),
                                 indexer.indexed_block()));
    }
    auto replies = run_task(batch(*d->rpc, std::move(calls)));
    for (std::size_t i = 0; i < replies.size(); ++i) {
        auto amounts = std::get<sol::Value::List>(decoded(replies[i], "(uint256[])")[0].data);
        EXPECT_EQ(uint_of(amounts.at(1)), ours[i]) << "swap " << i;
    }
}

namespace {

Address token_named(const SwapDeployment& d, const std::string& symbol) {
    for (const auto& t : d.tokens)
        if (t.symbol == symbol) return t.address;
    throw std::runtime_error("no token " + symbol);
}

std::int64_t int24_of(const sol::Value& v) {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(uint_of(v).low_u64()));
}

}  // namespace

TEST(Swap, TheExecutorPaysTheRoutersQuoteAndTheIndexerFollows) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto d = swap_devnet(devnet);
    ASSERT_TRUE(d) << "the test devnet deploys no swap venues";
    auto& rpc = *d->rpc;
    PoolIndexer indexer(kChain, rpc, d->deployment.venues, d->deployment.start_block);
    catch_up(indexer);
    auto usdc = token_named(d->deployment, "USDC");
    QuoteOptions options;
    options.wrapped_native = d->deployment.weth;
    auto quote = best_quote(*indexer.pools(), Address{}, usdc,
                            *U256(20).mul(U256(1'000'000'000'000'000'000ULL)), options);
    ASSERT_TRUE(quote) << quote.error().message;

    // A fresh account, impersonated on the node, with ETH to swap.
    const auto swapper = *Address::from_hex("0x00000000000000000000000000000000005a9a11");
    run_task(perch::testing::rpc_call(rpc, "hardhat_impersonateAccount",
                                      json::array{swapper.lower_hex()}));
    run_task(perch::testing::rpc_call(rpc, "hardhat_setBalance",
                                      json::array{swapper.lower_hex(), "0x3635c9adc5dea00000"}));
    auto usdc_balance = [&](std::string block) {
        auto data =
            sol::encode_known_call("balanceOf(address)", std::vector{sol::Value::of(swapper)});
        auto reply = run_task(
            batch(rpc, {{"eth_call", json::array{json::object{{"to", usdc.lower_hex()},
                                                              {"data", perch::chain::to_hex(data)}},
                                                 json::string(block)}}}));
        return uint_of(decoded(reply.at(0), "(uint256)").at(0));
    };
    auto before = usdc_balance("latest");
    auto min_out = minimum_out(quote->amount_out, 50);
    auto deadline = static_cast<std::uint64_t>(std::time(nullptr) + 600);
    auto data = execute_calldata(*quote, min_out, swapper, deadline);
    json::object tx;
    tx["from"] = swapper.lower_hex();
    tx["to"] = d->deployment.executor.lower_hex();
    tx["data"] = perch::chain::to_hex(data);
    tx["value"] = quote->amount_in.to_hex();
    tx["gas"] = "0x2dc6c0";
    auto receipt = run_task(perch::testing::send_and_wait(rpc, json::array{tx}));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    auto block = std::string(receipt.at("blockNumber").as_string());
    // Nothing else trades on these pools while this suite holds its lock: exactly the quote.
    EXPECT_EQ(*usdc_balance(block).sub(before), quote->amount_out);
    // The router's gas model (GasModel: what makes a split worth its extra hops) against what
    // the executor really spent on this route: within 30 %.
    auto gas_used = perch::chain::rpc::quantity(receipt.at("gasUsed")).low_u64();
    std::printf("[swap] %zu paths: gas model %llu, gas used %llu\n", quote->paths.size(),
                static_cast<unsigned long long>(quote->gas_units),
                static_cast<unsigned long long>(gas_used));
    EXPECT_GT(gas_used * 10, quote->gas_units * 7) << "the model overestimates";
    EXPECT_LT(gas_used * 10, quote->gas_units * 13) << "the model underestimates";

    // The indexer, reading on, has each pool the swap went through as the chain has it.
    catch_up(indexer);
    std::vector<Call> calls;
    std::vector<const QuoteHop*> hops;
    for (const auto& path : quote->paths) {
        for (const auto& hop : path.hops) {
            hops.push_back(&hop);
            auto sig = hop.kind == PoolKind::v3 ? "slot0()" : "getReserves()";
            calls.push_back(
                eth_call(hop.pool, sol::encode_known_call(sig, {}), indexer.indexed_block()));
            if (hop.kind == PoolKind::v3)
                calls.push_back(eth_call(hop.pool, sol::encode_known_call("liquidity()", {}),
                                         indexer.indexed_block()));
        }
    }
    auto replies = run_task(batch(rpc, std::move(calls)));
    std::size_t r = 0;
    for (const auto* hop : hops) {
        if (hop->kind == PoolKind::v3) {
            const auto& pool = indexer.book().v3_pools().at(hop->pool).state;
            auto slot0 = decoded(replies[r++], "(uint160,int24,uint16,uint16,uint16,uint8,bool)");
            auto liquidity = decoded(replies[r++], "(uint128)");
            EXPECT_EQ(pool.sqrt_price_x96, uint_of(slot0[0])) << hop->pool.lower_hex();
            EXPECT_EQ(pool.tick, int24_of(slot0[1])) << hop->pool.lower_hex();
            EXPECT_EQ(from_u128(pool.liquidity), uint_of(liquidity[0])) << hop->pool.lower_hex();
        } else {
            const auto& pair = indexer.book().v2_pairs().at(hop->pool);
            auto reserves = decoded(replies[r++], "(uint112,uint112,uint32)");
            EXPECT_EQ(pair.reserve0, uint_of(reserves[0])) << hop->pool.lower_hex();
            EXPECT_EQ(pair.reserve1, uint_of(reserves[1])) << hop->pool.lower_hex();
        }
    }
}

namespace {

json::object data_of(const perch::testing::HttpResult& r) {
    return json::parse(r.body).at("data").as_object();
}

std::string msg_of(const perch::testing::HttpResult& r) {
    return std::string(json::parse(r.body).at("msg").as_string());
}

// Waits until perch has read the chain's pools up to the head.
bool pools_ready(const perch::testing::PerchProcess& perch, std::int64_t chain_id) {
    try {
        perch::testing::wait_for(
            "chain " + std::to_string(chain_id) + "'s pools read", std::chrono::seconds(90), [&] {
                auto r = perch.get("/api/swap_api/v1/chains");
                if (r.status != 200) return false;
                auto data = data_of(r);
                for (const auto& c : data.at("chains").as_array())
                    if (c.at("chain_id").to_number<std::int64_t>() == chain_id &&
                        c.at("ready").as_bool())
                        return true;
                return false;
            });
    } catch (const perch::testing::WaitTimeout& e) {
        ADD_FAILURE() << e.what();
        return false;
    }
    return true;
}

}  // namespace

TEST(Swap, TheApiQuotesBuildsAndRefusesBadInputByName) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto d = swap_devnet(devnet);
    ASSERT_TRUE(d) << "the test devnet deploys no swap venues";
    perch::testing::PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    ASSERT_TRUE(pools_ready(perch, kChain)) << perch.output();
    const auto usdc = token_named(d->deployment, "USDC").lower_hex();
    const auto wbtc = token_named(d->deployment, "WBTC").lower_hex();
    const std::string eth = "0x0000000000000000000000000000000000000000";
    const std::string base = "/api/swap_api/v1/quote?chain_id=8453&token_in=";

    auto ok = perch.get(base + eth + "&token_out=" + usdc + "&amount=1");
    ASSERT_EQ(ok.status, 200) << ok.body;
    auto q = data_of(ok);
    auto out = *U256::from_dec(q.at("amount_out_wei").as_string());
    EXPECT_FALSE(out.is_zero());
    // Without slippage_bps, the spec's default 5/100.
    EXPECT_EQ(q.at("slippage_bps").to_number<int>(), 500);
    EXPECT_EQ(*U256::from_dec(q.at("min_out_wei").as_string()), minimum_out(out, 500));
    EXPECT_EQ(q.at("executor").as_string(), d->deployment.executor.lower_hex());
    std::uint64_t shares = 0;
    for (const auto& path : q.at("route").as_array())
        shares += path.at("share_bps").to_number<std::uint64_t>();
    EXPECT_GE(shares, 9'997U);  // each share rounded down
    EXPECT_LE(shares, 10'000U);

    auto refused = [&](const std::string& target, int status, const std::string& says) {
        auto r = perch.get(target);
        EXPECT_EQ(r.status, status) << target << ": " << r.body;
        EXPECT_NE(msg_of(r).find(says), std::string::npos) << target << ": " << r.body;
    };
    refused(base + eth + "&token_out=" + usdc + "&amount=abc", 400, "'amount'");
    refused(base + eth + "&token_out=" + usdc + "&amount=0", 400, "'amount'");
    refused(base + usdc + "&token_out=" + wbtc + "&amount=1.0000001", 400, "at most 6 decimals");
    refused(base + "0x1234&token_out=" + usdc + "&amount=1", 400, "'token_in'");
    refused(base + eth + "&token_out=" + eth + "&amount=1", 400, "'token_out'");
    refused(base + eth + "&token_out=" + usdc + "&amount=1&slippage_bps=0", 400, "'slippage_bps'");
    refused(
        "/api/swap_api/v1/quote?chain_id=1868&token_in=" + eth + "&token_out=" + usdc + "&amount=1",
        400, "'chain_id'");
    // V2 pairs take any amount (at a price): a hundred billion USDC drains the ETH side, and the
    // quote says so with its price impact (the card blocks the swap above 15 %).
    auto drain = perch.get(base + usdc + "&token_out=" + eth + "&amount=100000000000");
    ASSERT_EQ(drain.status, 200) << drain.body;
    EXPECT_GE(data_of(drain).at("price_impact_bps").to_number<int>(), 9'900);

    // build_tx: native in needs no approval and sends the amount; an ERC-20 from an account
    // that never approved the executor gets an approve first.
    const std::string sender = "0x00000000000000000000000000000000005a9a12";
    auto native = perch.post("/api/swap_api/v1/build_tx",
                             R"({"chain_id": 8453, "token_in": ")" + eth + R"(", "token_out": ")" +
                                 usdc + R"(", "amount": "1", "sender": ")" + sender + R"("})");
    ASSERT_EQ(native.status, 200) << native.body;
    auto n = data_of(native);
    EXPECT_TRUE(n.at("approve").is_null());
    EXPECT_EQ(n.at("swap").at("to").as_string(), d->deployment.executor.lower_hex());
    EXPECT_EQ(n.at("swap").at("value").as_string(), "0xde0b6b3a7640000");
    auto erc20 = perch.post("/api/swap_api/v1/build_tx",
                            R"({"chain_id": 8453, "token_in": ")" + usdc + R"(", "token_out": ")" +
                                wbtc + R"(", "amount": "100", "sender": ")" + sender + R"("})");
    ASSERT_EQ(erc20.status, 200) << erc20.body;
    auto e = data_of(erc20);
    ASSERT_TRUE(e.at("approve").is_object());
    EXPECT_EQ(e.at("approve").at("to").as_string(), usdc);
    EXPECT_EQ(e.at("swap").at("value").as_string(), "0x0");
    auto no_sender = perch.post("/api/swap_api/v1/build_tx", R"({"chain_id": 8453, "token_in": ")" +
                                                                 eth + R"(", "token_out": ")" +
                                                                 usdc + R"(", "amount": "1"})");
    EXPECT_EQ(no_sender.status, 400);
    EXPECT_NE(msg_of(no_sender).find("'sender'"), std::string::npos) << no_sender.body;
}

// The history's swaps: a mined swap through the executor is recorded once from its Swapped event
// (with its block's time) and listed for its wallet; what is not such a swap is refused by name.
TEST(Swap, AMinedSwapIsRecordedOnceAndListedForItsWallet) {
    PERCH_REQUIRE_DEVNET(devnet);
    auto d = swap_devnet(devnet);
    ASSERT_TRUE(d) << "the test devnet deploys no swap venues";
    perch::testing::PerchProcess perch("\"chain_profile\": \"" + devnet.state_path + "\"");
    ASSERT_TRUE(pools_ready(perch, kChain)) << perch.output();
    auto& rpc = *d->rpc;
    std::random_device rd;
    const auto swapper = "0x00000000000000000000000000000000005a" + [&] {
        std::string tail;
        for (int i = 0; i < 4; ++i) tail += "0123456789abcdef"[rd() % 16];
        return tail;
    }();
    run_task(perch::testing::rpc_call(rpc, "hardhat_impersonateAccount", json::array{swapper}));
    run_task(perch::testing::rpc_call(rpc, "hardhat_setBalance",
                                      json::array{swapper, "0x3635c9adc5dea00000"}));
    const auto usdc = token_named(d->deployment, "USDC").lower_hex();
    auto built = perch.post(
        "/api/swap_api/v1/build_tx",
        R"({"chain_id": 8453, "token_in": "0x0000000000000000000000000000000000000000", "token_out": ")" +
            usdc + R"(", "amount": "0.01", "sender": ")" + swapper + R"("})");
    ASSERT_EQ(built.status, 200) << built.body;
    auto swap_tx = data_of(built).at("swap").as_object();
    json::object tx{{"from", swapper},
                    {"to", swap_tx.at("to")},
                    {"data", swap_tx.at("data")},
                    {"value", swap_tx.at("value")},
                    {"gas", "0x2dc6c0"}};
    auto receipt = run_task(perch::testing::send_and_wait(rpc, json::array{tx}));
    ASSERT_EQ(receipt.at("status").as_string(), "0x1");
    const auto hash = std::string(receipt.at("transactionHash").as_string());

    const std::string record = R"({"chain_id": 8453, "tx_hash": ")" + hash + R"("})";
    auto first = perch.post("/api/swap_api/v1/swaps", record);
    ASSERT_EQ(first.status, 200) << first.body;
    auto r = data_of(first);
    EXPECT_TRUE(r.at("recorded_now").as_bool());
    EXPECT_EQ(r.at("sender").as_string(), swapper);
    EXPECT_EQ(r.at("token_in").at("symbol").as_string(), "ETH");
    EXPECT_EQ(r.at("token_in").at("amount").as_string(), "0.01");
    EXPECT_EQ(r.at("token_out").at("symbol").as_string(), "USDC");
    EXPECT_GT(r.at("swapped_at").as_int64(), 0);
    EXPECT_FALSE(
        data_of(perch.post("/api/swap_api/v1/swaps", record)).at("recorded_now").as_bool());

    auto history = data_of(perch.get("/api/swap_api/v1/history?address=" + swapper));
    EXPECT_EQ(history.at("total").to_number<int>(), 1);
    ASSERT_EQ(history.at("list").as_array().size(), 1u);
    EXPECT_EQ(history.at("list").at(0).at("tx_hash").as_string(), hash);

    // A plain transfer is no swap; an unknown hash is not mined; a chain without swaps is refused.
    auto plain = run_task(perch::testing::send_and_wait(
        rpc, json::array{json::object{{"from", swapper}, {"to", swapper}, {"value", "0x1"}}}));
    auto not_swap = perch.post("/api/swap_api/v1/swaps",
                               R"({"chain_id": 8453, "tx_hash": ")" +
                                   std::string(plain.at("transactionHash").as_string()) + R"("})");
    EXPECT_EQ(not_swap.status, 400) << not_swap.body;
    EXPECT_NE(msg_of(not_swap).find("not a swap through this server's executor"),
              std::string::npos);
    auto unknown = perch.post("/api/swap_api/v1/swaps", R"({"chain_id": 8453, "tx_hash": "0x)" +
                                                            std::string(64, 'a') + R"("})");
    EXPECT_EQ(unknown.status, 400) << unknown.body;
    EXPECT_NE(msg_of(unknown).find("not mined yet"), std::string::npos);
    EXPECT_EQ(
        perch.post("/api/swap_api/v1/swaps", R"({"chain_id": 1868, "tx_hash": ")" + hash + R"("})")
            .status,
        400);
    EXPECT_EQ(
        data_of(perch.get(
                    "/api/swap_api/v1/history?address=0x00000000000000000000000000000000000000ee"))
            .at("total")
            .to_number<int>(),
        0);
}
