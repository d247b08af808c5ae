#pragma once
// Server configuration: a JSON file, then environment overrides (PERCH_*). Every problem is a
// ConfigError naming the key, raised at start so a bad config never reaches a running server.
#include <boost/json/fwd.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace perch {

struct Limits {
    std::size_t body_bytes = 1 << 20;
    std::chrono::milliseconds read_timeout{15000};
    std::chrono::milliseconds idle_timeout{60000};
    // Per client (an IPv6 client by its /64); 0: no cap. Connections are counted by the socket's
    // peer, so peers in trusted_proxies or uncapped_peers (a local proxy, a benchmark on this
    // host) are not capped; order streams and sign-in nonces by the client behind the proxy.
    std::size_t connections_per_ip = 256;
    std::size_t order_streams_per_ip = 16;
    std::size_t sign_in_nonces_per_ip = 20;     // unused, unexpired ones
    std::size_t sign_in_sessions_per_ip = 100;  // past it the client's oldest session ends
    std::vector<std::string> uncapped_peers{"127.0.0.0/8", "::1"};
};

// A token bucket: `burst` requests at once, refilled at `per_minute`. burst 0: no limit.
struct RateRule {
    double burst = 0;
    double per_minute = 0;
};

// A route group of the rate limits: requests whose path starts with one of `paths` (and, when
// `methods` is not empty, whose method is one of them). The first matching group counts a request,
// once per client IP and once per wallet address the request names.
struct RateGroup {
    std::string name;
    std::vector<std::string> paths;
    std::vector<std::string> methods;  // upper case; empty: every method
    RateRule per_ip;
    RateRule per_address;
};
// Limits no person using the app reaches, that still stop a script from filling the store.
std::vector<RateGroup> default_rate_groups();

// A count per chain: `fallback` unless the chain has its own. In the config file either a plain
// number (every chain) or an object {"default": 1, "<chain id>": 2, ...}. Where allowed (the
// maker's confirmations), a value may instead be a block tag, "safe" or "finalized": the chain's
// own notion of finality, which the node reports; a tagged chain counts 1.
struct PerChainCount {
    std::uint32_t fallback = 1;
    std::map<std::int64_t, std::uint32_t> by_chain;
    std::string fallback_tag;                  // empty: `fallback` is a count
    std::map<std::int64_t, std::string> tags;  // chains whose own value is a tag
    std::uint32_t for_chain(std::int64_t chain_id) const {
        if (!tag_for(chain_id).empty()) return 1;
        auto it = by_chain.find(chain_id);
        return it == by_chain.end() ? fallback : it->second;
    }
    // The block tag the chain waits for ("safe", "finalized"), or empty.
    std::string tag_for(std::int64_t chain_id) const {
        if (auto it = tags.find(chain_id); it != tags.end()) return it->second;
        return by_chain.count(chain_id) ? std::string() : fallback_tag;
    }
};

// What one bad day can cost (docs/security.md, "Outflow limits"): per route and token, caps on
// what the maker pays per rolling hour and day, a hold on large transfers, and the rules that
// pause a route by themselves. Amounts are in the route's deposited token, as text ("2.5"); a
// key is a route ("8453:42161:ETH": source, destination, deposited token) or a token ("ETH":
// each of its routes). Routes without a cap of their own get defaults sized from their max.
struct OutflowSettings {
    std::chrono::seconds hour{3600};  // the two rolling windows (shorter in tests)
    std::chrono::seconds day{86400};
    struct Caps {
        std::string hour;  // empty: the default
        std::string day;
    };
    std::map<std::string, Caps> caps;
    double delay_above_usd = 0;        // 0: no transfer is held for its size
    std::chrono::seconds delay{3600};  // how long such a transfer is held
    // A route pauses itself when what it paid in the day window exceeds what came back the other
    // way by this much (key as above; none: never).
    std::map<std::string, std::string> pause_net_outflow;
    // ... or when the price sources disagree by more than this (basis points; 0: never).
    std::uint32_t price_disagreement_bps = 0;
};

