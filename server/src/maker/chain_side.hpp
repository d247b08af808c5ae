#pragma once
// What the maker does on one chain, whatever its ecosystem (EVM, Solana): watch it for deposits
// (the source side) and pay on it (payouts to it, and refunds of its own deposits). The Maker runs
// the loops around these rounds — leadership, wake-ups, counting failures — the same for every
// chain; each round is the chain's own. The exactly-once rule is the same for all: whatever is sent
// is signed and stored first, and after a crash what was stored is sent again, never signed anew
// while an earlier version can still land.
#include <chrono>
#include <cstdint>
#include <map>

#include "core/task.hpp"

namespace perch::maker {

class ChainSide {
  public:
    virtual ~ChainSide() = default;
    virtual std::int64_t chain_id() const = 0;
    // Reads new deposits and moves confirmed ones to queued or refunding. `woken`: a new head
    // was pushed (the round may skip asking for it).
    virtual Task<void> watch_round(bool woken) = 0;
    // Signs and sends what is owed on this chain, follows what was sent. `woken`: a payout was
    // just queued (sign it before following the others).
    virtual Task<void> pay_round(bool woken) = 0;
    // This instance was elected: whatever it remembered from an earlier term may be stale.
    virtual void forget() {}
};

// Whether a complaint about `id` (an order waiting for the maker to be funded, say) is due: the
// first time, then at most once per `every`, so that a poll every 200 ms does not flood the log.
inline bool due_again(std::map<std::int64_t, std::chrono::steady_clock::time_point>& last,
                      std::int64_t id, std::chrono::steady_clock::duration every) {
    auto now = std::chrono::steady_clock::now();
    auto [it, first] = last.try_emplace(id, now);
    if (!first && now - it->second < every) return false;
    it->second = now;
    return true;
}

}  // namespace perch::maker
