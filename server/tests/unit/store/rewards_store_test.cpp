// The rewards store on the database under test (SQLite or PostgreSQL), driven with the real rules:
// the bridge consumer (points, boosts, referral share, campaign tiers, check-in top-up, cursor,
// replay), check-ins, referral binding, nonces and sessions.
#include "store/rewards_store.hpp"

#include <gtest/gtest.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/use_future.hpp>
#include <boost/json.hpp>
#include <map>

#include "rewards/campaigns.hpp"
#include "rewards/planner.hpp"
#include "rewards/rules.hpp"
#include "run_task.hpp"
#include "store/sql/sql_store.hpp"
#include "test_database.hpp"

using namespace perch;
using namespace perch::store;
using perch::testing::TestDatabase;

using perch::testing::run;

namespace {

const std::string kAlice = "0x00000000000000000000000000000000000a11ce";
const std::string kBob = "0x0000000000000000000000000000000000000b0b";
const std::string kCarol = "0x00000000000000000000000000000000000ca201";

// 2026-11-23 10:00 UTC, a Monday (not a special day).
constexpr std::int64_t kMonday = 1763892000 + 365 * 86400;

struct Fixture {
    TestDatabase db;
    SqlStore sqlite{db.url()};
    std::unique_ptr<RewardsStore> rewards = open_rewards_store(sqlite);
    std::vector<rewards::Campaign> campaigns;
    std::map<std::string, double> usd{{"ETH", 3000.0}, {"USDC", 1.0}};

    // An order of `amount` raw units; by default worth the reference value (100 USD at the
    // fixture's prices: 0.033334 ETH, 100 USDC), which earns the route's base points.
    void add_order(std::int64_t seq, const std::string& sender, const std::string& token,
                   std::int64_t src, std::int64_t dst, std::int64_t completed_at,
                   std::string amount = "") {
        const int decimals = token == "ETH" ? 18 : 6;
        if (amount.empty()) amount = token == "ETH" ? "33334000000000000" : "100000000";
        auto key = std::to_string(src) + ":0x" + std::string(63, 'a') + std::to_string(seq % 10) +
                   ":" + std::to_string(seq);
        auto insert = [=](Connection& c) {
            c.prepared(
                 "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
                 "block_number, block_hash, sender, token_address, token, amount, decimals, "
                 "dst_chain_id, recipient, confirmations, state, completed_seq, created_at, "
                 "updated_at) VALUES (?, ?, ?, ?, 1, '0x01', ?, '0x0', ?, ?, ?, ?, ?, 1, "
                 "'completed', ?, ?, ?)")
                .bind(1, key)
                .bind(2, src)
                .bind(3, "0xtx" + std::to_string(seq))
                .bind(4, seq)
                .bind(5, sender)
                .bind(6, token)
                .bind(7, amount)
                .bind(8, static_cast<std::int64_t>(decimals))
                .bind(9, dst)
                .bind(10, sender)
                .bind(11, seq)
                .bind(12, completed_at)
                .bind(13, completed_at)
                .step();
        };
        run(sqlite.run(std::move(insert)));
    }

    ConsumeResult consume(std::int64_t now = kMonday) {
        auto snapshot = campaigns;
        OrderPlanner planner = [snapshot, usd = usd](const OrderContext& ctx) {
            auto cents =
                rewards::value_cents(ctx.order.amount, static_cast<unsigned>(ctx.order.decimals),
                                     usd.at(ctx.order.token));
            return rewards::plan_order(ctx, {cents, {}}, snapshot);
        };
        return run(rewards->consume_completed_orders(std::move(planner), 100, now));
    }

    PointTotals totals(const std::string& user) { return run(sqlite.point_totals(user)); }

    CheckInOutcome check_in(const std::string& user, int day, const std::string& tx) {
        CheckInRequest r{user, day, 1868, tx, kMonday};
        CheckInPlanner planner = rewards::plan_checkin;
        return run(rewards->record_checkin(std::move(r), std::move(planner)));
    }

