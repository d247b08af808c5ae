// perch_swap_compare: exports a pool set and a list of trades with the router's answers, for
// tools/bench/swap-sdk-compare.mjs to run the same trades through @uniswap/v2-sdk and v3-sdk
// (docs/benchmarks.md, "Against @uniswap/v2-sdk and v3-sdk").
//
//   perch_swap_compare synthetic [--trades N] [--seed S] [--repeat R] --out FILE
//       the benchmarks' synthetic 1,000-pool chain (bench/swap_market.hpp)
//   perch_swap_compare devnet --state STATE.json --chain ID [--trades N] [--seed S] [--repeat R]
//       --out FILE
//       the pools of a running devnet, read by the server's own indexer (swap::PoolIndexer) up to
//       the head, exactly as perch quotes on them
//
// Every trade is quoted at gas price 0 (the SDKs ignore gas): with the default split search (up to
// 3 paths), with max_splits = 1 (one path, like the SDKs), and with one path over the V2 pairs
// alone and over the V3 pools alone (what each SDK searches). The first two are timed R times
// (after one untimed pass over all trades) and the median kept: the thread's CPU time and wall
// time, in µs. Output JSON: {name, block?, wrappedNative, tokens: [{address, symbol, decimals}],
// v2: [{address, venue, token0, token1, reserve0, reserve1}], v3: [{address, venue, token0, token1,
// fee, tickSpacing, sqrtPriceX96, tick, liquidity, ticks: [{index, liquidityNet,
// liquidityGross}]}], trades: [{tokenIn, tokenOut, amountIn, usd, split: Answer, single: Answer,
// v2Single: Answer, v3Single: Answer}]} (v2Single/v3Single: one path over the V2 pairs alone / V3
// pools alone) with Answer {amountOut, paths: [{amountIn, amountOut, hops: [{pool, venue, fee,
// tokenIn, tokenOut}]}], cpuUs, wallUs} or {error, cpuUs, wallUs}. Amounts are decimal strings of
// base units.
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "../swap_market.hpp"
#include "core/json_file.hpp"
#include "swap/deployment.hpp"
#include "swap/pool_indexer.hpp"
#include "swap/router.hpp"

namespace json = boost::json;
using namespace perch::swap;
using perch::chain::Address;

namespace {

struct ExportToken {
    Address address;
    std::string symbol;
    int decimals = 18;
};

struct ExportTrade {
    Address in, out;
    U256 amount;
    double usd = 0;
};

struct PoolsToExport {
    std::string name;
    std::optional<std::uint64_t> block;
    Address weth;
    std::vector<ExportToken> tokens;
    PoolSet pools;
    std::map<Address, std::map<std::int32_t, u128>> v3_gross;
    std::vector<ExportTrade> trades;
};

struct Args {
    std::string mode, out, state;
    std::int64_t chain = 0;
    std::size_t trades = 0;
    std::uint64_t seed = 0;
    std::size_t repeat = 5;
};

[[noreturn]] void usage(const std::string& why) {
    std::cerr
        << "perch_swap_compare: " << why << "\n"
        << "usage: perch_swap_compare synthetic [--trades N] [--seed S] [--repeat R] --out FILE\n"
        << "       perch_swap_compare devnet --state STATE.json --chain ID [--trades N] "
           "[--seed S] [--repeat R] --out FILE\n";
    std::exit(2);
}

Args parse_args(int argc, char** argv) {
    if (argc < 2) usage("no mode");
    Args args;
    args.mode = argv[1];
    if (args.mode != "synthetic" && args.mode != "devnet") usage("unknown mode " + args.mode);
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) usage(flag + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--out")
            args.out = value;
        else if (flag == "--state")
            args.state = value;
        else if (flag == "--chain")
            args.chain = std::stoll(value);
        else if (flag == "--trades")
            args.trades = std::stoul(value);
        else if (flag == "--seed")
            args.seed = std::stoull(value);
        else if (flag == "--repeat")
            args.repeat = std::max<std::size_t>(1, std::stoul(value));
        else
            usage("unknown flag " + flag);
    }
    if (args.out.empty()) usage("--out is required");
    if (args.mode == "devnet" && (args.state.empty() || args.chain == 0))
        usage("devnet needs --state and --chain");
    return args;
}

double thread_cpu_micros() {
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) * 1e6 + static_cast<double>(now.tv_nsec) / 1e3;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

template <class T>
T run_task(perch::Task<T> task) {
    static boost::asio::io_context io;
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.restart();
    io.run();
    return future.get();
}

// ---- the pool sets ----

PoolsToExport synthetic(const Args& args) {
    const bench::Market& m = bench::market();
    PoolsToExport out{"synthetic 1,000 pools over 100 tokens (bench/swap_market.hpp)",
                      std::nullopt,
                      m.tokens[0].address,
                      {},
                      m.pools,
                      m.v3_gross,
                      {}};
    for (std::size_t i = 0; i < m.tokens.size(); ++i)
        out.tokens.push_back({m.tokens[i].address, "T" + std::to_string(i), m.tokens[i].decimals});
    // The quality benchmark's trades (seed kSeed + 2) unless told otherwise.
    for (const auto& t : bench::make_trades(args.trades ? args.trades : 200,
                                            args.seed ? args.seed : bench::kSeed + 2))
        out.trades.push_back({m.tokens[t.in].address, m.tokens[t.out].address, t.amount, t.usd});
    return out;
}

