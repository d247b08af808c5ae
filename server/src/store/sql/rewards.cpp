// The rewards' tables in SQL (both dialects): check-ins, referrals, the points ledger, the bridges
// that earned points, deployments, social accounts, airdrops and the config overrides.
#include "store/sql/rewards.hpp"

#include <algorithm>

#include "store/sql/rows.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

constexpr const char* kBridgeCursor = "bridge_completed";

const auto kCheckIns =
    table(col("day", &CheckInDay::day), col("chain_id", &CheckInDay::chain_id),
          col("tx_hash", &CheckInDay::tx_hash), col("base_points", &CheckInDay::base_points),
          col("multiplier", &CheckInDay::multiplier), col("points", &CheckInDay::points),
          col("in_bridge", &CheckInDay::in_bridge), col("created_at", &CheckInDay::created_at));

const auto kDeployments = table(
    col("user_address", &Deployment::user), col("chain_id", &Deployment::chain_id),
    col("tx_hash", &Deployment::tx_hash), col("contract_address", &Deployment::contract_address),
    col("template", &Deployment::template_id), col("block_number", &Deployment::block_number),
    col("created_at", &Deployment::created_at));

const auto kUserBridges =
    table(col("src_chain_id", &UserBridge::src_chain), col("dst_chain_id", &UserBridge::dst_chain),
          col("completed_at", &UserBridge::completed_at), col("points", &UserBridge::points),
          col("value_cents", &UserBridge::value_cents), col("boosts", &UserBridge::boosts));

const auto kCompleted =
    table(col("completed_seq", &CompletedOrder::seq), col("order_key", &CompletedOrder::order_key),
          col("src_chain_id", &CompletedOrder::src_chain),
          col("dst_chain_id", &CompletedOrder::dst_chain), col("sender", &CompletedOrder::sender),
          col("token", &CompletedOrder::token), col("amount", &CompletedOrder::amount),
          col("decimals", &CompletedOrder::decimals));

const auto kOverrides = table(col("kind", &ConfigOverride::kind), col("id", &ConfigOverride::id),
                              col("body", &ConfigOverride::body));

std::optional<CheckInDay> checkin_of_day(Connection& c, const std::string& user, int day) {
    return kCheckIns.select_one(c, "FROM checkins WHERE user_address = ? AND day = ?", user, day);
}

// Inserts a ledger row unless its source exists; true when inserted.
bool insert_credit(Connection& c, const Credit& credit, std::int64_t now) {
    if (credit.points <= 0) return false;
    return execute(c,
                   "INSERT INTO points_ledger (user_address, kind, points, source, created_at) "
                   "VALUES (?, ?, ?, ?, ?) ON CONFLICT (source) DO NOTHING",
                   credit.user, credit.kind, credit.points, credit.source, now) > 0;
}

std::int64_t sum_with_prefix(Connection& c, const std::string& user, const std::string& prefix) {
    auto& s = query(c,
                    "SELECT COALESCE(SUM(points), 0) FROM points_ledger WHERE user_address = ? AND "
                    "substr(source, 1, ?) = ?",
                    user, static_cast<std::int64_t>(prefix.size()), prefix);
    return single<std::int64_t>(s, 0);
}

bool bridged_on(Connection& c, const std::string& user, int day) {
    return has_row(query(
        c, "SELECT 1 FROM reward_bridges WHERE user_address = ? AND day = ? LIMIT 1", user, day));
}

std::vector<UserBridge> user_bridges(Connection& c, const std::string& user) {
    return kUserBridges.select(
        c, "FROM reward_bridges WHERE user_address = ? ORDER BY completed_seq", user);
}

std::optional<std::string> referrer_in(Connection& c, const std::string& user) {
    auto& s = query(c, "SELECT referrer FROM referrals WHERE referee = ?", user);
    return first_row(s, [](const Statement& r) { return r.column_text(0); });
}

// `user`'s referrer, theirs, and so on, nearest first; stops at a repeat (a loop stored before the
// rule existed) or at the depth limit.
std::vector<std::string> upline_in(Connection& c, const std::string& user) {
    std::vector<std::string> out;
    auto next = referrer_in(c, user);
    while (next && out.size() < static_cast<std::size_t>(RewardsStore::kReferralUplineDepth) &&
           std::find(out.begin(), out.end(), *next) == out.end()) {
        out.push_back(*next);
        next = referrer_in(c, *next);
    }
    return out;
}

// The last 7 days `user` checked in on before `day`, latest first.
std::vector<int> week_before(Connection& c, const std::string& user, int day) {
    auto& s = query(c,
                    "SELECT day FROM checkins WHERE user_address = ? AND day < ? ORDER BY day DESC "
                    "LIMIT 7",
                    user, day);
    return all_rows(s, [](const Statement& r) { return column<int>(r, 0); });
}

