#include "catalog/catalog.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <filesystem>
#include <optional>
#include <set>

#include "catalog/browser_url.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"

namespace perch::catalog {
namespace json = boost::json;
namespace {

json::value read_json(const std::string& path) {
    return read_json_file(path, "reference data");
}

// The array under `key` of a file's top-level object.
json::array read_list(const std::string& path, std::string_view key) {
    auto doc = read_json(path);
    if (!doc.is_object() || !doc.as_object().contains(key) || !doc.as_object().at(key).is_array()) {
        throw ConfigError("reference data '" + path + "': expected an object with an array '" +
                          std::string(key) + "'");
    }
    return std::move(doc.as_object().at(key).as_array());
}

[[noreturn]] void bad_entry(const std::string& file, std::size_t index, std::string_view field,
                            std::string_view why) {
    throw ConfigError("reference data '" + file + "': entry " + std::to_string(index) + " field '" +
                      std::string(field) + "' " + std::string(why));
}

void require_fields(const json::array& list, const std::string& file,
                    std::initializer_list<std::pair<std::string_view, json::kind>> fields) {
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_object()) bad_entry(file, i, "", "must be an object");
        const auto& obj = list[i].as_object();
        for (auto [name, kind] : fields) {
            const auto* v = obj.if_contains(name);
            if (!v) bad_entry(file, i, name, "is missing");
            bool number_ok = kind == json::kind::int64 && (v->is_int64() || v->is_uint64());
            if (v->kind() != kind && !number_ok) bad_entry(file, i, name, "has the wrong type");
        }
    }
}

// A decimal amount as the config files write them: digits with at most one dot ("0.002", "10").
bool is_decimal_amount(std::string_view text) {
    auto dot = text.find('.');
    auto digits = [](std::string_view part) {
        return std::all_of(part.begin(), part.end(),
                           [](char ch) { return ch >= '0' && ch <= '9'; });
    };
    if (dot == std::string_view::npos) return !text.empty() && digits(text);
    auto whole = text.substr(0, dot);
    auto frac = text.substr(dot + 1);
    return !whole.empty() && !frac.empty() && digits(whole) && digits(frac);
}

// What each exchange credits (token, network, minimum, memo): the bridge card refuses a deposit
// the exchange would keep, so a malformed entry must stop the server, not let such a deposit by.
void require_exchange_deposits(const json::array& exchanges, const std::string& file) {
    require_fields(exchanges, file, {{"deposits", json::kind::array}});
    for (std::size_t i = 0; i < exchanges.size(); ++i) {
        const auto& deposits = exchanges[i].as_object().at("deposits").as_array();
        auto where = file + "' exchange " + std::to_string(i) + " 'deposits";
        require_fields(deposits, where,
                       {{"token", json::kind::string},
                        {"chain_id", json::kind::int64},
                        {"min", json::kind::string}});
        for (std::size_t j = 0; j < deposits.size(); ++j) {
            const auto& d = deposits[j].as_object();
            if (!is_decimal_amount(d.at("min").as_string())) {
                bad_entry(where, j, "min", "must be a decimal amount such as \"0.002\"");
            }
            const auto* memo = d.if_contains("memo");
            if (memo && !memo->is_bool()) bad_entry(where, j, "memo", "must be true or false");
        }
    }
}

std::int64_t int_of(const json::value& v) {
    return v.is_int64() ? v.as_int64() : static_cast<std::int64_t>(v.as_uint64());
}

const std::initializer_list<std::pair<std::string_view, json::kind>> kChainFields = {
    {"chain_id", json::kind::int64},
    {"chain_name", json::kind::string},
    {"alias_name", json::kind::string},
    {"is_testnet", json::kind::bool_},
    {"explorer_url", json::kind::string},
    {"network_code", json::kind::int64},
    {"popular_item_list", json::kind::array},
    {"icon", json::kind::string},
    {"flags", json::kind::object},
    {"disabled", json::kind::bool_},
    {"order", json::kind::int64},
    {"searchText", json::kind::string},
    {"native_currency", json::kind::object},
    {"rpc_urls", json::kind::array},
    {"block_explorers", json::kind::array},
};

