#include "maker/gas_alerts.hpp"

#include <algorithm>
#include <vector>

#include "core/metrics.hpp"

namespace perch::maker {

std::set<std::uint64_t> GasAlerts::update_pending(
    std::int64_t chain_id, const std::map<std::uint64_t, std::int64_t>& stuck,
    const std::set<std::uint64_t>& pending) {
    std::lock_guard lock(mutex_);
    std::set<std::uint64_t> fresh;
    auto& known = stuck_[chain_id];
    for (const auto& entry : stuck)
        if (!known.count(entry.first)) fresh.insert(entry.first);
    known = stuck;
    auto& capped = capped_[chain_id];
    std::erase_if(capped, [&](std::uint64_t nonce) { return !pending.count(nonce); });
    return fresh;
}

bool GasAlerts::note_capped(std::int64_t chain_id, std::uint64_t nonce) {
    std::lock_guard lock(mutex_);
    return capped_[chain_id].insert(nonce).second;
}

bool GasAlerts::set_low(std::int64_t chain_id, const std::string& symbol, bool low) {
    std::lock_guard lock(mutex_);
    auto& was = low_[{chain_id, symbol}];
    bool changed = was != low;
    was = low;
    return changed;
}

bool GasAlerts::low(std::int64_t chain_id, const std::string& symbol) const {
    std::lock_guard lock(mutex_);
    auto it = low_.find({chain_id, symbol});
    return it != low_.end() && it->second;
}

std::string GasAlerts::render() const {
    using metrics::label;
    std::lock_guard lock(mutex_);
    std::vector<metrics::Sample> stuck, oldest, capped, low;
    for (const auto& chain : stuck_) {
        auto id = label("chain", std::to_string(chain.first));
        std::int64_t age = 0;
        for (const auto& entry : chain.second) age = std::max(age, entry.second);
        stuck.push_back({id, static_cast<double>(chain.second.size())});
        oldest.push_back({id, static_cast<double>(age)});
    }
    for (const auto& chain : capped_)
        capped.push_back({label("chain", std::to_string(chain.first)),
                          static_cast<double>(chain.second.size())});
    for (const auto& entry : low_)
        low.push_back({label("chain", std::to_string(entry.first.first)) + "," +
                           label("token", entry.first.second),
                       entry.second ? 1.0 : 0.0});
    std::string out;
    metrics::render_gauge(out, "perch_maker_stuck_nonces",
                          "Maker nonces pending longer than maker.gas.stuck_after_ms", stuck);
    metrics::render_gauge(out, "perch_maker_oldest_stuck_seconds",
                          "Age of the maker's oldest stuck nonce", oldest);
    metrics::render_gauge(out, "perch_maker_fee_capped_nonces",
                          "Maker nonces whose replacement would pass maker.gas.max_fee_gwei",
                          capped);
    metrics::render_gauge(out, "perch_maker_balance_low",
                          "1 while the maker's balance is below its low threshold", low);
    return out;
}

}  // namespace perch::maker