    std::int64_t ledger_rows() {
        auto count = [](Connection& c) {
            auto& s = c.prepared("SELECT COUNT(*) FROM points_ledger");
            s.step();
            return s.column_int(0);
        };
        return run(sqlite.run(std::move(count)));
    }
};

std::optional<std::string> bind(Fixture& f, const std::string& referee,
                                const std::string& referrer) {
    RewardsStore::ReferralRule rule = [=](std::int64_t bridges, std::optional<std::string> cur,
                                          const std::vector<std::string>& upline) {
        return rewards::referral_refusal(referee, referrer, bridges, std::move(cur), upline);
    };
    return run(f.rewards->bind_referrer(referee, referrer, std::move(rule), kMonday));
}

}  // namespace

TEST(SqlRewards, ReferralLoopsAreRefusedFromTheStoredUpline) {
    Fixture f;
    ASSERT_FALSE(bind(f, kBob, kAlice));  // Alice referred Bob
    EXPECT_EQ(bind(f, kAlice, kBob), "two wallets cannot refer each other");
    ASSERT_FALSE(bind(f, kCarol, kBob));  // Bob referred Carol: Alice <- Bob <- Carol
    EXPECT_EQ(bind(f, kAlice, kCarol), "this referral would close a loop of referrals");
    EXPECT_FALSE(run(f.rewards->referrer_of(kAlice)));  // nothing stored for the refused ones
}

TEST(SqlRewards, ConsumerCreditsBridgesBoostsAndReferralOnce) {
    Fixture f;
    ASSERT_FALSE(bind(f, kAlice, kBob));
    f.add_order(1, kAlice, "ETH", 8453, 1, kMonday - 100);      // 300
    f.add_order(2, kAlice, "USDC", 8453, 42161, kMonday - 90);  // 100
    f.add_order(3, kAlice, "ETH", 1, 8453, kMonday - 80);       // 150 × 1.1 = 165
    f.add_order(4, kCarol, "ETH", 1, 8453, kMonday - 70);       // 150, no referrer
    auto r = f.consume();
    EXPECT_EQ(r.orders, 4);
    EXPECT_EQ(r.cursor, 4);
    EXPECT_EQ(r.credits, 7);  // 4 cross + 3 refer
    auto alice = f.totals(kAlice);
    EXPECT_EQ(alice.cross, 300 + 100 + 165);
    EXPECT_EQ(alice.bridge_credits, 3);
    EXPECT_EQ(f.totals(kBob).refer, 30 + 10 + 16);
    EXPECT_EQ(f.totals(kCarol).cross, 150);
    auto info = run(f.rewards->refer_info(kBob));
    EXPECT_EQ(info.total_referees, 1);
    EXPECT_EQ(info.referee_bridges, 3);
    // The invite page's list: Alice, her 3 bridges, the 56 points she brought Bob.
    auto referees = run(f.rewards->referees_of(kBob, 10));
    ASSERT_EQ(referees.size(), 1u);
    EXPECT_EQ(referees[0].address, kAlice);
    EXPECT_EQ(referees[0].bridges, 3);
    EXPECT_EQ(referees[0].points, 30 + 10 + 16);
    EXPECT_EQ(referees[0].bound_at, kMonday);
    EXPECT_TRUE(run(f.rewards->referees_of(kCarol, 10)).empty());

    // Nothing new: nothing read. A replay from the start (cursor lost) credits nothing again.
    EXPECT_EQ(f.consume().orders, 0);
    auto rows = f.ledger_rows();
    auto reset = [](Connection& c) { c.exec("UPDATE reward_cursors SET position = 0"); };
    run(f.sqlite.run(std::move(reset)));
    auto replay = f.consume();
    EXPECT_EQ(replay.orders, 4);
    EXPECT_EQ(replay.credits, 0);
    EXPECT_EQ(f.ledger_rows(), rows);
    EXPECT_EQ(f.totals(kAlice).cross, 565);

    // The referrer is fixed after the first bridge; before it, it may change.
    EXPECT_EQ(bind(f, kAlice, kCarol), "the referrer cannot change after the first bridge");
    EXPECT_EQ(bind(f, kCarol, kCarol), "a wallet cannot refer itself");
    const std::string dave = "0x000000000000000000000000000000000000da7e";
    EXPECT_FALSE(bind(f, dave, kBob));
    EXPECT_FALSE(bind(f, dave, kCarol));
    EXPECT_EQ(run(f.rewards->referrer_of(dave)), kCarol);
}