json::array load_chains(const std::string& dir) {
    auto chains = read_list(dir + "/chains.json", "chains");
    require_fields(chains, dir + "/chains.json", kChainFields);
    auto extra_path = dir + "/chains-extra.json";
    if (std::filesystem::exists(extra_path)) {
        auto extra = read_list(extra_path, "chains");
        require_fields(extra, extra_path, kChainFields);
        for (auto& c : extra) chains.push_back(std::move(c));
    }
    std::set<std::int64_t> seen;
    json::array visible;
    for (auto& c : chains) {
        auto id = int_of(c.as_object().at("chain_id"));
        if (!seen.insert(id).second) {
            throw ConfigError("reference data: chain id " + std::to_string(id) +
                              " is listed twice");
        }
        if (std::find(std::begin(kHiddenChainIds), std::end(kHiddenChainIds), id) !=
            std::end(kHiddenChainIds)) {
            continue;
        }
        visible.push_back(std::move(c));
    }
    std::stable_sort(visible.begin(), visible.end(),
                     [](const json::value& a, const json::value& b) {
                         return int_of(a.at("order")) < int_of(b.at("order"));
                     });
    return visible;
}

// A chain's `ens_registry`: an EVM address (any case), kept in lower case.
std::string ens_registry_of(std::int64_t chain_id, const json::value& value) {
    const auto* text = value.if_string();
    if (!text || !text::is_evm_address(text::to_lower(*text)))
        throw ConfigError("config key 'chain_profile': chain " + std::to_string(chain_id) +
                          ": 'ens_registry' must be an EVM address (0x and 40 hex digits)");
    return text::to_lower(*text);
}

// Lists `symbol` on the chain at `address`, replacing the entry the public catalog had for it.
void put_token(json::array& tokens, const std::string& symbol, std::int64_t chain_id,
               const json::value& address, std::int64_t decimals) {
    json::value wanted(symbol);
    auto same = [&](const json::value& t) {
        return t.at("symbol") == wanted && int_of(t.at("chainId")) == chain_id;
    };
    tokens.erase(std::remove_if(tokens.begin(), tokens.end(), same), tokens.end());
    tokens.push_back(json::object{
        {"symbol", symbol}, {"chainId", chain_id}, {"address", address}, {"decimals", decimals}});
}

// Where `symbol` is deployed on the chain: the chain's own contract when it names one, else the
// profile's `contracts` address shared by every chain, else nowhere.
std::optional<json::value> deployed_address(const ProfileChain& pc, const json::value* contracts,
                                            const char* symbol) {
    if (auto it = pc.contracts.find(symbol); it != pc.contracts.end())
        return json::value(it->second);
    if (contracts && contracts->is_object()) {
        if (const auto* shared = contracts->as_object().if_contains(symbol)) return *shared;
    }
    return std::nullopt;
}

// What the profile knows better than the public catalog about a chain it runs on: its explorer
// (`explorer_url`; "" for a chain no public explorer indexes, like a local devnet's, which must
// not link to the public network's explorer) and its pace (`block_time_ms`, per chain or for the
// whole profile), which the app polls receipts at.
void overlay_chain_facts(const json::object& entry, const json::object& profile,
                         json::object& chain) {
    if (const auto* explorer = entry.if_contains("explorer_url")) {
        if (!explorer->is_string())
            throw ConfigError("config key 'chain_profile': chain " +
                              std::to_string(int_of(entry.at("chain_id"))) +
                              ": 'explorer_url' must be a URL or \"\"");
        std::string url(explorer->as_string());
        chain["explorer_url"] = url;
        json::array explorers;
        if (!url.empty()) explorers.push_back(json::object{{"name", "Explorer"}, {"url", url}});
        chain["block_explorers"] = std::move(explorers);
    }
    const auto* pace = entry.if_contains("block_time_ms");
    if (!pace) pace = profile.if_contains("block_time_ms");
    if (pace) {
        if (!pace->is_int64() || pace->as_int64() <= 0)
            throw ConfigError(
                "config key 'chain_profile': 'block_time_ms' must be a positive number");
        chain["block_time_ms"] = pace->as_int64();
    }
}

}  // namespace