// How the maker prices its transactions and watches its funds (maker.gas; docs/operations.md).
struct GasSettings {
    int estimate_margin_percent = 20;  // added to eth_estimateGas's answer
    // Each replacement raises both fee caps by at least this much (geth and Hardhat want 10).
    int bump_percent = 25;
    // maxFeePerGas is never raised above this (gwei), by chain id, else `max_fee_gwei`.
    std::uint64_t max_fee_gwei = 500;
    std::map<std::int64_t, std::uint64_t> max_fee_gwei_by_chain;
    std::chrono::milliseconds stuck_after{120000};  // a nonce pending longer is reported
    // No limit above this is signed (by chain id, else `max_gas_limit`): a token or recipient
    // whose transfer costs far more than a plain one waits, and is refunded unsent after
    // `unsignable_refund_after`.
    std::uint64_t max_gas_limit = 500000;
    std::map<std::int64_t, std::uint64_t> max_gas_limit_by_chain;
    // How long a payout whose estimate reverts, fails or passes the ceiling is tried again
    // before it is refunded unsent: a node behind answers so for seconds, not minutes.
    std::chrono::milliseconds unsignable_refund_after{300000};
    // By chain id and token symbol: whole units below which the maker's balance is low (decimal
    // text). Unset: the largest amount a route pays there.
    std::map<std::int64_t, std::map<std::string, std::string>> low_balance;
};

// The bridge maker. Off unless configured: two makers on one chain would both pay.
struct MakerSettings {
    bool enabled = false;
    PerChainCount confirmations{1, {}};        // per source chain
    PerChainCount large_confirmations{3, {}};  // for deposits from a route's large_from
    std::chrono::milliseconds poll{200};
    std::chrono::milliseconds speedup_after{12000};
    // How long the lease between instances on one database lasts: the wait for a leader that
    // died on another machine (one of this host is replaced at the next renewal).
    std::chrono::milliseconds lease_ttl{5000};
    bool head_feed = true;  // new heads over the RPC's WebSocket too (polling either way)
    OutflowSettings outflow;
    GasSettings gas;
};

// The activity indexer (issue 12, docs/tracker.md). Off unless configured; config/perch.json
// turns it on for the devnet.
struct IndexerSettings {
    bool enabled = false;
    std::uint32_t confirmations = 1;  // blocks below the head it stays
    std::uint32_t batch_blocks = 50;  // blocks per RPC batch and store transaction
    std::chrono::milliseconds poll{1000};
    std::int64_t start_block = 0;
    std::vector<std::int64_t> chains;  // empty: every chain of the chain profile
};

// The server's calls to chain RPC nodes (balances, rewards, faucets; the maker has its own).
struct RpcSettings {
    std::chrono::milliseconds timeout{3000};  // per attempt on one URL
    int attempts = 2;                         // rounds over all of a chain's URLs
    // Every chain's request budget in calls per second (0: none) and most calls per HTTP request
    // (0: any number), unless the chain profile sets its own; how long rate limits are waited out.
    double requests_per_second = 0;
    std::size_t batch_size = 0;
    std::chrono::milliseconds rate_limit_patience{30000};
};

// USD prices (issue 12): which source, its refresh, and the fixed table that answers while a
// live source has nothing (fresh) to show. Defaults: the fixed table below.
// What a cross-asset quote's prices must satisfy (price/firm_price.hpp): each symbol priced by at
// least `min_sources` live sources (the profile's price oracles, and the http feed when it is
// the source) that agree with their median within `max_spread_bps`, none older than
// `max_age_seconds`; else the quote is refused (503).
struct QuotePriceSettings {
    std::uint32_t min_sources = 2;
    std::uint32_t max_spread_bps = 200;
    std::int64_t max_age_seconds = 120;
    std::chrono::milliseconds cache{2000};  // a symbol's prices are read at most this often
};

