#pragma once
// The perch command line (app.cpp: `perch serve`, `perch migrate`, `perch help`, ...); and the
// wiring behind the HTTP server (wiring.cpp), which the fuzz targets build too.
#include <memory>
#include <optional>

#include "activity/tracker.hpp"
#include "api/services.hpp"
#include "balance/balances.hpp"
#include "bridge/outflow.hpp"
#include "bridge/quote.hpp"
#include "bridge/solana_bridge.hpp"
#include "catalog/catalog.hpp"
#include "chain/rpc/registry.hpp"
#include "core/config.hpp"
#include "faucet/faucet_service.hpp"
#include "geo/geoip.hpp"
#include "http/dispatcher.hpp"
#include "liquidity/pool_service.hpp"
#include "names/name_service.hpp"
#include "portfolio/service.hpp"
#include "portfolio/snapshot_job.hpp"
#include "price/quote_prices.hpp"
#include "price/sources.hpp"
#include "rewards/badge_service.hpp"
#include "rewards/rewards_catalog.hpp"
#include "rewards/service.hpp"
#include "store/activity_store.hpp"
#include "store/faucet_store.hpp"
#include "store/pool_store.hpp"
#include "store/portfolio_store.hpp"
#include "store/rewards_store.hpp"
#include "store/store.hpp"
#include "store/swap_store.hpp"
#include "store/webhook_store.hpp"
#include "swap/service.hpp"
#include "webhooks/deliveries.hpp"

namespace perch::app {
int main(int argc, char** argv);

// config_dir/routes.json, parsed (ConfigError on a bad entry).
bridge::RouteTable load_routes(const std::string& path);

// Store, catalog, chains, services and the dispatcher for a config, in dependency order.
struct Wiring {
    explicit Wiring(const Config& c);
    ~Wiring();
    Wiring(const Wiring&) = delete;
    Wiring& operator=(const Wiring&) = delete;

    const Config& config;
    std::unique_ptr<store::Store> store;
    // The chain profile, read once: the catalog, the swap deployment, the price oracles and Solana
    // all take their part of it (none without `chain_profile`).
    std::optional<boost::json::value> profile;
    catalog::Catalog catalog;
    geo::GeoIp geoip;
    chain::rpc::ChainRegistry chains;
    balance::BalanceService balances;
    names::NameService name_service;  // address names where the profile names an ENS registry
    bridge::RouteTable routes;
    bridge::OutflowRules outflow;  // caps, holds and self-pauses per route (bridge/outflow.hpp)
    std::unique_ptr<bridge::SolanaBridge> solana;  // when the profile or config names a node
    std::unique_ptr<store::RewardsStore> rewards_store;
    rewards::RewardsCatalog rewards_catalog;
    rewards::RewardsService rewards;
    rewards::BadgeService badges;
    std::unique_ptr<store::FaucetStore> faucet_store;
    faucet::FaucetService faucets;
    std::unique_ptr<store::PoolStore> pool_store;
    liquidity::PoolService pool;
    swap::SwapService swap;
    std::unique_ptr<store::SwapStore> swap_store;  // the swaps the history lists
    price::ConfiguredPrices prices;                // the one price source (portfolio, tracker)
    price::QuotePrices quote_prices;  // firm prices of cross-asset quotes (the profile's oracles)
    std::unique_ptr<store::PortfolioStore> portfolio_store;
    portfolio::PortfolioService portfolio;
    portfolio::SnapshotJob snapshots;
    std::unique_ptr<store::ActivityStore> activity_store;
    activity::TrackerService tracker;
    std::optional<chain::PrivateKey> quote_signer;  // signs firm quotes (quote_signer_key_file)
    std::unique_ptr<store::WebhookStore> webhook_store;
    webhooks::Deliveries webhooks;  // integrators' webhooks: started by serve()
    api::Services services;
    http::Dispatcher dispatcher;
};
}  // namespace perch::app
