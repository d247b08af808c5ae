#include "core/config.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <cstdlib>

#include "core/config_node.hpp"
#include "core/env_overrides.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"

namespace perch {
namespace json = boost::json;
namespace {

[[noreturn]] void fail(const std::string& key, const std::string& why) {
    throw ConfigError("config key '" + key + "': " + why);
}

std::int64_t parse_env_int(const char* key, const std::string& text, std::int64_t min,
                           std::int64_t max) {
    auto n = text::parse_int(text);
    if (!n || *n < min || *n > max) {
        fail(key,
             "must be an integer between " + std::to_string(min) + " and " + std::to_string(max));
    }
    return *n;
}

// maker.<key>: a plain count for every chain, or {"default": n, "<chain id>": n, ...}; with
// `tags`, "safe" or "finalized" may stand for a count.
PerChainCount per_chain_count(const ConfigNode& node, PerChainCount fallback, bool tags = false) {
    if (!node.present()) return fallback;
    const std::string expected =
        tags ? "must be an integer, \"safe\" or \"finalized\"" : "must be an integer";
    auto tag_of = [&](const ConfigNode& n) -> std::optional<std::string> {
        const auto& v = n.value();
        if (tags && v.is_string() && (v.as_string() == "safe" || v.as_string() == "finalized"))
            return std::string(v.as_string());
        return std::nullopt;
    };
    auto count = [&](const ConfigNode& n) {
        if (!n.value().is_int64() && !n.value().is_uint64()) n.fail(expected);
        return static_cast<std::uint32_t>(n.as_int(1, 1, 1000));
    };
    if (!node.value().is_object()) {
        if (auto tag = tag_of(node)) return PerChainCount{1, {}, *tag, {}};
        if (!node.value().is_int64() && !node.value().is_uint64())
            node.fail(expected + ", or an object of chain id → such a value");
        return PerChainCount{count(node), {}};
    }
    PerChainCount out{fallback.fallback, {}, fallback.fallback_tag, {}};
    for (const auto& [chain, n] : node.items()) {
        auto tag = tag_of(n);
        if (chain == "default") {
            out.fallback_tag = tag.value_or("");
            out.fallback = tag ? 1 : count(n);
            continue;
        }
        auto id = text::parse_int(chain);
        if (!id || *id <= 0) node.fail("key '" + chain + "' is neither a chain id nor 'default'");
        if (tag)
            out.tags[*id] = *tag;
        else
            out.by_chain[*id] = count(n);
    }
    return out;
}

// A section, when the file has it: an object, read by `apply`.
template <class Settings, class Apply>
void apply_section(Settings& settings, const ConfigNode& node, Apply apply) {
    if (!node.present()) return;
    node.require_object();
    apply(settings, node);
}

void apply_outflow(OutflowSettings& o, const ConfigNode& node) {
    node.reject_unknown({"hour_seconds", "day_seconds", "caps", "delay_above_usd", "delay_seconds",
                         "pause_net_outflow", "price_disagreement_bps"});
    o.hour = std::chrono::seconds(node["hour_seconds"].as_int(o.hour.count(), 1, 86400));
    o.day = std::chrono::seconds(node["day_seconds"].as_int(o.day.count(), 1, 30 * 86400));
    if (o.day < o.hour) node["day_seconds"].fail("must not be shorter than hour_seconds");
    if (auto caps = node["caps"]; caps.present()) {
        caps.require_object();
        for (const auto& [key, value] : caps.items()) {
            value.require_object();
            value.reject_unknown({"hour", "day"});
            o.caps[key] = {value["hour"].as_string(""), value["day"].as_string("")};
        }
    }
    if (auto usd = node["delay_above_usd"]; usd.present()) o.delay_above_usd = usd.as_number(0);
    o.delay = std::chrono::seconds(node["delay_seconds"].as_int(o.delay.count(), 0, 7 * 86400));
    if (auto net = node["pause_net_outflow"]; net.present()) {
        net.require_object();
        for (const auto& [key, value] : net.items()) o.pause_net_outflow[key] = value.as_string("");
    }
    o.price_disagreement_bps = static_cast<std::uint32_t>(
        node["price_disagreement_bps"].as_int(o.price_disagreement_bps, 0, 10000));
}

std::int64_t chain_key(const ConfigNode& node, const std::string& key) {
    auto id = text::parse_int(key);
    if (!id || *id <= 0) node.fail("key '" + key + "' is not a chain id");
    return *id;
}

// A number, or one per chain id with "default" for the rest.
void per_chain_number(const ConfigNode& node, std::uint64_t& all,
                      std::map<std::int64_t, std::uint64_t>& by_chain, std::int64_t lo,
                      std::int64_t hi) {
    auto number = [&](const ConfigNode& n) {
        return static_cast<std::uint64_t>(n.as_int(lo, lo, hi));
    };
    if (node.present() && node.value().is_object()) {
        for (const auto& [key, n] : node.items()) {
            if (key == "default")
                all = number(n);
            else
                by_chain[chain_key(node, key)] = number(n);
        }
    } else if (node.present()) {
        all = number(node);
    }
}

void apply_gas(GasSettings& g, const ConfigNode& node) {
    node.reject_unknown({"estimate_margin_percent", "bump_percent", "max_fee_gwei", "max_gas_limit",
                         "unsignable_refund_after_ms", "stuck_after_ms", "low_balance"});
    g.estimate_margin_percent =
        static_cast<int>(node["estimate_margin_percent"].as_int(g.estimate_margin_percent, 0, 500));
    // Below 10 % a node refuses the replacement as underpriced.
    g.bump_percent = static_cast<int>(node["bump_percent"].as_int(g.bump_percent, 10, 500));
    g.stuck_after = node["stuck_after_ms"].as_ms(g.stuck_after, 1000, 86400000);
    g.unsignable_refund_after =
        node["unsignable_refund_after_ms"].as_ms(g.unsignable_refund_after, 10000, 86400000);
    per_chain_number(node["max_fee_gwei"], g.max_fee_gwei, g.max_fee_gwei_by_chain, 1, 1'000'000);
    // 21,000: the cheapest transaction there is.
    per_chain_number(node["max_gas_limit"], g.max_gas_limit, g.max_gas_limit_by_chain, 21000,
                     100'000'000);
    for (const auto& [key, tokens] : node["low_balance"].items()) {
        tokens.require_object();
        for (const auto& [symbol, amount] : tokens.items())
            g.low_balance[chain_key(node["low_balance"], key)][symbol] = amount.as_string("");
    }
}

void apply_maker(MakerSettings& m, const ConfigNode& node) {
    node.reject_unknown({"enabled", "confirmations", "large_confirmations", "poll_ms",
                         "speedup_after_ms", "lease_ttl_ms", "head_feed", "outflow", "gas"});
    apply_section(m.outflow, node["outflow"], apply_outflow);
    apply_section(m.gas, node["gas"], apply_gas);
    m.enabled = node["enabled"].as_bool(m.enabled);
    m.head_feed = node["head_feed"].as_bool(m.head_feed);
    m.confirmations = per_chain_count(node["confirmations"], m.confirmations, true);
    m.large_confirmations = per_chain_count(node["large_confirmations"], m.large_confirmations);
    m.poll = node["poll_ms"].as_ms(m.poll, 10, 60000);
    m.speedup_after = node["speedup_after_ms"].as_ms(m.speedup_after, 1000, 3600000);
    // At least 3 renewals (one a second) per lease, so that a slow renewal does not lose it.
    m.lease_ttl = node["lease_ttl_ms"].as_ms(m.lease_ttl, 3000, 600000);
}

void apply_indexer(IndexerSettings& ix, const ConfigNode& node) {
    node.reject_unknown(
        {"enabled", "confirmations", "batch_blocks", "poll_ms", "start_block", "chains"});
    ix.enabled = node["enabled"].as_bool(ix.enabled);
    ix.confirmations =
        static_cast<std::uint32_t>(node["confirmations"].as_int(ix.confirmations, 0, 1000));
    ix.batch_blocks =
        static_cast<std::uint32_t>(node["batch_blocks"].as_int(ix.batch_blocks, 1, 1000));
    ix.poll = node["poll_ms"].as_ms(ix.poll, 10, 600000);
    ix.start_block = node["start_block"].as_int(ix.start_block, 0, 1LL << 53);
    if (auto chains = node["chains"]; chains.present()) {
        if (!chains.value().is_array()) chains.fail("must be an array of chain ids");
        ix.chains.clear();
        for (const auto& id : chains.elements()) {
            if (!id.value().is_int64() && !id.value().is_uint64())
                chains.fail("must hold chain ids");
            ix.chains.push_back(id.value().to_number<std::int64_t>());
        }
    }
}

RateRule rate_rule(const ConfigNode& node, RateRule fallback) {
    if (!node.present()) return fallback;
    if (!node.value().is_object()) node.fail("must be an object {burst, per_minute}");
    node.reject_unknown({"burst", "per_minute"});
    RateRule r;
    r.burst = static_cast<double>(
        node["burst"].as_int(static_cast<std::int64_t>(fallback.burst), 0, 1000000));
    r.per_minute = static_cast<double>(
        node["per_minute"].as_int(static_cast<std::int64_t>(fallback.per_minute), 0, 60000000));
    if (r.burst > 0 && r.per_minute <= 0) node["per_minute"].fail("must be positive");
    return r;
}

// prices.quotes: {min_sources, max_spread_bps, max_age_s, cache_ms}.
void apply_quote_prices(QuotePriceSettings& q, const ConfigNode& node) {
    node.reject_unknown({"min_sources", "max_spread_bps", "max_age_s", "cache_ms"});
    q.min_sources = static_cast<std::uint32_t>(node["min_sources"].as_int(q.min_sources, 1, 100));
    q.max_spread_bps =
        static_cast<std::uint32_t>(node["max_spread_bps"].as_int(q.max_spread_bps, 1, 10000));
    q.max_age_seconds = node["max_age_s"].as_int(q.max_age_seconds, 1, 86400);
    q.cache = node["cache_ms"].as_ms(q.cache, 0, 600000);
}

// prices: {source, fixed: {SYMBOL: usd}, refresh_ms, url, stale_after_s, quotes}.
void apply_prices(PriceSettings& p, const ConfigNode& node) {
    node.reject_unknown({"source", "fixed", "refresh_ms", "url", "stale_after_s", "quotes"});
    apply_section(p.quotes, node["quotes"], apply_quote_prices);
    p.source = node["source"].as_string(p.source);
    if (p.source != "fixed" && p.source != "pools" && p.source != "http")
        node["source"].fail("must be one of fixed, pools, http");
    if (auto fixed = node["fixed"]; fixed.present()) {
        if (!fixed.value().is_object()) fixed.fail("must be an object of symbol → USD price");
        p.fixed.clear();
        for (const auto& [symbol, usd] : fixed.items()) p.fixed[symbol] = usd.as_number(0);
    }
    p.refresh = node["refresh_ms"].as_ms(p.refresh, 500, 3600000);
    p.url = node["url"].as_string(p.url);
    p.stale_after_seconds = node["stale_after_s"].as_int(p.stale_after_seconds, 1, 7LL * 86400);
    if (p.source == "http" && !p.url.starts_with("http://") && !p.url.starts_with("https://"))
        node["url"].fail("must be an http(s) URL when the source is http");
}

// portfolio: {max_watched, expire_days, snapshot_every_ms}.
void apply_portfolio(PortfolioSettings& p, const ConfigNode& node) {
    node.reject_unknown({"max_watched", "expire_days", "snapshot_every_ms"});
    p.max_watched = node["max_watched"].as_int(p.max_watched, 0, 10000000);
    p.expire_days = node["expire_days"].as_int(p.expire_days, 1, 3650);
    p.snapshot_every = node["snapshot_every_ms"].as_ms(p.snapshot_every, 1000, 86400000);
}

// rewards: {reference_usd, cap_usd}, whole dollars. The bound keeps the points' integer
// arithmetic (base × boost × cents) far from overflow.
void apply_rewards(RewardSettings& r, const ConfigNode& node) {
    node.reject_unknown({"reference_usd", "cap_usd"});
    constexpr std::int64_t kMostUsd = 1000000000;
    r.reference_usd = node["reference_usd"].as_int(r.reference_usd, 1, kMostUsd);
    r.cap_usd = node["cap_usd"].as_int(r.cap_usd, 1, kMostUsd);
    if (r.cap_usd < r.reference_usd) node["cap_usd"].fail("must be at least reference_usd");
}

// rate_limits: {"<group>": {paths, methods, per_ip, per_address}}. A group of the defaults is
// changed field by field; a new group needs its paths.
void apply_rate_limits(std::vector<RateGroup>& groups, const ConfigNode& node) {
    if (!node.value().is_object()) node.fail("must be an object of group name → limits");
    for (const auto& [key, group] : node.items()) {
        if (!group.value().is_object()) group.fail("must be an object");
        group.reject_unknown({"paths", "methods", "per_ip", "per_address"});
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&key = key](const RateGroup& g) { return g.name == key; });
        if (it == groups.end()) {
            groups.push_back(RateGroup{key, {}, {}, {}, {}});
            it = std::prev(groups.end());
        }
        if (group["paths"].present()) it->paths = group["paths"].as_strings();
        if (group["methods"].present()) it->methods = group["methods"].as_strings();
        if (it->paths.empty()) group["paths"].fail("must name at least one path prefix");
        it->per_ip = rate_rule(group["per_ip"], it->per_ip);
        it->per_address = rate_rule(group["per_address"], it->per_address);
    }
}

