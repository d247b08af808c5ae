#pragma once
// Campaign badges' I/O: a wallet's progress on a badge (its tasks from the store, its claim read
// from the PerchBadge contract) and the claim signer's EIP-712 grant once every task is done.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "chain/rpc/registry.hpp"
#include "chain/signer.hpp"
#include "core/task.hpp"
#include "rewards/badges.hpp"
#include "store/rewards_store.hpp"

namespace perch::rewards {

struct BadgeOptions {
    std::vector<Badge> badges;
    std::map<std::int64_t, std::string> contracts;  // PerchBadge on each chain it is deployed on
    std::optional<chain::PrivateKey> signer;        // empty: badges cannot be claimed here
};

struct BadgeStatus {
    const Badge* badge = nullptr;
    std::vector<bool> done;  // per task
    bool all_done = false;
    bool claimable = false;  // a contract on the badge's chain and a signer
    bool claimed = false;
};

struct BadgeGrant {
    std::string signature;  // 0x r || s || v
    std::string contract;
};

class BadgeService {
  public:
    BadgeService(store::RewardsStore& store, const chain::rpc::ChainRegistry& chains,
                 BadgeOptions options);

    // The badge with this slug; throws ApiError(not_found).
    const Badge& badge(const std::string& slug) const;
    // PerchBadge on the chain, or "" where it is not deployed.
    std::string contract(std::int64_t chain_id) const;
    Task<BadgeStatus> status(const Badge& badge, std::string user);
    // Throws ApiError(forbidden) until every task is done, and when the badge cannot be claimed
    // here.
    Task<BadgeGrant> grant(const Badge& badge, std::string user);

  private:
    Task<bool> claimed_on_chain(const Badge& badge, const chain::Address& user);

    store::RewardsStore& store_;
    const chain::rpc::ChainRegistry& chains_;
    BadgeOptions options_;
};

}  // namespace perch::rewards
