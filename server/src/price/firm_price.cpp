#include "price/firm_price.hpp"

#include <algorithm>
#include <cmath>

namespace perch::price {

namespace {

double median_of(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    auto mid = values.size() / 2;
    return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

bool agrees(double usd, double median, std::uint32_t max_spread_bps) {
    return std::abs(usd - median) * 10000 <= median * max_spread_bps;
}

}  // namespace

std::variant<FirmPrice, std::string> firm_price(const std::string& symbol,
                                                std::vector<PriceReading> readings,
                                                std::int64_t now, const FirmPriceRules& rules) {
    std::erase_if(readings, [&](const PriceReading& r) {
        return !std::isfinite(r.usd) || r.usd <= 0 || now - r.as_of > rules.max_age_seconds;
    });
    auto wanted = std::to_string(rules.min_sources);
    if (readings.size() < rules.min_sources) {
        return "no firm price for " + symbol + " right now: " + std::to_string(readings.size()) +
               " live price source(s) answered, " + wanted + " are needed";
    }
    std::vector<double> values;
    for (const auto& r : readings) values.push_back(r.usd);
    FirmPrice out{median_of(values), {}, static_cast<std::uint32_t>(readings.size())};
    for (const auto& r : readings)
        if (agrees(r.usd, out.usd, rules.max_spread_bps)) out.sources.push_back(r.source);
    if (out.sources.size() < rules.min_sources || out.sources.size() * 2 <= readings.size()) {
        return "no firm price for " + symbol + " right now: its price sources disagree (" +
               std::to_string(out.sources.size()) + " of " + std::to_string(readings.size()) +
               " within " + std::to_string(rules.max_spread_bps) + " bps of their median)";
    }
    return out;
}

}  // namespace perch::price
