#include "liquidity/points.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"

namespace perch::liquidity {
using chain::U256;

PoolRules load_pool_rules(const std::string& config_dir) {
    auto file = config_dir + "/pool.json";
    auto doc = read_json_file(file, "pool rules");
    const auto* rates = member_of(doc, "points_per_token_hour");
    if (!rates || !rates->is_object())
        throw ConfigError(file + ": points_per_token_hour must map token symbols to points");
    PoolRules rules;
    for (const auto& [symbol, value] : rates->as_object()) {
        auto text = value.is_string() ? std::string(value.as_string()) : std::string();
        auto milli = U256::parse_units(text, 3);
        if (text.empty() || !milli)
            throw ConfigError(file + ": points_per_token_hour." + std::string(symbol) +
                              " must be a decimal number with at most 3 decimals, as a string");
        rules.points_per_token_hour[std::string(symbol)] = text;
        rules.millipoints_per_token_hour[std::string(symbol)] = *milli;
    }
    auto list_file = config_dir + "/pool-allowlist.json";
    auto list = read_json_file(list_file, "pool allow-list");
    const auto* addresses = member_of(list, "addresses");
    if (!addresses || !addresses->is_array())
        throw ConfigError(list_file + ": addresses must be a list");
    for (const auto& a : addresses->as_array()) {
        if (!a.is_string() || !text::is_evm_address(a.as_string()))
            throw ConfigError(list_file + ": every entry must be a wallet address");
        rules.allowlist.insert(text::to_lower(a.as_string()));
    }
    return rules;
}

bool PoolRules::allowed(const std::string& address) const {
    return allowlist.count(text::to_lower(address)) > 0;
}

namespace {

struct Holding {
    U256 amount;
    std::int64_t since = 0;
    U256 token_seconds;  // Σ amount × seconds held, in the token's smallest unit
};

void hold_until(Holding& h, std::int64_t t) {
    if (t > h.since && !h.amount.is_zero()) {
        auto add = h.amount.mul(U256(static_cast<std::uint64_t>(t - h.since)));
        auto sum = add ? h.token_seconds.add(*add) : add;
        h.token_seconds = sum ? *sum : U256::max();
    }
    h.since = std::max(h.since, t);
}

}  // namespace

std::int64_t accrued_millipoints(const std::vector<Movement>& movements,
                                 const std::map<std::string, Rate>& rates, std::int64_t now) {
    std::map<std::string, Holding> holdings;
    for (const auto& m : movements) {
        auto& h = holdings[m.key];
        hold_until(h, std::min(m.at, now));
        if (m.deposit) {
            auto sum = h.amount.add(m.amount);
            h.amount = sum ? *sum : U256::max();
        } else {
            auto rest = h.amount.sub(m.amount);
            h.amount = rest ? *rest : U256();
        }
    }
    std::int64_t total = 0;
    for (auto& [key, h] : holdings) {
        hold_until(h, now);
        auto rate = rates.find(key);
        if (rate == rates.end()) continue;
        // millipoints = token_seconds × rate / (10^decimals × 3600)
        U256 unit(3600);
        for (unsigned i = 0; i < rate->second.decimals; ++i) unit = *unit.mul(U256(10));
        auto scaled = h.token_seconds.mul(rate->second.millipoints_per_token_hour);
        if (!scaled) return INT64_MAX;
        auto milli = *scaled->div(unit);
        if (!milli.fits_u64() || milli.low_u64() > static_cast<std::uint64_t>(INT64_MAX - total))
            return INT64_MAX;
        total += static_cast<std::int64_t>(milli.low_u64());
    }
    return total;
}

std::string pool_credit_prefix(const std::string& user) {
    return "pool:" + user + ":";
}

std::string format_millipoints(std::int64_t millipoints) {
    auto whole = std::to_string(millipoints / 1000);
    auto frac = std::to_string(1000 + millipoints % 1000).substr(1);
    return whole + "." + frac;
}

}  // namespace perch::liquidity
