#pragma once
// What the API handlers may call. Handlers parse and validate, call one of these, and shape JSON.
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "balance/balances.hpp"
#include "bridge/outflow.hpp"
#include "bridge/quote.hpp"
#include "catalog/catalog.hpp"
#include "chain/signer.hpp"
#include "core/config.hpp"
#include "geo/geoip.hpp"
#include "http/router.hpp"
#include "store/store.hpp"

namespace perch::faucet {
class FaucetService;
}
namespace perch::liquidity {
class PoolService;
}
namespace perch::maker {
class Maker;
}
namespace perch::swap {
class SwapService;
}
namespace perch::activity {
class TrackerService;
}
namespace perch::portfolio {
class PortfolioService;
}
namespace perch::price {
class PriceSource;
class QuotePrices;
}  // namespace perch::price
namespace perch::bridge {
class SolanaBridge;
}
namespace perch::names {
class NameService;
}
namespace perch::store {
class SwapStore;
}
namespace perch::webhooks {
class Deliveries;
}
namespace perch::rewards {
class RewardsService;
class BadgeService;
}  // namespace perch::rewards

namespace perch::api {

class FillTimes;  // api/status_api.hpp

struct Services {
    const Config& config;
    store::Store& store;
    const catalog::Catalog& catalog;
    const geo::GeoIp& geoip;
    balance::BalanceService& balances;
    const bridge::RouteTable& routes;
    const bridge::OutflowRules& outflow;  // per-route caps, holds, self-pauses
    std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
    rewards::RewardsService* rewards = nullptr;   // sign-in, check-in, campaigns, lottery, admin
    rewards::BadgeService* badges = nullptr;      // campaign badges (with the rewards)
    faucet::FaucetService* faucets = nullptr;     // the faucets (with the rewards: sign-in)
    liquidity::PoolService* pool = nullptr;       // /pool (with the rewards: pool points)
    swap::SwapService* swap = nullptr;            // /swap (when the chain profile deploys it)
    const maker::Maker* maker = nullptr;          // when this instance runs the maker
    activity::TrackerService* tracker = nullptr;  // /tracker (chains indexed when enabled)
    portfolio::PortfolioService* portfolio = nullptr;  // /portfolio
    const price::PriceSource* prices = nullptr;        // the one USD price source
    price::QuotePrices* quote_prices = nullptr;        // firm prices of cross-asset quotes
    bridge::SolanaBridge* solana = nullptr;            // Solana as a bridge chain (docs/solana.md)
    // The host[:port]s a sign-in message may name (sign_in_domains()); set once the server has
    // bound its port, before any request is served.
    std::vector<std::string> sign_in_domains;
    // Signs firm quotes of cross-asset routes (bridge/firm_quote.hpp); null: none are issued.
    const chain::PrivateKey* quote_signer = nullptr;
    names::NameService* names = nullptr;  // address names (chains with an ens_registry)
    store::SwapStore* swaps = nullptr;    // the swaps the history lists
    // Fill times per route, shared by /status and the quote (set by build_router).
    std::shared_ptr<FillTimes> fill_times;
    webhooks::Deliveries* webhooks = nullptr;  // integrators' webhooks (the admin API's)
};

// One registration function per API group (one file each).
void register_system_api(http::Router& router, Services& services);
void register_bridge_reference_api(http::Router& router, Services& services);
void register_nocore_api(http::Router& router, Services& services);
void register_config_api(http::Router& router, Services& services);
void register_campaign_api(http::Router& router, Services& services);
void register_balance_api(http::Router& router, Services& services);
void register_bridge_quote_api(http::Router& router, Services& services);
void register_bridge_limits_api(http::Router& router, Services& services);
void register_bridge_order_api(http::Router& router, Services& services);
void register_auth_api(http::Router& router, Services& services);
void register_lottery_api(http::Router& router, Services& services);
void register_admin_api(http::Router& router, Services& services);
void register_deploy_api(http::Router& router, Services& services);
void register_badge_api(http::Router& router, Services& services);
void register_faucet_api(http::Router& router, Services& services);
void register_pool_api(http::Router& router, Services& services);
void register_swap_api(http::Router& router, Services& services);
void register_tracker_api(http::Router& router, Services& services);
void register_portfolio_api(http::Router& router, Services& services);
void register_query_api(http::Router& router, Services& services);
void register_maker_dashboard_api(http::Router& router, Services& services);
void register_name_api(http::Router& router, Services& services);
void register_status_api(http::Router& router, Services& services);
void register_webhook_api(http::Router& router, Services& services);

// Every API group, plus the OpenAPI document describing them.
http::Router build_router(Services& services);

}  // namespace perch::api
