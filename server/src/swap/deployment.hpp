#pragma once
// What a chain profile (the devnet's state.json) says about swapping: the wrapped native token,
// the tokens offered, the venues (V2 factories, the V3 factory and its QuoterV2), our executor
// and the block the deployment starts at. The shape is docs/swap.md's.
#include <boost/json/fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "swap/pool_book.hpp"

namespace perch::swap {

struct SwapToken {
    chain::Address address;  // zero: the chain's native coin
    std::string symbol, name;
    unsigned decimals = 18;
};

struct SwapDeployment {
    chain::Address weth, executor;
    std::optional<chain::Address> quoter_v2;
    std::vector<SwapToken> tokens;  // native first
    std::vector<Venue> venues;
    std::uint64_t start_block = 0;
    std::vector<std::int64_t> chain_ids;  // where it is deployed; empty: every profile chain
};

// nullopt when the profile has no `swap` key. Throws ConfigError naming the field that is wrong.
std::optional<SwapDeployment> parse_swap_deployment(const boost::json::value& profile);

}  // namespace perch::swap