// A bridge's points follow its value, which is kept with them: a replay after the price moved
// credits nothing new, and the bridges read back carry the value and whether they boosted.
TEST(SqlRewards, PointsFollowTheValueKeptWithThem) {
    Fixture f;
    f.add_order(1, kAlice, "ETH", 8453, 42161, kMonday - 100, "1000000000000000");    // 0.001 ETH
    f.add_order(2, kAlice, "ETH", 8453, 42161, kMonday - 90, "2000000000000000000");  // 2 ETH
    EXPECT_EQ(f.consume().orders, 2);
    // 3 USD: floor(150 × 3 / 100); 6,000 USD: 60 × the reference's 150.
    EXPECT_EQ(f.totals(kAlice).cross, 4 + 9000);
    auto bridges = run(f.rewards->bridges_of(kAlice));
    ASSERT_EQ(bridges.size(), 2u);
    EXPECT_EQ(bridges[0].points, 4);
    EXPECT_EQ(bridges[0].value_cents, 300);
    EXPECT_FALSE(bridges[0].boosts);
    EXPECT_EQ(bridges[1].value_cents, 600000);
    EXPECT_TRUE(bridges[1].boosts);

    f.usd["ETH"] = 6000.0;  // the price doubles; the cursor is lost
    auto reset = [](Connection& c) { c.exec("UPDATE reward_cursors SET position = 0"); };
    run(f.sqlite.run(std::move(reset)));
    EXPECT_EQ(f.consume().credits, 0);
    EXPECT_EQ(f.totals(kAlice).cross, 4 + 9000);
    EXPECT_EQ(run(f.rewards->bridges_of(kAlice))[1].value_cents, 600000);
}

TEST(SqlRewards, OrdersNotCompletedOrWithoutSequenceWait) {
    Fixture f;
    auto insert = [](Connection& c) {
        c.exec(
            "INSERT INTO bridge_orders (order_key, src_chain_id, src_tx_hash, log_index, "
            "block_number, block_hash, sender, token_address, token, amount, dst_chain_id, "
            "recipient, confirmations, state, created_at, updated_at) VALUES ('8453:0xq:0', 8453, "
            "'0xq', 0, 1, '0x1', '0xabc', '0x0', 'ETH', '1', 1, '0xabc', 1, 'paying', 1, 1)");
    };
    run(f.sqlite.run(std::move(insert)));
    EXPECT_EQ(f.consume().orders, 0);
}

