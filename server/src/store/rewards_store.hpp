#pragma once
// Storage of the rewards (and of wallet sign-in): nonces and sessions, check-ins, referrals, the
// points ledger's writers, the consumer of completed bridge orders, and admin edits of the
// campaign configuration. The points rules stay in rewards/: writes that need them inside one
// transaction take a planner function that the store calls with what it read.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/task.hpp"
#include "store/store.hpp"

namespace perch::store {

// One credit in points_ledger. `source` is unique across the ledger: a second credit with the same
// source is ignored, which is what makes every writer idempotent.
struct Credit {
    std::string user;
    std::string kind;  // campaign, cross, refer, check_in, pool, cross_v1, refer_v1
    std::int64_t points = 0;
    std::string source;
};

struct PointsTotal {
    std::string user;
    std::int64_t points = 0;
};

struct CheckInDay {
    int day = 0;  // yyyymmdd
    std::int64_t chain_id = 0;
    std::string tx_hash;
    std::int64_t base_points = 0;
    std::int64_t multiplier = 1;
    std::int64_t points = 0;
    bool in_bridge = false;
    std::int64_t created_at = 0;
};

struct CheckInRequest {
    std::string user;  // lower case
    int day = 0;       // yyyymmdd, already checked against the receipt
    std::int64_t chain_id = 0;
    std::string tx_hash;  // lower case
    std::int64_t now = 0;
};
struct CheckInPlan {
    std::int64_t base_points = 0;
    std::int64_t multiplier = 1;
};
// (day, the user's check-in days of that week before it, a bridge completed that day) → plan.
using CheckInPlanner =
    std::function<CheckInPlan(int day, const std::vector<int>& week_days, bool bridged)>;

struct CheckInOutcome {
    enum class Status { credited, duplicate_tx, already_checked_in };
    Status status = Status::credited;
    CheckInDay day;  // the stored day (the existing one for already_checked_in)
};

struct ReferInfo {
    std::int64_t total_referees = 0;
    std::int64_t referee_bridges = 0;
};

// One wallet a user invited: its completed bridges and the referral points it brought the user.
struct Referee {
    std::string address;
    std::int64_t bridges = 0;
    std::int64_t points = 0;
    std::int64_t bound_at = 0;  // when it bound the user as its referrer (unix seconds)
};

// A completed bridge order as the rewards consumer reads it from bridge_orders.
struct CompletedOrder {
    std::int64_t seq = 0;
    std::string order_key;
    std::int64_t src_chain = 0;
    std::int64_t dst_chain = 0;
    std::string sender;  // lower case
    std::string token;
    std::int64_t completed_at = 0;
    std::string amount;  // deposited, raw units (decimal digits)
    int decimals = 18;
};
struct UserBridge {
    std::int64_t src_chain = 0;
    std::int64_t dst_chain = 0;
    std::int64_t completed_at = 0;
    std::int64_t points = 0;
    std::int64_t value_cents = -1;  // the USD value the points came from (-1: not kept then)
    bool boosts = true;             // counts toward the boost tiers
};
// A contract deployed from /deploy, as its receipt proved it.
struct Deployment {
    std::string user;  // the deployer, lower case
    std::int64_t chain_id = 0;
    std::string tx_hash;           // lower case
    std::string contract_address;  // lower case
    std::string template_id;       // erc20, erc721, hello or custom
    std::int64_t block_number = 0;
    std::int64_t created_at = 0;
};

struct OrderContext {
    CompletedOrder order;
    int day = 0;                              // UTC yyyymmdd of completed_at
    std::vector<UserBridge> earlier_bridges;  // the sender's bridges already recorded
    std::optional<std::string> referrer;
    std::optional<CheckInDay> checkin_that_day;
};
struct OrderPlan {
    std::int64_t cross_points = 0;
    std::int64_t value_cents = 0;    // the USD value the points were computed from, kept with them
    bool boosts = true;              // counts toward the sender's boost tiers
    std::vector<Credit> credits;     // cross, refer, check-in top-up, campaign tiers
    std::int64_t checkin_topup = 0;  // added to the day's check-in row
};
using OrderPlanner = std::function<OrderPlan(const OrderContext&)>;

struct ConsumeResult {
    std::int64_t orders = 0;   // orders read past the cursor
    std::int64_t credits = 0;  // ledger rows actually inserted
    std::int64_t cursor = 0;   // the cursor after this batch
};

struct ConfigOverride {
    std::string kind;  // campaign, theme, quest
    std::int64_t id = 0;
    std::string body;  // JSON
};

class RewardsStore {
  public:
    virtual ~RewardsStore() = default;