// solana: {maker_key_file, commitment, rpc_url, usdc_mint}.
void apply_solana(SolanaSettings& s, const ConfigNode& node) {
    node.reject_unknown({"maker_key_file", "commitment", "rpc_url", "usdc_mint"});
    s.maker_key_file = node["maker_key_file"].as_string(s.maker_key_file);
    s.commitment = node["commitment"].as_string(s.commitment);
    if (s.commitment != "confirmed" && s.commitment != "finalized")
        node["commitment"].fail("must be confirmed or finalized");
    s.rpc_url = node["rpc_url"].as_string(s.rpc_url);
    s.usdc_mint = node["usdc_mint"].as_string(s.usdc_mint);
}

void apply_limits(Limits& l, const ConfigNode& node) {
    node.reject_unknown({"body_bytes", "read_timeout_ms", "idle_timeout_ms", "connections_per_ip",
                         "order_streams_per_ip", "sign_in_nonces_per_ip", "sign_in_sessions_per_ip",
                         "uncapped_peers"});
    l.body_bytes = static_cast<std::size_t>(
        node["body_bytes"].as_int(static_cast<std::int64_t>(l.body_bytes), 1024, 1 << 30));
    l.read_timeout = node["read_timeout_ms"].as_ms(l.read_timeout, 100, 600000);
    l.idle_timeout = node["idle_timeout_ms"].as_ms(l.idle_timeout, 100, 3600000);
    auto count = [&](std::string_view key, std::size_t fallback) {
        return static_cast<std::size_t>(
            node[key].as_int(static_cast<std::int64_t>(fallback), 0, 1000000));
    };
    l.connections_per_ip = count("connections_per_ip", l.connections_per_ip);
    l.order_streams_per_ip = count("order_streams_per_ip", l.order_streams_per_ip);
    l.sign_in_nonces_per_ip = count("sign_in_nonces_per_ip", l.sign_in_nonces_per_ip);
    l.sign_in_sessions_per_ip = count("sign_in_sessions_per_ip", l.sign_in_sessions_per_ip);
    if (node["uncapped_peers"].present()) l.uncapped_peers = node["uncapped_peers"].as_strings();
}

