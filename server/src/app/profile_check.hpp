#pragma once
// What a deployment's chain profile claims, checked against the nodes it names before anything
// is served or paid: each URL is the chain it is listed as (a wrong URL would watch and pay on
// another chain), each contract the profile names has code there, the Depositor forwards to this
// maker's key, and the devnet's published keys (anyone can spend with them) are never used where
// a chain is reachable beyond this machine. Every problem names the config key to change.
#include <string>
#include <vector>

#include "bridge/quote.hpp"
#include "catalog/catalog.hpp"
#include "chain/address.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/solana/rpc.hpp"
#include "core/config.hpp"
#include "core/task.hpp"
#include "price/oracles.hpp"

namespace perch::app {

struct ProfileFinding {
    bool ok = false;
    std::string key;   // the config key it is about: "chain_profile chains[1] (chain 8453) url 1"
    std::string text;  // what was found, no URL path or query (they may carry an API key)
};

// A node asked once and briefly at start (one URL alone: no failover hides which one is wrong).
chain::rpc::RpcOptions probe_options();

// Pure, unit-tested.
bool is_loopback_url(const std::string& url);
// The devnet's published keys: Hardhat's default accounts and the project's devnet key files.
bool is_published_devnet_address(const chain::Address& address);

// The key files of `config` holding a published devnet key while a profile chain is reached
// through a non-loopback URL: each one a finding (ok = false); none when all is well.
std::vector<ProfileFinding> published_key_findings(const Config& config,
                                                   const catalog::Catalog& catalog);

// Asks every URL of every profile chain for its chain id; with `thorough`, also the code at each
// contract the profile names and the Depositor's maker (compared with `maker` when set).
// Unreachable URLs are findings too (ok = false) but `wrong_chain` only counts definite
// mismatches.
struct ChainFindings {
    std::vector<ProfileFinding> findings;
    int wrong_chain = 0;  // URLs that answered another chain id
    int unreachable = 0;  // URLs that did not answer
};
// With `thorough`, a maker and `routes`: also what the maker holds on each chain, gas and every
// token the routes pay out there (a route it holds nothing of cannot pay).
Task<ChainFindings> check_profile_chains(const catalog::Catalog& catalog, bool thorough,
                                         std::optional<chain::Address> maker,
                                         const bridge::RouteTable* routes = nullptr);

// Each of the profile's price oracles: its pool pairs exactly its token with its USD token and
// gives a time-weighted price over its window (else the pool is too young or keeps too few
// observations). One finding per oracle, keyed "chain_profile price_oracles[i]".
Task<std::vector<ProfileFinding>> check_price_oracles(
    const catalog::Catalog& catalog, const std::vector<price::PriceOracle>& oracles);
// Per symbol of an enabled cross-asset route on a chain of the profile: whether it has
// `prices.quotes.min_sources` live price sources (oracle chains, and the HTTP feed when that is the
// source). Pure.
std::vector<ProfileFinding> cross_route_price_findings(
    const catalog::Catalog& catalog, const bridge::RouteTable& routes,
    const std::vector<price::PriceOracle>& oracles, const PriceSettings& prices);
// The Solana USDC mint (`mint_key`: the config key that names it): the account exists, is an SPL
// mint owned by the token program, initialized, with `decimals`. Pure: `account` is what
// getAccountInfo answered (nullopt: no such account).
ProfileFinding solana_mint_finding(const std::string& mint_key, const std::string& mint,
                                   const std::optional<chain::solana::AccountInfo>& account,
                                   unsigned decimals);
// The profile's Solana mint (none: Solana is not bridged) read from its node. `profile`: the chain
// profile as parsed once by check_profile.
Task<std::vector<ProfileFinding>> check_solana_mint(const Config& config,
                                                    const boost::json::value& profile);
// `perch check-profile --config FILE`: prints every finding; 0 when all passed, 1 otherwise.
int check_profile(const Config& config);
// For `serve`: refuses (ConfigError) a URL of the wrong chain or a published key on a public
// chain; an unreachable URL is only logged (providers fail; the RPC layer waits them out).
void check_profile_before_serving(const Config& config, const catalog::Catalog& catalog);

}  // namespace perch::app
