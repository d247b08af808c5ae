// The composition root: every service serve() runs, built from the config in dependency order.
#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "api/order_json.hpp"
#include "app/app.hpp"
#include "app/keys.hpp"
#include "bridge/solana_memo.hpp"
#include "chain/rpc/errors.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/run_blocking.hpp"
#include "core/text.hpp"
#include "http/security_headers.hpp"
#include "rewards/badge_service.hpp"
#include "rewards/service.hpp"
#include "store/rewards_store.hpp"

namespace perch::app {
namespace {

// Every listed chain with its RPC URLs: the profile's own (with their keys) for its chains, else
// the list's.
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
            // The server's own URLs (with their keys); browsers were given others.
            e.urls = pc.rpc_urls;
            e.requests_per_second = pc.requests_per_second;
            e.batch_size = pc.batch_size;
            e.follow = true;  // the maker and the indexers read it block by block
            if (const auto* pace = c.as_object().if_contains("block_time_ms"))
                e.block_time = std::chrono::milliseconds(pace->to_number<std::int64_t>());
        }
        out.push_back(std::move(e));
    }
    return out;
}

// The name service of every profile chain with an `ens_registry` that this server can reach.
std::vector<names::NameChain> name_chains(const catalog::Catalog& catalog,
                                          const chain::rpc::ChainRegistry& chains) {
    std::vector<names::NameChain> out;
    for (const auto& pc : catalog.profile_chains()) {
        if (pc.ens_registry.empty()) continue;
        auto* rpc = chains.find(pc.chain_id);
        if (!rpc) {
            spdlog::warn("names: chain {} has an ens_registry but cannot be reached: {}",
                         pc.chain_id, chains.unreachable_reason(pc.chain_id));
            continue;
        }
        out.push_back({.chain_id = pc.chain_id,
                       .registry = *chain::Address::from_hex(pc.ens_registry),
                       .rpc = rpc});
    }
    return out;
}

// The CheckIn contract on every profile chain, the configured check-in chain first.
std::vector<rewards::CheckInContract> checkin_contracts(const catalog::Catalog& catalog,
                                                        std::int64_t default_chain) {
    std::vector<rewards::CheckInContract> out;
    for (const auto& c : catalog.profile_chains()) {
        auto address = catalog.contract_address(c.chain_id, "CheckIn");
        if (address.empty()) continue;
        rewards::CheckInContract entry{c.chain_id, address};
        if (c.chain_id == default_chain)
            out.insert(out.begin(), entry);
        else
            out.push_back(entry);
    }
    return out;
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
    // Not the profile's own URLs: they may carry a provider's key (the list has the browsers').
    return urls;
}

// The key that signs firm quotes of cross-asset routes (none: such quotes are refused).
std::optional<chain::PrivateKey> quote_signer_of(const Config& config) {
    if (config.quote_signer_key_file.empty()) return std::nullopt;
    return read_evm_key(config.quote_signer_key_file, "quote_signer_key_file");
}

// Campaign badges: config/badges.json, the profile's PerchBadge and the claim signer's key.
rewards::BadgeOptions badge_options(const Config& config, const catalog::Catalog& catalog) {
    rewards::BadgeOptions options{rewards::load_badges(config.config_dir), {}, std::nullopt};
    for (const auto& c : catalog.profile_chains()) {
        auto address = catalog.contract_address(c.chain_id, "Badge");
        if (!address.empty()) options.contracts[c.chain_id] = address;
    }
    if (!config.badge_signer_key_file.empty())
        options.signer = read_evm_key(config.badge_signer_key_file, "badge_signer_key_file");
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
        options.key = read_evm_key(config.faucet_key_file, "faucet_key_file");
    return options;
}

// The chain profile's swap deployment (docs/swap.md), if it has one.
std::optional<swap::SwapDeployment> swap_deployment(
    const std::optional<boost::json::value>& profile) {
    if (!profile) return std::nullopt;
    return swap::parse_swap_deployment(*profile);
}

std::vector<price::PriceOracle> price_oracles(const std::optional<boost::json::value>& profile) {
    if (!profile) return {};
    return price::parse_price_oracles(*profile);
}

std::vector<std::int64_t> profile_chain_ids(const catalog::Catalog& catalog) {
    std::vector<std::int64_t> ids;
    for (const auto& c : catalog.profile_chains()) ids.push_back(c.chain_id);
    return ids;
}

// Each profile chain's first block for its indexers.
std::map<std::int64_t, std::uint64_t> profile_start_blocks(const catalog::Catalog& catalog) {
    std::map<std::int64_t, std::uint64_t> out;
    for (const auto& c : catalog.profile_chains())
        out[c.chain_id] = static_cast<std::uint64_t>(std::max<std::int64_t>(0, c.start_block));
    return out;
}

