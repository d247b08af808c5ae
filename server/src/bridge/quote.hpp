#pragma once
// Bridge quotes, pure: which token routes exist between which chains, their limits, and the fee
// = bridge fee (bps, tiered by amount) + destination transaction cost (DTC, per destination). The
// maximum is also bounded by what the maker holds on the destination. No I/O here.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chain/u256.hpp"

namespace perch::bridge {

using chain::U256;

struct FeeTier {
    std::optional<U256> up_to;  // inclusive upper bound of the amount; none: no bound
    std::uint32_t bps = 0;
};

struct Route {
    std::string token;
    unsigned decimals = 18;
    std::vector<std::int64_t> chains;  // any ordered pair of distinct chains here is a route
    bool enabled = true;
    U256 min;
    U256 max;
    std::vector<FeeTier> fee_tiers;    // ascending by up_to
    std::map<std::int64_t, U256> dtc;  // per destination chain
    U256 default_dtc;
    std::map<std::int64_t, std::uint32_t> expected_seconds;  // per source chain
    std::uint32_t default_expected_seconds = 10;
    std::optional<U256> large_from;  // deposits from this amount wait for more confirmations
    // Cross-asset routes (docs/solana.md): deposits of `token` on `chains` are paid in `to_token`
    // on `to_chains` (one direction), priced with the server's USD prices; the quote fixes the
    // amount out and the maker refunds when the price moved more than `price_tolerance_bps`
    // before payout. min, max and fee tiers are in `token`; dtc in `to_token`.
    std::string to_token;  // empty: the same token on both sides, any direction among `chains`
    unsigned to_decimals = 18;
    std::vector<std::int64_t> to_chains;
    std::uint32_t price_tolerance_bps = 0;

    bool cross() const { return !to_token.empty(); }
    const std::string& paid_token() const { return cross() ? to_token : token; }
    unsigned paid_decimals() const { return cross() ? to_decimals : decimals; }
};

struct RouteTable {
    std::vector<Route> routes;
    std::uint32_t quote_ttl_seconds = 60;
    const Route* find(const std::string& token, std::int64_t from, std::int64_t to) const;
};

// Parses config/routes.json (amounts in token units, e.g. "0.5"); a bad entry throws ConfigError
// naming it.
RouteTable parse_routes(const boost::json::value& doc);

struct QuoteRequest {
    std::int64_t from_chain = 0;
    std::int64_t to_chain = 0;
    std::string token;
    U256 amount;  // raw units of the token
    // Cross-asset routes: USD per whole token of `token` and of the route's `to_token` (0: no
    // price known; such a quote is refused).
    double from_usd = 0;
    double to_usd = 0;
};

struct Quote {
    U256 send_amount;
    U256 bridge_fee;
    U256 dtc;             // in the paid token
    U256 receive_amount;  // in the paid token
    U256 min;
    U256 max;  // the route's max, lowered to the maker's liquidity on the destination
    // In the paid token: the most the route pays on the destination now (the maker's funds and
    // PerchPool's there, at most a same-token route's max), so a wallet sees a low balance.
    U256 payable_now;
    unsigned decimals = 18;
    // The token paid on the destination: the deposited one, or a cross-asset route's to_token.
    std::string receive_token;
    unsigned receive_decimals = 18;
    bool cross = false;
    std::uint32_t price_tolerance_bps = 0;
    std::uint32_t bps = 0;
    std::uint32_t expected_seconds = 0;
    std::int64_t expires_at = 0;  // unix seconds
};

// Why a quote cannot be given; `message` is meant for the user.
struct QuoteRefusal {
    enum class Reason {
        no_route,
        disabled,
        below_min,
        above_max,
        no_liquidity,
        fees_exceed_amount,
        no_price
    };
    Reason reason;
    std::string message;
};

struct QuoteResult {
    std::optional<Quote> quote;
    std::optional<QuoteRefusal> refusal;
};

// `liquidity`: the maker's balance of the paid token on the destination chain.
QuoteResult make_quote(const RouteTable& table, const QuoteRequest& request, const U256& liquidity,
                       std::int64_t now_seconds);

}  // namespace perch::bridge
