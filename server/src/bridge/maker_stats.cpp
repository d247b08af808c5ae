#include "bridge/maker_stats.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace perch::bridge {

std::optional<double> median(std::vector<std::int64_t> values) {
    if (values.empty()) return std::nullopt;
    auto n = values.size();
    std::sort(values.begin(), values.end());
    if (n % 2 == 1) return static_cast<double>(values[n / 2]);
    return (static_cast<double>(values[n / 2 - 1]) + static_cast<double>(values[n / 2])) / 2.0;
}

std::optional<std::int64_t> percentile(std::vector<std::int64_t> values, double p) {
    if (values.empty() || !(p > 0) || p > 100) return std::nullopt;
    std::sort(values.begin(), values.end());
    auto rank = static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(values.size())));
    return values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
}

std::vector<RouteTimes> route_times(const std::vector<CompletedOrder>& orders) {
    using Key = std::tuple<std::int64_t, std::int64_t, std::string>;
    std::map<Key, std::vector<std::int64_t>> seconds;
    for (const auto& o : orders) {
        seconds[{o.src_chain_id, o.dst_chain_id, o.token}].push_back(
            std::max<std::int64_t>(0, o.completed_at - o.created_at));
    }
    std::vector<RouteTimes> out;
    for (const auto& [key, values] : seconds) {
        out.push_back({std::get<0>(key), std::get<1>(key), std::get<2>(key),
                       static_cast<std::int64_t>(values.size()), *median(values),
                       *percentile(values, 95)});
    }
    return out;
}

std::vector<TokenVolume> volume_since(const std::vector<CompletedOrder>& orders,
                                      std::int64_t since) {
    std::map<std::string, TokenVolume> by_token;
    for (const auto& o : orders) {
        if (o.completed_at < since) continue;
        auto& v = by_token.try_emplace(o.token, TokenVolume{o.token, o.decimals}).first->second;
        auto sum = v.amount.add(o.amount);
        v.amount = sum ? *sum : chain::U256::max();
        ++v.orders;
    }
    std::vector<TokenVolume> out;
    for (auto& [token, volume] : by_token) out.push_back(std::move(volume));
    return out;
}

}  // namespace perch::bridge
