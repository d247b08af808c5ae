// `perch serve`: the wiring behind the HTTP server, the maker when enabled, and the background
// jobs, until SIGINT or SIGTERM; and `perch pause` / `resume`.
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <csignal>
#include <iostream>

#include "app/app.hpp"
#include "app/chain_genesis.hpp"
#include "app/commands.hpp"
#include "app/keys.hpp"
#include "app/profile_check.hpp"
#include "bridge/outflow.hpp"
#include "core/context_pool.hpp"
#include "core/error.hpp"
#include "http/server.hpp"
#include "maker/maker.hpp"
#include "maker/solana_side.hpp"

namespace perch::app {
namespace {

// The maker, when enabled: it needs the chain profile's Depositor and chains and the key file;
// Solana too when the profile has a Solana node and solana.maker_key_file is set.
std::unique_ptr<maker::Maker> start_maker(const Config& config, ContextPool& pool,
                                          store::Store& store, const catalog::Catalog& catalog,
                                          const bridge::RouteTable& routes,
                                          const bridge::OutflowRules& outflow,
                                          balance::BalanceService& balances,
                                          swap::SwapService& swap, const price::PriceSource& prices,
                                          bridge::SolanaBridge* solana) {
    if (!config.maker.enabled) return nullptr;
    std::map<std::int64_t, chain::Address> depositors;
    maker::MakerOptions options;
    for (const auto& c : catalog.profile_chains()) {
        if (auto depositor =
                chain::Address::from_hex(catalog.contract_address(c.chain_id, "Depositor")))
            depositors.emplace(c.chain_id, *depositor);
        if (auto pool = chain::Address::from_hex(catalog.contract_address(c.chain_id, "Pool")))
            options.pools.emplace(c.chain_id, *pool);
        if (c.chain_type == "op") options.op_chains.insert(c.chain_id);
    }
    if (depositors.empty()) throw ConfigError("maker: the chain profile deploys no Depositor");
    if (config.maker_key_file.empty()) throw ConfigError("maker: maker_key_file is not set");
    options.poll = config.maker.poll;
    options.speedup_after = config.maker.speedup_after;
    options.gas = config.maker.gas;
    options.lease_ttl = config.maker.lease_ttl;
    options.head_feed = config.maker.head_feed;
    std::map<std::int64_t, std::uint32_t> profile_confirmations;
    for (const auto& c : catalog.profile_chains())
        if (c.confirmations) profile_confirmations[c.chain_id] = *c.confirmations;
    options.confirmations =
        maker::with_profile_confirmations(config.maker.confirmations, profile_confirmations);
    options.large_confirmations = config.maker.large_confirmations;
    auto maker = std::make_unique<maker::Maker>(
        pool.at(0), store.orders(), routes, balances, std::move(depositors),
        read_evm_key(config.maker_key_file, "maker_key_file"), options, &swap);
    maker->set_prices(&prices, config.prices.fixed);
    maker->set_outflow(&outflow);
    if (solana && !solana->settings().maker_key_file.empty()) {
        maker->add_side(std::make_unique<maker::SolanaSide>(
            *maker, *solana,
            read_solana_key(solana->settings().maker_key_file, "solana.maker_key_file")));
    } else if (solana) {
        spdlog::warn("maker: Solana is not watched or paid on: solana.maker_key_file is not set");
    }
    std::vector<std::int64_t> chain_ids;
    for (const auto& c : catalog.profile_chains()) chain_ids.push_back(c.chain_id);
    maker->start(chain_ids);
    return maker;
}

}  // namespace

int set_paused(const Config& config, bool paused, const std::string& route,
               const std::string& reason) {
    if (!route.empty()) {
        auto key = bridge::parse_route_key(route);
        if (!key) throw ConfigError("--route must be SRC:DST:TOKEN, e.g. 8453:42161:ETH");
        auto routes = load_routes(config.config_dir + "/routes.json");
        if (!routes.find(key->token, key->src, key->dst))
            throw ConfigError("--route " + route + " is no route of " + config.config_dir +
                              "/routes.json");
    }
    auto store = store::open_store(config.database_url);
    boost::asio::io_context ctx;
    auto write = [&]() -> Task<void> {
        if (route.empty()) {
            co_await store->orders().set_paused(paused);
        } else {
            co_await store->orders().set_route_paused(
                route, paused, reason.empty() ? "paused by an operator" : reason);
        }
    };
    boost::asio::co_spawn(ctx, write(), [](const std::exception_ptr& e) {
        if (e) std::rethrow_exception(e);
    });
    ctx.run();
    auto what = route.empty() ? std::string("maker") : "route " + route;
    std::cout << what << (paused ? " paused\n" : " resumed\n");
    return 0;
}

namespace {

void wait_for_stop_signal() {
    boost::asio::io_context signals_ctx;
    boost::asio::signal_set signals(signals_ctx, SIGINT, SIGTERM);
    signals.async_wait([](const boost::system::error_code&, int sig) {
        spdlog::info("signal {} received: stopping", sig);
    });
    signals_ctx.run();
}

// Every connection is a descriptor: take the hard limit so 10,000 clients fit.
void raise_fd_limit() {
    rlimit lim{};
    if (getrlimit(RLIMIT_NOFILE, &lim) != 0 || lim.rlim_cur >= lim.rlim_max) return;
    lim.rlim_cur = lim.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &lim) != 0) spdlog::warn("could not raise the descriptor limit");
}

}  // namespace