// Whether a browser may be given this server URL: one of this machine (a devnet's node, which the
// visitor's wallet reaches the same way) with nothing after the host and port. A provider's URL,
// or anything with a path, a query or user info, may carry an API key: it stays in the server.
bool shareable_with_browsers(const std::string& url) {
    for (std::string_view host : {"http://127.0.0.1:", "http://localhost:"}) {
        if (!url.starts_with(host)) continue;
        auto rest = std::string_view(url).substr(host.size());
        auto end = rest.find_first_not_of("0123456789");
        if (end == 0) return false;
        auto tail = end == std::string_view::npos ? std::string_view() : rest.substr(end);
        return tail.empty() || tail == "/";
    }
    return false;
}

namespace {

// The chain's URLs for browsers (get-all-chains, the app's wallet transports): the entry's
// `public_rpc_url`; else the server's URLs a browser may be given; else the public list's own.
json::array browser_rpc_urls(const json::object& entry, const ProfileChain& pc,
                             const json::value* public_urls) {
    json::array urls;
    if (const auto* url = entry.if_contains("public_rpc_url")) {
        if (!url->is_string() || url->as_string().empty())
            throw ConfigError("config key 'chain_profile': chain " + std::to_string(pc.chain_id) +
                              ": 'public_rpc_url' must be a URL");
        urls.emplace_back(url->as_string());
        return urls;
    }
    for (const auto& url : pc.rpc_urls)
        if (shareable_with_browsers(url)) urls.emplace_back(url);
    if (urls.empty() && public_urls && public_urls->is_array()) urls = public_urls->as_array();
    return urls;
}

// The chain's own deployment: `contracts` (name → address) and `deploy_block`.
void read_deployment(const json::object& entry, ProfileChain& pc) {
    auto where = "config key 'chain_profile': chain " + std::to_string(pc.chain_id) + ": ";
    if (const auto* contracts = entry.if_contains("contracts")) {
        if (!contracts->is_object())
            throw ConfigError(where + "'contracts' must map contract names to addresses");
        for (const auto& [name, address] : contracts->as_object()) {
            if (!address.is_string())
                throw ConfigError(where + "'contracts." + std::string(name) +
                                  "' must be an address");
            pc.contracts[std::string(name)] = std::string(address.as_string());
        }
    }
    if (const auto* block = entry.if_contains("deploy_block")) {
        if (!block->is_int64() || block->as_int64() < 0)
            throw ConfigError(where + "'deploy_block' must be a block number");
        pc.deploy_block = block->as_int64();
    }
    pc.start_block = pc.deploy_block;
    if (const auto* start = entry.if_contains("start_block")) {
        if (!start->is_int64() || start->as_int64() < 0)
            throw ConfigError(where + "'start_block' must be a block number");
        pc.start_block = start->as_int64();
    }
}

// The chain's finality: `confirmations`, a block count.
void read_finality(const json::object& entry, ProfileChain& pc) {
    const auto* count = entry.if_contains("confirmations");
    if (!count) return;
    if (!count->is_int64() || count->as_int64() < 1 || count->as_int64() > 1000)
        throw ConfigError("config key 'chain_profile': chain " + std::to_string(pc.chain_id) +
                          ": 'confirmations' must be a block count from 1 to 1000");
    pc.confirmations = static_cast<std::uint32_t>(count->as_int64());
}

// How the chain executes: `chain_type`, one of Hardhat's chain types.
void read_chain_type(const json::object& entry, ProfileChain& pc) {
    const auto* type = entry.if_contains("chain_type");
    if (!type) return;
    if (!type->is_string() ||
        (type->as_string() != "l1" && type->as_string() != "op" && type->as_string() != "generic"))
        throw ConfigError("config key 'chain_profile': chain " + std::to_string(pc.chain_id) +
                          ": 'chain_type' must be \"l1\", \"op\" or \"generic\"");
    pc.chain_type = std::string(type->as_string());
}

std::vector<ProfileChain> overlay_profile(const std::string& profile_path,
                                          const json::value* profile_doc, json::array& chains,
                                          json::array& tokens) {
    std::vector<ProfileChain> out;
    if (!profile_doc) return out;
    const auto& doc = *profile_doc;
    if (!doc.is_object() || !doc.at("chains").is_array()) {
        throw ConfigError("config key 'chain_profile': '" + profile_path +
                          "' has no 'chains' array");
    }
    const auto& profile = doc.as_object();
    for (const auto& entry : profile.at("chains").as_array()) {
        const auto* id = entry.as_object().if_contains("chain_id");
        const auto* port = entry.as_object().if_contains("port");
        const auto* rpc = entry.as_object().if_contains("rpc_url");
        const auto* several = entry.as_object().if_contains("rpc_urls");
        if (!id || !(id->is_int64() || id->is_uint64()) || (!port && !rpc && !several)) {
            throw ConfigError(
                "config key 'chain_profile': every chain needs chain_id and port, rpc_url or "
                "rpc_urls");
        }
        ProfileChain pc;
        pc.chain_id = int_of(*id);
        if (several) {
            if (!several->is_array() || several->as_array().empty())
                throw ConfigError("config key 'chain_profile': chain " +
                                  std::to_string(pc.chain_id) +
                                  ": 'rpc_urls' must be a non-empty array of URLs");
            for (const auto& url : several->as_array()) {
                if (!url.is_string())
                    throw ConfigError("config key 'chain_profile': chain " +
                                      std::to_string(pc.chain_id) +
                                      ": 'rpc_urls' holds a non-string");
                pc.rpc_urls.emplace_back(url.as_string());
            }
        } else {
            pc.rpc_urls.push_back(rpc ? std::string(rpc->as_string())
                                      : "http://127.0.0.1:" + std::to_string(int_of(*port)));
        }
        pc.rpc_url = pc.rpc_urls.front();
        if (const auto* rps = entry.as_object().if_contains("requests_per_second"))
            pc.requests_per_second = rps->to_number<double>();
        if (const auto* size = entry.as_object().if_contains("batch_size"))
            pc.batch_size = static_cast<std::size_t>(int_of(*size));
        if (const auto* name = entry.as_object().if_contains("name")) pc.name = name->as_string();
        if (const auto* registry = entry.as_object().if_contains("ens_registry"))
            pc.ens_registry = ens_registry_of(pc.chain_id, *registry);
        read_deployment(entry.as_object(), pc);
        read_finality(entry.as_object(), pc);
        read_chain_type(entry.as_object(), pc);
        out.push_back(pc);
        for (auto& c : chains) {
            if (int_of(c.at("chain_id")) != pc.chain_id) continue;
            c.as_object()["rpc_urls"] =
                browser_rpc_urls(entry.as_object(), pc, c.as_object().if_contains("rpc_urls"));
            overlay_chain_facts(entry.as_object(), profile, c.as_object());
        }
    }
    // Deployed tokens (USDC, USDT, ...) replace the public addresses on the profile's chains.
    const auto* contracts = profile.if_contains("contracts");
    const auto* token_decimals = profile.if_contains("token_decimals");
    for (const auto& pc : out) {
        for (const char* symbol : {"USDC", "USDT"}) {
            auto address = deployed_address(pc, contracts, symbol);
            if (!address) continue;
            std::int64_t decimals = 6;
            if (token_decimals && token_decimals->as_object().contains(symbol))
                decimals = int_of(token_decimals->as_object().at(symbol));
            put_token(tokens, symbol, pc.chain_id, *address, decimals);
        }
    }
    // And the tokens the profile's swap venues trade (WBTC, DAI, WETH, ...) on its swap chains, so
    // that balances and the portfolio see every token a wallet can hold there.
    const auto* swap = profile.if_contains("swap");
    if (swap && swap->is_object() && swap->as_object().contains("tokens") &&
        swap->as_object().contains("chain_ids")) {
        for (const auto& id : swap->as_object().at("chain_ids").as_array()) {
            auto chain_id = int_of(id);
            bool served = std::any_of(out.begin(), out.end(), [&](const ProfileChain& pc) {
                return pc.chain_id == chain_id;
            });
            if (!served) continue;
            for (const auto& t : swap->as_object().at("tokens").as_array()) {
                const auto& token = t.as_object();
                auto symbol = token.at("symbol").as_string();
                if (contracts && contracts->is_object() && contracts->as_object().contains(symbol))
                    continue;  // the deployed token above, under its own (checksummed) address
                put_token(tokens, std::string(token.at("symbol").as_string()), chain_id,
                          token.at("address"), int_of(token.at("decimals")));
            }
        }
    }
    return out;
}

// config/ecosystem.json, checked against the chain list so a card never points at a network the
// bridge does not know.
json::object load_ecosystem(const std::string& dir, const json::array& chains) {
    const auto file = dir + "/ecosystem.json";
    auto projects = read_list(file, "projects");
    require_fields(projects, file,
                   {{"name", json::kind::string},
                    {"category", json::kind::string},
                    {"networks", json::kind::array},
                    {"link", json::kind::string},
                    {"text", json::kind::string}});
    auto categories = read_list(file, "categories");
    std::set<std::string> category_names;
    for (const auto& c : categories) {
        if (!c.is_string())
            throw ConfigError("reference data '" + file + "': categories must be strings");
        category_names.emplace(c.as_string());
    }
    std::set<std::int64_t> chain_ids;
    for (const auto& c : chains) chain_ids.insert(int_of(c.at("chain_id")));
    for (std::size_t i = 0; i < projects.size(); ++i) {
        const auto& p = projects[i].as_object();
        if (!category_names.contains(std::string(p.at("category").as_string())))
            bad_entry(file, i, "category", "is not one of categories");
        const auto& link = p.at("link").as_string();
        if (!link.starts_with("https://")) bad_entry(file, i, "link", "must be an https URL");
        for (const auto& n : p.at("networks").as_array()) {
            if (!(n.is_int64() || n.is_uint64()) || !chain_ids.contains(int_of(n)))
                bad_entry(file, i, "networks", "names a chain that is not in chains.json");
        }
    }
    return json::object{{"categories", std::move(categories)}, {"projects", std::move(projects)}};
}

}  // namespace