void apply_rpc(RpcSettings& r, const ConfigNode& node) {
    node.reject_unknown(
        {"timeout_ms", "attempts", "requests_per_second", "batch_size", "rate_limit_patience_ms"});
    r.timeout = node["timeout_ms"].as_ms(r.timeout, 100, 120000);
    r.attempts = static_cast<int>(node["attempts"].as_int(r.attempts, 1, 10));
    r.requests_per_second = static_cast<double>(node["requests_per_second"].as_int(
        static_cast<std::int64_t>(r.requests_per_second), 0, 100000));
    r.batch_size = static_cast<std::size_t>(
        node["batch_size"].as_int(static_cast<std::int64_t>(r.batch_size), 0, 100000));
    r.rate_limit_patience = node["rate_limit_patience_ms"].as_ms(r.rate_limit_patience, 0, 600000);
}

void apply_file(Config& c, const ConfigNode& obj) {
    obj.reject_unknown({"host",
                        "port",
                        "threads",
                        "database_url",
                        "chain_profile",
                        "maker_key_file",
                        "badge_signer_key_file",
                        "quote_signer_key_file",
                        "faucet_key_file",
                        "trusted_proxies",
                        "cors_origins",
                        "public_domains",
                        "web_root",
                        "config_dir",
                        "geoip_db",
                        "log_level",
                        "access_log",
                        "limits",
                        "rpc",
                        "rate_limits",
                        "maker",
                        "indexer",
                        "prices",
                        "portfolio",
                        "solana",
                        "admin_token",
                        "social_verifier_url",
                        "checkin_chain_id",
                        "rewards",
                        "walletconnect_project_id"});
    c.host = obj["host"].as_string(c.host);
    c.port = static_cast<std::uint16_t>(obj["port"].as_int(c.port, 0, 65535));
    c.threads = static_cast<unsigned>(obj["threads"].as_int(c.threads, 0, 256));
    c.database_url = obj["database_url"].as_string(c.database_url);
    c.chain_profile = obj["chain_profile"].as_string(c.chain_profile);
    c.maker_key_file = obj["maker_key_file"].as_string(c.maker_key_file);
    c.badge_signer_key_file = obj["badge_signer_key_file"].as_string(c.badge_signer_key_file);
    c.faucet_key_file = obj["faucet_key_file"].as_string(c.faucet_key_file);
    c.quote_signer_key_file = obj["quote_signer_key_file"].as_string(c.quote_signer_key_file);
    if (obj["trusted_proxies"].present()) c.trusted_proxies = obj["trusted_proxies"].as_strings();
    if (obj["cors_origins"].present()) c.cors_origins = obj["cors_origins"].as_strings();
    if (obj["public_domains"].present()) c.public_domains = obj["public_domains"].as_strings();
    c.web_root = obj["web_root"].as_string(c.web_root);
    c.config_dir = obj["config_dir"].as_string(c.config_dir);
    c.geoip_db = obj["geoip_db"].as_string(c.geoip_db);
    c.log_level = obj["log_level"].as_string(c.log_level);
    c.access_log = obj["access_log"].as_bool(c.access_log);
    c.admin_token = obj["admin_token"].as_string(c.admin_token);
    c.social_verifier_url = obj["social_verifier_url"].as_string(c.social_verifier_url);
    c.checkin_chain_id = obj["checkin_chain_id"].as_int(c.checkin_chain_id, 1, 1LL << 53);
    c.walletconnect_project_id =
        obj["walletconnect_project_id"].as_string(c.walletconnect_project_id);
    apply_section(c.limits, obj["limits"], apply_limits);
    apply_section(c.rpc, obj["rpc"], apply_rpc);
    if (obj["rate_limits"].present()) apply_rate_limits(c.rate_limits, obj["rate_limits"]);
    apply_section(c.maker, obj["maker"], apply_maker);
    apply_section(c.indexer, obj["indexer"], apply_indexer);
    apply_section(c.prices, obj["prices"], apply_prices);
    apply_section(c.portfolio, obj["portfolio"], apply_portfolio);
    apply_section(c.solana, obj["solana"], apply_solana);
    apply_section(c.rewards, obj["rewards"], apply_rewards);
}

