#include "swap/pool_book.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/abi.hpp"
#include "chain/rpc/eth.hpp"
#include "pool_log_support.hpp"
#include "swap/tick_math.hpp"

namespace perch::swap {
namespace {
namespace json = boost::json;
namespace abi = chain::abi;
using chain::Address;
using namespace test;

const Address kV2Factory = addr(0xf2), kV3Factory = addr(0xf3), kToken0 = addr(0x10),
              kToken1 = addr(0x11), kPair = addr(0x20), kPool = addr(0x30);

PoolBook book() {
    return PoolBook(
        {{"uniswap-v2", Venue::Kind::v2, kV2Factory}, {"uniswap-v3", Venue::Kind::v3, kV3Factory}});
}

PoolEvent decoded(const json::value& log) {
    std::string why;
    auto e = decode_pool_event(log, &why);
    EXPECT_TRUE(e) << why;
    return *e;
}

json::value pool_created(const Address& factory) {
    return log_of(kPoolCreated, factory,
                  {abi::Value::of(kToken0), abi::Value::of(kToken1), abi::Value::of_int(500)},
                  {"int24", "address"}, {abi::Value::of_int(10), abi::Value::of(kPool)});
}

json::value mint(std::int64_t lower, std::int64_t upper, std::uint64_t amount) {
    return log_of(kMint, kPool,
                  {abi::Value::of(addr(1)), abi::Value::of_int(lower), abi::Value::of_int(upper)},
                  {"address", "uint128", "uint256", "uint256"},
                  {abi::Value::of(addr(1)), abi::Value::of(U256(amount)), abi::Value::of(U256(1)),
                   abi::Value::of(U256(1))});
}

json::value burn(std::int64_t lower, std::int64_t upper, std::uint64_t amount) {
    return log_of(kBurn, kPool,
                  {abi::Value::of(addr(1)), abi::Value::of_int(lower), abi::Value::of_int(upper)},
                  {"uint128", "uint256", "uint256"},
                  {abi::Value::of(U256(amount)), abi::Value::of(U256(0)), abi::Value::of(U256(0))});
}

TEST(PoolEvents, DecodesEveryFollowedEvent) {
    auto created = decoded(
        log_of(kPairCreated, kV2Factory, {abi::Value::of(kToken0), abi::Value::of(kToken1)},
               {"address", "uint256"}, {abi::Value::of(kPair), abi::Value::of(U256(1))}, 12, 3));
    EXPECT_EQ(created.emitter, kV2Factory);
    EXPECT_EQ(created.block_number, 12U);
    EXPECT_EQ(created.log_index, 3U);
    const auto& pc = std::get<PairCreated>(created.data);
    EXPECT_EQ(pc.token0, kToken0);
    EXPECT_EQ(pc.token1, kToken1);
    EXPECT_EQ(pc.pair, kPair);

    auto pool = std::get<PoolCreated>(decoded(pool_created(kV3Factory)).data);
    EXPECT_EQ(pool.fee, 500U);
    EXPECT_EQ(pool.tick_spacing, 10);
    EXPECT_EQ(pool.pool, kPool);

    auto swap = decoded(
        log_of(kSwap, kPool, {abi::Value::of(addr(1)), abi::Value::of(addr(2))},
               {"int256", "int256", "uint160", "uint128", "int24"},
               {abi::Value::of_int(5), abi::Value::of_int(-4), abi::Value::of(U256(123456789)),
                abi::Value::of(U256(777)), abi::Value::of_int(-887)}));
    const auto& s = std::get<V3Swap>(swap.data);
    EXPECT_EQ(s.sqrt_price_x96, U256(123456789));
    EXPECT_EQ(s.liquidity, u128{777});
    EXPECT_EQ(s.tick, -887);

    auto m = std::get<LiquidityChange>(decoded(mint(-120, 60, 1000)).data);
    EXPECT_EQ(m.tick_lower, -120);
    EXPECT_EQ(m.tick_upper, 60);
    EXPECT_EQ(m.delta, i128{1000});
    auto b = std::get<LiquidityChange>(decoded(burn(-120, 60, 400)).data);
    EXPECT_EQ(b.delta, i128{-400});
}

TEST(PoolEvents, RejectsWhatIsNotAFollowedEvent) {
    std::string why;
    auto removed = log_of(kSync, kPair, {}, {"uint112", "uint112"},
                          {abi::Value::of(U256(1)), abi::Value::of(U256(2))});
    removed.as_object()["removed"] = true;
    EXPECT_FALSE(decode_pool_event(removed, &why));
    EXPECT_EQ(why, "log was removed by a reorg");

    auto other = log_of("event Transfer(address indexed from, address indexed to, uint256 v)",
                        kToken0, {abi::Value::of(addr(1)), abi::Value::of(addr(2))}, {"uint256"},
                        {abi::Value::of(U256(5))});
    EXPECT_FALSE(decode_pool_event(other, &why));
    EXPECT_EQ(why, "not a pool event");

    // Sync's reserves are uint112: a larger word is not a Sync, whatever its topic says.
    auto too_big = log_of(kSync, kPair, {}, {"uint256", "uint256"},
                          {abi::Value::of(U256(1) << 200), abi::Value::of(U256(2))});
    EXPECT_FALSE(decode_pool_event(too_big, &why));
    EXPECT_EQ(why, "Sync does not decode");

    EXPECT_FALSE(decode_pool_event(json::value("x"), &why));
    EXPECT_EQ(factory_event_topics().size(), 2U);
    EXPECT_EQ(pool_event_topics().size(), 5U);
}

TEST(PoolBook, FollowsAV2PairFromItsFactory) {
    auto b = book();
    std::string why;
    auto pair_log =
        log_of(kPairCreated, kV2Factory, {abi::Value::of(kToken0), abi::Value::of(kToken1)},
               {"address", "uint256"}, {abi::Value::of(kPair), abi::Value::of(U256(1))});
    ASSERT_TRUE(b.apply(decoded(pair_log), &why)) << why;
    ASSERT_TRUE(b.apply(decoded(log_of(kSync, kPair, {}, {"uint112", "uint112"},
                                       {abi::Value::of(U256(1000)), abi::Value::of(U256(2000))})),
                        &why));
    const auto& pair = b.v2_pairs().at(kPair);
    EXPECT_EQ(pair.venue, "uniswap-v2");
    EXPECT_EQ(pair.reserve0, U256(1000));
    EXPECT_EQ(pair.reserve1, U256(2000));
    EXPECT_EQ(b.pools(), std::vector<Address>{kPair});

    // A look-alike factory, a second creation and a Sync from a stranger change nothing.
    auto stranger =
        log_of(kPairCreated, addr(0x99), {abi::Value::of(kToken0), abi::Value::of(kToken1)},
               {"address", "uint256"}, {abi::Value::of(addr(0x21)), abi::Value::of(U256(1))});
    EXPECT_FALSE(b.apply(decoded(stranger), &why));
    EXPECT_EQ(why, "PairCreated from an unknown factory");
    EXPECT_FALSE(b.apply(decoded(pair_log), &why));
    EXPECT_FALSE(b.apply(decoded(log_of(kSync, addr(0x22), {}, {"uint112", "uint112"},
                                        {abi::Value::of(U256(1)), abi::Value::of(U256(1))})),
                         &why));
    EXPECT_EQ(b.v2_pairs().size(), 1U);
}

TEST(PoolBook, FollowsAV3PoolsTicksAndLiquidity) {
    auto b = book();
    std::string why;
    EXPECT_FALSE(b.apply(decoded(pool_created(kV2Factory)), &why));  // a V2 factory cannot
    ASSERT_TRUE(b.apply(decoded(pool_created(kV3Factory)), &why)) << why;
    ASSERT_FALSE(b.v3_pools().at(kPool).initialized);
    const auto price = *get_sqrt_ratio_at_tick(5);
    ASSERT_TRUE(b.apply(decoded(log_of(kInitialize, kPool, {}, {"uint160", "int24"},
                                       {abi::Value::of(price), abi::Value::of_int(5)})),
                        &why));
    // In range [-10, 20): the pool's liquidity grows; out of range [30, 50): only the ticks.
    ASSERT_TRUE(b.apply(decoded(mint(-10, 20, 1000)), &why)) << why;
    ASSERT_TRUE(b.apply(decoded(mint(30, 50, 500)), &why)) << why;
    ASSERT_TRUE(b.apply(decoded(mint(-10, 50, 200)), &why)) << why;
    const auto& p = b.v3_pools().at(kPool);
    EXPECT_TRUE(p.initialized);
    EXPECT_EQ(p.state.fee, 500U);
    EXPECT_EQ(p.state.tick_spacing, 10);
    EXPECT_EQ(p.state.liquidity, u128{1200});
    std::map<std::int32_t, i128> ticks{{-10, 1200}, {20, -1000}, {30, 500}, {50, -700}};
    EXPECT_EQ(p.state.ticks, ticks);

    // Burning a whole position removes the ticks only it used.
    ASSERT_TRUE(b.apply(decoded(burn(30, 50, 500)), &why)) << why;
    ASSERT_TRUE(b.apply(decoded(burn(-10, 20, 1000)), &why)) << why;
    std::map<std::int32_t, i128> left{{-10, 200}, {50, -200}};
    EXPECT_EQ(b.v3_pools().at(kPool).state.ticks, left);
    EXPECT_EQ(b.v3_pools().at(kPool).state.liquidity, u128{200});

    // More burnt than there is: rejected, nothing changed.
    EXPECT_FALSE(b.apply(decoded(burn(-10, 50, 201)), &why));
    EXPECT_EQ(b.v3_pools().at(kPool).state.ticks, left);
    EXPECT_EQ(b.v3_pools().at(kPool).state.liquidity, u128{200});

    // A swap sets price, tick and in-range liquidity as the event says.
    ASSERT_TRUE(b.apply(
        decoded(log_of(kSwap, kPool, {abi::Value::of(addr(1)), abi::Value::of(addr(2))},
                       {"int256", "int256", "uint160", "uint128", "int24"},
                       {abi::Value::of_int(1), abi::Value::of_int(-1), abi::Value::of(price),
                        abi::Value::of(U256(200)), abi::Value::of_int(-3)})),
        &why));
    EXPECT_EQ(b.v3_pools().at(kPool).state.tick, -3);
}

}  // namespace
}  // namespace perch::swap
