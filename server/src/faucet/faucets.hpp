#pragma once
// The faucets' rules (pure): which networks have one and what they send (config/faucets.json,
// with the chain profile's faucet_chains moving a faucet onto a local chain), who may claim again
// and when, and whether the faucet still holds enough to send one more claim.
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chain/u256.hpp"

namespace perch::faucet {

struct FaucetNetwork {
    std::string slug;           // ink, ip, monad: /Faucet/Ink preselects "ink"
    std::string name;           // shown on the page
    std::int64_t chain_id = 0;  // where it sends: the public network or the profile's local chain
    std::string symbol;
    unsigned decimals = 18;
    std::string amount;         // as configured, e.g. "0.05"
    chain::U256 amount_units;   // the same in the coin's smallest unit
    std::string token;          // a token's symbol to send instead of the native coin ("": none)
    std::string token_address;  // its address on chain_id, lower case (set by the app)
    std::string unavailable;    // why it cannot send here, when known at start (set by the app)
};

struct FaucetRules {
    std::int64_t window_seconds = 24 * 3600;  // one claim per address and per IP in this window
    std::vector<FaucetNetwork> networks;
    const FaucetNetwork* find(const std::string& slug) const;
};

// Reads config_dir/faucets.json; `local_chain(slug)` is the profile's chain for a faucet, if any.
// Throws ConfigError naming the problem.
using LocalChain = std::function<std::optional<std::int64_t>(const std::string& slug)>;
FaucetRules load_faucet_rules(const std::string& config_dir, const LocalChain& local_chain);

// The last claim (unix seconds) counted against an address and against an IP on one faucet.
struct LastClaims {
    std::optional<std::int64_t> by_address;
    std::optional<std::int64_t> by_ip;
};

// Seconds until another claim is allowed (0: allowed now). The later of the two claims decides.
std::int64_t seconds_until_next_claim(const LastClaims& last, std::int64_t now,
                                      std::int64_t window_seconds);

// "23 h 59 min", "5 min", "less than a minute": the wait shown with the limit message.
std::string format_wait(std::int64_t seconds);

// What claims take from the faucet's balances on one chain, at most: the native coin (amounts
// sent as the coin, and every transfer's gas) and each token (by address).
struct Spend {
    chain::U256 native;
    std::map<std::string, chain::U256> tokens;
    // One transfer of `amount` of `token_address` ("": the native coin) costing up to `gas`.
    void add(const std::string& token_address, const chain::U256& amount, const chain::U256& gas);
};

// What the faucet holds on one chain.
struct Holdings {
    chain::U256 native;
    std::map<std::string, chain::U256> tokens;
};

// True when every asset held covers what `spend` takes of it.
bool covers(const Holdings& held, const Spend& spend);

}  // namespace perch::faucet