void on_off(const char* name, const std::string& v, bool& out) {
    if (v != "on" && v != "off") fail(name, "must be on or off");
    out = v == "on";
}

// Setters for the table below: the variable's text as it is, or as a comma list.
template <auto Field>
void set_text(Config& c, const std::string& v) {
    c.*Field = v;
}
template <auto Field>
void set_list(Config& c, const std::string& v) {
    c.*Field = text::split(v, ',');
}

// Every environment override, in the order the usage text lists them.
const std::vector<EnvOverride> kEnvOverrides = {
    {"PERCH_HOST", "host", set_text<&Config::host>},
    {"PERCH_PORT", "port",
     [](Config& c, const std::string& v) {
         c.port = static_cast<std::uint16_t>(parse_env_int("PERCH_PORT", v, 0, 65535));
     }},
    {"PERCH_THREADS", "threads",
     [](Config& c, const std::string& v) {
         c.threads = static_cast<unsigned>(parse_env_int("PERCH_THREADS", v, 0, 256));
     }},
    {"PERCH_DATABASE_URL", "database_url", set_text<&Config::database_url>},
    {"PERCH_CHAIN_PROFILE", "chain_profile", set_text<&Config::chain_profile>},
    {"PERCH_MAKER_KEY_FILE", "maker_key_file", set_text<&Config::maker_key_file>},
    {"PERCH_SOLANA_MAKER_KEY_FILE", "solana.maker_key_file",
     [](Config& c, const std::string& v) { c.solana.maker_key_file = v; }},
    {"PERCH_BADGE_SIGNER_KEY_FILE", "badge_signer_key_file",
     set_text<&Config::badge_signer_key_file>},
    {"PERCH_QUOTE_SIGNER_KEY_FILE", "quote_signer_key_file",
     set_text<&Config::quote_signer_key_file>},
    {"PERCH_FAUCET_KEY_FILE", "faucet_key_file", set_text<&Config::faucet_key_file>},
    {"PERCH_TRUSTED_PROXIES", "trusted_proxies (comma list)", set_list<&Config::trusted_proxies>},
    {"PERCH_CORS_ORIGINS", "cors_origins (comma list)", set_list<&Config::cors_origins>},
    {"PERCH_PUBLIC_DOMAINS", "public_domains (comma list)", set_list<&Config::public_domains>},
    {"PERCH_WEB_ROOT", "web_root", set_text<&Config::web_root>},
    {"PERCH_GEOIP_DB", "geoip_db", set_text<&Config::geoip_db>},
    {"PERCH_LOG_LEVEL", "log_level", set_text<&Config::log_level>},
    {"PERCH_WALLETCONNECT_PROJECT_ID", "walletconnect_project_id",
     set_text<&Config::walletconnect_project_id>},
    {"PERCH_MAKER", "maker.enabled (on|off)",
     [](Config& c, const std::string& v) { on_off("PERCH_MAKER", v, c.maker.enabled); }},
    // Every chain: the environment's one number replaces the file's per-chain values.
    {"PERCH_MAKER_CONFIRMATIONS", "maker.confirmations (every chain)",
     [](Config& c, const std::string& v) {
         c.maker.confirmations = PerChainCount{
             static_cast<std::uint32_t>(parse_env_int("PERCH_MAKER_CONFIRMATIONS", v, 1, 1000)),
             {}};
     }},
    {"PERCH_INDEXER", "indexer.enabled (on|off)",
     [](Config& c, const std::string& v) { on_off("PERCH_INDEXER", v, c.indexer.enabled); }},
    {"PERCH_ADMIN_TOKEN", "admin_token", set_text<&Config::admin_token>},
    {"PERCH_SOCIAL_VERIFIER_URL", "social_verifier_url", set_text<&Config::social_verifier_url>},
    {"PERCH_CHECKIN_CHAIN_ID", "checkin_chain_id",
     [](Config& c, const std::string& v) {
         c.checkin_chain_id = parse_env_int("PERCH_CHECKIN_CHAIN_ID", v, 1, 1LL << 53);
     }},
};

