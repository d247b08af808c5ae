#pragma once
// A portfolio's USD values (pure): each balance × its token's price, rounded to the cent, so that
// the total and the allocations are exact sums of the values shown (in integer cents; no
// floating-point drift between the rows and the total).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "chain/u256.hpp"
#include "price/price_source.hpp"

namespace perch::portfolio {

struct TokenHolding {
    std::string symbol;
    std::string address;  // lower case; the zero address for the native coin
    unsigned decimals = 18;
    std::optional<chain::U256> balance;  // none: the node could not read it
};

struct ChainHoldings {
    std::int64_t chain_id = 0;
    std::string chain_name;
    std::string error;  // empty: the chain answered
    std::vector<TokenHolding> tokens;
};

struct TokenValue {
    TokenHolding holding;
    std::optional<double> price_usd;
    std::int64_t value_cents = 0;  // 0 without a balance or a price
};

struct ChainValue {
    std::int64_t chain_id = 0;
    std::string chain_name;
    std::string error;
    std::vector<TokenValue> tokens;
    std::int64_t value_cents = 0;
};

struct Allocation {
    std::string key;    // a chain id or a token symbol
    std::string label;  // the chain's name or the symbol
    std::int64_t value_cents = 0;
    double share = 0;  // of the total, 0..1 (0 when the total is 0)
};

struct Valuation {
    std::vector<ChainValue> chains;
    std::int64_t total_cents = 0;
    std::vector<Allocation> by_chain;  // largest first
    std::vector<Allocation> by_token;  // largest first
};

// `raw` base units of a token with `decimals` at `usd` per whole token, in cents (half away from
// zero).
std::int64_t value_cents(const chain::U256& raw, unsigned decimals, double usd);

Valuation value_portfolio(const std::vector<ChainHoldings>& chains,
                          const price::PriceTable& prices);

}  // namespace perch::portfolio