PoolsToExport devnet(const Args& args) {
    const json::value state = perch::read_json_file(args.state, "devnet state");
    const auto deployment = parse_swap_deployment(state);
    if (!deployment) throw std::runtime_error(args.state + " has no swap deployment");
    std::string url;
    for (const auto& chain : state.at("chains").as_array())
        if (chain.at("chain_id").to_number<std::int64_t>() == args.chain)
            url = std::string(chain.at("rpc_url").as_string());
    if (url.empty()) throw std::runtime_error("no chain " + std::to_string(args.chain));

    perch::chain::rpc::RpcClient rpc({url});
    PoolIndexer indexer(args.chain, rpc, deployment->venues, deployment->start_block);
    bool head = false;
    for (int i = 0; i < 200 && !head; ++i) head = run_task(indexer.sync_once());
    if (!head) throw std::runtime_error("the indexer did not reach the head");

    PoolsToExport out{"devnet chain " + std::to_string(args.chain) + " (" + url + ")",
                      indexer.indexed_block(),
                      deployment->weth,
                      {},
                      {},
                      {},
                      {}};
    for (const auto& t : deployment->tokens)
        if (!t.address.is_zero())
            out.tokens.push_back({t.address, t.symbol, static_cast<int>(t.decimals)});
    const PoolBook& book = indexer.book();
    for (const auto& address : book.pools()) {
        auto pool = book.tradable(address);
        if (!pool) continue;
        if (!out.pools.upsert(*pool))
            throw std::runtime_error("pool refused: " + address.lower_hex());
        if (auto it = book.v3_pools().find(address); it != book.v3_pools().end())
            out.v3_gross[address] = it->second.liquidity_gross;
    }

    // Trade sizes in dollars through the pools' own prices: a token's base units per wei of WETH
    // (native_price, the output of selling 1 WETH) and USDC's as the dollar.
    QuoteOptions opts;
    opts.wrapped_native = deployment->weth;
    std::optional<double> usdc_per_wei;
    std::vector<std::pair<ExportToken, double>> priced;  // token, base units per wei of WETH
    for (const auto& t : out.tokens) {
        const auto id = out.pools.find_token(t.address);
        const auto price = id ? native_price(out.pools, *id, opts) : std::nullopt;
        if (!price) continue;
        priced.push_back({t, *price});
        if (t.symbol == "USDC") usdc_per_wei = *price;
    }
    if (!usdc_per_wei || priced.size() < 2) throw std::runtime_error("no USDC price on the pools");
    const double usd_per_weth = *usdc_per_wei * 1e18 / 1e6;
    std::mt19937_64 rng(args.seed ? args.seed
                                  : bench::kSeed + 3 + static_cast<std::uint64_t>(args.chain));
    std::uniform_int_distribution<std::size_t> pick(0, priced.size() - 1);
    while (out.trades.size() < (args.trades ? args.trades : 200)) {
        const std::size_t a = pick(rng), b = pick(rng);
        if (a == b) continue;
        const double usd = bench::log_uniform(rng, 10, 2e6);
        out.trades.push_back({priced[a].first.address, priced[b].first.address,
                              from_double(usd / usd_per_weth * priced[a].second * 1e18), usd});
    }
    return out;
}

// ---- the router's answers ----

struct Timed {
    perch::chain::Result<Quote> quote;
    double cpu_us = 0;
    double wall_us = 0;
};

Timed quote_once(const PoolSet& pools, const ExportTrade& t, const QuoteOptions& opts) {
    const auto wall_start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_micros();
    auto quote = best_quote(pools, t.in, t.out, t.amount, opts);
    const double cpu = thread_cpu_micros() - cpu_start;
    const double wall =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - wall_start)
            .count();
    return {std::move(quote), cpu, wall};
}

json::object answer(const PoolSet& pools, const ExportTrade& t, const QuoteOptions& opts,
                    std::size_t repeat) {
    std::vector<double> cpu, wall;
    std::optional<Timed> last;
    for (std::size_t r = 0; r < repeat; ++r) {
        last = quote_once(pools, t, opts);
        cpu.push_back(last->cpu_us);
        wall.push_back(last->wall_us);
    }
    json::object out;
    if (last->quote) {
        const Quote& q = *last->quote;
        out["amountOut"] = q.amount_out.to_dec();
        json::array paths;
        for (const auto& path : q.paths) {
            json::array hops;
            for (const auto& hop : path.hops)
                hops.push_back(json::object{{"pool", hop.pool.lower_hex()},
                                            {"venue", hop.venue},
                                            {"fee", hop.fee_ppm},
                                            {"tokenIn", hop.token_in.lower_hex()},
                                            {"tokenOut", hop.token_out.lower_hex()}});
            paths.push_back(json::object{{"amountIn", path.amount_in.to_dec()},
                                         {"amountOut", path.amount_out.to_dec()},
                                         {"hops", std::move(hops)}});
        }
        out["paths"] = std::move(paths);
    } else {
        out["error"] = last->quote.error().message;
    }
    out["cpuUs"] = median(cpu);
    out["wallUs"] = median(wall);
    return out;
}

