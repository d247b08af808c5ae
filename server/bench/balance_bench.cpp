// multi-balance over every devnet chain: the service (one batch per chain, all chains at once,
// pooled keep-alive connections) against a naive reader (one chain after another, a new
// connection per call). Needs the devnet: PERCH_BENCH_DEVNET_STATE names its state.json
// (scripts/bench.sh starts one). The balance cache is off so every iteration reads the nodes.
#include <benchmark/benchmark.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <cstdlib>
#include <memory>

#include "balance/balances.hpp"
#include "bench_support.hpp"
#include "chain/rpc/eth.hpp"

using namespace perch;

namespace {

constexpr const char* kUser = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

struct Fixture {
    catalog::Catalog catalog;
    std::unique_ptr<chain::rpc::ChainRegistry> registry;
    std::unique_ptr<balance::BalanceService> service;
    std::vector<std::int64_t> chain_ids;
    std::vector<std::string> urls;
};

Fixture* fixture() {
    static std::unique_ptr<Fixture> f = [] {
        const char* state =
            std::getenv("PERCH_BENCH_DEVNET_STATE");  // NOLINT(concurrency-mt-unsafe)
        if (!state) return std::unique_ptr<Fixture>();
        auto fx = std::make_unique<Fixture>(
            Fixture{catalog::Catalog::load(PERCH_BENCH_CONFIG_DIR, state), {}, {}, {}, {}});
        std::vector<chain::rpc::ChainEndpoints> endpoints;
        for (const auto& pc : fx->catalog.profile_chains()) {
            endpoints.push_back({pc.chain_id, {pc.rpc_url}, {}});
            fx->chain_ids.push_back(pc.chain_id);
            fx->urls.push_back(pc.rpc_url);
        }
        fx->registry =
            std::make_unique<chain::rpc::ChainRegistry>(endpoints, chain::rpc::RpcOptions{});
        fx->service = std::make_unique<balance::BalanceService>(fx->catalog, *fx->registry,
                                                                std::chrono::milliseconds(0));
        return fx;
    }();
    return f.get();
}

// One context for the whole process: the clients keep connections of the contexts that used them.
boost::asio::io_context& bench_io() {
    static boost::asio::io_context io;
    return io;
}

using perch::bench::run;

Task<std::size_t> service_read(balance::BalanceService& service, std::vector<std::int64_t> ids) {
    auto balances =
        co_await service.multi_balance(*chain::Address::from_hex(kUser), std::move(ids), "USDC");
    co_return balances.size();
}

// What a first implementation would do: chain by chain, a fresh client (and connection) each time.
Task<std::size_t> naive_read(const std::vector<std::string>& urls,
                             const std::vector<std::string>& tokens) {
    std::size_t read = 0;
    for (std::size_t i = 0; i < urls.size(); ++i) {
        chain::rpc::RpcClient rpc({urls[i]});
        auto call = chain::rpc::erc20_balance_call(*chain::Address::from_hex(tokens[i]),
                                                   *chain::Address::from_hex(kUser));
        auto answer = co_await rpc.call(call.method, call.params);
        read += answer.is_string() ? 1 : 0;
    }
    co_return read;
}

void BM_MultiBalanceService(benchmark::State& state) {
    auto* fx = fixture();
    if (!fx) return state.SkipWithError("PERCH_BENCH_DEVNET_STATE is not set: run make bench");
    auto& io = bench_io();
    for (auto _ : state)
        benchmark::DoNotOptimize(run(io, service_read(*fx->service, fx->chain_ids)));
    state.counters["chains"] = static_cast<double>(fx->chain_ids.size());
}

void BM_MultiBalanceNaiveSequential(benchmark::State& state) {
    auto* fx = fixture();
    if (!fx) return state.SkipWithError("PERCH_BENCH_DEVNET_STATE is not set: run make bench");
    std::vector<std::string> tokens;
    for (auto id : fx->chain_ids) tokens.push_back(fx->service->token("USDC", id)->address);
    auto& io = bench_io();
    for (auto _ : state) benchmark::DoNotOptimize(run(io, naive_read(fx->urls, tokens)));
    state.counters["chains"] = static_cast<double>(fx->chain_ids.size());
}

}  // namespace

BENCHMARK(BM_MultiBalanceService)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_MultiBalanceNaiveSequential)->Unit(benchmark::kMillisecond)->UseRealTime();
