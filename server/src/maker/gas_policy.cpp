#include "maker/gas_policy.hpp"

#include <algorithm>
#include <cctype>

namespace perch::maker {
using chain::U256;

namespace {

constexpr std::uint64_t kWeiPerGwei = 1'000'000'000;

U256 raised(const U256& value, int percent) {
    auto scaled = value.mul(static_cast<std::uint64_t>(100 + percent));
    if (!scaled) return U256::max();
    return *(*(*scaled).div(100)).add(1);
}

std::string lowered(std::string message) {
    std::transform(message.begin(), message.end(), message.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return message;
}

bool contains_revert(const std::string& message) {
    return lowered(message).find("revert") != std::string::npos;
}

// The node has no eth_estimateGas at all: asking again changes nothing.
bool cannot_estimate(const chain::rpc::RpcError& error) {
    if (error.kind() != chain::rpc::RpcError::Kind::rpc) return false;
    auto text = lowered(error.what());
    return error.code() == -32601 || text.find("not supported") != std::string::npos ||
           text.find("does not exist") != std::string::npos;
}

std::uint64_t per_chain(std::uint64_t all, const std::map<std::int64_t, std::uint64_t>& by_chain,
                        std::int64_t chain_id) {
    auto it = by_chain.find(chain_id);
    return it == by_chain.end() ? all : it->second;
}

}  // namespace

std::uint64_t limit_with_margin(std::uint64_t estimate, int margin_percent) {
    auto margin = static_cast<std::uint64_t>(std::max(margin_percent, 0));
    return estimate + (estimate * margin + 99) / 100;
}

bool estimate_reverts(const chain::rpc::RpcError& error) {
    if (error.kind() != chain::rpc::RpcError::Kind::rpc) return false;
    return error.code() == 3 || contains_revert(error.what());
}

std::uint64_t gas_ceiling(const GasSettings& gas, std::int64_t chain_id) {
    return per_chain(gas.max_gas_limit, gas.max_gas_limit_by_chain, chain_id);
}

GasVerdict gas_verdict(const std::optional<chain::rpc::RpcError>& error,
                       const std::optional<std::uint64_t>& estimate, const GasSettings& gas,
                       std::int64_t chain_id) {
    if (error && cannot_estimate(*error)) return {true, 0, ""};
    if (error) {
        bool reverts = estimate_reverts(*error);
        auto said = reverts ? "would revert" : "could not be estimated";
        return {false, 0, std::string(said) + " (" + error->what() + ")", !reverts};
    }
    if (!estimate) return {false, 0, "could not be estimated (no answer)", true};
    auto limit = limit_with_margin(*estimate, gas.estimate_margin_percent);
    auto ceiling = gas_ceiling(gas, chain_id);
    if (limit > ceiling)
        return {false, 0,
                "needs " + std::to_string(limit) + " gas, above maker.gas.max_gas_limit " +
                    std::to_string(ceiling)};
    return {true, limit, ""};
}

U256 fee_cap(const GasSettings& gas, std::int64_t chain_id) {
    auto gwei = per_chain(gas.max_fee_gwei, gas.max_fee_gwei_by_chain, chain_id);
    return *U256(gwei).mul(kWeiPerGwei);
}

bridge::Fees under_cap(const bridge::Fees& fees, const U256& cap) {
    auto max_fee = std::min(fees.max_fee_per_gas, cap);
    return {max_fee, std::min(fees.max_priority_fee_per_gas, max_fee)};
}

bridge::Fees bumped_by(const bridge::Fees& fees, int percent) {
    return {raised(fees.max_fee_per_gas, percent), raised(fees.max_priority_fee_per_gas, percent)};
}

Replacement replacement_fees(const bridge::Fees& previous, const bridge::Fees& current,
                             int bump_percent, const U256& cap) {
    auto up = bumped_by(previous, bump_percent);
    if (up.max_fee_per_gas > cap) return {previous, true};
    bridge::Fees fees{std::max(up.max_fee_per_gas, current.max_fee_per_gas),
                      std::max(up.max_priority_fee_per_gas, current.max_priority_fee_per_gas)};
    fees = under_cap(fees, cap);
    if (fees.max_priority_fee_per_gas < up.max_priority_fee_per_gas) return {previous, true};
    return {fees, false};
}

bool nonce_stuck(std::int64_t first_sent_unix, std::int64_t now_unix,
                 std::chrono::milliseconds bound) {
    return (now_unix - first_sent_unix) * 1000 > bound.count();
}

std::optional<U256> low_balance_threshold(const GasSettings& gas, std::int64_t chain_id,
                                          const std::string& symbol, unsigned decimals,
                                          const U256& route_max) {
    auto chain = gas.low_balance.find(chain_id);
    if (chain == gas.low_balance.end()) return route_max;
    auto configured = chain->second.find(symbol);
    if (configured == chain->second.end()) return route_max;
    auto amount = U256::parse_units(configured->second, decimals);
    if (!amount) return std::nullopt;
    return *amount;
}

U256 largest_route_payout(const bridge::RouteTable& routes, std::int64_t chain_id,
                          const std::string& symbol) {
    U256 largest;
    for (const auto& route : routes.routes) {
        // A cross-asset route's max is in the token deposited, not the one paid.
        if (route.cross() || route.token != symbol) continue;
        if (std::find(route.chains.begin(), route.chains.end(), chain_id) == route.chains.end())
            continue;
        largest = std::max(largest, route.max);
    }
    return largest;
}

}  // namespace perch::maker
