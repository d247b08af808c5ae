#include "rewards/badge_service.hpp"

#include <algorithm>

#include "chain/rpc/eth.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::rewards {

namespace {

constexpr int kFirstDay = 20000101, kLastDay = 99991231;  // every check-in a wallet ever made
constexpr int kDeploymentsRead = 1000;

}  // namespace

BadgeService::BadgeService(store::RewardsStore& store, const chain::rpc::ChainRegistry& chains,
                           BadgeOptions options)
    : store_(store), chains_(chains), options_(std::move(options)) {}

const Badge& BadgeService::badge(const std::string& slug) const {
    for (const auto& b : options_.badges)
        if (b.slug == slug) return b;
    throw ApiError(ErrorKind::not_found, "no badge named '" + slug + "'");
}

std::string BadgeService::contract(std::int64_t chain_id) const {
    auto it = options_.contracts.find(chain_id);
    return it == options_.contracts.end() ? std::string() : it->second;
}

Task<bool> BadgeService::claimed_on_chain(const Badge& badge, const chain::Address& user) {
    auto* rpc = chains_.find(badge.chain_id);
    auto contract = chain::Address::from_hex(this->contract(badge.chain_id));
    if (!rpc || !contract) co_return false;
    auto call = claimed_calldata(user, badge.badge_id);
    try {
        auto answer = co_await chain::rpc::Eth(*rpc).call(*contract, std::move(call));
        co_return !answer.empty() && answer.back() == 1;
    } catch (const chain::rpc::RpcError& e) {
        throw ApiError(ErrorKind::unavailable,
                       "chain " + std::to_string(badge.chain_id) + " cannot be reached", e.what());
    }
}

Task<BadgeStatus> BadgeService::status(const Badge& badge, std::string user) {
    auto address = chain::Address::from_hex(user);
    if (!address) throw bad_request("'address' must be a wallet address");
    user = text::to_lower(user);
    WalletRecords records;
    records.bridges = co_await store_.bridges_of(user);
    records.checkins = co_await store_.checkins(user, kFirstDay, kLastDay);
    records.deployments = co_await store_.deployments_of(user, kDeploymentsRead);
    BadgeStatus out;
    out.badge = &badge;
    out.all_done = true;
    for (const auto& task : badge.tasks) {
        out.done.push_back(task_done(task, records));
        out.all_done = out.all_done && out.done.back();
    }
    out.claimable = options_.signer && !contract(badge.chain_id).empty() &&
                    chains_.find(badge.chain_id) != nullptr;
    if (out.claimable) out.claimed = co_await claimed_on_chain(badge, *address);
    co_return out;
}

Task<BadgeGrant> BadgeService::grant(const Badge& badge, std::string user) {
    auto s = co_await status(badge, user);
    if (!s.claimable)
        throw ApiError(ErrorKind::forbidden, "this badge cannot be claimed on this server",
                       "no PerchBadge contract, claim signer or RPC for chain " +
                           std::to_string(badge.chain_id));
    if (!s.all_done) throw ApiError(ErrorKind::forbidden, "finish every task first");
    if (s.claimed) throw ApiError(ErrorKind::conflict, "this wallet already claimed this badge");
    auto on_chain = contract(badge.chain_id);
    auto digest = badge_claim_digest(badge.chain_id, *chain::Address::from_hex(on_chain),
                                     *chain::Address::from_hex(user), badge.badge_id);
    co_return BadgeGrant{chain::to_hex(options_.signer->sign_hash(digest).to_rsv65()), on_chain};
}

}  // namespace perch::rewards
