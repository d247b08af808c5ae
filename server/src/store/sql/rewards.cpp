// The rewards store in SQL (both dialects): every call runs on the main store's DB threads through
// SqlStore::run, and every multi-row write is one transaction.
#include <algorithm>
#include <stdexcept>

#include "store/rewards_store.hpp"
#include "store/sql/rows.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
namespace {

constexpr const char* kBridgeCursor = "bridge_completed";

CheckInDay read_checkin(Statement& s) {
    // Columns: day, chain_id, tx_hash, base_points, multiplier, points, in_bridge, created_at.
    CheckInDay d;
    d.day = static_cast<int>(s.column_int(0));
    d.chain_id = s.column_int(1);
    d.tx_hash = s.column_text(2);
    d.base_points = s.column_int(3);
    d.multiplier = s.column_int(4);
    d.points = s.column_int(5);
    d.in_bridge = s.column_int(6) != 0;
    d.created_at = s.column_int(7);
    return d;
}

constexpr const char* kCheckInColumns =
    "day, chain_id, tx_hash, base_points, multiplier, points, in_bridge, created_at";

std::optional<CheckInDay> checkin_of_day(Connection& c, const std::string& user, int day) {
    auto& s = c.prepared(std::string("SELECT ") + kCheckInColumns +
                         " FROM checkins WHERE user_address = ? AND day = ?");
    s.bind(1, user).bind(2, static_cast<std::int64_t>(day));
    std::optional<CheckInDay> out;
    if (s.step()) out = read_checkin(s);
    s.reset();
    return out;
}

// Inserts a ledger row unless its source exists; true when inserted.
bool insert_credit(Connection& c, const Credit& credit, std::int64_t now) {
    if (credit.points <= 0) return false;
    c.prepared(
         "INSERT INTO points_ledger (user_address, kind, points, source, created_at) "
         "VALUES (?, ?, ?, ?, ?) ON CONFLICT (source) DO NOTHING")
        .bind(1, credit.user)
        .bind(2, credit.kind)
        .bind(3, credit.points)
        .bind(4, credit.source)
        .bind(5, now)
        .step();
    return c.changes() > 0;
}

std::int64_t sum_with_prefix(Connection& c, const std::string& user, const std::string& prefix) {
    auto& s = c.prepared(
        "SELECT COALESCE(SUM(points), 0) FROM points_ledger WHERE user_address = ? AND "
        "substr(source, 1, ?) = ?");
    s.bind(1, user).bind(2, static_cast<std::int64_t>(prefix.size())).bind(3, prefix);
    s.step();
    auto sum = s.column_int(0);
    s.reset();
    return sum;
}

bool bridged_on(Connection& c, const std::string& user, int day) {
    auto& s = c.prepared("SELECT 1 FROM reward_bridges WHERE user_address = ? AND day = ? LIMIT 1");
    s.bind(1, user).bind(2, static_cast<std::int64_t>(day));
    bool yes = s.step();
    s.reset();
    return yes;
}

std::vector<UserBridge> user_bridges(Connection& c, const std::string& user) {
    auto& s = c.prepared(
        "SELECT src_chain_id, dst_chain_id, completed_at, points FROM reward_bridges "
        "WHERE user_address = ? ORDER BY completed_seq");
    s.bind(1, user);
    std::vector<UserBridge> out;
    while (s.step()) {
        out.push_back({s.column_int(0), s.column_int(1), s.column_int(2), s.column_int(3)});
    }
    return out;
}

std::optional<std::string> referrer_in(Connection& c, const std::string& user) {
    auto& s = c.prepared("SELECT referrer FROM referrals WHERE referee = ?");
    s.bind(1, user);
    std::optional<std::string> out;
    if (s.step()) out = s.column_text(0);
    s.reset();
    return out;
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

// Ends `client`'s oldest sessions until it keeps at most `keep`: anyone can make wallets and sign
// in, so the sessions one client starts are rows it could otherwise add without end.
void end_oldest_sessions(Connection& c, const std::string& client, int keep) {
    auto& count = c.prepared("SELECT COUNT(*) FROM auth_sessions WHERE client_ip = ?");
    count.bind(1, client);
    auto held = count.step() ? count.column_int(0) : 0;
    count.reset();
    if (held <= keep) return;
    c.prepared(
         "DELETE FROM auth_sessions WHERE token_hash IN (SELECT token_hash FROM auth_sessions "
         "WHERE client_ip = ? ORDER BY created_at, token_hash LIMIT ?)")
        .bind(1, client)
        .bind(2, held - keep)
        .step();
}

class SqlRewards final : public RewardsStore {
  public:
    explicit SqlRewards(SqlStore& db) : db_(db) {}

    Task<bool> add_nonce(std::string nonce, std::int64_t now, std::int64_t expires_at,
                         std::string client, int max_live) override {
        auto f = [nonce = std::move(nonce), now, expires_at, client = std::move(client),
                  max_live](Connection& c) {
            Transaction tx(c);
            // Expired nonces are of no use to anyone: none outlives its ten minutes by much.
            c.prepared("DELETE FROM auth_nonces WHERE expires_at <= ?").bind(1, now).step();
            if (max_live > 0) {
                auto& live = c.prepared(
                    "SELECT COUNT(*) FROM auth_nonces WHERE client_ip = ? AND used = 0 AND "
                    "expires_at > ?");
                live.bind(1, client).bind(2, now);
                auto held = live.step() ? live.column_int(0) : 0;
                live.reset();
                if (held >= max_live) return false;
            }
            c.prepared("INSERT INTO auth_nonces (nonce, expires_at, client_ip) VALUES (?, ?, ?)")
                .bind(1, nonce)
                .bind(2, expires_at)
                .bind(3, client)
                .step();
            tx.commit();
            return true;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> take_nonce(std::string nonce, std::int64_t now) override {
        auto f = [nonce = std::move(nonce), now](Connection& c) {
            c.prepared(
                 "UPDATE auth_nonces SET used = 1 WHERE nonce = ? AND used = 0 AND expires_at > ?")
                .bind(1, nonce)
                .bind(2, now)
                .step();
            return c.changes() > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> add_session(std::string token_hash, std::string address, std::int64_t now,
                           std::int64_t expires_at, std::string client,
                           int max_per_client) override {
        auto f = [token_hash = std::move(token_hash), address = std::move(address), now, expires_at,
                  client = std::move(client), max_per_client](Connection& c) {
            Transaction tx(c);
            c.prepared("DELETE FROM auth_sessions WHERE expires_at < ?").bind(1, now).step();
            if (max_per_client > 0) end_oldest_sessions(c, client, max_per_client - 1);
            c.prepared(
                 "INSERT INTO auth_sessions (token_hash, address, created_at, expires_at, "
                 "client_ip) VALUES (?, ?, ?, ?, ?)")
                .bind(1, token_hash)
                .bind(2, address)
                .bind(3, now)
                .bind(4, expires_at)
                .bind(5, client)
                .step();
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::optional<std::string>> session_address(std::string token_hash,
                                                     std::int64_t now) override {
        auto f = [token_hash = std::move(token_hash), now](Connection& c) {
            auto& s = c.prepared(
                "SELECT address FROM auth_sessions WHERE token_hash = ? AND expires_at > ?");
            s.bind(1, token_hash).bind(2, now);
            std::optional<std::string> out;
            if (s.step()) out = s.column_text(0);
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> delete_session(std::string token_hash) override {
        auto f = [token_hash = std::move(token_hash)](Connection& c) {
            c.prepared("DELETE FROM auth_sessions WHERE token_hash = ?").bind(1, token_hash).step();
        };
        co_await db_.run(std::move(f));
    }

    Task<CheckInOutcome> record_checkin(CheckInRequest r, CheckInPlanner planner) override {
        auto f = [r = std::move(r), planner = std::move(planner)](Connection& c) {
            Transaction tx(c);
            CheckInOutcome out;
            {
                auto& s = c.prepared(std::string("SELECT ") + kCheckInColumns +
                                     " FROM checkins WHERE tx_hash = ?");
                s.bind(1, r.tx_hash);
                if (s.step()) {
                    out.status = CheckInOutcome::Status::duplicate_tx;
                    out.day = read_checkin(s);
                    s.reset();
                    return out;
                }
                s.reset();
            }
            if (auto existing = checkin_of_day(c, r.user, r.day)) {
                out.status = CheckInOutcome::Status::already_checked_in;
                out.day = *existing;
                return out;
            }
            std::vector<int> week;
            {
                auto& s = c.prepared(
                    "SELECT day FROM checkins WHERE user_address = ? AND day < ? ORDER BY day "
                    "DESC LIMIT 7");
                s.bind(1, r.user).bind(2, static_cast<std::int64_t>(r.day));
                while (s.step()) week.push_back(static_cast<int>(s.column_int(0)));
            }
            const bool bridged = bridged_on(c, r.user, r.day);
            auto plan = planner(r.day, week, bridged);
            out.day = CheckInDay{r.day,           r.chain_id,
                                 r.tx_hash,       plan.base_points,
                                 plan.multiplier, plan.base_points * plan.multiplier,
                                 bridged,         r.now};
            c.prepared(
                 "INSERT INTO checkins (user_address, day, chain_id, tx_hash, base_points, "
                 "multiplier, points, in_bridge, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .bind(1, r.user)
                .bind(2, static_cast<std::int64_t>(r.day))
                .bind(3, r.chain_id)
                .bind(4, r.tx_hash)
                .bind(5, plan.base_points)
                .bind(6, plan.multiplier)
                .bind(7, out.day.points)
                .bind(8, static_cast<std::int64_t>(bridged ? 1 : 0))
                .bind(9, r.now)
                .step();
            insert_credit(c,
                          {r.user, "check_in", out.day.points,
                           "checkin:" + r.user + ":" + std::to_string(r.day)},
                          r.now);
            tx.commit();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> record_deployment(Deployment d) override {
        auto f = [d = std::move(d)](Connection& c) {
            c.prepared(
                 "INSERT INTO deployments (user_address, chain_id, tx_hash, contract_address, "
                 "template, block_number, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) "
                 "ON CONFLICT (chain_id, tx_hash) DO NOTHING")
                .bind(1, d.user)
                .bind(2, d.chain_id)
                .bind(3, d.tx_hash)
                .bind(4, d.contract_address)
                .bind(5, d.template_id)
                .bind(6, d.block_number)
                .bind(7, d.created_at)
                .step();
            return c.changes() > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<Deployment>> deployments_of(std::string user, int limit) override {
        auto f = [user = std::move(user), limit](Connection& c) {
            auto& s = c.prepared(
                "SELECT user_address, chain_id, tx_hash, contract_address, template, block_number, "
                "created_at FROM deployments WHERE user_address = ? ORDER BY id DESC LIMIT ?");
            s.bind(1, user).bind(2, static_cast<std::int64_t>(limit));
            std::vector<Deployment> out;
            while (s.step()) {
                out.push_back({s.column_text(0), s.column_int(1), s.column_text(2),
                               s.column_text(3), s.column_text(4), s.column_int(5),
                               s.column_int(6)});
            }
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<CheckInDay>> checkins(std::string user, int from_day, int to_day) override {
        auto f = [user = std::move(user), from_day, to_day](Connection& c) {
            auto& s = c.prepared(std::string("SELECT ") + kCheckInColumns +
                                 " FROM checkins WHERE user_address = ? AND day >= ? AND day <= ? "
                                 "ORDER BY day");
            s.bind(1, user)
                .bind(2, static_cast<std::int64_t>(from_day))
                .bind(3, static_cast<std::int64_t>(to_day));
            std::vector<CheckInDay> out;
            while (s.step()) out.push_back(read_checkin(s));
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::optional<std::string>> bind_referrer(std::string referee, std::string referrer,
                                                   ReferralRule rule, std::int64_t now) override {
        auto f = [referee = std::move(referee), referrer = std::move(referrer),
                  rule = std::move(rule), now](Connection& c) -> std::optional<std::string> {
            Transaction tx(c);
            auto current = referrer_in(c, referee);
            auto& count = c.prepared("SELECT COUNT(*) FROM reward_bridges WHERE user_address = ?");
            count.bind(1, referee);
            count.step();
            auto bridges = count.column_int(0);
            count.reset();
            if (auto refusal = rule(bridges, current, upline_in(c, referrer))) return refusal;
            c.prepared(
                 "INSERT INTO referrals (referee, referrer, created_at, updated_at) VALUES (?, ?, "
                 "?, ?) ON CONFLICT (referee) DO UPDATE SET referrer = excluded.referrer, "
                 "updated_at = excluded.updated_at")
                .bind(1, referee)
                .bind(2, referrer)
                .bind(3, now)
                .bind(4, now)
                .step();
            tx.commit();
            return std::nullopt;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::optional<std::string>> referrer_of(std::string user) override {
        auto f = [user = std::move(user)](Connection& c) { return referrer_in(c, user); };
        co_return co_await db_.run(std::move(f));
    }

    Task<ReferInfo> refer_info(std::string user) override {
        auto f = [user = std::move(user)](Connection& c) {
            ReferInfo info;
            auto& s = c.prepared(
                "SELECT COUNT(*), (SELECT COUNT(*) FROM reward_bridges b JOIN referrals r ON "
                "b.user_address = r.referee WHERE r.referrer = ?1) FROM referrals WHERE referrer "
                "= ?1");
            s.bind(1, user);
            if (s.step()) {
                info.total_referees = s.column_int(0);
                info.referee_bridges = s.column_int(1);
            }
            s.reset();
            return info;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<Referee>> referees_of(std::string user, int limit) override {
        auto f = [user = std::move(user), limit](Connection& c) {
            // A referee's points for the user are the user's 'refer:<order>' credits of the
            // referee's completed bridges.
            auto& s = c.prepared(
                "SELECT r.referee, r.created_at, (SELECT COUNT(*) FROM reward_bridges b WHERE "
                "b.user_address = r.referee), (SELECT COALESCE(SUM(l.points), 0) FROM "
                "reward_bridges b JOIN points_ledger l ON l.source = 'refer:' || b.order_key "
                "WHERE b.user_address = r.referee AND l.user_address = r.referrer) FROM referrals "
                "r WHERE r.referrer = ? ORDER BY r.created_at DESC, r.referee LIMIT ?");
            s.bind(1, user);
            s.bind(2, static_cast<std::int64_t>(limit));
            std::vector<Referee> out;
            while (s.step())
                out.push_back(
                    {s.column_text(0), s.column_int(2), s.column_int(3), s.column_int(1)});
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> credit(Credit credit, std::int64_t now) override {
        auto f = [credit = std::move(credit), now](Connection& c) {
            return insert_credit(c, credit, now);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::int64_t> credit_up_to(std::string user, std::string kind, std::string prefix,
                                    std::int64_t total, std::int64_t now) override {
        auto f = [=, user = std::move(user), kind = std::move(kind),
                  prefix = std::move(prefix)](Connection& c) {
            Transaction tx(c);
            auto credited = sum_with_prefix(c, user, prefix);
            if (total > credited) {
                insert_credit(c, {user, kind, total - credited, prefix + std::to_string(total)},
                              now);
                credited = total;
            }
            tx.commit();
            return credited;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<PointsTotal>> points_leaderboard(std::int64_t from, std::int64_t to,
                                                      int limit) override {
        auto f = [from, to, limit](Connection& c) {
            auto& s = c.prepared(
                "SELECT user_address, SUM(points) AS total FROM points_ledger "
                "WHERE created_at BETWEEN ? AND ? GROUP BY user_address "
                "ORDER BY total DESC, user_address LIMIT ?");
            s.bind(1, from).bind(2, to).bind(3, static_cast<std::int64_t>(limit));
            std::vector<PointsTotal> out;
            while (s.step()) out.push_back({s.column_text(0), s.column_int(1)});
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> has_credit(std::string source) override {
        auto f = [source = std::move(source)](Connection& c) {
            auto& s = c.prepared("SELECT 1 FROM points_ledger WHERE source = ?");
            s.bind(1, source);
            bool yes = s.step();
            s.reset();
            return yes;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::string> bind_social_account(std::string platform, std::string account,
                                          std::string wallet, std::int64_t now) override {
        auto f = [platform = std::move(platform), account = std::move(account),
                  wallet = std::move(wallet), now](Connection& c) {
            Transaction tx(c);
            c.prepared(
                 "INSERT INTO social_accounts (platform, account, wallet, created_at) VALUES (?, "
                 "?, "
                 "?, ?) ON CONFLICT (platform, account) DO NOTHING")
                .bind(1, platform)
                .bind(2, account)
                .bind(3, wallet)
                .bind(4, now)
                .step();
            auto& s =
                c.prepared("SELECT wallet FROM social_accounts WHERE platform = ? AND account = ?");
            s.bind(1, platform);
            s.bind(2, account);
            std::string bound = s.step() ? s.column_text(0) : wallet;
            s.reset();
            tx.commit();
            return bound;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::int64_t> points_with_prefix(std::string user, std::string prefix) override {
        auto f = [user = std::move(user), prefix = std::move(prefix)](Connection& c) {
            return sum_with_prefix(c, user, prefix);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<UserBridge>> bridges_of(std::string user) override {
        auto f = [user = std::move(user)](Connection& c) { return user_bridges(c, user); };
        co_return co_await db_.run(std::move(f));
    }

    Task<ConsumeResult> consume_completed_orders(OrderPlanner planner, int limit,
                                                 std::int64_t now) override {
        auto f = [planner = std::move(planner), limit, now](Connection& c) {
            ConsumeResult result;
            auto read_cursor = [&] {
                auto& s = c.prepared("SELECT position FROM reward_cursors WHERE name = ?");
                s.bind(1, kBridgeCursor);
                if (s.step()) result.cursor = s.column_int(0);
                s.reset();
            };
            // A read first: most passes find nothing and need not take the write lock.
            read_cursor();
            {
                auto& s = c.prepared(
                    "SELECT 1 FROM bridge_orders WHERE completed_seq > ? AND state = 'completed' "
                    "LIMIT 1");
                s.bind(1, result.cursor);
                bool any = s.step();
                s.reset();
                if (!any) return result;
            }
            Transaction tx(c);
            read_cursor();  // again, under the write lock
            std::vector<CompletedOrder> orders;
            std::vector<int> days;  // UTC yyyymmdd of each completion
            {
                auto& s = c.prepared(
                    "SELECT completed_seq, order_key, src_chain_id, dst_chain_id, sender, token, "
                    "CASE WHEN updated_at > 0 THEN updated_at ELSE ? END FROM bridge_orders "
                    "WHERE completed_seq > ? AND state = 'completed' ORDER BY completed_seq "
                    "LIMIT ?");
                s.bind(1, now).bind(2, result.cursor).bind(3, static_cast<std::int64_t>(limit));
                while (s.step()) {
                    orders.push_back({s.column_int(0), s.column_text(1), s.column_int(2),
                                      s.column_int(3), s.column_text(4), s.column_text(5),
                                      s.column_int(6)});
                    days.push_back(utc_yyyymmdd(s.column_int(6)));
                }
            }
            for (std::size_t i = 0; i < orders.size(); ++i) {
                const auto& order = orders[i];
                OrderContext ctx;
                ctx.order = order;
                ctx.day = days[i];
                ctx.earlier_bridges = user_bridges(c, order.sender);
                ctx.referrer = referrer_in(c, order.sender);
                ctx.checkin_that_day = checkin_of_day(c, order.sender, ctx.day);
                auto plan = planner(ctx);
                c.prepared(
                     "INSERT INTO reward_bridges (order_key, user_address, src_chain_id, "
                     "dst_chain_id, token, day, completed_at, points, completed_seq) VALUES (?, ?, "
                     "?, ?, ?, ?, ?, ?, ?) ON CONFLICT (order_key) DO NOTHING")
                    .bind(1, order.order_key)
                    .bind(2, order.sender)
                    .bind(3, order.src_chain)
                    .bind(4, order.dst_chain)
                    .bind(5, order.token)
                    .bind(6, static_cast<std::int64_t>(ctx.day))
                    .bind(7, ctx.order.completed_at)
                    .bind(8, plan.cross_points)
                    .bind(9, order.seq)
                    .step();
                for (const auto& credit : plan.credits) {
                    if (insert_credit(c, credit, now)) ++result.credits;
                }
                if (ctx.checkin_that_day && !ctx.checkin_that_day->in_bridge) {
                    c.prepared(
                         "UPDATE checkins SET in_bridge = 1, points = points + ? WHERE "
                         "user_address = ? AND day = ?")
                        .bind(1, plan.checkin_topup)
                        .bind(2, order.sender)
                        .bind(3, static_cast<std::int64_t>(ctx.day))
                        .step();
                }
                result.cursor = order.seq;
                ++result.orders;
            }
            if (!orders.empty()) {
                c.prepared(
                     "INSERT INTO reward_cursors (name, position, updated_at) VALUES (?, ?, ?) "
                     "ON CONFLICT (name) DO UPDATE SET position = excluded.position, updated_at = "
                     "excluded.updated_at")
                    .bind(1, kBridgeCursor)
                    .bind(2, result.cursor)
                    .bind(3, now)
                    .step();
            }
            tx.commit();
            return result;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::string>> airdrop_values(std::string campaign,
                                                  std::vector<std::string> addresses) override {
        auto f = [campaign = std::move(campaign), addresses = std::move(addresses)](Connection& c) {
            std::vector<std::string> out;
            for (const auto& a : addresses) {
                auto& s = c.prepared(
                    "SELECT value FROM airdrop_allocations WHERE campaign = ? AND address = ?");
                s.bind(1, campaign).bind(2, a);
                out.push_back(s.step() ? s.column_text(0) : "0");
                s.reset();
            }
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::int64_t> import_airdrop(
        std::string campaign, std::vector<std::pair<std::string, std::string>> rows) override {
        auto f = [campaign = std::move(campaign), rows = std::move(rows)](Connection& c) {
            Transaction tx(c);
            c.prepared("DELETE FROM airdrop_allocations WHERE campaign = ?")
                .bind(1, campaign)
                .step();
            for (const auto& [address, value] : rows) {
                c.prepared(
                     "INSERT INTO airdrop_allocations (campaign, address, value) VALUES (?, ?, ?) "
                     "ON CONFLICT (campaign, address) DO UPDATE SET value = excluded.value")
                    .bind(1, campaign)
                    .bind(2, address)
                    .bind(3, value)
                    .step();
            }
            tx.commit();
            return static_cast<std::int64_t>(rows.size());
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<ConfigOverride>> config_overrides() override {
        auto f = [](Connection& c) {
            auto& s = c.prepared("SELECT kind, id, body FROM reward_config ORDER BY kind, id");
            std::vector<ConfigOverride> out;
            while (s.step()) out.push_back({s.column_text(0), s.column_int(1), s.column_text(2)});
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> save_config_override(ConfigOverride e, std::int64_t now) override {
        auto f = [e = std::move(e), now](Connection& c) {
            c.prepared(
                 "INSERT INTO reward_config (kind, id, body, updated_at) VALUES (?, ?, ?, ?) ON "
                 "CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_at = "
                 "excluded.updated_at")
                .bind(1, e.kind)
                .bind(2, e.id)
                .bind(3, e.body)
                .bind(4, now)
                .step();
        };
        co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<RewardsStore> open_rewards_store(Store& store) {
    return open_sql_table<SqlRewards>(store, "rewards");
}

}  // namespace perch::store
