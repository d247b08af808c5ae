#include "app/app.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json.hpp>
#include <csignal>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "api/services.hpp"
#include "core/context_pool.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/log.hpp"
#include "http/dispatcher.hpp"
#include "http/server.hpp"
#include "rewards/service.hpp"
#include "store/rewards_store.hpp"

namespace perch::app {
namespace {

constexpr const char* kUsage =
    "usage: perch <command> [--config FILE]\n"
    "  serve     serve the API and the web app (default config: config/perch.json)\n"
    "  migrate   apply pending database migrations and exit\n"
    "  help      show this text\n"
    "Environment overrides: PERCH_HOST PERCH_PORT PERCH_THREADS PERCH_DATABASE_URL\n"
    "  PERCH_CHAIN_PROFILE PERCH_MAKER_KEY_FILE PERCH_TRUSTED_PROXIES PERCH_CORS_ORIGINS\n"
    "  PERCH_WEB_ROOT PERCH_GEOIP_DB PERCH_LOG_LEVEL\n";

Config read_config(const std::vector<std::string>& args) {
    std::string path;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--config" && i + 1 < args.size()) {
            path = args[++i];
        } else {
            throw ConfigError("unknown argument '" + args[i] + "'\n" + kUsage);
        }
    }
    if (path.empty() && std::filesystem::exists("config/perch.json")) path = "config/perch.json";
    if (path.empty()) return parse_config(boost::json::object{}, process_env());
    return load_config(path, process_env());
}

// Every listed chain with the RPC URLs the catalog gives it (local ones for the chain profile).
std::vector<chain::rpc::ChainEndpoints> chain_endpoints(const catalog::Catalog& catalog) {
    std::vector<chain::rpc::ChainEndpoints> out;
    for (const auto& c : catalog.chains()) {
        chain::rpc::ChainEndpoints e{c.at("chain_id").to_number<std::int64_t>(), {}, {}};
        if (!c.at("flags").at("evm").as_bool()) {
            e.unsupported = "not an EVM chain; its wallets read balances themselves";
        } else {
            for (const auto& url : c.at("rpc_urls").as_array())
                e.urls.emplace_back(url.as_string());
        }
        out.push_back(std::move(e));
    }
    return out;
}

bridge::RouteTable load_routes(const std::string& path) {
    return bridge::parse_routes(read_json_file(path, "bridge routes"));
}

// The CheckIn contract on every profile chain, the configured check-in chain first.
std::vector<rewards::CheckInContract> checkin_contracts(const catalog::Catalog& catalog,
                                                        std::int64_t default_chain) {
    std::vector<rewards::CheckInContract> out;
    auto address = catalog.contract_address("CheckIn");
    if (address.empty()) return out;
    for (const auto& c : catalog.profile_chains()) {
        rewards::CheckInContract entry{c.chain_id, address};
        if (c.chain_id == default_chain)
            out.insert(out.begin(), entry);
        else
            out.push_back(entry);
    }
    return out;
}

template <class T>
T run_now(Task<T> task) {
    boost::asio::io_context io;
    auto future = boost::asio::co_spawn(io, std::move(task), boost::asio::use_future);
    io.run();
    return future.get();
}

void wait_for_stop_signal() {
    boost::asio::io_context signals_ctx;
    boost::asio::signal_set signals(signals_ctx, SIGINT, SIGTERM);
    signals.async_wait([](const boost::system::error_code&, int sig) {
        spdlog::info("signal {} received: stopping", sig);
    });
    signals_ctx.run();
}

int serve(const Config& config) {
    // First in, last out: RPC clients and the server hold sockets of these contexts.
    ContextPool pool(config.threads);
    auto store = store::open_store(config.database_url);
    auto catalog = catalog::Catalog::load(config.config_dir, config.chain_profile);
    geo::GeoIp geoip(config.geoip_db);
    chain::rpc::ChainRegistry chains(chain_endpoints(catalog),
                                     {.timeout = std::chrono::seconds(3), .attempts = 2});
    balance::BalanceService balances(catalog, chains);
    auto routes = load_routes(config.config_dir + "/routes.json");
    auto rewards_store = store::open_rewards_store(*store);
    auto rewards_catalog = rewards::RewardsCatalog::load(config.config_dir);
    rewards::RewardsService rewards(
        *rewards_store, rewards_catalog, chains,
        {.checkin_chain_id = config.checkin_chain_id,
         .checkin_contracts = checkin_contracts(catalog, config.checkin_chain_id),
         .social_verifier_url = config.social_verifier_url,
         .admin_token = config.admin_token});
    run_now(rewards.load_overrides());
    api::Services services{config, *store, catalog, geoip, balances, routes};
    services.rewards = &rewards;
    http::Dispatcher dispatcher(api::build_router(services), http::StaticFiles(config.web_root),
                                http::ClientIpResolver(config.trusted_proxies),
                                config.cors_origins);
    http::Server server(pool, dispatcher, config.limits, config.access_log);
    server.listen(config.host, config.port);
    pool.start();
    boost::asio::co_spawn(pool.at(0), rewards.consume_loop(std::chrono::milliseconds(500)),
                          boost::asio::detached);
    spdlog::info("perch listening on http://{}:{} ({} I/O threads, {} chains, store {})",
                 config.host, server.port(), pool.size(), catalog.chains().size(),
                 config.database_url);
    spdlog::default_logger()->flush();  // scripts and tests wait for this line
    wait_for_stop_signal();
    rewards.stop();
    server.shutdown(std::chrono::seconds(5));
    pool.stop();
    spdlog::info("perch stopped");
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string command = args.empty() ? "help" : args.front();
    if (!args.empty()) args.erase(args.begin());
    try {
        if (command == "help" || command == "--help" || command == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (command != "serve" && command != "migrate") {
            std::cerr << "unknown command '" << command << "'\n" << kUsage;
            return 2;
        }
        auto config = read_config(args);
        setup_logging(config.log_level);
        if (command == "migrate") {
            int applied = store::migrate(config.database_url);
            std::cout << applied << " migration(s) applied\n";
            return 0;
        }
        return serve(config);
    } catch (const ConfigError& e) {
        std::cerr << "perch: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "perch: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace perch::app
