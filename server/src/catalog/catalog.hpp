#pragma once
// Reference data from config/: chains (generated from viem/chains plus hand-written extras),
// tokens, exchanges and channels, with the chain profile (e.g. the devnet) overlaid: its chains
// get local RPC URLs and its deployed token addresses. Loaded and checked once at start; a
// malformed file is a ConfigError naming the file and the entry.
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perch::catalog {

// Ids the product never lists (spec section 3).
inline constexpr std::int64_t kHiddenChainIds[] = {61022, 8086};

struct ProfileChain {
    std::int64_t chain_id = 0;
    std::string name;
    std::string rpc_url;                // the first of rpc_urls
    std::vector<std::string> rpc_urls;  // the server's URLs, tried in order with failover
    double requests_per_second = 0;     // the chain's request budget; 0: the rpc config's
    std::size_t batch_size = 0;         // most calls per HTTP request; 0: the rpc config's
    // The chain's ENS registry (`ens_registry`: on Ethereum the canonical
    // 0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e), lower-case hex; "" when it has no name service.
    std::string ens_registry;
    // What the deployment put on this chain (its entry's `contracts`: Depositor, Pool, CheckIn,
    // Badge, USDC, ...), by name; a name missing here is the profile's shared `contracts` entry
    // (the devnet deploys from the same nonces everywhere, so one map serves all its chains).
    std::map<std::string, std::string> contracts;
    // The first block of the deployment on this chain (`deploy_block`; 0 when not given): nothing
    // perch reads lies before it.
    std::int64_t deploy_block = 0;
    // Where every indexer (activity, swap pools, portfolio) starts on this chain (`start_block`,
    // else `deploy_block`): a real chain's millions of earlier blocks are never read.
    std::int64_t start_block = 0;
    // The chain's finality (`confirmations`): the blocks a deposit waits for, unless the server
    // config names this chain in maker.confirmations; none: the config's count.
    std::optional<std::uint32_t> confirmations;
    // How the chain executes (`chain_type`, Hardhat's names): "l1", "op" (an OP-stack chain: every
    // transaction also pays an L1 data fee, chain/op_fee.hpp) or "generic". Default "l1".
    std::string chain_type = "l1";
};

// The chain profile file (the config's `chain_profile`) parsed, or none when `path` is empty.
std::optional<boost::json::value> read_chain_profile(const std::string& path);

class Catalog {
  public:
    static Catalog load(const std::string& config_dir, const std::string& chain_profile);
    // With the profile already parsed (read_chain_profile of `chain_profile`, which names it in
    // errors), so that a caller who reads it for more than the catalog reads the file once.
    static Catalog load(const std::string& config_dir, const std::string& chain_profile,
                        const boost::json::value* profile);

    const boost::json::array& chains() const { return chains_; }
    const boost::json::array& tokens() const { return tokens_; }
    const boost::json::array& exchanges() const { return exchanges_; }
    // The ecosystem directory (config/ecosystem.json): {categories, projects}; every project's
    // category is listed and every network it names is a chain of chains().
    const boost::json::object& ecosystem() const { return ecosystem_; }
    // The channel whose domains contain the host (case-insensitive, port ignored), else the main
    // one.
    const boost::json::object& channel_for_domain(std::string_view host) const;
    std::int64_t default_channel_id() const { return default_channel_id_; }
    // Whether channels.json lists this channel id.
    bool has_channel(std::int64_t channel_id) const;
    const std::vector<ProfileChain>& profile_chains() const { return profile_chains_; }
    // The maker account named by the chain profile (accounts.maker), or "" without a profile.
    const std::string& maker_address() const { return maker_address_; }
    // A contract the chain profile deployed on the chain (Depositor, CheckIn, USDC, ...): the
    // chain's own entry, else the profile's shared one, else "".
    std::string contract_address(std::int64_t chain_id, const std::string& name) const;
    // The profile key that names it, for error texts: "chains[2].contracts.Depositor" or
    // "contracts.Depositor".
    std::string contract_key(std::int64_t chain_id, const std::string& name) const;
    // The chain the profile runs a faucet on instead of its public network (faucet_chains), if any.
    std::optional<std::int64_t> faucet_chain(const std::string& slug) const;

  private:
    boost::json::array chains_;
    boost::json::array tokens_;
    boost::json::array exchanges_;
    boost::json::object ecosystem_;
    boost::json::array channels_;
    std::int64_t default_channel_id_ = 0;
    std::vector<ProfileChain> profile_chains_;
    std::string maker_address_;
    std::map<std::string, std::string> contracts_;
    std::map<std::string, std::int64_t> faucet_chains_;
};

}  // namespace perch::catalog
