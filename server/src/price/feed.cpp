#include "price/feed.hpp"

#include <boost/json.hpp>
#include <cmath>

namespace perch::price {

std::variant<std::map<std::string, double>, std::string> parse_price_feed(std::string_view body) {
    boost::system::error_code ec;
    auto doc = boost::json::parse(body, ec);
    if (ec) return "not JSON: " + ec.message();
    if (!doc.is_object()) return std::string("not a JSON object of symbol to price");
    std::map<std::string, double> prices;
    for (const auto& [symbol, value] : doc.as_object()) {
        if (symbol.empty() || symbol.size() > 32) return "bad symbol '" + std::string(symbol) + "'";
        if (!value.is_number()) return "the price of " + std::string(symbol) + " is not a number";
        double usd = value.to_number<double>();
        if (!std::isfinite(usd) || usd < 0)
            return "the price of " + std::string(symbol) + " is not a finite number >= 0";
        prices.emplace(symbol, usd);
    }
    return prices;
}

}  // namespace perch::price