TEST(SqlRewards, CheckInCreditsOnceAndBridgeTopsItUp) {
    Fixture f;
    const int monday = rewards::utc_date(kMonday);
    auto first = f.check_in(kAlice, monday, "0x01");
    EXPECT_EQ(first.status, CheckInOutcome::Status::credited);
    EXPECT_EQ(first.day.points, 2);
    EXPECT_EQ(f.check_in(kAlice, monday, "0x01").status, CheckInOutcome::Status::duplicate_tx);
    EXPECT_EQ(f.check_in(kAlice, monday, "0x02").status,
              CheckInOutcome::Status::already_checked_in);
    EXPECT_EQ(f.totals(kAlice).check_in, 2);

    // A bridge completed later that day tops the check-in up to 10, once.
    f.add_order(1, kAlice, "USDC", 8453, 42161, kMonday + 60);
    f.consume();
    EXPECT_EQ(f.totals(kAlice).check_in, 10);
    auto days = run(f.rewards->checkins(kAlice, monday, monday));
    ASSERT_EQ(days.size(), 1u);
    EXPECT_EQ(days[0].points, 10);
    EXPECT_TRUE(days[0].in_bridge);
    f.add_order(2, kAlice, "USDC", 8453, 42161, kMonday + 120);
    f.consume();
    EXPECT_EQ(f.totals(kAlice).check_in, 10);

    // Bridge first, then check in the same day: 10 at once. Tuesday after Monday: no streak
    // bonus yet (1 day), Tuesday is not special.
    f.add_order(3, kBob, "ETH", 1, 8453, kMonday + 86400);
    f.consume(kMonday + 86400);
    auto tuesday = f.check_in(kBob, rewards::add_days(monday, 1), "0x03");
    EXPECT_EQ(tuesday.day.points, 10);
    EXPECT_TRUE(tuesday.day.in_bridge);
}

TEST(SqlRewards, SpecialDayDoublesAndStreakCounts) {
    Fixture f;
    const int monday = rewards::utc_date(kMonday);
    EXPECT_EQ(f.check_in(kAlice, monday, "0xa1").day.points, 2);
    EXPECT_EQ(f.check_in(kAlice, rewards::add_days(monday, 1), "0xa2").day.points, 2);
    auto wed = f.check_in(kAlice, rewards::add_days(monday, 2), "0xa3");  // Wednesday
    EXPECT_EQ(wed.day.multiplier, 2);
    EXPECT_EQ(wed.day.points, 4);
    // Tue + Wed were checked but so was Mon: streak 3 → Thursday plain.
    EXPECT_EQ(f.check_in(kAlice, rewards::add_days(monday, 3), "0xa4").day.points, 2);
    // Later bridge on the special Wednesday would add (10 - 2) × 2.
    EXPECT_EQ(rewards::checkin_topup(wed.day.base_points, wed.day.multiplier), 16);
}

TEST(SqlRewards, CampaignTiersCreditedWhenReached) {
    Fixture f;
    auto parsed = rewards::parse_campaign(boost::json::parse(R"({"id": 2, "name": "Base",
        "start_time": 0, "end_time": 0, "tasks": [
        {"points": 10, "conditions": {"transfer_count": 1, "to_chain": 8453}},
        {"points": 30, "conditions": {"transfer_count": 2, "to_chain": 8453}}]})")
                                              .as_object());
    ASSERT_TRUE(parsed);
    f.campaigns.push_back(*parsed.value);
    f.add_order(1, kAlice, "ETH", 1, 8453, kMonday);
    f.consume();
    EXPECT_EQ(f.totals(kAlice).campaign, 10);
    f.add_order(2, kAlice, "ETH", 1, 42161, kMonday);  // does not match
    f.consume();
    EXPECT_EQ(f.totals(kAlice).campaign, 10);
    f.add_order(3, kAlice, "ETH", 1, 8453, kMonday);
    f.consume();
    EXPECT_EQ(f.totals(kAlice).campaign, 40);
    EXPECT_EQ(run(f.rewards->points_with_prefix(kAlice, rewards::campaign_prefix(2))), 40);
    f.add_order(4, kAlice, "ETH", 1, 8453, kMonday);
    f.consume();
    EXPECT_EQ(f.totals(kAlice).campaign, 40);
}

