#pragma once
// Pool points (pure): a depositor earns config/pool.json's points_per_token_hour for every whole
// token they keep in PerchPool, per hour, to the millipoint; the whole points reached are credited
// to the points ledger (kind "pool") as they accrue, each credit's source naming the running total
// it brings the wallet to, so no total is ever credited twice.
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "chain/u256.hpp"

namespace perch::liquidity {

struct PoolRules {
    std::map<std::string, std::string> points_per_token_hour;  // by token symbol, as configured
    std::map<std::string, chain::U256> millipoints_per_token_hour;  // the same in millipoints
    std::set<std::string> allowlist;  // config/pool-allowlist.json, lower case
    bool allowed(const std::string& address) const;
};

// Reads config_dir/pool.json and config_dir/pool-allowlist.json; throws ConfigError naming the
// problem.
PoolRules load_pool_rules(const std::string& config_dir);

// A rate for one token of one chain: millipoints per whole token-hour, and the token's decimals.
struct Rate {
    chain::U256 millipoints_per_token_hour;
    unsigned decimals = 18;
};

// One deposit or withdrawal of a wallet, `key` naming the chain and token it moved.
struct Movement {
    std::string key;
    bool deposit = true;
    chain::U256 amount;
    std::int64_t at = 0;  // unix seconds (the block's time)
};

// The millipoints `movements` (oldest first) have earned by `now`; a token without a rate earns
// nothing. A withdrawal larger than what is held (not possible on chain) empties the holding.
std::int64_t accrued_millipoints(const std::vector<Movement>& movements,
                                 const std::map<std::string, Rate>& rates, std::int64_t now);

// The ledger sources of `user`'s pool credits start with this; each one ends with the running
// total it brought the wallet to (RewardsStore::credit_up_to).
std::string pool_credit_prefix(const std::string& user);

// "12.345": millipoints as points with three decimals.
std::string format_millipoints(std::int64_t millipoints);

}  // namespace perch::liquidity