json::object export_json(const PoolsToExport& p, std::size_t repeat) {
    json::object root;
    root["name"] = p.name;
    if (p.block) root["block"] = *p.block;
    root["wrappedNative"] = p.weth.lower_hex();
    json::array tokens, v2, v3, trades;
    for (const auto& t : p.tokens)
        tokens.push_back(json::object{
            {"address", t.address.lower_hex()}, {"symbol", t.symbol}, {"decimals", t.decimals}});
    for (PoolId id = 0; id < p.pools.pool_count(); ++id) {
        const Pool& pool = p.pools.pool(id);
        json::object o{{"address", pool.address.lower_hex()},
                       {"venue", pool.venue},
                       {"token0", pool.token0.lower_hex()},
                       {"token1", pool.token1.lower_hex()}};
        if (const auto* pair = std::get_if<V2Pair>(&pool.state)) {
            if (pair->fee_bps != kV2DefaultFeeBps)
                throw std::runtime_error("a V2 pair with a fee other than 0.3 %");
            o["reserve0"] = pair->reserve0.to_dec();
            o["reserve1"] = pair->reserve1.to_dec();
            v2.push_back(std::move(o));
            continue;
        }
        const auto& s = std::get<V3Pool>(pool.state);
        const auto gross_it = p.v3_gross.find(pool.address);
        json::array ticks;
        for (const auto& [index, net] : s.ticks) {
            u128 gross = 0;
            if (gross_it != p.v3_gross.end())
                if (auto g = gross_it->second.find(index); g != gross_it->second.end())
                    gross = g->second;
            const I256 signed_net = net < 0 ? I256::negated(from_u128(static_cast<u128>(-net)))
                                            : I256::positive(from_u128(static_cast<u128>(net)));
            ticks.push_back(json::object{{"index", index},
                                         {"liquidityNet", signed_net.to_dec()},
                                         {"liquidityGross", from_u128(gross).to_dec()}});
        }
        o["fee"] = s.fee;
        o["tickSpacing"] = s.tick_spacing;
        o["sqrtPriceX96"] = s.sqrt_price_x96.to_dec();
        o["tick"] = s.tick;
        o["liquidity"] = from_u128(s.liquidity).to_dec();
        o["ticks"] = std::move(ticks);
        v3.push_back(std::move(o));
    }

    QuoteOptions split;  // defaults: up to 3 paths
    split.wrapped_native = p.weth;
    split.gas_price_wei = U256(0);
    QuoteOptions single = split;
    single.max_splits = 1;
    // The V2 pairs alone and the V3 pools alone, as each SDK sees them: our one-path search
    // against each SDK's on exactly its pools.
    PoolSet v2_only, v3_only;
    for (PoolId id = 0; id < p.pools.pool_count(); ++id)
        (void)(p.pools.pool(id).kind() == PoolKind::v2 ? v2_only : v3_only)
            .upsert(p.pools.pool(id));
    // One untimed pass first (caches, page faults), then the timed ones.
    for (const auto& t : p.trades) {
        (void)best_quote(p.pools, t.in, t.out, t.amount, split);
        (void)best_quote(p.pools, t.in, t.out, t.amount, single);
    }
    for (const auto& t : p.trades)
        trades.push_back(json::object{{"tokenIn", t.in.lower_hex()},
                                      {"tokenOut", t.out.lower_hex()},
                                      {"amountIn", t.amount.to_dec()},
                                      {"usd", t.usd},
                                      {"split", answer(p.pools, t, split, repeat)},
                                      {"single", answer(p.pools, t, single, repeat)},
                                      {"v2Single", answer(v2_only, t, single, 1)},
                                      {"v3Single", answer(v3_only, t, single, 1)}});
    root["tokens"] = std::move(tokens);
    root["v2"] = std::move(v2);
    root["v3"] = std::move(v3);
    root["trades"] = std::move(trades);
    return root;
}

}  // namespace

int main(int argc, char** argv) {
    const Args args = parse_args(argc, argv);
    try {
        const PoolsToExport pools = args.mode == "synthetic" ? synthetic(args) : devnet(args);
        const json::object root = export_json(pools, args.repeat);
        std::ofstream file(args.out);
        file << json::serialize(root) << "\n";
        if (!file) throw std::runtime_error("cannot write " + args.out);
        std::printf("%s: %zu pools, %zu trades -> %s\n", pools.name.c_str(),
                    pools.pools.pool_count(), pools.trades.size(), args.out.c_str());
    } catch (const std::exception& e) {
        std::fprintf(stderr, "perch_swap_compare: %s\n", e.what());
        return 1;
    }
    return 0;
}
