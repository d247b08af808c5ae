#include "price/mid_price.hpp"

#include <cmath>

namespace perch::price {

namespace {

// A thousandth of a whole token (at least one base unit): small enough that fees and impact are
// all that separate the quote from the mid price, large enough to clear V2 rounding.
swap::U256 small_amount(unsigned decimals) {
    swap::U256 amount(1);
    for (unsigned d = 3; d < decimals; ++d) amount = *amount.mul(10);
    return amount;
}

}  // namespace

double path_mid_rate(const swap::PoolSet& pools, const swap::QuotePath& path) {
    double rate = 1.0;
    for (const auto& hop : path.hops) {
        auto id = pools.find_pool(hop.pool);
        if (!id) return 0.0;
        double mid = pools.approx(*id).mid_price();  // token1 per token0
        if (mid <= 0 || !std::isfinite(mid)) return 0.0;
        rate *= hop.token_in == pools.pool(*id).token0 ? mid : 1.0 / mid;
    }
    return rate;
}

std::optional<double> mid_price_usd(const swap::PoolSet& pools, const swap::SwapToken& token,
                                    const swap::SwapToken& usd) {
    if (token.address == usd.address) return 1.0;
    swap::QuoteOptions options;
    options.max_splits = 1;  // one path: its mid price is the answer
    auto quote =
        swap::best_quote(pools, token.address, usd.address, small_amount(token.decimals), options);
    if (!quote.ok() || quote->paths.empty()) return std::nullopt;
    double rate = path_mid_rate(pools, quote->paths.front());
    if (rate <= 0) return std::nullopt;
    return rate * std::pow(10.0, static_cast<double>(token.decimals) - usd.decimals);
}

std::map<std::string, double> pool_prices(const swap::PoolSet& pools,
                                          std::span<const swap::SwapToken> tokens,
                                          const swap::SwapToken& usd,
                                          const chain::Address& wrapped_native,
                                          const std::string& native_symbol) {
    std::map<std::string, double> out;
    for (const auto& token : tokens) {
        if (token.address.is_zero()) continue;  // the native coin is priced through its wrapper
        auto price = mid_price_usd(pools, token, usd);
        if (!price) continue;
        out[token.symbol] = *price;
        if (token.address == wrapped_native) out[native_symbol] = *price;
    }
    return out;
}

}  // namespace perch::price