std::optional<json::value> read_chain_profile(const std::string& path) {
    if (path.empty()) return std::nullopt;
    return read_json(path);
}

Catalog Catalog::load(const std::string& dir, const std::string& chain_profile) {
    auto profile = read_chain_profile(chain_profile);
    return load(dir, chain_profile, profile ? &*profile : nullptr);
}

Catalog Catalog::load(const std::string& dir, const std::string& chain_profile,
                      const json::value* profile_doc) {
    Catalog c;
    c.chains_ = load_chains(dir);
    c.tokens_ = read_list(dir + "/tokens.json", "tokens");
    require_fields(c.tokens_, dir + "/tokens.json",
                   {{"symbol", json::kind::string},
                    {"chainId", json::kind::int64},
                    {"address", json::kind::string},
                    {"decimals", json::kind::int64}});
    c.exchanges_ = read_list(dir + "/exchanges.json", "exchanges");
    c.ecosystem_ = load_ecosystem(dir, c.chains_);
    require_fields(
        c.exchanges_, dir + "/exchanges.json",
        {{"id", json::kind::int64}, {"name", json::kind::string}, {"icon", json::kind::string}});
    require_exchange_deposits(c.exchanges_, dir + "/exchanges.json");
    auto channels_doc = read_json(dir + "/channels.json");
    c.channels_ = read_list(dir + "/channels.json", "channels");
    require_fields(c.channels_, dir + "/channels.json",
                   {{"channel_id", json::kind::int64},
                    {"name", json::kind::string},
                    {"slug", json::kind::string},
                    {"domains", json::kind::array},
                    {"nav", json::kind::array},
                    {"theme", json::kind::object},
                    {"wallet_groups", json::kind::array},
                    {"powered_by", json::kind::bool_}});
    const auto* def = channels_doc.as_object().if_contains("default_channel_id");
    if (!def || !(def->is_int64() || def->is_uint64())) {
        throw ConfigError("reference data '" + dir +
                          "/channels.json': default_channel_id is missing");
    }
    c.default_channel_id_ = int_of(*def);
    bool has_default =
        std::any_of(c.channels_.begin(), c.channels_.end(), [&](const json::value& ch) {
            return int_of(ch.at("channel_id")) == c.default_channel_id_;
        });
    if (!has_default)
        throw ConfigError("reference data: the default channel is not in channels.json");
    c.profile_chains_ = overlay_profile(chain_profile, profile_doc, c.chains_, c.tokens_);
    if (profile_doc) {
        const auto& profile = *profile_doc;
        const auto* accounts = profile.as_object().if_contains("accounts");
        if (accounts && accounts->is_object() && accounts->as_object().contains("maker")) {
            c.maker_address_ = std::string(accounts->as_object().at("maker").as_string());
        }
        if (const auto* contracts = profile.as_object().if_contains("contracts");
            contracts && contracts->is_object()) {
            for (const auto& [name, address] : contracts->as_object()) {
                if (address.is_string())
                    c.contracts_[std::string(name)] = std::string(address.as_string());
            }
        }
        if (const auto* faucets = profile.as_object().if_contains("faucet_chains");
            faucets && faucets->is_object()) {
            for (const auto& [slug, chain_id] : faucets->as_object()) {
                if (!chain_id.is_int64())
                    throw ConfigError("chain profile: faucet_chains." + std::string(slug) +
                                      " must be a chain id");
                c.faucet_chains_[std::string(slug)] = chain_id.as_int64();
            }
        }
    }
    return c;
}