int serve(const Config& config) {
    raise_fd_limit();
    // First in, last out: RPC clients and the server hold sockets of these contexts.
    ContextPool pool(config.threads);
    Wiring w(config);
    // A URL of the wrong chain, or the devnet's published keys on a public chain: refused here.
    check_profile_before_serving(config, w.catalog);
    // A restarted devnet or a reset testnet under a known chain id: refused here too.
    bind_database_to_chains(*w.store, w.catalog, w.solana.get());
    http::Server server(pool, w.dispatcher, config.limits, config.access_log);
    server.listen(config.host, config.port);
    w.services.sign_in_domains = sign_in_domains(config, server.port());
    // Before anything reads a chain: one follower per profile chain reads each new block once.
    w.chains.start_following(pool.at(0).get_executor(), config.maker.head_feed);
    auto maker = start_maker(config, pool, *w.store, w.catalog, w.routes, w.outflow, w.balances,
                             w.swap, w.prices.source(), w.solana.get());
    w.services.maker = maker.get();  // read by /api/health once the pool runs
    w.faucets.start(pool.at(0));
    w.pool.start(pool.at(0));
    w.swap.start(pool.at(pool.size() > 1 ? 1 : 0).get_executor());
    w.prices.start(pool.at(0).get_executor());
    w.snapshots.start(pool.at(0).get_executor());
    w.tracker.start(pool.at(pool.size() > 1 ? 1 : 0).get_executor());
    w.webhooks.start(pool.at(0).get_executor());
    pool.start();
    boost::asio::co_spawn(pool.at(0), w.rewards.consume_loop(std::chrono::milliseconds(500)),
                          boost::asio::detached);
    std::string domains;
    for (const auto& d : w.services.sign_in_domains) domains += (domains.empty() ? "" : ", ") + d;
    spdlog::info("sign-in messages must name one of: {} (public_domains)", domains);
    spdlog::info("perch listening on http://{}:{} ({} I/O threads, {} chains, store {})",
                 config.host, server.port(), pool.size(), w.catalog.chains().size(),
                 config.database_url);
    spdlog::default_logger()->flush();  // scripts and tests wait for this line
    wait_for_stop_signal();
    if (maker) maker->stop();
    w.faucets.stop();
    w.pool.stop();
    w.swap.stop();
    w.tracker.stop();
    w.prices.stop();
    w.snapshots.stop();
    w.webhooks.stop();
    w.rewards.stop();
    w.chains.stop_following();
    server.shutdown(std::chrono::seconds(5));
    pool.stop();
    spdlog::info("perch stopped");
    return 0;
}

}  // namespace perch::app