CheckInOutcome checkin_in(Connection& c, const CheckInRequest& r, const CheckInPlanner& planner) {
    CheckInOutcome out;
    if (auto same_tx = kCheckIns.select_one(c, "FROM checkins WHERE tx_hash = ?", r.tx_hash)) {
        out.status = CheckInOutcome::Status::duplicate_tx;
        out.day = *same_tx;
        return out;
    }
    if (auto existing = checkin_of_day(c, r.user, r.day)) {
        out.status = CheckInOutcome::Status::already_checked_in;
        out.day = *existing;
        return out;
    }
    const bool bridged = bridged_on(c, r.user, r.day);
    auto plan = planner(r.day, week_before(c, r.user, r.day), bridged);
    out.day = CheckInDay{r.day,           r.chain_id,
                         r.tx_hash,       plan.base_points,
                         plan.multiplier, plan.base_points * plan.multiplier,
                         bridged,         r.now};
    kCheckIns.execute(c,
                      "INSERT INTO checkins (" + kCheckIns.columns() + ", user_address) VALUES (" +
                          kCheckIns.placeholders() + ", ?)",
                      out.day, r.user);
    insert_credit(
        c, {r.user, "check_in", out.day.points, "checkin:" + r.user + ":" + std::to_string(r.day)},
        r.now);
    return out;
}

// One completed order's rewards: its reward_bridges row, the planner's credits, and the top-up of
// that day's check-in; how many credits were new.
std::int64_t reward_order(Connection& c, const CompletedOrder& order, const OrderPlanner& planner,
                          std::int64_t now) {
    OrderContext ctx;
    ctx.order = order;
    ctx.day = utc_yyyymmdd(order.completed_at);
    ctx.earlier_bridges = user_bridges(c, order.sender);
    ctx.referrer = referrer_in(c, order.sender);
    ctx.checkin_that_day = checkin_of_day(c, order.sender, ctx.day);
    auto plan = planner(ctx);
    execute(c,
            "INSERT INTO reward_bridges (order_key, user_address, src_chain_id, dst_chain_id, "
            "token, day, completed_at, points, completed_seq, value_cents, boosts) VALUES (?, ?, "
            "?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_key) DO NOTHING",
            order.order_key, order.sender, order.src_chain, order.dst_chain, order.token, ctx.day,
            order.completed_at, plan.cross_points, order.seq, plan.value_cents, plan.boosts);
    std::int64_t credits = 0;
    for (const auto& credit : plan.credits)
        if (insert_credit(c, credit, now)) ++credits;
    if (ctx.checkin_that_day && !ctx.checkin_that_day->in_bridge) {
        execute(c,
                "UPDATE checkins SET in_bridge = 1, points = points + ? WHERE user_address = ? AND "
                "day = ?",
                plan.checkin_topup, order.sender, ctx.day);
    }
    return credits;
}

std::int64_t bridge_cursor(Connection& c) {
    return single<std::int64_t>(
        query(c, "SELECT position FROM reward_cursors WHERE name = ?", kBridgeCursor), 0);
}

bool completed_after(Connection& c, std::int64_t cursor) {
    return has_row(query(
        c, "SELECT 1 FROM bridge_orders WHERE completed_seq > ? AND state = 'completed' LIMIT 1",
        cursor));
}

ConsumeResult consume_in(Connection& c, const OrderPlanner& planner, int limit, std::int64_t now) {
    ConsumeResult result;
    // A read first: most passes find nothing and need not take the write lock.
    result.cursor = bridge_cursor(c);
    if (!completed_after(c, result.cursor)) return result;
    Transaction tx(c);
    result.cursor = bridge_cursor(c);  // again, under the write lock
    auto& s = query(c,
                    "SELECT " + kCompleted.columns() +
                        ", CASE WHEN updated_at > 0 THEN updated_at ELSE ? END FROM bridge_orders "
                        "WHERE completed_seq > ? AND state = 'completed' ORDER BY completed_seq "
                        "LIMIT ?",
                    now, result.cursor, limit);
    auto orders = all_rows(s, [](const Statement& r) {
        auto order = kCompleted.read(r);
        order.completed_at = r.column_int(kCompleted.size);
        return order;
    });
    for (const auto& order : orders) {
        result.credits += reward_order(c, order, planner, now);
        result.cursor = order.seq;
        ++result.orders;
    }
    if (!orders.empty()) {
        execute(c,
                "INSERT INTO reward_cursors (name, position, updated_at) VALUES (?, ?, ?) ON "
                "CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = "
                "excluded.updated_at",
                kBridgeCursor, result.cursor, now);
    }
    tx.commit();
    return result;
}

}  // namespace