// The activity indexer's chains: indexer.chains, or every chain of the profile; each with its
// catalog name and the catalog's tokens on it (the native coin first). None when it is off.
std::vector<activity::IndexedChain> indexed_chains(const Config& config,
                                                   const catalog::Catalog& catalog,
                                                   const chain::rpc::ChainRegistry& chains) {
    std::vector<activity::IndexedChain> out;
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
        std::int64_t start_block = 0;  // the profile's first block of this chain
        for (const auto& pc : catalog.profile_chains())
            if (pc.chain_id == id) start_block = pc.start_block;
        activity::ChainSetup setup{
            id, std::string(entry->at("chain_name").as_string()), {}, start_block};
        setup.tokens.push_back({activity::kNativeToken,
                                std::string(native.at("symbol").as_string()),
                                static_cast<unsigned>(native.at("decimals").to_number<int>())});
        for (const auto& t : catalog.tokens()) {
            if (t.at("chainId").to_number<std::int64_t>() != id) continue;
            auto address = text::to_lower(t.at("address").as_string());
            if (address == activity::kNativeToken) continue;
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

activity::IndexerOptions indexer_options(const Config& config) {
    activity::IndexerOptions o;
    o.confirmations = config.indexer.confirmations;
    o.batch_blocks = config.indexer.batch_blocks;
    o.poll = config.indexer.poll;
    o.start_block = config.indexer.start_block;
    return o;
}

// Solana as a bridge chain: the chain profile's "solana" entry (or the config's), if any.
std::unique_ptr<bridge::SolanaBridge> solana_bridge(
    const Config& config, const std::optional<boost::json::value>& profile) {
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

// CORS, rate limits and the page policies. The origins allowed to call the API from their pages
// (cors_origins) are the partners trusted to frame the widget's card (/embed/bridge) too; with
// none, that page is sent as every other page, framed by no one.
http::EdgePolicy edge_policy(const Config& c, const catalog::Catalog& catalog) {
    auto rpcs = rpc_urls(catalog);
    bool walletconnect = !c.walletconnect_project_id.empty();
    http::EdgePolicy policy{
        .cors_origins = c.cors_origins,
        .rate_limits = c.rate_limits,
        .content_security_policy = http::app_content_security_policy(rpcs, walletconnect)};
    if (!c.cors_origins.empty()) {
        policy.embed_content_security_policy =
            http::app_content_security_policy(rpcs, walletconnect, c.cors_origins);
    }
    return policy;
}

}  // namespace

bridge::RouteTable load_routes(const std::string& path) {
    return bridge::parse_routes(read_json_file(path, "bridge routes"));
}

// Everything serve() runs, in dependency order.
Wiring::Wiring(const Config& c)
    : config(c),
      store(store::open_store(c.database_url)),
      profile(catalog::read_chain_profile(c.chain_profile)),
      catalog(catalog::Catalog::load(c.config_dir, c.chain_profile, profile ? &*profile : nullptr)),
      geoip(c.geoip_db),
      chains(chain_endpoints(catalog), {.timeout = c.rpc.timeout,
                                        .attempts = c.rpc.attempts,
                                        .requests_per_second = c.rpc.requests_per_second,
                                        .batch_size = c.rpc.batch_size,
                                        .rate_limit_patience = c.rpc.rate_limit_patience}),
      balances(catalog, chains),
      name_service(name_chains(catalog, chains)),
      routes(load_routes(c.config_dir + "/routes.json")),
      outflow(bridge::make_outflow_rules(routes, c.maker.outflow)),
      solana(solana_bridge(c, profile)),
      rewards_store(store::open_rewards_store(*store)),
      rewards_catalog(rewards::RewardsCatalog::load(c.config_dir)),
      rewards(*rewards_store, rewards_catalog, chains,
              {.checkin_chain_id = c.checkin_chain_id,
               .checkin_contracts = checkin_contracts(catalog, c.checkin_chain_id),
               .social_verifier_url = c.social_verifier_url,
               .admin_token = c.admin_token,
               .deploy = rewards::load_deploy_rules(c.config_dir),
               .bridge_value = {c.rewards.reference_usd, c.rewards.cap_usd}}),
      badges(*rewards_store, chains, badge_options(c, catalog)),
      faucet_store(store::open_faucet_store(*store)),
      faucets(*faucet_store, chains, faucet_options(c, catalog, balances)),
      pool_store(store::open_pool_store(*store)),
      pool(*pool_store, *rewards_store, balances, catalog,
           liquidity::load_pool_rules(c.config_dir)),
      swap(swap_deployment(profile), chains, profile_start_blocks(catalog)),
      swap_store(store::open_swap_store(*store)),
      prices(c.prices, swap),
      quote_prices(price_oracles(profile),
                   price::read_over_rpc([this](std::int64_t id) { return chains.find(id); }),
                   c.prices.source == "http" ? &prices.source() : nullptr, c.prices.quotes),
      portfolio_store(store::open_portfolio_store(*store)),
      portfolio(balances, prices.source(), *portfolio_store, portfolio_chains(catalog),
                {.max_watched = c.portfolio.max_watched, .expire_days = c.portfolio.expire_days}),
      snapshots(portfolio, c.portfolio.snapshot_every),
      activity_store(store::open_activity_store(*store)),
      tracker(*activity_store, store->orders(), indexed_chains(c, catalog, chains),
              activity::load_programs(c.config_dir), indexer_options(c)),
      quote_signer(quote_signer_of(c)),
      webhook_store(store::open_webhook_store(*store)),
      webhooks(*webhook_store, [](const store::Order& o) { return api::order_json(o); }),
      services{c,
               *store,
               catalog,
               geoip,
               balances,
               routes,
               outflow,
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
               &quote_prices,
               solana.get(),
               {},
               quote_signer ? &*quote_signer : nullptr,
               &name_service,
               swap_store.get(),
               {},
               &webhooks},
      dispatcher(api::build_router(services), http::StaticFiles(c.web_root),
                 http::ClientIpResolver(c.trusted_proxies), edge_policy(c, catalog)) {
    rewards.set_prices(&prices.source(), c.prices.fixed);  // made after the rewards service
    if (solana) {  // balances of Solana owners: SOL from the catalog, USDC at the profile's mint
        balances.enable_solana(
            {.chain_id = bridge::kSolanaChainId,
             .rpc = &solana->rpc(),
             .tokens = {balance::TokenRef{.symbol = "USDC",
                                          .address = solana->settings().usdc_mint.to_base58(),
                                          .decimals = 6}},
             .commitment = solana->settings().commitment});
    }
    run_blocking(rewards.load_overrides());
}

Wiring::~Wiring() = default;

}  // namespace perch::app