TEST(SqlRewards, NoncesAreSingleUseAndSessionsExpire) {
    Fixture f;
    EXPECT_TRUE(run(f.rewards->add_nonce("abcdefgh12345678", 900, 1000, "1.2.3.4", 0)));
    EXPECT_FALSE(run(f.rewards->take_nonce("abcdefgh12345678", 1000)));  // expired at 1000
    EXPECT_TRUE(run(f.rewards->add_nonce("nonce2nonce2nonce2", 1000, 2000, "1.2.3.4", 0)));
    EXPECT_TRUE(run(f.rewards->take_nonce("nonce2nonce2nonce2", 1500)));
    EXPECT_FALSE(run(f.rewards->take_nonce("nonce2nonce2nonce2", 1500)));
    EXPECT_FALSE(run(f.rewards->take_nonce("unknown-nonce", 1500)));
    run(f.rewards->add_session("hash1", kAlice, 100, 200, "1.2.3.4", 0));
    EXPECT_EQ(run(f.rewards->session_address("hash1", 150)), kAlice);
    EXPECT_FALSE(run(f.rewards->session_address("hash1", 200)));
    run(f.rewards->delete_session("hash1"));
    EXPECT_FALSE(run(f.rewards->session_address("hash1", 150)));
}

TEST(SqlRewards, NoncesAreBoundedPerClientAndExpiredOnesGo) {
    Fixture f;
    EXPECT_TRUE(run(f.rewards->add_nonce("a1a1a1a1a1a1", 100, 700, "1.2.3.4", 2)));
    EXPECT_TRUE(run(f.rewards->add_nonce("a2a2a2a2a2a2", 100, 700, "1.2.3.4", 2)));
    EXPECT_FALSE(run(f.rewards->add_nonce("a3a3a3a3a3a3", 100, 700, "1.2.3.4", 2)));
    EXPECT_FALSE(run(f.rewards->take_nonce("a3a3a3a3a3a3", 200)));  // never stored
    // Another client has its own bound; a used nonce frees its place.
    EXPECT_TRUE(run(f.rewards->add_nonce("b1b1b1b1b1b1", 100, 700, "5.6.7.8", 2)));
    EXPECT_TRUE(run(f.rewards->take_nonce("a1a1a1a1a1a1", 200)));
    EXPECT_TRUE(run(f.rewards->add_nonce("a4a4a4a4a4a4", 200, 800, "1.2.3.4", 2)));
    EXPECT_FALSE(run(f.rewards->add_nonce("a5a5a5a5a5a5", 200, 800, "1.2.3.4", 2)));
    // Once they expire the client may ask again, and the expired rows are gone.
    EXPECT_TRUE(run(f.rewards->add_nonce("a6a6a6a6a6a6", 700, 1300, "1.2.3.4", 2)));
    EXPECT_FALSE(run(f.rewards->take_nonce("a2a2a2a2a2a2", 100)));  // deleted, not just expired
}

TEST(SqlRewards, AClientKeepsItsNewestSessionsOnly) {
    Fixture f;
    run(f.rewards->add_session("s1", kAlice, 100, 10000, "1.2.3.4", 2));
    run(f.rewards->add_session("s2", kAlice, 101, 10000, "1.2.3.4", 2));
    run(f.rewards->add_session("o1", kAlice, 101, 10000, "5.6.7.8", 2));
    run(f.rewards->add_session("s3", kAlice, 102, 10000, "1.2.3.4", 2));
    EXPECT_FALSE(run(f.rewards->session_address("s1", 200)));  // the oldest ended
    EXPECT_EQ(run(f.rewards->session_address("s2", 200)), kAlice);
    EXPECT_EQ(run(f.rewards->session_address("s3", 200)), kAlice);
    EXPECT_EQ(run(f.rewards->session_address("o1", 200)), kAlice);  // another client's stays
}

TEST(SqlRewards, CreditIsIdempotentBySource) {
    Fixture f;
    Credit c{kAlice, "campaign", 30, "social:29:" + kAlice};
    EXPECT_TRUE(run(f.rewards->credit(c, kMonday)));
    EXPECT_FALSE(run(f.rewards->credit(c, kMonday)));
    EXPECT_TRUE(run(f.rewards->has_credit(c.source)));
    EXPECT_EQ(f.totals(kAlice).campaign, 30);
}
