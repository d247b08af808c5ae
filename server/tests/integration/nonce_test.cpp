// The nonce manager against a devnet node and a real SQLite file: reserved nonces are accepted
// in order, survive a new manager (a restart), and a stale store is repaired by resync.
#include <gtest/gtest.h>

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <filesystem>
#include <random>

#include "app/store_nonces.hpp"
#include "chain/rpc/eth.hpp"
#include "chain/rpc/nonce_manager.hpp"
#include "chain/signer.hpp"
#include "chain/tx.hpp"
#include "devnet.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch::chain;
using namespace perch::chain::rpc;
using perch::Task;
using perch::testing::run_task;

namespace {

// Hardhat's public test account #7; no other suite signs with it.
constexpr const char* kKey7 = "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356";

Task<Hash32> send_with_nonce(RpcClient& rpc, const PrivateKey& key, std::uint64_t nonce,
                             std::uint64_t wei = 1) {
    Eth eth(rpc);
    Transaction tx;
    tx.chain_id = co_await eth.chain_id();
    tx.nonce = nonce;
    tx.max_priority_fee_per_gas = U256(1'000'000'000);
    tx.max_fee_per_gas = U256(100'000'000'000ULL);
    tx.gas_limit = 21000;
    tx.to = *Address::from_hex("0x000000000000000000000000000000000000dEaD");
    tx.value = U256(wei);
    sign_transaction(tx, key);
    co_return co_await eth.send_raw_transaction(encode_transaction(tx));
}

// Waits until the node has mined everything the account sent (its pending and latest counts agree).
Task<int> wait_mined(RpcClient& rpc, Address a) {
    Eth eth(rpc);
    for (int i = 0; i < 100; ++i) {
        if (co_await eth.get_transaction_count(a, "latest") ==
            co_await eth.get_transaction_count(a, "pending"))
            co_return 0;
        boost::asio::steady_timer timer(co_await boost::asio::this_coro::executor,
                                        std::chrono::milliseconds(100));
        co_await timer.async_wait(boost::asio::use_awaitable);
    }
    throw std::runtime_error("transactions not mined within 10 s");
}

Task<std::uint64_t> reserve(NonceManager& m) {
    co_return co_await m.reserve();
}
Task<std::uint64_t> pending(RpcClient& rpc, Address a) {
    co_return co_await Eth(rpc).get_transaction_count(a, "pending");
}
Task<int> resync(NonceManager& m) {
    co_await m.resync();
    co_return 0;
}
Task<int> reset(perch::store::Store& s, Address a, std::uint64_t next) {
    co_await s.reset_nonce(42161, a.lower_hex(), next);
    co_return 0;
}

}  // namespace

TEST(Nonces, ReservedInOrderAcrossRestartsAndResyncedWhenStale) {
    PERCH_REQUIRE_DEVNET(devnet);
    perch::testing::TestDatabase db;
    RpcClient rpc({devnet.rpc_urls.at(42161)});
    auto key = *PrivateKey::from_hex(kKey7);
    auto start = run_task(pending(rpc, key.address()));
    {
        perch::store::SqlStore store(db.url());
        perch::app::StoreNonces nonces(store);
        NonceManager manager(nonces, rpc, 42161, key.address());
        auto first = run_task(reserve(manager));
        auto second = run_task(reserve(manager));
        EXPECT_EQ(first, start);
        EXPECT_EQ(second, start + 1);
        run_task(send_with_nonce(rpc, key, first));
        run_task(send_with_nonce(rpc, key, second));
    }
    {
        perch::store::SqlStore store(db.url());  // a restart: same database, new manager
        perch::app::StoreNonces nonces(store);
        NonceManager manager(nonces, rpc, 42161, key.address());
        auto third = run_task(reserve(manager));
        EXPECT_EQ(third, start + 2);
        run_task(send_with_nonce(rpc, key, third));
        run_task(wait_mined(rpc, key.address()));

        // The store falls behind the chain (say, a restored backup): the node refuses, resync
        // repairs.
        run_task(reset(store, key.address(), start));
        perch::app::StoreNonces stale_nonces(store);
        NonceManager stale(stale_nonces, rpc, 42161, key.address());
        auto stale_nonce =
            run_task(reserve(stale));  // floor from the chain makes even this one right
        EXPECT_EQ(stale_nonce, start + 3);
        run_task(reset(store, key.address(), start));
        auto reused = run_task(reserve(stale));  // synced already: the stale stored value is used
        EXPECT_EQ(reused, start);
        try {
            run_task(send_with_nonce(rpc, key, reused, 2));
            FAIL() << "the node accepted a used nonce";
        } catch (const RpcError& e) {
            EXPECT_TRUE(NonceManager::is_nonce_too_low(e)) << e.what();
        }
        run_task(resync(stale));
        auto repaired = run_task(reserve(stale));
        EXPECT_EQ(repaired, start + 3);
        run_task(send_with_nonce(rpc, key, repaired));
    }
}