void apply_env(Config& c, const EnvLookup& env) {
    for (const auto& o : kEnvOverrides)
        if (auto v = env(o.name)) o.apply(c, *v);
}

void validate(const Config& c) {
    if (c.host.empty()) fail("host", "must not be empty");
    if (!c.database_url.starts_with("sqlite:") && !c.database_url.starts_with("postgresql://") &&
        !c.database_url.starts_with("postgres://")) {
        fail("database_url", "must start with sqlite: or postgresql://");
    }
    static constexpr std::string_view levels[] = {"trace", "debug", "info", "warn", "error", "off"};
    if (std::find(std::begin(levels), std::end(levels), c.log_level) == std::end(levels)) {
        fail("log_level", "must be one of trace, debug, info, warn, error, off");
    }
    if (!c.social_verifier_url.empty() && !c.social_verifier_url.starts_with("http://") &&
        !c.social_verifier_url.starts_with("https://")) {
        fail("social_verifier_url", "must be an http(s) URL");
    }
    if (!c.walletconnect_project_id.empty() &&
        (c.walletconnect_project_id.size() > 64 ||
         !std::all_of(
             c.walletconnect_project_id.begin(), c.walletconnect_project_id.end(),
             [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) || ch == '-'; }))) {
        fail("walletconnect_project_id", "must be up to 64 letters, digits or '-'");
    }
    if (!c.admin_token.empty() && c.admin_token.size() < 16) {
        fail("admin_token", "must be at least 16 characters");
    }
    for (const auto& domain : c.public_domains) {
        // host[:port] as a browser's location.host has it: no scheme, path or spaces.
        bool bare = !domain.empty() && domain.find_first_of("/ \t@?#") == std::string::npos;
        if (!bare) fail("public_domains", "'" + domain + "' is not a host[:port]");
    }
    for (const auto& origin : c.cors_origins) {
        if (origin != "*" && !origin.starts_with("http://") && !origin.starts_with("https://")) {
            fail("cors_origins", "'" + origin + "' is not an http(s) origin");
        }
    }
}

}  // namespace