Task<CheckInOutcome> SqlRewards::record_checkin(CheckInRequest r, CheckInPlanner planner) {
    auto f = [r = std::move(r), planner = std::move(planner)](Connection& c) {
        Transaction tx(c);
        auto out = checkin_in(c, r, planner);
        if (out.status == CheckInOutcome::Status::credited) tx.commit();
        return out;
    };
    co_return co_await db_.run(std::move(f));
}

Task<bool> SqlRewards::record_deployment(Deployment d) {
    auto f = [d = std::move(d)](Connection& c) {
        auto sql =
            kDeployments.insert_sql("deployments") + " ON CONFLICT (chain_id, tx_hash) DO NOTHING";
        return kDeployments.execute(c, sql, d) > 0;
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<Deployment>> SqlRewards::deployments_of(std::string user, int limit) {
    auto f = [user = std::move(user), limit](Connection& c) {
        return kDeployments.select(
            c, "FROM deployments WHERE user_address = ? ORDER BY id DESC LIMIT ?", user, limit);
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<CheckInDay>> SqlRewards::checkins(std::string user, int from_day, int to_day) {
    auto f = [user = std::move(user), from_day, to_day](Connection& c) {
        return kCheckIns.select(
            c, "FROM checkins WHERE user_address = ? AND day >= ? AND day <= ? ORDER BY day", user,
            from_day, to_day);
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::optional<std::string>> SqlRewards::bind_referrer(std::string referee,
                                                           std::string referrer, ReferralRule rule,
                                                           std::int64_t now) {
    auto f = [referee = std::move(referee), referrer = std::move(referrer), rule = std::move(rule),
              now](Connection& c) -> std::optional<std::string> {
        Transaction tx(c);
        auto current = referrer_in(c, referee);
        auto bridges = single<std::int64_t>(
            query(c, "SELECT COUNT(*) FROM reward_bridges WHERE user_address = ?", referee), 0);
        if (auto refusal = rule(bridges, current, upline_in(c, referrer))) return refusal;
        execute(c,
                "INSERT INTO referrals (referee, referrer, created_at, updated_at) VALUES (?, ?, "
                "?, ?) ON CONFLICT (referee) DO UPDATE SET referrer = excluded.referrer, "
                "updated_at = excluded.updated_at",
                referee, referrer, now, now);
        tx.commit();
        return std::nullopt;
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::optional<std::string>> SqlRewards::referrer_of(std::string user) {
    auto f = [user = std::move(user)](Connection& c) { return referrer_in(c, user); };
    co_return co_await db_.run(std::move(f));
}

Task<ReferInfo> SqlRewards::refer_info(std::string user) {
    auto f = [user = std::move(user)](Connection& c) {
        auto& s = query(c,
                        "SELECT COUNT(*), (SELECT COUNT(*) FROM reward_bridges b JOIN referrals r "
                        "ON b.user_address = r.referee WHERE r.referrer = ?1) FROM referrals "
                        "WHERE referrer = ?1",
                        user);
        auto info = first_row(s, [](const Statement& r) {
            return ReferInfo{r.column_int(0), r.column_int(1)};
        });
        return info.value_or(ReferInfo{});
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<Referee>> SqlRewards::referees_of(std::string user, int limit) {
    auto f = [user = std::move(user), limit](Connection& c) {
        // A referee's points for the user are the user's 'refer:<order>' credits of the referee's
        // completed bridges.
        auto& s = query(c,
                        "SELECT r.referee, (SELECT COUNT(*) FROM reward_bridges b WHERE "
                        "b.user_address = r.referee), (SELECT COALESCE(SUM(l.points), 0) FROM "
                        "reward_bridges b JOIN points_ledger l ON l.source = 'refer:' || "
                        "b.order_key WHERE b.user_address = r.referee AND l.user_address = "
                        "r.referrer), r.created_at FROM referrals r WHERE r.referrer = ? ORDER BY "
                        "r.created_at DESC, r.referee LIMIT ?",
                        user, limit);
        return all_rows(s, [](const Statement& r) {
            return Referee{r.column_text(0), r.column_int(1), r.column_int(2), r.column_int(3)};
        });
    };
    co_return co_await db_.run(std::move(f));
}

Task<bool> SqlRewards::credit(Credit credit, std::int64_t now) {
    auto f = [credit = std::move(credit), now](Connection& c) {
        return insert_credit(c, credit, now);
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::int64_t> SqlRewards::credit_up_to(std::string user, std::string kind, std::string prefix,
                                            std::int64_t total, std::int64_t now) {
    auto f = [=, user = std::move(user), kind = std::move(kind),
              prefix = std::move(prefix)](Connection& c) {
        Transaction tx(c);
        auto credited = sum_with_prefix(c, user, prefix);
        if (total > credited) {
            insert_credit(c, {user, kind, total - credited, prefix + std::to_string(total)}, now);
            credited = total;
        }
        tx.commit();
        return credited;
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<PointsTotal>> SqlRewards::points_leaderboard(std::int64_t from, std::int64_t to,
                                                              int limit) {
    auto f = [from, to, limit](Connection& c) {
        auto& s = query(c,
                        "SELECT user_address, SUM(points) AS total FROM points_ledger WHERE "
                        "created_at BETWEEN ? AND ? GROUP BY user_address ORDER BY total DESC, "
                        "user_address LIMIT ?",
                        from, to, limit);
        return all_rows(s, [](const Statement& r) {
            return PointsTotal{r.column_text(0), r.column_int(1)};
        });
    };
    co_return co_await db_.run(std::move(f));
}

Task<bool> SqlRewards::has_credit(std::string source) {
    auto f = [source = std::move(source)](Connection& c) {
        return has_row(query(c, "SELECT 1 FROM points_ledger WHERE source = ?", source));
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::string> SqlRewards::bind_social_account(std::string platform, std::string account,
                                                  std::string wallet, std::int64_t now) {
    auto f = [platform = std::move(platform), account = std::move(account),
              wallet = std::move(wallet), now](Connection& c) {
        Transaction tx(c);
        execute(c,
                "INSERT INTO social_accounts (platform, account, wallet, created_at) VALUES (?, ?, "
                "?, ?) ON CONFLICT (platform, account) DO NOTHING",
                platform, account, wallet, now);
        auto& s = query(c, "SELECT wallet FROM social_accounts WHERE platform = ? AND account = ?",
                        platform, account);
        auto bound = single(s, wallet);
        tx.commit();
        return bound;
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::int64_t> SqlRewards::points_with_prefix(std::string user, std::string prefix) {
    auto f = [user = std::move(user), prefix = std::move(prefix)](Connection& c) {
        return sum_with_prefix(c, user, prefix);
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<UserBridge>> SqlRewards::bridges_of(std::string user) {
    auto f = [user = std::move(user)](Connection& c) { return user_bridges(c, user); };
    co_return co_await db_.run(std::move(f));
}

Task<ConsumeResult> SqlRewards::consume_completed_orders(OrderPlanner planner, int limit,
                                                         std::int64_t now) {
    auto f = [planner = std::move(planner), limit, now](Connection& c) {
        return consume_in(c, planner, limit, now);
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<std::string>> SqlRewards::airdrop_values(std::string campaign,
                                                          std::vector<std::string> addresses) {
    auto f = [campaign = std::move(campaign), addresses = std::move(addresses)](Connection& c) {
        std::vector<std::string> out;
        for (const auto& a : addresses) {
            auto& s =
                query(c, "SELECT value FROM airdrop_allocations WHERE campaign = ? AND address = ?",
                      campaign, a);
            out.push_back(single(s, std::string("0")));
        }
        return out;
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::int64_t> SqlRewards::import_airdrop(
    std::string campaign, std::vector<std::pair<std::string, std::string>> rows) {
    auto f = [campaign = std::move(campaign), rows = std::move(rows)](Connection& c) {
        Transaction tx(c);
        execute(c, "DELETE FROM airdrop_allocations WHERE campaign = ?", campaign);
        for (const auto& row : rows) {
            execute(c,
                    "INSERT INTO airdrop_allocations (campaign, address, value) VALUES (?, ?, ?) "
                    "ON CONFLICT (campaign, address) DO UPDATE SET value = excluded.value",
                    campaign, row.first, row.second);
        }
        tx.commit();
        return static_cast<std::int64_t>(rows.size());
    };
    co_return co_await db_.run(std::move(f));
}

Task<std::vector<ConfigOverride>> SqlRewards::config_overrides() {
    auto f = [](Connection& c) {
        return kOverrides.select(c, "FROM reward_config ORDER BY kind, id");
    };
    co_return co_await db_.run(std::move(f));
}

Task<void> SqlRewards::save_config_override(ConfigOverride e, std::int64_t now) {
    auto f = [e = std::move(e), now](Connection& c) {
        execute(c,
                "INSERT INTO reward_config (kind, id, body, updated_at) VALUES (?, ?, ?, ?) ON "
                "CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_at = "
                "excluded.updated_at",
                e.kind, e.id, e.body, now);
    };
    co_await db_.run(std::move(f));
}

std::unique_ptr<RewardsStore> open_rewards_store(Store& store) {
    return open_sql_table<SqlRewards>(store, "rewards");
}

}  // namespace perch::store