struct PriceSettings {
    QuotePriceSettings quotes;
    std::string source = "fixed";  // fixed | pools | http
    std::map<std::string, double> fixed{{"ETH", 3000.0}, {"WETH", 3000.0}, {"USDC", 1.0},
                                        {"USDT", 1.0},   {"DAI", 1.0},     {"WBTC", 60000.0},
                                        {"SOL", 150.0}};
    std::chrono::milliseconds refresh{5000};
    std::string url;                         // http: the feed ({"ETH": 3000.1, ...})
    std::int64_t stale_after_seconds = 300;  // http: older tables are not shown
};

// The portfolio's daily snapshots: who is watched (opt-in by visiting) and for how long.
struct PortfolioSettings {
    std::int64_t max_watched = 10000;  // addresses; a new one beyond this is not watched
    std::int64_t expire_days = 30;     // unwatched after this many days without a visit
    std::chrono::milliseconds snapshot_every{60000};  // how often the job looks for due ones
};

// Solana as a bridge chain (docs/solana.md). The node's URL and the USDC mint come from the chain
// profile's "solana" entry (the devnet writes it) unless set here; the maker watches and pays on
// Solana when it runs and maker_key_file is set (a 32-byte ed25519 seed in hex, 0600).
struct SolanaSettings {
    std::string maker_key_file;
    std::string commitment = "finalized";  // what deposits and payouts wait for
    std::string rpc_url;                   // empty: the profile's
    std::string usdc_mint;                 // empty: the profile's
};

// How a completed bridge's USD value makes its points (rewards::BridgeValueRule): a bridge worth
// reference_usd earns its route's base points, a smaller one its share, a larger one more up to
// cap_usd.
struct RewardSettings {
    std::int64_t reference_usd = 100;
    std::int64_t cap_usd = 10000;
};

struct Config {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080;
    unsigned threads = 0;  // 0: one io_context per core
    std::string database_url = "sqlite:data/perch.db";
    std::string chain_profile;  // e.g. config/devnet.json; empty: public RPC URLs only
    std::string maker_key_file;
    std::string badge_signer_key_file;  // empty: campaign badges cannot be claimed here
    std::string faucet_key_file;        // empty: the faucets send nothing here
    // Signs firm quotes of cross-asset routes (EIP-712); empty: such quotes are refused.
    std::string quote_signer_key_file;
    std::vector<std::string> trusted_proxies;  // IPs or CIDRs whose X-Forwarded-For we believe
    std::vector<std::string> cors_origins;
    // The host[:port] a Sign-In with Ethereum message must name (the site's address as the
    // browser shows it). Empty: this server's own host:port, its loopback aliases when it listens
    // on loopback or every address, and the hosts of cors_origins (sign_in_domains()).
    std::vector<std::string> public_domains;
    std::string web_root = "web/dist";
    std::string config_dir = "config";
    std::string geoip_db;
    std::string log_level = "info";
    bool access_log = true;
    Limits limits;
    RpcSettings rpc;
    std::vector<RateGroup> rate_limits = default_rate_groups();
    MakerSettings maker;
    IndexerSettings indexer;
    PriceSettings prices;
    PortfolioSettings portfolio;
    SolanaSettings solana;
    // Rewards: the admin API's token (empty: closed), the social-task verifier's base URL (empty:
    // social tasks unavailable), the default check-in chain.
    std::string admin_token;
    std::string social_verifier_url;
    std::int64_t checkin_chain_id = 1868;
    RewardSettings rewards;
    // The public WalletConnect project id the web app uses; empty: no WalletConnect
    // option, and the page's Content-Security-Policy leaves the WalletConnect relay out.
    std::string walletconnect_project_id;
};

// Reads an environment variable; injectable so parsing stays pure and testable.
using EnvLookup = std::function<std::optional<std::string>(const char*)>;
EnvLookup process_env();

Config parse_config(const boost::json::value& doc, const EnvLookup& env);
// The domains a sign-in message may name: public_domains, or when none are configured the
// defaults above for a server listening on `bound_port`. Lower case.
std::vector<std::string> sign_in_domains(const Config& c, std::uint16_t bound_port);
Config load_config(const std::string& path, const EnvLookup& env);

}  // namespace perch