std::vector<RateGroup> default_rate_groups() {
    return {
        {"auth", {"/api/auth/"}, {}, {60, 60}, {}},
        {"quote",
         {"/api/bridge_api/v1/quote", "/api/bridge_api/v1/build_tx", "/api/swap_api/v1/quote",
          "/api/swap_api/v1/build_tx"},
         {},
         {600, 1200},
         {}},
        {"balances", {"/api/balance", "/api/swap_auxiliary_api/"}, {}, {600, 1200}, {300, 600}},
        {"tracker", {"/api/tracker_api/"}, {}, {600, 1200}, {300, 600}},
        // A person claims a faucet a few times a day; its own limit (one per window) is in the
        // store.
        {"faucet", {"/api/faucet_api/v1/claims"}, {"POST"}, {10, 20}, {5, 10}},
        // A visit registers the address for daily snapshots: a script cannot fill the watch list.
        {"portfolio", {"/api/portfolio_api/"}, {}, {60, 120}, {60, 120}},
        {"writes", {"/api/"}, {"POST"}, {300, 300}, {120, 120}},
    };
}

namespace {

bool is_loopback_or_any(std::string_view host) {
    return host == "127.0.0.1" || host == "localhost" || host == "::1" || host == "[::1]" ||
           host == "0.0.0.0" || host == "::" || host == "[::]";
}

// "[::1]" for an IPv6 literal, as it is written before a port.
std::string bracketed(std::string_view host) {
    if (host.find(':') == std::string_view::npos || host.starts_with('[')) return std::string(host);
    return "[" + std::string(host) + "]";
}

}  // namespace

