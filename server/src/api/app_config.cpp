#include "api/app_config.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <set>

#include "api/services.hpp"
#include "bridge/solana_bridge.hpp"
#include "bridge/solana_memo.hpp"
#include "catalog/browser_url.hpp"
#include "core/json_file.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// A per-chain table as routes.json writes it: chain id → value, plus "default".
template <class T, class Shape>
json::object per_chain(const std::map<std::int64_t, T>& table, const T& fallback, Shape shape) {
    json::object out;
    for (const auto& entry : table) out[std::to_string(entry.first)] = shape(entry.second);
    out["default"] = shape(fallback);
    return out;
}

json::array chain_ids(const std::vector<std::int64_t>& ids) {
    return json::array(ids.begin(), ids.end());
}

// A route in routes.json's own shape, from the parsed table the quote uses (amounts in units).
json::object route_json(const bridge::Route& r) {
    auto units = [](unsigned decimals) {
        return [decimals](const chain::U256& v) { return json::value(v.format_units(decimals)); };
    };
    json::array tiers;
    for (const auto& t : r.fee_tiers)
        tiers.push_back(
            json::object{{"up_to", t.up_to ? t.up_to->format_units(r.decimals) : std::string()},
                         {"bps", t.bps}});
    json::object out{
        {"token", r.token},
        {"decimals", r.decimals},
        {"chains", chain_ids(r.chains)},
        {"enabled", r.enabled},
        {"min", r.min.format_units(r.decimals)},
        {"max", r.max.format_units(r.decimals)},
        {"fee_tiers", std::move(tiers)},
        {"dtc", per_chain(r.dtc, r.default_dtc, units(r.paid_decimals()))},
        {"expected_seconds", per_chain(r.expected_seconds, r.default_expected_seconds,
                                       [](std::uint32_t v) { return json::value(v); })},
    };
    if (r.cross()) {
        out["to_token"] = r.to_token;
        out["to_decimals"] = r.to_decimals;
        out["to_chains"] = chain_ids(r.to_chains);
    }
    return out;
}

// The catalog's token entries (symbol, chainId, address, decimals) of every token a route moves.
json::array route_tokens(const Services& s) {
    std::set<std::pair<std::string, std::int64_t>> wanted;
    for (const auto& r : s.routes.routes) {
        for (auto id : r.chains) wanted.emplace(r.token, id);
        for (auto id : r.to_chains) wanted.emplace(r.to_token, id);
    }
    json::array out;
    for (const auto& t : s.catalog.tokens()) {
        const auto& o = t.as_object();
        const auto* symbol = o.if_contains("symbol");
        const auto* chain = o.if_contains("chainId");
        if (symbol && chain && symbol->is_string() && chain->is_int64() &&
            wanted.count({std::string(symbol->as_string()), chain->as_int64()}))
            out.push_back(t);
    }
    return out;
}

std::string text_at(const json::object* o, const char* key) {
    const auto* v = o ? o->if_contains(key) : nullptr;
    return v && v->is_string() ? std::string(v->as_string()) : std::string();
}

const json::object* profile_solana(const json::value& profile) {
    const auto* entry = profile.is_object() ? profile.as_object().if_contains("solana") : nullptr;
    return entry && entry->is_object() ? &entry->as_object() : nullptr;
}

// The Solana network wallets sign for ("solana:mainnet", "solana:devnet": the profile's
// `cluster`) and the URL a browser may read it at: the profile's `public_rpc_url`, else the
// server's own node when it is a devnet's on this machine, else none. Null without Solana.
json::value solana_json(const Services& s) {
    if (!s.solana) return nullptr;
    json::value profile;
    if (!s.config.chain_profile.empty())
        profile = read_json_file(s.config.chain_profile, "chain profile");
    const auto* entry = profile_solana(profile);
    auto cluster = text_at(entry, "cluster");
    auto url = text_at(entry, "public_rpc_url");
    const auto& settings = s.solana->settings();
    if (url.empty() && catalog::shareable_with_browsers(settings.rpc_url)) url = settings.rpc_url;
    return json::object{{"chain_id", bridge::kSolanaChainId},
                        {"cluster", "solana:" + (cluster.empty() ? "mainnet" : cluster)},
                        {"rpc_url", url},
                        {"usdc_mint", settings.usdc_mint.to_base58()}};
}

json::object checkin_json(const Services& s) {
    auto id = s.config.checkin_chain_id;
    return json::object{{"chain_id", id}, {"contract", s.catalog.contract_address(id, "CheckIn")}};
}

// A list from a file of config_dir ({"key": [...]}), or an empty one when the file is absent.
json::value listed_in(const Services& s, const std::string& file, const char* key) {
    auto path = s.config.config_dir + "/" + file;
    if (!std::filesystem::exists(path)) return json::array();
    auto doc = read_json_file(path, file);
    const auto* list = doc.is_object() ? doc.as_object().if_contains(key) : nullptr;
    return list ? *list : json::array();
}

// The chains this server runs (its profile's, and Solana's when it bridges there): a route to any
// other chain cannot be paid here, so the app shows it disabled. Absent without a profile.
json::value run_chain_ids(const Services& s) {
    json::array ids;
    for (const auto& c : s.catalog.profile_chains()) ids.emplace_back(c.chain_id);
    if (s.solana) ids.emplace_back(bridge::kSolanaChainId);
    if (ids.empty()) return nullptr;
    return ids;
}

}  // namespace

json::object app_config_json(const Services& s) {
    json::array routes;
    json::array cross_routes;
    for (const auto& r : s.routes.routes)
        (r.cross() ? cross_routes : routes).push_back(route_json(r));
    json::object out{
        {"quote_ttl_seconds", s.routes.quote_ttl_seconds},
        {"routes", std::move(routes)},
        {"cross_routes", std::move(cross_routes)},
        {"tokens", route_tokens(s)},
        {"solana", solana_json(s)},
        {"checkin", checkin_json(s)},
        {"default_channel_id", s.catalog.default_channel_id()},
        {"channels", listed_in(s, "channels.json", "channels")},
        {"pool_allow_list", listed_in(s, "pool-allowlist.json", "addresses")},
    };
    if (auto ids = run_chain_ids(s); !ids.is_null()) out["run_chain_ids"] = std::move(ids);
    return out;
}

}  // namespace perch::api
