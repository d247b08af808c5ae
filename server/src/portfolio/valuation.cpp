#include "portfolio/valuation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

namespace perch::portfolio {

namespace {

// Largest first; ties by label so the order is stable between calls.
std::vector<Allocation> allocations(const std::map<std::string, Allocation>& parts,
                                    std::int64_t total_cents) {
    std::vector<Allocation> out;
    for (const auto& [key, part] : parts) {
        if (part.value_cents == 0) continue;
        auto a = part;
        a.share = total_cents > 0 ? static_cast<double>(a.value_cents) / total_cents : 0.0;
        out.push_back(std::move(a));
    }
    std::sort(out.begin(), out.end(), [](const Allocation& a, const Allocation& b) {
        return a.value_cents != b.value_cents ? a.value_cents > b.value_cents : a.label < b.label;
    });
    return out;
}

}  // namespace

std::int64_t value_cents(const chain::U256& raw, unsigned decimals, double usd) {
    if (!(usd > 0) || !std::isfinite(usd)) return 0;
    // Through the decimal text: exact to a double's 15-16 digits, far below a cent of any
    // balance a wallet holds.
    double whole = std::strtod(raw.format_units(decimals).c_str(), nullptr);
    return std::llround(whole * usd * 100.0);
}

Valuation value_portfolio(const std::vector<ChainHoldings>& chains,
                          const price::PriceTable& prices) {
    Valuation v;
    std::map<std::string, Allocation> by_chain, by_token;
    for (const auto& chain : chains) {
        ChainValue cv{chain.chain_id, chain.chain_name, chain.error, {}, 0};
        for (const auto& holding : chain.tokens) {
            TokenValue tv{holding, prices.of(holding.symbol), 0};
            if (holding.balance && tv.price_usd)
                tv.value_cents = value_cents(*holding.balance, holding.decimals, *tv.price_usd);
            cv.value_cents += tv.value_cents;
            auto& token = by_token[holding.symbol];
            token.key = token.label = holding.symbol;
            token.value_cents += tv.value_cents;
            cv.tokens.push_back(std::move(tv));
        }
        auto& part = by_chain[std::to_string(chain.chain_id)];
        part.key = std::to_string(chain.chain_id);
        part.label = chain.chain_name;
        part.value_cents += cv.value_cents;
        v.total_cents += cv.value_cents;
        v.chains.push_back(std::move(cv));
    }
    v.by_chain = allocations(by_chain, v.total_cents);
    v.by_token = allocations(by_token, v.total_cents);
    return v;
}

}  // namespace perch::portfolio
