#include "core/config.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <cstdlib>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"

namespace perch {
namespace json = boost::json;
namespace {

[[noreturn]] void fail(const std::string& key, const std::string& why) {
    throw ConfigError("config key '" + key + "': " + why);
}

const json::value* find(const json::object& obj, std::string_view key) {
    return obj.if_contains(key);
}

std::string get_string(const json::object& obj, const char* key, std::string fallback) {
    const auto* v = find(obj, key);
    if (!v) return fallback;
    if (!v->is_string()) fail(key, "must be a string");
    return std::string(v->as_string());
}

// `prefix` names the enclosing object in messages ("limits.").
std::int64_t get_int(const json::object& obj, const char* key, std::int64_t fallback,
                     std::int64_t min, std::int64_t max, const std::string& prefix = {}) {
    const auto* v = find(obj, key);
    if (!v) return fallback;
    if (!v->is_int64() && !v->is_uint64()) fail(prefix + key, "must be an integer");
    auto n = v->is_int64() ? v->as_int64() : static_cast<std::int64_t>(v->as_uint64());
    if (n < min || n > max) {
        fail(prefix + key,
             "must be between " + std::to_string(min) + " and " + std::to_string(max));
    }
    return n;
}

bool get_bool(const json::object& obj, const char* key, bool fallback) {
    const auto* v = find(obj, key);
    if (!v) return fallback;
    if (!v->is_bool()) fail(key, "must be true or false");
    return v->as_bool();
}

std::vector<std::string> get_strings(const json::object& obj, const char* key) {
    const auto* v = find(obj, key);
    if (!v) return {};
    if (!v->is_array()) fail(key, "must be an array of strings");
    std::vector<std::string> out;
    for (const auto& item : v->as_array()) {
        if (!item.is_string()) fail(key, "must be an array of strings");
        out.emplace_back(item.as_string());
    }
    return out;
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

void reject_unknown_keys(const json::object& obj, std::initializer_list<std::string_view> known,
                         const std::string& prefix) {
    for (const auto& [key, value] : obj) {
        if (std::find(known.begin(), known.end(), std::string_view(key)) == known.end()) {
            fail(prefix + std::string(key), "unknown key");
        }
    }
}

// maker.<key>: a plain count for every chain, or {"default": n, "<chain id>": n, ...}.
PerChainCount get_per_chain(const json::object& obj, const char* key, PerChainCount fallback) {
    const std::string name = std::string("maker.") + key;
    const auto* v = find(obj, key);
    if (!v) return fallback;
    auto count = [&](const json::value& n, const std::string& where) {
        if (!n.is_int64() && !n.is_uint64()) fail(where, "must be an integer");
        auto value = n.to_number<std::int64_t>();
        if (value < 1 || value > 1000) fail(where, "must be between 1 and 1000");
        return static_cast<std::uint32_t>(value);
    };
    if (!v->is_object()) {
        if (!v->is_int64() && !v->is_uint64())
            fail(name, "must be an integer or an object of chain id → integer");
        return PerChainCount{count(*v, name), {}};
    }
    PerChainCount out{fallback.fallback, {}};
    for (const auto& [chain, n] : v->as_object()) {
        if (chain == "default") {
            out.fallback = count(n, name + ".default");
            continue;
        }
        auto id = text::parse_int(chain);
        if (!id || *id <= 0)
            fail(name, "key '" + std::string(chain) + "' is neither a chain id nor 'default'");
        out.by_chain[*id] = count(n, name + "." + std::string(chain));
    }
    return out;
}

void apply_maker(MakerSettings& m, const json::object& obj) {
    reject_unknown_keys(obj,
                        {"enabled", "confirmations", "large_confirmations", "poll_ms",
                         "speedup_after_ms", "lease_ttl_ms", "head_feed"},
                        "maker.");
    if (const auto* v = find(obj, "enabled")) {
        if (!v->is_bool()) fail("maker.enabled", "must be true or false");
        m.enabled = v->as_bool();
    }
    if (const auto* v = find(obj, "head_feed")) {
        if (!v->is_bool()) fail("maker.head_feed", "must be true or false");
        m.head_feed = v->as_bool();
    }
    m.confirmations = get_per_chain(obj, "confirmations", m.confirmations);
    m.large_confirmations = get_per_chain(obj, "large_confirmations", m.large_confirmations);
    m.poll =
        std::chrono::milliseconds(get_int(obj, "poll_ms", m.poll.count(), 10, 60000, "maker."));
    m.speedup_after = std::chrono::milliseconds(
        get_int(obj, "speedup_after_ms", m.speedup_after.count(), 1000, 3600000, "maker."));
    // At least 3 renewals (one a second) per lease, so that a slow renewal does not lose it.
    m.lease_ttl = std::chrono::milliseconds(
        get_int(obj, "lease_ttl_ms", m.lease_ttl.count(), 3000, 600000, "maker."));
}

void apply_indexer(IndexerSettings& ix, const json::object& obj) {
    reject_unknown_keys(
        obj, {"enabled", "confirmations", "batch_blocks", "poll_ms", "start_block", "chains"},
        "indexer.");
    if (const auto* v = find(obj, "enabled")) {
        if (!v->is_bool()) fail("indexer.enabled", "must be true or false");
        ix.enabled = v->as_bool();
    }
    ix.confirmations = static_cast<std::uint32_t>(
        get_int(obj, "confirmations", ix.confirmations, 0, 1000, "indexer."));
    ix.batch_blocks = static_cast<std::uint32_t>(
        get_int(obj, "batch_blocks", ix.batch_blocks, 1, 1000, "indexer."));
    ix.poll =
        std::chrono::milliseconds(get_int(obj, "poll_ms", ix.poll.count(), 10, 600000, "indexer."));
    ix.start_block = get_int(obj, "start_block", ix.start_block, 0, 1LL << 53, "indexer.");
    if (const auto* v = find(obj, "chains")) {
        if (!v->is_array()) fail("indexer.chains", "must be an array of chain ids");
        ix.chains.clear();
        for (const auto& id : v->as_array()) {
            if (!id.is_int64() && !id.is_uint64()) fail("indexer.chains", "must hold chain ids");
            ix.chains.push_back(id.to_number<std::int64_t>());
        }
    }
}

RateRule get_rate_rule(const json::object& obj, const char* key, RateRule fallback,
                       const std::string& prefix) {
    const auto* v = find(obj, key);
    if (!v) return fallback;
    const std::string name = prefix + key;
    if (!v->is_object()) fail(name, "must be an object {burst, per_minute}");
    const auto& o = v->as_object();
    reject_unknown_keys(o, {"burst", "per_minute"}, name + ".");
    RateRule r;
    r.burst = static_cast<double>(
        get_int(o, "burst", static_cast<std::int64_t>(fallback.burst), 0, 1000000, name + "."));
    r.per_minute = static_cast<double>(get_int(
        o, "per_minute", static_cast<std::int64_t>(fallback.per_minute), 0, 60000000, name + "."));
    if (r.burst > 0 && r.per_minute <= 0) fail(name + ".per_minute", "must be positive");
    return r;
}

// prices: {source, fixed: {SYMBOL: usd}, refresh_ms, url, stale_after_s}.
void apply_prices(PriceSettings& p, const json::object& obj) {
    reject_unknown_keys(obj, {"source", "fixed", "refresh_ms", "url", "stale_after_s"}, "prices.");
    p.source = get_string(obj, "source", p.source);
    if (p.source != "fixed" && p.source != "pools" && p.source != "http")
        fail("prices.source", "must be one of fixed, pools, http");
    if (const auto* fixed = find(obj, "fixed")) {
        if (!fixed->is_object()) fail("prices.fixed", "must be an object of symbol → USD price");
        p.fixed.clear();
        for (const auto& [symbol, usd] : fixed->as_object()) {
            if (!usd.is_number() || usd.to_number<double>() < 0)
                fail("prices.fixed." + std::string(symbol), "must be a number >= 0");
            p.fixed[std::string(symbol)] = usd.to_number<double>();
        }
    }
    p.refresh = std::chrono::milliseconds(
        get_int(obj, "refresh_ms", p.refresh.count(), 500, 3600000, "prices."));
    p.url = get_string(obj, "url", p.url);
    p.stale_after_seconds =
        get_int(obj, "stale_after_s", p.stale_after_seconds, 1, 7LL * 86400, "prices.");
    if (p.source == "http" && !p.url.starts_with("http://") && !p.url.starts_with("https://"))
        fail("prices.url", "must be an http(s) URL when the source is http");
}

// portfolio: {max_watched, expire_days, snapshot_every_ms}.
void apply_portfolio(PortfolioSettings& p, const json::object& obj) {
    reject_unknown_keys(obj, {"max_watched", "expire_days", "snapshot_every_ms"}, "portfolio.");
    p.max_watched = get_int(obj, "max_watched", p.max_watched, 0, 10000000, "portfolio.");
    p.expire_days = get_int(obj, "expire_days", p.expire_days, 1, 3650, "portfolio.");
    p.snapshot_every = std::chrono::milliseconds(
        get_int(obj, "snapshot_every_ms", p.snapshot_every.count(), 1000, 86400000, "portfolio."));
}

// rate_limits: {"<group>": {paths, methods, per_ip, per_address}}. A group of the defaults is
// changed field by field; a new group needs its paths.
void apply_rate_limits(std::vector<RateGroup>& groups, const json::value& v) {
    if (!v.is_object()) fail("rate_limits", "must be an object of group name → limits");
    for (const auto& [key, value] : v.as_object()) {
        const std::string prefix = "rate_limits." + std::string(key) + ".";
        if (!value.is_object()) fail("rate_limits." + std::string(key), "must be an object");
        const auto& o = value.as_object();
        reject_unknown_keys(o, {"paths", "methods", "per_ip", "per_address"}, prefix);
        const std::string_view name = key;  // clang 14 (make fuzz) cannot capture a binding
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const RateGroup& g) { return g.name == name; });
        if (it == groups.end()) {
            groups.push_back(RateGroup{std::string(key), {}, {}, {}, {}});
            it = std::prev(groups.end());
        }
        if (find(o, "paths")) it->paths = get_strings(o, "paths");
        if (find(o, "methods")) it->methods = get_strings(o, "methods");
        if (it->paths.empty()) fail(prefix + "paths", "must name at least one path prefix");
        it->per_ip = get_rate_rule(o, "per_ip", it->per_ip, prefix);
        it->per_address = get_rate_rule(o, "per_address", it->per_address, prefix);
    }
}

// solana: {maker_key_file, commitment, rpc_url, usdc_mint}.
void apply_solana(SolanaSettings& s, const json::object& obj) {
    reject_unknown_keys(obj, {"maker_key_file", "commitment", "rpc_url", "usdc_mint"}, "solana.");
    s.maker_key_file = get_string(obj, "maker_key_file", s.maker_key_file);
    s.commitment = get_string(obj, "commitment", s.commitment);
    if (s.commitment != "confirmed" && s.commitment != "finalized")
        fail("solana.commitment", "must be confirmed or finalized");
    s.rpc_url = get_string(obj, "rpc_url", s.rpc_url);
    s.usdc_mint = get_string(obj, "usdc_mint", s.usdc_mint);
}

void apply_file(Config& c, const json::object& obj) {
    reject_unknown_keys(obj,
                        {"host",
                         "port",
                         "threads",
                         "database_url",
                         "chain_profile",
                         "maker_key_file",
                         "badge_signer_key_file",
                         "faucet_key_file",
                         "trusted_proxies",
                         "cors_origins",
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
                         "walletconnect_project_id"},
                        "");
    c.host = get_string(obj, "host", c.host);
    c.port = static_cast<std::uint16_t>(get_int(obj, "port", c.port, 0, 65535));
    c.threads = static_cast<unsigned>(get_int(obj, "threads", c.threads, 0, 256));
    c.database_url = get_string(obj, "database_url", c.database_url);
    c.chain_profile = get_string(obj, "chain_profile", c.chain_profile);
    c.maker_key_file = get_string(obj, "maker_key_file", c.maker_key_file);
    c.badge_signer_key_file = get_string(obj, "badge_signer_key_file", c.badge_signer_key_file);
    c.faucet_key_file = get_string(obj, "faucet_key_file", c.faucet_key_file);
    if (find(obj, "trusted_proxies")) c.trusted_proxies = get_strings(obj, "trusted_proxies");
    if (find(obj, "cors_origins")) c.cors_origins = get_strings(obj, "cors_origins");
    c.web_root = get_string(obj, "web_root", c.web_root);
    c.config_dir = get_string(obj, "config_dir", c.config_dir);
    c.geoip_db = get_string(obj, "geoip_db", c.geoip_db);
    c.log_level = get_string(obj, "log_level", c.log_level);
    c.access_log = get_bool(obj, "access_log", c.access_log);
    c.admin_token = get_string(obj, "admin_token", c.admin_token);
    c.social_verifier_url = get_string(obj, "social_verifier_url", c.social_verifier_url);
    c.checkin_chain_id = get_int(obj, "checkin_chain_id", c.checkin_chain_id, 1, 1LL << 53);
    c.walletconnect_project_id =
        get_string(obj, "walletconnect_project_id", c.walletconnect_project_id);
    if (const auto* limits = find(obj, "limits")) {
        if (!limits->is_object()) fail("limits", "must be an object");
        const auto& l = limits->as_object();
        reject_unknown_keys(l, {"body_bytes", "read_timeout_ms", "idle_timeout_ms"}, "limits.");
        c.limits.body_bytes = static_cast<std::size_t>(
            get_int(l, "body_bytes", static_cast<std::int64_t>(c.limits.body_bytes), 1024, 1 << 30,
                    "limits."));
        c.limits.read_timeout = std::chrono::milliseconds(
            get_int(l, "read_timeout_ms", c.limits.read_timeout.count(), 100, 600000, "limits."));
        c.limits.idle_timeout = std::chrono::milliseconds(
            get_int(l, "idle_timeout_ms", c.limits.idle_timeout.count(), 100, 3600000, "limits."));
    }
    if (const auto* rpc = find(obj, "rpc")) {
        if (!rpc->is_object()) fail("rpc", "must be an object");
        const auto& r = rpc->as_object();
        reject_unknown_keys(r,
                            {"timeout_ms", "attempts", "requests_per_second", "batch_size",
                             "rate_limit_patience_ms"},
                            "rpc.");
        c.rpc.timeout = std::chrono::milliseconds(
            get_int(r, "timeout_ms", c.rpc.timeout.count(), 100, 120000, "rpc."));
        c.rpc.attempts = static_cast<int>(get_int(r, "attempts", c.rpc.attempts, 1, 10, "rpc."));
        c.rpc.requests_per_second = static_cast<double>(
            get_int(r, "requests_per_second", static_cast<std::int64_t>(c.rpc.requests_per_second),
                    0, 100000, "rpc."));
        c.rpc.batch_size = static_cast<std::size_t>(get_int(
            r, "batch_size", static_cast<std::int64_t>(c.rpc.batch_size), 0, 100000, "rpc."));
        c.rpc.rate_limit_patience = std::chrono::milliseconds(get_int(
            r, "rate_limit_patience_ms", c.rpc.rate_limit_patience.count(), 0, 600000, "rpc."));
    }
    if (const auto* rate_limits = find(obj, "rate_limits"))
        apply_rate_limits(c.rate_limits, *rate_limits);
    if (const auto* maker = find(obj, "maker")) {
        if (!maker->is_object()) fail("maker", "must be an object");
        apply_maker(c.maker, maker->as_object());
    }
    if (const auto* indexer = find(obj, "indexer")) {
        if (!indexer->is_object()) fail("indexer", "must be an object");
        apply_indexer(c.indexer, indexer->as_object());
    }
    if (const auto* prices = find(obj, "prices")) {
        if (!prices->is_object()) fail("prices", "must be an object");
        apply_prices(c.prices, prices->as_object());
    }
    if (const auto* portfolio = find(obj, "portfolio")) {
        if (!portfolio->is_object()) fail("portfolio", "must be an object");
        apply_portfolio(c.portfolio, portfolio->as_object());
    }
    if (const auto* solana = find(obj, "solana")) {
        if (!solana->is_object()) fail("solana", "must be an object");
        apply_solana(c.solana, solana->as_object());
    }
}

void apply_env(Config& c, const EnvLookup& env) {
    if (auto v = env("PERCH_HOST")) c.host = *v;
    if (auto v = env("PERCH_PORT"))
        c.port = static_cast<std::uint16_t>(parse_env_int("PERCH_PORT", *v, 0, 65535));
    if (auto v = env("PERCH_THREADS"))
        c.threads = static_cast<unsigned>(parse_env_int("PERCH_THREADS", *v, 0, 256));
    if (auto v = env("PERCH_DATABASE_URL")) c.database_url = *v;
    if (auto v = env("PERCH_CHAIN_PROFILE")) c.chain_profile = *v;
    if (auto v = env("PERCH_MAKER_KEY_FILE")) c.maker_key_file = *v;
    if (auto v = env("PERCH_SOLANA_MAKER_KEY_FILE")) c.solana.maker_key_file = *v;
    if (auto v = env("PERCH_BADGE_SIGNER_KEY_FILE")) c.badge_signer_key_file = *v;
    if (auto v = env("PERCH_FAUCET_KEY_FILE")) c.faucet_key_file = *v;
    if (auto v = env("PERCH_TRUSTED_PROXIES")) c.trusted_proxies = text::split(*v, ',');
    if (auto v = env("PERCH_CORS_ORIGINS")) c.cors_origins = text::split(*v, ',');
    if (auto v = env("PERCH_WEB_ROOT")) c.web_root = *v;
    if (auto v = env("PERCH_GEOIP_DB")) c.geoip_db = *v;
    if (auto v = env("PERCH_LOG_LEVEL")) c.log_level = *v;
    if (auto v = env("PERCH_WALLETCONNECT_PROJECT_ID")) c.walletconnect_project_id = *v;
    if (auto v = env("PERCH_MAKER")) {
        if (*v != "on" && *v != "off") fail("PERCH_MAKER", "must be on or off");
        c.maker.enabled = *v == "on";
    }
    if (auto v = env("PERCH_MAKER_CONFIRMATIONS")) {
        // Every chain: the environment's one number replaces the file's per-chain values.
        c.maker.confirmations = PerChainCount{
            static_cast<std::uint32_t>(parse_env_int("PERCH_MAKER_CONFIRMATIONS", *v, 1, 1000)),
            {}};
    }
    if (auto v = env("PERCH_INDEXER")) {
        if (*v != "on" && *v != "off") fail("PERCH_INDEXER", "must be on or off");
        c.indexer.enabled = *v == "on";
    }
    if (auto v = env("PERCH_ADMIN_TOKEN")) c.admin_token = *v;
    if (auto v = env("PERCH_SOCIAL_VERIFIER_URL")) c.social_verifier_url = *v;
    if (auto v = env("PERCH_CHECKIN_CHAIN_ID"))
        c.checkin_chain_id = parse_env_int("PERCH_CHECKIN_CHAIN_ID", *v, 1, 1LL << 53);
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
    apply_file(c, doc.as_object());
    apply_env(c, env);
    validate(c);
    return c;
}

Config load_config(const std::string& path, const EnvLookup& env) {
    return parse_config(read_json_file(path, "config file"), env);
}

}  // namespace perch
