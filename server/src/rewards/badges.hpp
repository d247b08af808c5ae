#pragma once
// Campaign badges (pure): which of a badge's tasks a wallet has done, from our own records, and
// the EIP-712 grant Claim(to, badgeId) that PerchBadge (devnet/contracts/PerchBadge.sol) checks
// before it mints. Badges come from config/badges.json.
#include <cstdint>
#include <string>
#include <vector>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "store/rewards_store.hpp"

namespace perch::rewards {

struct BadgeTask {
    std::string kind;  // bridge_to, check_in, deploy
    std::int64_t chain_id = 0;
};

struct Badge {
    std::string slug;  // the page: soneium-badge, bob-spice
    std::uint64_t badge_id = 0;
    std::int64_t chain_id = 0;  // where the badge is minted
    std::vector<BadgeTask> tasks;
};

// Reads config_dir/badges.json; throws ConfigError naming the entry.
std::vector<Badge> load_badges(const std::string& config_dir);

// What the task checks is in the wallet's records.
struct WalletRecords {
    std::vector<store::UserBridge> bridges;  // completed bridges
    std::vector<store::CheckInDay> checkins;
    std::vector<store::Deployment> deployments;
};

bool task_done(const BadgeTask& task, const WalletRecords& records);

// The EIP-712 digest of Claim(to, badgeId) in PerchBadge's domain ("PerchBadge", "1", chain,
// contract): what the claim signer signs.
chain::Hash32 badge_claim_digest(std::int64_t chain_id, const chain::Address& contract,
                                 const chain::Address& to, std::uint64_t badge_id);

// Calldata of PerchBadge.claimed(to, badgeId) (the wallet's claim, read on chain).
chain::Bytes claimed_calldata(const chain::Address& to, std::uint64_t badge_id);

}  // namespace perch::rewards
