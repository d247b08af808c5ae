#include "app/app.hpp"

#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json.hpp>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "api/services.hpp"
#include "bridge/solana_memo.hpp"
#include "chain/rpc/errors.hpp"
#include "core/context_pool.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/log.hpp"
#include "core/text.hpp"
#include "http/dispatcher.hpp"
#include "http/security_headers.hpp"
#include "http/server.hpp"
#include "maker/maker.hpp"
#include "maker/solana_side.hpp"
#include "rewards/airdrop.hpp"
#include "rewards/badge_service.hpp"
#include "rewards/service.hpp"
#include "store/rewards_store.hpp"
#include "store/sql/copy.hpp"
#include "store/sql/db.hpp"

namespace perch::app {
namespace {

constexpr const char* kUsage =
    "usage: perch <command> [--config FILE]\n"
    "  serve     serve the API and the web app (default config: config/perch.json)\n"
    "  migrate   apply pending database migrations and exit\n"
    "  pause     stop the bridge maker from signing new payouts (a running server obeys)\n"
    "  resume    let the maker pay again\n"
    "  migrate-data --from URL --to URL   copy a stopped deployment's database into an empty one\n"
    "            (e.g. sqlite:data/perch.db to postgresql://...) and check every row arrived\n"
    "  import-airdrop FILE [--campaign NAME]   load airdrop allocations (CSV address,value;\n"
    "            default campaign layerzero) for the batch query tool\n"
    "  help      show this text\n"
    "Environment overrides: PERCH_HOST PERCH_PORT PERCH_THREADS PERCH_DATABASE_URL\n"
    "  PERCH_CHAIN_PROFILE PERCH_MAKER_KEY_FILE PERCH_TRUSTED_PROXIES PERCH_CORS_ORIGINS\n"
    "  PERCH_WEB_ROOT PERCH_GEOIP_DB PERCH_LOG_LEVEL PERCH_MAKER (on|off)\n"
    "  PERCH_MAKER_CONFIRMATIONS PERCH_ADMIN_TOKEN PERCH_SOCIAL_VERIFIER_URL "
    "PERCH_CHECKIN_CHAIN_ID\n";

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
        for (const auto& pc : catalog.profile_chains()) {
            if (pc.chain_id != e.chain_id) continue;
            e.requests_per_second = pc.requests_per_second;
            e.batch_size = pc.batch_size;
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

// Every RPC URL the web app may call from the browser (its wallet code reads chains directly).
std::vector<std::string> rpc_urls(const catalog::Catalog& catalog) {
    std::vector<std::string> urls;
    for (const auto& chain : catalog.chains()) {
        const auto* list = chain.as_object().if_contains("rpc_urls");
        if (!list || !list->is_array()) continue;
        for (const auto& url : list->as_array()) {
            if (url.is_string()) urls.emplace_back(url.as_string());
        }
    }
    for (const auto& chain : catalog.profile_chains()) urls.push_back(chain.rpc_url);
    return urls;
}

// The key must be the operator's alone: a file others can read is refused, never silently used.
// `what` names the config key in the error.
void check_key_file_mode(const std::string& path, const std::string& what) {
    namespace fs = std::filesystem;
    std::error_code ec;
    auto perms = fs::status(path, ec).permissions();
    if (ec) return;  // unreadable: the read below names the problem
    if ((perms & (fs::perms::group_all | fs::perms::others_all)) != fs::perms::none) {
        throw ConfigError(what + ": '" + path +
                          "' is readable by group or others; run: chmod 600 " + path);
    }
}

chain::PrivateKey read_key_file(const std::string& path, const std::string& what) {
    check_key_file_mode(path, what);
    std::ifstream in(path);
    if (!in) throw ConfigError(what + ": cannot read '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    auto key = chain::PrivateKey::from_hex(text::trim(text.str()));
    if (!key) throw ConfigError(what + ": '" + path + "' does not hold a private key");
    return std::move(*key);
}

chain::PrivateKey read_maker_key(const std::string& path) {
    return read_key_file(path, "maker_key_file");
}

// Campaign badges: config/badges.json, the profile's PerchBadge and the claim signer's key.
rewards::BadgeOptions badge_options(const Config& config, const catalog::Catalog& catalog) {
    rewards::BadgeOptions options{rewards::load_badges(config.config_dir),
                                  catalog.contract_address("Badge"),
                                  {},
                                  std::nullopt};
    for (const auto& c : catalog.profile_chains()) options.contract_chains.push_back(c.chain_id);
    if (!config.badge_signer_key_file.empty())
        options.signer = read_key_file(config.badge_signer_key_file, "badge_signer_key_file");
    return options;
}

// The faucets: config/faucets.json, moved onto the profile's chains, their tokens resolved there,
// and the faucet key.
faucet::FaucetOptions faucet_options(const Config& config, const catalog::Catalog& catalog,
                                     const balance::BalanceService& balances) {
    faucet::FaucetOptions options{faucet::load_faucet_rules(config.config_dir,
                                                            [&catalog](const std::string& slug) {
                                                                return catalog.faucet_chain(slug);
                                                            }),
                                  std::nullopt};
    for (auto& n : options.rules.networks) {
        if (n.token.empty()) continue;
        auto ref = balances.token(n.token, n.chain_id);
        if (!ref) {  // e.g. a testnet this server's chain list lacks: that faucet stays closed
            n.unavailable = "This server does not list " + n.token + " on " + n.name + ".";
            continue;
        }
        if (ref->native || ref->decimals != n.decimals)
            throw ConfigError("faucets.json: faucet '" + n.slug + "' sends " + n.token +
                              ", which chain " + std::to_string(n.chain_id) +
                              " does not list with " + std::to_string(n.decimals) + " decimals");
        n.token_address = ref->address;
    }
    if (!config.faucet_key_file.empty())
        options.key = read_key_file(config.faucet_key_file, "faucet_key_file");
    return options;
}

// The chain profile's swap deployment (docs/swap.md), if it has one.
std::optional<swap::SwapDeployment> swap_deployment(const Config& config) {
    if (config.chain_profile.empty()) return std::nullopt;
    return swap::parse_swap_deployment(read_json_file(config.chain_profile, "chain_profile"));
}

std::vector<std::int64_t> profile_chain_ids(const catalog::Catalog& catalog) {
    std::vector<std::int64_t> ids;
    for (const auto& c : catalog.profile_chains()) ids.push_back(c.chain_id);
    return ids;
}

// The activity indexer's chains: indexer.chains, or every chain of the profile; each with its
// catalog name and the catalog's tokens on it (the native coin first). None when it is off.
std::vector<indexer::IndexedChain> indexed_chains(const Config& config,
                                                  const catalog::Catalog& catalog,
                                                  const chain::rpc::ChainRegistry& chains) {
    std::vector<indexer::IndexedChain> out;
    if (!config.indexer.enabled) return out;
    auto ids = config.indexer.chains.empty() ? profile_chain_ids(catalog) : config.indexer.chains;
    for (auto id : ids) {
        auto* rpc = chains.find(id);
        const boost::json::object* entry = nullptr;
        for (const auto& c : catalog.chains())
            if (c.at("chain_id").to_number<std::int64_t>() == id) entry = &c.as_object();
        if (!rpc || !entry) {
            spdlog::warn("indexer: chain {} cannot be indexed: {}", id,
                         entry ? chains.unreachable_reason(id) : "not in the chain list");
            continue;
        }
        const auto& native = entry->at("native_currency").as_object();
        indexer::ChainSetup setup{id, std::string(entry->at("chain_name").as_string()), {}};
        setup.tokens.push_back({indexer::kNativeToken, std::string(native.at("symbol").as_string()),
                                static_cast<unsigned>(native.at("decimals").to_number<int>())});
        for (const auto& t : catalog.tokens()) {
            if (t.at("chainId").to_number<std::int64_t>() != id) continue;
            auto address = text::to_lower(t.at("address").as_string());
            if (address == indexer::kNativeToken) continue;
            setup.tokens.push_back({address, std::string(t.at("symbol").as_string()),
                                    static_cast<unsigned>(t.at("decimals").to_number<int>())});
        }
        out.push_back({std::move(setup), rpc});
    }
    return out;
}

// The chains a portfolio covers: the chain profile's (the devnet), else every listed EVM mainnet
// with an RPC URL.
std::vector<portfolio::PortfolioChain> portfolio_chains(const catalog::Catalog& catalog) {
    std::vector<portfolio::PortfolioChain> out;
    std::set<std::int64_t> profile;
    for (const auto& c : catalog.profile_chains()) profile.insert(c.chain_id);
    for (const auto& c : catalog.chains()) {
        auto id = c.at("chain_id").to_number<std::int64_t>();
        bool readable = c.at("flags").at("evm").as_bool() && !c.at("is_testnet").as_bool() &&
                        !c.at("rpc_urls").as_array().empty();
        if (profile.empty() ? readable : profile.contains(id))
            out.push_back({id, std::string(c.at("chain_name").as_string())});
    }
    return out;
}

indexer::IndexerOptions indexer_options(const Config& config) {
    indexer::IndexerOptions o;
    o.confirmations = config.indexer.confirmations;
    o.batch_blocks = config.indexer.batch_blocks;
    o.poll = config.indexer.poll;
    o.start_block = config.indexer.start_block;
    return o;
}

// Solana as a bridge chain: the chain profile's "solana" entry (or the config's), if any.
std::unique_ptr<bridge::SolanaBridge> solana_bridge(const Config& config) {
    std::optional<boost::json::value> profile;
    if (!config.chain_profile.empty())
        profile = read_json_file(config.chain_profile, "chain_profile");
    auto settings = bridge::solana_bridge_settings(profile ? &*profile : nullptr, config.solana);
    if (!settings) {
        if (profile && profile->is_object() && profile->as_object().contains("solana"))
            spdlog::warn("solana: the profile's solana entry names no node, maker or USDC mint");
        return nullptr;
    }
    spdlog::info("solana: node {}, maker {}, USDC mint {}",
                 chain::rpc::redact_url(settings->rpc_url), settings->maker.to_base58(),
                 settings->usdc_mint.to_base58());
    return std::make_unique<bridge::SolanaBridge>(
        *settings,
        chain::rpc::RpcOptions{.timeout = config.rpc.timeout, .attempts = config.rpc.attempts});
}

// The Solana maker key: a 32-byte ed25519 seed in hex, the operator's alone.
chain::solana::Keypair read_solana_key(const std::string& path) {
    check_key_file_mode(path, "solana.maker_key_file");
    std::ifstream in(path);
    if (!in) throw ConfigError("solana.maker_key_file: cannot read '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    auto key = chain::solana::Keypair::from_seed_hex(text::trim(text.str()));
    if (!key) throw ConfigError("solana.maker_key_file: '" + path + "' does not hold a seed");
    return std::move(*key);
}

// The maker, when enabled: it needs the chain profile's Depositor and chains and the key file;
// Solana too when the profile has a Solana node and solana.maker_key_file is set.
std::unique_ptr<maker::Maker> start_maker(const Config& config, ContextPool& pool,
                                          store::Store& store, const catalog::Catalog& catalog,
                                          const bridge::RouteTable& routes,
                                          balance::BalanceService& balances,
                                          swap::SwapService& swap, const price::PriceSource& prices,
                                          bridge::SolanaBridge* solana) {
    if (!config.maker.enabled) return nullptr;
    auto depositor = chain::Address::from_hex(catalog.contract_address("Depositor"));
    if (!depositor) throw ConfigError("maker: the chain profile deploys no Depositor");
    if (config.maker_key_file.empty()) throw ConfigError("maker: maker_key_file is not set");
    maker::MakerOptions options;
    options.poll = config.maker.poll;
    options.speedup_after = config.maker.speedup_after;
    options.lease_ttl = config.maker.lease_ttl;
    options.head_feed = config.maker.head_feed;
    options.confirmations = config.maker.confirmations;
    options.large_confirmations = config.maker.large_confirmations;
    if (auto pool = chain::Address::from_hex(catalog.contract_address("Pool")))
        options.pool = *pool;
    auto maker =
        std::make_unique<maker::Maker>(pool.at(0), store.orders(), routes, balances, *depositor,
                                       read_maker_key(config.maker_key_file), options, &swap);
    maker->set_prices(&prices, config.prices.fixed);
    if (solana && !solana->settings().maker_key_file.empty()) {
        maker->add_side(std::make_unique<maker::SolanaSide>(
            *maker, *solana, read_solana_key(solana->settings().maker_key_file)));
    } else if (solana) {
        spdlog::warn("maker: Solana is not watched or paid on: solana.maker_key_file is not set");
    }
    std::vector<std::int64_t> chain_ids;
    for (const auto& c : catalog.profile_chains()) chain_ids.push_back(c.chain_id);
    maker->start(chain_ids);
    return maker;
}

int set_paused(const Config& config, bool paused) {
    auto store = store::open_store(config.database_url);
    boost::asio::io_context ctx;
    auto write = [&]() -> Task<void> { co_await store->orders().set_paused(paused); };
    boost::asio::co_spawn(ctx, write(), boost::asio::detached);
    ctx.run();
    std::cout << (paused ? "maker paused\n" : "maker resumed\n");
    return 0;
}

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

int serve(const Config& config) {
    raise_fd_limit();
    // First in, last out: RPC clients and the server hold sockets of these contexts.
    ContextPool pool(config.threads);
    Wiring w(config);
    http::Server server(pool, w.dispatcher, config.limits, config.access_log);
    server.listen(config.host, config.port);
    auto maker = start_maker(config, pool, *w.store, w.catalog, w.routes, w.balances, w.swap,
                             w.prices.source(), w.solana.get());
    w.services.maker = maker.get();  // read by /api/health once the pool runs
    w.faucets.start(pool.at(0));
    w.pool.start(pool.at(0));
    w.swap.start(pool.at(pool.size() > 1 ? 1 : 0).get_executor());
    w.prices.start(pool.at(0).get_executor());
    w.snapshots.start(pool.at(0).get_executor());
    w.tracker.start(pool.at(pool.size() > 1 ? 1 : 0).get_executor());
    pool.start();
    boost::asio::co_spawn(pool.at(0), w.rewards.consume_loop(std::chrono::milliseconds(500)),
                          boost::asio::detached);
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
    w.rewards.stop();
    server.shutdown(std::chrono::seconds(5));
    pool.stop();
    spdlog::info("perch stopped");
    return 0;
}

}  // namespace

// Everything serve() runs, in dependency order.
Wiring::Wiring(const Config& c)
    : config(c),
      store(store::open_store(c.database_url)),
      catalog(catalog::Catalog::load(c.config_dir, c.chain_profile)),
      geoip(c.geoip_db),
      chains(chain_endpoints(catalog), {.timeout = c.rpc.timeout,
                                        .attempts = c.rpc.attempts,
                                        .requests_per_second = c.rpc.requests_per_second,
                                        .batch_size = c.rpc.batch_size,
                                        .rate_limit_patience = c.rpc.rate_limit_patience}),
      balances(catalog, chains),
      routes(load_routes(c.config_dir + "/routes.json")),
      solana(solana_bridge(c)),
      rewards_store(store::open_rewards_store(*store)),
      rewards_catalog(rewards::RewardsCatalog::load(c.config_dir)),
      rewards(*rewards_store, rewards_catalog, chains,
              {.checkin_chain_id = c.checkin_chain_id,
               .checkin_contracts = checkin_contracts(catalog, c.checkin_chain_id),
               .social_verifier_url = c.social_verifier_url,
               .admin_token = c.admin_token,
               .deploy = rewards::load_deploy_rules(c.config_dir)}),
      badges(*rewards_store, chains, badge_options(c, catalog)),
      faucet_store(store::open_faucet_store(*store)),
      faucets(*faucet_store, chains, faucet_options(c, catalog, balances)),
      pool_store(store::open_pool_store(*store)),
      pool(*pool_store, *rewards_store, balances, catalog, pool::load_pool_rules(c.config_dir)),
      swap(swap_deployment(c), chains, profile_chain_ids(catalog)),
      prices(c.prices, swap),
      portfolio_store(store::open_portfolio_store(*store)),
      portfolio(balances, prices.source(), *portfolio_store, portfolio_chains(catalog),
                {.max_watched = c.portfolio.max_watched, .expire_days = c.portfolio.expire_days}),
      snapshots(portfolio, c.portfolio.snapshot_every),
      activity_store(store::open_activity_store(*store)),
      tracker(*activity_store, store->orders(), indexed_chains(c, catalog, chains),
              indexer::load_programs(c.config_dir), indexer_options(c)),
      services{c,
               *store,
               catalog,
               geoip,
               balances,
               routes,
               std::chrono::steady_clock::now(),
               &rewards,
               &badges,
               &faucets,
               &pool,
               &swap,
               nullptr,
               &tracker,
               &portfolio,
               &prices.source(),
               solana.get()},
      dispatcher(api::build_router(services), http::StaticFiles(c.web_root),
                 http::ClientIpResolver(c.trusted_proxies),
                 {.cors_origins = c.cors_origins,
                  .rate_limits = c.rate_limits,
                  .content_security_policy = http::app_content_security_policy(
                      rpc_urls(catalog), !c.walletconnect_project_id.empty())}) {
    if (solana) {  // balances of Solana owners: SOL from the catalog, USDC at the profile's mint
        balances.enable_solana(
            {.chain_id = bridge::kSolanaChainId,
             .rpc = &solana->rpc(),
             .tokens = {balance::TokenRef{.symbol = "USDC",
                                          .address = solana->settings().usdc_mint.to_base58(),
                                          .decimals = 6}},
             .commitment = solana->settings().commitment});
    }
    run_now(rewards.load_overrides());
}

Wiring::~Wiring() = default;

namespace {

// perch import-airdrop FILE [--campaign NAME] [--config FILE]
int import_airdrop(std::vector<std::string> args) {
    std::string file, campaign = "layerzero";
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--campaign" && i + 1 < args.size()) {
            campaign = args[++i];
        } else if (args[i] == "--config" && i + 1 < args.size()) {
            rest.push_back(args[i]);
            rest.push_back(args[++i]);
        } else if (file.empty() && !args[i].starts_with("--")) {
            file = args[i];
        } else {
            throw ConfigError("unknown argument '" + args[i] + "'\n" + kUsage);
        }
    }
    if (file.empty()) throw ConfigError(std::string("import-airdrop needs a FILE\n") + kUsage);
    if (!rewards::is_airdrop_campaign(campaign))
        throw ConfigError("--campaign '" + campaign +
                          "' is not one of layerzero, strk, taiko, blast, zk");
    auto config = read_config(rest);
    setup_logging(config.log_level);
    std::ifstream in(file);
    if (!in) throw ConfigError("cannot read '" + file + "'");
    std::stringstream text;
    text << in.rdbuf();
    auto parsed = rewards::parse_airdrop_csv(text.str());
    if (!parsed.error.empty()) throw ConfigError(file + ": " + parsed.error);
    auto store = store::open_store(config.database_url);
    auto rewards_store = store::open_rewards_store(*store);
    auto count = run_now(rewards_store->import_airdrop(campaign, std::move(parsed.rows)));
    std::cout << count << " allocation(s) imported for " << campaign << "\n";
    return 0;
}

// perch migrate-data --from URL --to URL
int migrate_data(const std::vector<std::string>& args) {
    std::string from, to;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--from" && i + 1 < args.size()) {
            from = args[++i];
        } else if (args[i] == "--to" && i + 1 < args.size()) {
            to = args[++i];
        } else {
            throw ConfigError("unknown argument '" + args[i] + "'\n" + kUsage);
        }
    }
    if (from.empty() || to.empty())
        throw ConfigError(std::string("migrate-data needs --from URL and --to URL\n") + kUsage);
    if (from == to) throw ConfigError("migrate-data: --from and --to name the same database");
    store::dialect_of(from);  // a ConfigError names a URL of neither dialect
    store::dialect_of(to);
    setup_logging("warn");
    std::int64_t total = 0;
    auto copied = store::copy_database(from, to);
    for (const auto& table : copied) {
        std::cout << table.name << ": " << table.rows << " row(s)\n";
        total += table.rows;
    }
    std::cout << total << " row(s) in " << copied.size()
              << " table(s) copied; counts and row digests match\n";
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
        if (command == "import-airdrop") return import_airdrop(args);
        if (command == "migrate-data") return migrate_data(args);
        if (command != "serve" && command != "migrate" && command != "pause" &&
            command != "resume") {
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
        if (command == "pause" || command == "resume")
            return set_paused(config, command == "pause");
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
