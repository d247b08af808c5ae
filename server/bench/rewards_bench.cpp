// The rewards consumer on a real SQLite file: how long crediting completed bridge orders takes
// (cross points with boosts, the referrer's share, campaign tiers; one transaction per batch of
// 200), measured per 1000 orders from 100 senders with the config's campaigns. Each iteration
// starts from an empty ledger and the cursor at 0.
#include <benchmark/benchmark.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <filesystem>
#include <random>

#include "rewards/planner.hpp"
#include "rewards/rewards_catalog.hpp"
#include "run_task.hpp"
#include "store/rewards_store.hpp"
#include "store/sql/sql_store.hpp"

using namespace perch;
using namespace perch::store;

using perch::testing::run;

namespace {

std::string user_of(int i) {
    auto hex = std::to_string(1000 + i);
    return "0x" + std::string(40 - hex.size(), '0') + hex;
}

void BM_ConsumeCompletedOrders(benchmark::State& state) {
    const int orders = static_cast<int>(state.range(0));
    auto path = std::filesystem::temp_directory_path() /
                ("perch-rewards-bench-" + std::to_string(std::random_device{}()) + ".db");
    {
        SqlStore sqlite("sqlite:" + path.string());
        auto rewards = open_rewards_store(sqlite);
        auto campaigns =
            rewards::RewardsCatalog::load(PERCH_BENCH_CONFIG_DIR).snapshot()->campaigns;
        auto seed = [orders](Connection& c) {
            Transaction tx(c);
            for (int i = 1; i <= orders; ++i) {
                auto user = user_of(i % 100);
                const std::int64_t dst = i % 3 == 0 ? 1868 : (i % 3 == 1 ? 8453 : 1);
                c.prepared(
                     "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
                     "block_number, block_hash, sender, token_address, token, amount, "
                     "dst_chain_id, recipient, confirmations, state, completed_seq, created_at, "
                     "updated_at) VALUES (?, 42161, '0x1', ?, 1, '0x1', ?, '0x0', ?, '1', ?, ?, 1, "
                     "'completed', ?, 1790000000, 1790000000)")
                    .bind(1, "42161:0x1:" + std::to_string(i))
                    .bind(2, i)
                    .bind(3, user)
                    .bind(4, i % 2 ? "ETH" : "USDC")
                    .bind(5, dst)
                    .bind(6, user)
                    .bind(7, i)
                    .step();
            }
            for (int i = 0; i < 100; i += 2) {
                c.prepared(
                     "INSERT INTO referrals (referee, referrer, created_at, updated_at) VALUES (?, "
                     "?, 0, 0)")
                    .bind(1, user_of(i))
                    .bind(2, user_of(i + 1))
                    .step();
            }
            tx.commit();
        };
        run(sqlite.run(std::move(seed)));
        std::int64_t credits = 0;
        for (auto _ : state) {
            state.PauseTiming();
            auto reset = [](Connection& c) {
                c.exec(
                    "DELETE FROM points_ledger; DELETE FROM reward_bridges; DELETE FROM "
                    "reward_cursors");
            };
            run(sqlite.run(std::move(reset)));
            state.ResumeTiming();
            for (;;) {
                OrderPlanner planner = [&campaigns](const OrderContext& ctx) {
                    // Every order at the reference value (100 USD): the bench times the store.
                    return rewards::plan_order(ctx, {10000, {}}, campaigns);
                };
                auto r =
                    run(rewards->consume_completed_orders(std::move(planner), 200, 1790000000));
                credits += r.credits;
                if (r.orders == 0) break;
            }
        }
        state.counters["orders/s"] = benchmark::Counter(
            static_cast<double>(orders) * static_cast<double>(state.iterations()),
            benchmark::Counter::kIsRate);
        state.counters["credits/iter"] =
            static_cast<double>(credits) / static_cast<double>(state.iterations());
    }
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path.string() + suffix);
}
BENCHMARK(BM_ConsumeCompletedOrders)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
