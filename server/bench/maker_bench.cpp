// Maker capacity without the nodes: payouts signed (secp256k1, EIP-1559, USDC transfer) and stored
// (order to paying, nonce reserved, maker transaction and its signed bytes written: the real
// SqlOrders::sign_and_store, one write transaction per call) on a real SQLite file in WAL mode
// and, beside it in the same run, on PostgreSQL (PERCH_BENCH_POSTGRES_URL). Batch 1 is the
// one-block path (each deposit paid alone as soon as it is confirmed); 300 is the maker's batch
// under load. Signing runs on the store's DB thread inside the transaction and the caller only
// waits, so the work is one core's. Registered twice: items_per_second per CPU-second of the whole
// process (process_time: payouts per second per core, the figure that holds on a shared machine),
// and per wall-clock second (real_time: what this machine gave now).
#include <benchmark/benchmark.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>

#include "bench_support.hpp"
#include "bridge/order.hpp"
#include "chain/signer.hpp"
#include "chain/tx.hpp"
#include "store/sql/db.hpp"
#include "store/sql/sql_store.hpp"

using namespace perch;
using namespace perch::store;

namespace {

using bench::run;

// Hardhat's public test key #1 (the devnet maker): a bench key, never a real one.
constexpr const char* kKey = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

// `count` queued payout orders to chain 42161, ids from `first`.
void seed(SqlStore& sqlite, boost::asio::io_context& io, std::int64_t first, std::int64_t count) {
    auto insert = [first, count](Connection& c) {
        Transaction tx(c);
        for (auto i = first; i < first + count; ++i) {
            c.prepared(
                 "INSERT INTO bridge_orders (id, order_key, src_chain_id, src_tx_hash, log_index, "
                 "block_number, block_hash, sender, token_address, token, decimals, amount, "
                 "dst_chain_id, recipient, confirmations, receive_amount, state, created_at, "
                 "updated_at) VALUES (?, ?, 8453, '0x1', ?, 1, '0x1', "
                 "'0x00000000000000000000000000000000000000aa', "
                 "'0x00000000000000000000000000000000000000bb', 'USDC', 6, '1000000', 42161, "
                 "'0x00000000000000000000000000000000000000cc', 1, '999000', 'queued', 1, 1)")
                .bind(1, i)
                .bind(2, "8453:0x1:" + std::to_string(i))
                .bind(3, i)
                .step();
        }
        tx.commit();
    };
    run(io, sqlite.run(std::move(insert)));
}

void BM_SignAndStorePayouts(benchmark::State& state, Dialect dialect) {
    const auto batch = state.range(0);
    auto db = bench::bench_database(dialect);
    if (!db) {
        state.SkipWithError("PERCH_BENCH_POSTGRES_URL is not set");
        return;
    }
    {
        boost::asio::io_context io;
        SqlStore sqlite(db->url());
        auto& orders = sqlite.orders();
        auto lease = *run(io, orders.take_lease("bench", 0, 1'000'000'000));
        auto key = *chain::PrivateKey::from_hex(kKey);
        auto account = key.address().lower_hex();
        auto token = *chain::Address::from_hex("0xaf88d065e77c8cc2239327c5edb3a432268e5831");
        auto recipient = *chain::Address::from_hex("0x00000000000000000000000000000000000000cc");
        bridge::Fees fees{chain::U256(2'000'000'000), chain::U256(1'000'000'000)};
        std::int64_t next_order = 1;
        std::int64_t seeded = 0;
        std::int64_t stored = 0;
        for (auto _ : state) {
            if (next_order + batch > seeded) {
                state.PauseTiming();
                seed(sqlite, io, seeded + 1, 20000);
                seeded += 20000;
                state.ResumeTiming();
            }
            std::vector<TxPlan> plans;
            plans.reserve(static_cast<std::size_t>(batch));
            for (std::int64_t i = 0; i < batch; ++i, ++next_order) {
                auto transfer = bridge::transfer_of(token, recipient, chain::U256(999000));
                auto sign = [&key, transfer, fees](std::uint64_t nonce) {
                    auto tx = bridge::transaction_for(transfer, 42161, nonce, fees);
                    chain::sign_transaction(tx, key);
                    return SignedTx{chain::to_hex(chain::encode_transaction(tx)),
                                    chain::transaction_hash(tx).hex(), tx.max_fee_per_gas.to_dec()};
                };
                plans.push_back({next_order, "payout", "queued", std::move(sign)});
            }
            auto done = run(io, orders.sign_and_store(lease, 42161, account, 0, std::move(plans)));
            stored += static_cast<std::int64_t>(done.size());
        }
        if (stored != state.iterations() * batch) state.SkipWithError("a payout was not stored");
        state.SetItemsProcessed(stored);
    }
}
BENCHMARK_CAPTURE(BM_SignAndStorePayouts, sqlite, Dialect::sqlite)
    ->Arg(1)
    ->Arg(300)
    ->Unit(benchmark::kMicrosecond)
    ->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_SignAndStorePayouts, sqlite, Dialect::sqlite)
    ->Arg(1)
    ->Arg(300)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
// PostgreSQL's work runs in its own server process: wall-clock time is the honest figure.
BENCHMARK_CAPTURE(BM_SignAndStorePayouts, postgresql, Dialect::postgresql)
    ->Arg(1)
    ->Arg(300)
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();

}  // namespace