    // Sign-in.
    // Stores a nonce handed to `client` (a client key) unless that client holds `max_live`
    // unused, unexpired ones already (then false; max_live 0: no bound). Expired nonces go.
    virtual Task<bool> add_nonce(std::string nonce, std::int64_t now, std::int64_t expires_at,
                                 std::string client, int max_live) = 0;
    // True once for a nonce that exists and has not expired; it is used up.
    virtual Task<bool> take_nonce(std::string nonce, std::int64_t now) = 0;
    // A session started by `client` (a client key), who keeps at most `max_per_client` (0: no
    // bound): past it, that client's oldest sessions end. Expired sessions go.
    virtual Task<void> add_session(std::string token_hash, std::string address, std::int64_t now,
                                   std::int64_t expires_at, std::string client,
                                   int max_per_client) = 0;
    virtual Task<std::optional<std::string>> session_address(std::string token_hash,
                                                             std::int64_t now) = 0;
    virtual Task<void> delete_session(std::string token_hash) = 0;

    // Check-in: one transaction that stores the day and credits its points.
    virtual Task<CheckInOutcome> record_checkin(CheckInRequest request, CheckInPlanner planner) = 0;
    virtual Task<std::vector<CheckInDay>> checkins(std::string user, int from_day, int to_day) = 0;

    // Referral binding: `refusal` decides (pure rule) from the referee's bridge count, current
    // referrer and the referrer's upline (its referrer, theirs, ... nearest first, at most
    // kReferralUplineDepth); returns its text when refused, nullopt when stored.
    static constexpr int kReferralUplineDepth = 32;
    using ReferralRule = std::function<std::optional<std::string>(
        std::int64_t referee_bridges, std::optional<std::string> current,
        const std::vector<std::string>& referrer_upline)>;
    virtual Task<std::optional<std::string>> bind_referrer(std::string referee,
                                                           std::string referrer, ReferralRule rule,
                                                           std::int64_t now) = 0;
    virtual Task<std::optional<std::string>> referrer_of(std::string user) = 0;
    virtual Task<ReferInfo> refer_info(std::string user) = 0;
    // The user's newest `limit` referees, newest binding first.
    virtual Task<std::vector<Referee>> referees_of(std::string user, int limit) = 0;

    // Inserts the credit unless its source was credited before; true when inserted.
    virtual Task<bool> credit(Credit credit, std::int64_t now) = 0;
    // Tops `user`'s credits whose source starts with `prefix` up to `total` points in one write
    // transaction (so two callers cannot both top up), with one credit of the difference whose
    // source is prefix + total. Returns the total credited afterwards.
    virtual Task<std::int64_t> credit_up_to(std::string user, std::string kind, std::string prefix,
                                            std::int64_t total, std::int64_t now) = 0;
    // Deployments: recorded once per (chain, transaction); false when it already was.
    virtual Task<bool> record_deployment(Deployment deployment) = 0;
    virtual Task<std::vector<Deployment>> deployments_of(std::string user, int limit) = 0;
    virtual Task<bool> has_credit(std::string source) = 0;
    // Binds a verified social account to `wallet` unless it is bound already; returns the wallet it
    // is bound to (`wallet` itself, or the one that bound it first).
    virtual Task<std::string> bind_social_account(std::string platform, std::string account,
                                                  std::string wallet, std::int64_t now) = 0;
    // Sum of the user's ledger points whose source starts with `prefix`.
    virtual Task<std::int64_t> points_with_prefix(std::string user, std::string prefix) = 0;
    virtual Task<std::vector<UserBridge>> bridges_of(std::string user) = 0;
    // The `limit` largest ledger sums per wallet of credits made in [from, to] (unix seconds),
    // most points first, then by address.
    virtual Task<std::vector<PointsTotal>> points_leaderboard(std::int64_t from, std::int64_t to,
                                                              int limit) = 0;

    // Reads up to `limit` completed orders past the consumer's cursor, credits what the planner
    // says, records the bridges and advances the cursor, all in one transaction.
    virtual Task<ConsumeResult> consume_completed_orders(OrderPlanner planner, int limit,
                                                         std::int64_t now) = 0;

    // Airdrop allocations: the value per address ("0" when it has none), and a bulk import
    // (replacing the campaign's rows) returning how many rows were stored.
    virtual Task<std::vector<std::string>> airdrop_values(std::string campaign,
                                                          std::vector<std::string> addresses) = 0;
    virtual Task<std::int64_t> import_airdrop(
        std::string campaign, std::vector<std::pair<std::string, std::string>> rows) = 0;

    virtual Task<std::vector<ConfigOverride>> config_overrides() = 0;
    virtual Task<void> save_config_override(ConfigOverride entry, std::int64_t now) = 0;
};

// The rewards store beside the main store (same database). SQLite only for now.
std::unique_ptr<RewardsStore> open_rewards_store(Store& store);

}  // namespace perch::store