std::optional<std::int64_t> Catalog::faucet_chain(const std::string& slug) const {
    auto it = faucet_chains_.find(slug);
    if (it == faucet_chains_.end()) return std::nullopt;
    return it->second;
}

std::string Catalog::contract_address(std::int64_t chain_id, const std::string& name) const {
    for (const auto& pc : profile_chains_) {
        if (pc.chain_id != chain_id) continue;
        if (auto own = pc.contracts.find(name); own != pc.contracts.end()) return own->second;
    }
    auto shared = contracts_.find(name);
    return shared == contracts_.end() ? std::string() : shared->second;
}

std::string Catalog::contract_key(std::int64_t chain_id, const std::string& name) const {
    for (std::size_t i = 0; i < profile_chains_.size(); ++i) {
        if (profile_chains_[i].chain_id == chain_id && profile_chains_[i].contracts.contains(name))
            return "chains[" + std::to_string(i) + "].contracts." + name;
    }
    return "contracts." + name;
}

bool Catalog::has_channel(std::int64_t channel_id) const {
    return std::any_of(channels_.begin(), channels_.end(), [&](const json::value& ch) {
        return int_of(ch.at("channel_id")) == channel_id;
    });
}

const json::object& Catalog::channel_for_domain(std::string_view host) const {
    auto domain = text::to_lower(text::trim(host));
    if (auto colon = domain.rfind(':');
        colon != std::string::npos && domain.find(']') == std::string::npos) {
        domain.resize(colon);
    }
    const json::object* fallback = nullptr;
    for (const auto& ch : channels_) {
        const auto& obj = ch.as_object();
        if (int_of(obj.at("channel_id")) == default_channel_id_) fallback = &obj;
        for (const auto& d : obj.at("domains").as_array()) {
            if (d.is_string() && text::to_lower(d.as_string()) == domain) return obj;
        }
    }
    return *fallback;
}

}  // namespace perch::catalog
