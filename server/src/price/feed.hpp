#pragma once
// The HTTP price feed's format (pure): one JSON object of symbol → USD per whole token, e.g.
// {"ETH": 3000.1, "USDC": 1}. Every value must be a finite number ≥ 0; anything else refuses the
// whole answer (a feed that is half wrong is not trusted for the other half).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace perch::price {

// The prices, or the reason the body is refused.
std::variant<std::map<std::string, double>, std::string> parse_price_feed(std::string_view body);

// Whether a table made at `as_of` is too old to show at `now`.
inline bool is_stale(std::int64_t as_of, std::int64_t now, std::int64_t stale_after_seconds) {
    return now - as_of > stale_after_seconds;
}

}  // namespace perch::price
