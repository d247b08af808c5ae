#include "faucet/faucets.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"

namespace perch::faucet {
namespace json = boost::json;

namespace {

std::string required_string(const json::object& o, const char* key, const std::string& where) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_string() || v->as_string().empty())
        throw ConfigError(where + ": '" + key + "' must be a non-empty string");
    return std::string(v->as_string());
}

std::int64_t required_int(const json::object& o, const char* key, const std::string& where,
                          std::int64_t min, std::int64_t max) {
    const auto* v = o.if_contains(key);
    if (!v || !v->is_int64() || v->as_int64() < min || v->as_int64() > max)
        throw ConfigError(where + ": '" + key + "' must be a whole number from " +
                          std::to_string(min) + " to " + std::to_string(max));
    return v->as_int64();
}

FaucetNetwork parse_network(const json::value& v, const std::string& where,
                            const LocalChain& local_chain) {
    if (!v.is_object()) throw ConfigError(where + ": must be an object");
    const auto& o = v.as_object();
    FaucetNetwork n;
    n.slug = required_string(o, "slug", where);
    n.name = required_string(o, "name", where);
    n.chain_id = required_int(o, "chain_id", where, 1, 1LL << 53);
    if (auto local = local_chain(n.slug)) n.chain_id = *local;
    n.symbol = required_string(o, "symbol", where);
    n.decimals = static_cast<unsigned>(required_int(o, "decimals", where, 0, 36));
    n.amount = required_string(o, "amount", where);
    auto units = chain::U256::parse_units(n.amount, n.decimals);
    if (!units || units->is_zero())
        throw ConfigError(where + ": 'amount' must be a positive number with at most " +
                          std::to_string(n.decimals) + " decimals");
    n.amount_units = *units;
    if (const auto* token = o.if_contains("token")) {
        if (!token->is_string() || token->as_string().empty())
            throw ConfigError(where + ": 'token' must be a token symbol");
        n.token = std::string(token->as_string());
    }
    return n;
}

}  // namespace

const FaucetNetwork* FaucetRules::find(const std::string& slug) const {
    for (const auto& n : networks)
        if (n.slug == slug) return &n;
    return nullptr;
}

FaucetRules load_faucet_rules(const std::string& config_dir, const LocalChain& local_chain) {
    auto file = config_dir + "/faucets.json";
    auto doc = read_json_file(file, "faucets");
    if (!doc.is_object()) throw ConfigError(file + ": must be an object");
    const auto& o = doc.as_object();
    FaucetRules rules;
    rules.window_seconds = required_int(o, "window_hours", file, 1, 24 * 365) * 3600;
    const auto* list = o.if_contains("networks");
    if (!list || !list->is_array()) throw ConfigError(file + ": 'networks' must be a list");
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
        auto n = parse_network(list->as_array()[i], file + ": networks[" + std::to_string(i) + "]",
                               local_chain);
        if (rules.find(n.slug))
            throw ConfigError(file + ": faucet '" + n.slug + "' is listed twice");
        rules.networks.push_back(std::move(n));
    }
    return rules;
}

std::int64_t seconds_until_next_claim(const LastClaims& last, std::int64_t now,
                                      std::int64_t window_seconds) {
    std::int64_t latest =
        std::max(last.by_address.value_or(INT64_MIN / 2), last.by_ip.value_or(INT64_MIN / 2));
    return std::max<std::int64_t>(0, latest + window_seconds - now);
}

std::string format_wait(std::int64_t seconds) {
    if (seconds < 60) return "less than a minute";
    auto minutes = (seconds + 59) / 60;  // never promise earlier than true
    auto hours = minutes / 60;
    minutes %= 60;
    if (hours == 0) return std::to_string(minutes) + " min";
    if (minutes == 0) return std::to_string(hours) + " h";
    return std::to_string(hours) + " h " + std::to_string(minutes) + " min";
}

namespace {
chain::U256 saturating_add(const chain::U256& a, const chain::U256& b) {
    auto sum = a.add(b);
    return sum ? *sum : chain::U256::max();
}
}  // namespace

void Spend::add(const std::string& token_address, const chain::U256& amount,
                const chain::U256& gas) {
    native = saturating_add(native, gas);
    if (token_address.empty()) {
        native = saturating_add(native, amount);
    } else {
        auto& t = tokens[token_address];
        t = saturating_add(t, amount);
    }
}

bool covers(const Holdings& held, const Spend& spend) {
    if (held.native < spend.native) return false;
    for (const auto& [token, amount] : spend.tokens) {
        auto it = held.tokens.find(token);
        if (it == held.tokens.end() || it->second < amount) return false;
    }
    return true;
}

}  // namespace perch::faucet
