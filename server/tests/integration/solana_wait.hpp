#pragma once
// Following a Solana transaction to finality at the node's pace (solana_devnet.cpp).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "chain/hex.hpp"
#include "chain/solana/rpc.hpp"
#include "core/task.hpp"

namespace perch::testing {

// A transaction whose blockhash expired on a finalized block before it landed: it never will.
struct NeverLanded : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Follows a sent transaction until the node finalizes it, re-sending `wire` (when given) every 2 s
// while the node does not know it. Returns each status it went through; throws when it landed with
// an error, when its blockhash expired on a finalized block without it landing, or when the node
// produced no finality for 180 s, each time saying how far it got.
Task<std::vector<chain::solana::Commitment>> follow_to_finalized(
    chain::solana::SolanaRpc& sol, const std::string& signature, const chain::Bytes& wire,
    std::uint64_t last_valid_block_height);

}  // namespace perch::testing