std::vector<std::string> sign_in_domains(const Config& c, std::uint16_t bound_port) {
    std::vector<std::string> out;
    auto add = [&](std::string domain) {
        domain = text::to_lower(domain);
        if (std::find(out.begin(), out.end(), domain) == out.end()) out.push_back(domain);
    };
    if (!c.public_domains.empty()) {
        for (const auto& d : c.public_domains) add(d);
        return out;
    }
    auto port = ":" + std::to_string(bound_port);
    std::vector<std::string> hosts{bracketed(c.host)};
    if (is_loopback_or_any(c.host)) hosts = {"127.0.0.1", "localhost", "[::1]"};
    for (const auto& host : hosts) {
        add(host + port);
        if (bound_port == 80) add(host);  // a browser leaves the default port out
    }
    for (const auto& origin : c.cors_origins) {
        auto scheme_end = origin.find("://");
        if (scheme_end == std::string::npos) continue;  // "*": no site in particular
        auto authority = origin.substr(scheme_end + 3);
        add(authority.substr(0, authority.find('/')));
    }
    return out;
}

const std::vector<EnvOverride>& env_overrides() {
    return kEnvOverrides;
}

EnvLookup process_env() {
    return [](const char* name) -> std::optional<std::string> {
        const char* v = std::getenv(name);  // NOLINT(concurrency-mt-unsafe): read once at start
        if (!v) return std::nullopt;
        return std::string(v);
    };
}

Config parse_config(const json::value& doc, const EnvLookup& env) {
    if (!doc.is_object()) throw ConfigError("config: the file must hold a JSON object");
    Config c;
    apply_file(c, ConfigNode::root(doc));
    apply_env(c, env);
    validate(c);
    return c;
}

Config load_config(const std::string& path, const EnvLookup& env) {
    return parse_config(read_json_file(path, "config file"), env);
}

}  // namespace perch
