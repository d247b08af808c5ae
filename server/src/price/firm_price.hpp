#pragma once
// The price a cross-asset quote may be issued at (pure). A quote pays one asset for another at
// USD prices, so a price that is stale, made up (the fixed fallback table) or movable by one trade
// (a pool's spot price) lets a depositor take the maker's money at a wrong rate. A firm price is
// the median of independent live readings (time-weighted pool prices on several chains, an
// operator's feed), and only when enough of them are fresh and agree with it.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace perch::price {

struct PriceReading {
    std::string source;      // "twap:8453", "feed", ... (for the answer and the log)
    double usd = 0;          // USD per whole token
    std::int64_t as_of = 0;  // unix seconds of the block or the feed table it was read from
};

struct FirmPriceRules {
    std::uint32_t min_sources = 2;
    std::uint32_t max_spread_bps = 200;  // from the median
    std::int64_t max_age_seconds = 120;
};

struct FirmPrice {
    double usd = 0;
    std::vector<std::string> sources;  // the readings that agree with the median
    std::uint32_t of = 0;              // fresh readings considered
};

// The firm price of `symbol` from `readings`, or the reason there is none (a client text).
// Readings that are not positive or older than max_age are dropped; the median of the rest must
// have at least min_sources readings within max_spread_bps of it, and those must be a majority
// (so one manipulated source among three is outvoted, and two that disagree prove nothing).
std::variant<FirmPrice, std::string> firm_price(const std::string& symbol,
                                                std::vector<PriceReading> readings,
                                                std::int64_t now, const FirmPriceRules& rules);

}  // namespace perch::price
