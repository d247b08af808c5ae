#pragma once
// RewardsStore in SQL (both dialects), on the main store's DB threads: the sign-in tables
// (sessions.cpp) and the rewards' own (rewards.cpp). Every multi-row write is one transaction.
#include "store/rewards_store.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {

class SqlRewards final : public SqlTableStore<RewardsStore> {
  public:
    using SqlTableStore::SqlTableStore;

    // auth_nonces and auth_sessions (sessions.cpp)
    Task<bool> add_nonce(std::string nonce, std::int64_t now, std::int64_t expires_at,
                         std::string client, int max_live) override;
    Task<bool> take_nonce(std::string nonce, std::int64_t now) override;
    Task<void> add_session(std::string token_hash, std::string address, std::int64_t now,
                           std::int64_t expires_at, std::string client,
                           int max_per_client) override;
    Task<std::optional<std::string>> session_address(std::string token_hash,
                                                     std::int64_t now) override;
    Task<void> delete_session(std::string token_hash) override;

    // check-ins, referrals, the points ledger and the rest (rewards.cpp)
    Task<CheckInOutcome> record_checkin(CheckInRequest r, CheckInPlanner planner) override;
    Task<std::vector<CheckInDay>> checkins(std::string user, int from_day, int to_day) override;
    Task<std::optional<std::string>> bind_referrer(std::string referee, std::string referrer,
                                                   ReferralRule rule, std::int64_t now) override;
    Task<std::optional<std::string>> referrer_of(std::string user) override;
    Task<ReferInfo> refer_info(std::string user) override;
    Task<std::vector<Referee>> referees_of(std::string user, int limit) override;
    Task<bool> credit(Credit credit, std::int64_t now) override;
    Task<std::int64_t> credit_up_to(std::string user, std::string kind, std::string prefix,
                                    std::int64_t total, std::int64_t now) override;
    Task<bool> record_deployment(Deployment d) override;
    Task<std::vector<Deployment>> deployments_of(std::string user, int limit) override;
    Task<bool> has_credit(std::string source) override;
    Task<std::string> bind_social_account(std::string platform, std::string account,
                                          std::string wallet, std::int64_t now) override;
    Task<std::int64_t> points_with_prefix(std::string user, std::string prefix) override;
    Task<std::vector<UserBridge>> bridges_of(std::string user) override;
    Task<std::vector<PointsTotal>> points_leaderboard(std::int64_t from, std::int64_t to,
                                                      int limit) override;
    Task<ConsumeResult> consume_completed_orders(OrderPlanner planner, int limit,
                                                 std::int64_t now) override;
    Task<std::vector<std::string>> airdrop_values(std::string campaign,
                                                  std::vector<std::string> addresses) override;
    Task<std::int64_t> import_airdrop(
        std::string campaign, std::vector<std::pair<std::string, std::string>> rows) override;
    Task<std::vector<ConfigOverride>> config_overrides() override;
    Task<void> save_config_override(ConfigOverride e, std::int64_t now) override;
};

}  // namespace perch::store
