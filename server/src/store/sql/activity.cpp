// The activity indexer's tables in SQL (both dialects), on the main store's DB threads. Writes
// log what they replace (activity_undo) so rewind() can restore the figures of dropped blocks.
#include <algorithm>
#include <stdexcept>

#include "core/text.hpp"
#include "store/activity_store.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
namespace {

constexpr const char* kAccountColumns =
    "address, tx_count, first_active, last_active, active_days, active_weeks, active_months, "
    "contracts, contracts_deployed, gas_spent";

// Columns in kAccountColumns order, from `first`.
ActivityAccount read_account(const Statement& s, int first = 0) {
    ActivityAccount a;
    a.address = s.column_text(first);
    a.tx_count = s.column_int(first + 1);
    a.first_active = s.column_int(first + 2);
    a.last_active = s.column_int(first + 3);
    a.active_days = s.column_int(first + 4);
    a.active_weeks = s.column_int(first + 5);
    a.active_months = s.column_int(first + 6);
    a.contracts = s.column_int(first + 7);
    a.contracts_deployed = s.column_int(first + 8);
    a.gas_spent = s.column_text(first + 9);
    return a;
}

// The undo log's image of a row: its values '|'-joined (none of them can hold a '|').
std::string image_of(const ActivityAccount& a) {
    return std::to_string(a.tx_count) + "|" + std::to_string(a.first_active) + "|" +
           std::to_string(a.last_active) + "|" + std::to_string(a.active_days) + "|" +
           std::to_string(a.active_weeks) + "|" + std::to_string(a.active_months) + "|" +
           std::to_string(a.contracts) + "|" + std::to_string(a.contracts_deployed) + "|" +
           a.gas_spent;
}

ActivityAccount account_from_image(const std::string& address, const std::string& image) {
    auto f = text::split(image, '|');
    if (f.size() != 9) throw DbError("activity_undo: bad account image '" + image + "'");
    auto num = [&](std::size_t i) { return text::parse_int(f[i]).value_or(0); };
    return {address, num(0), num(1), num(2), num(3), num(4), num(5), num(6), num(7), f[8]};
}

std::optional<ActivityAccount> load_account(Connection& c, std::int64_t chain_id,
                                            const std::string& address) {
    auto& s = c.prepared(std::string("SELECT ") + kAccountColumns +
                         " FROM activity_accounts WHERE chain_id = ? AND address = ?");
    s.bind(1, chain_id).bind(2, address);
    std::optional<ActivityAccount> out;
    if (s.step()) out = read_account(s);
    s.reset();
    return out;
}

std::optional<ActivityToken> load_token(Connection& c, std::int64_t chain_id,
                                        const std::string& address, const std::string& token) {
    auto& s = c.prepared(
        "SELECT sent, received FROM activity_tokens WHERE chain_id = ? AND address = ? AND "
        "token = ?");
    s.bind(1, chain_id).bind(2, address).bind(3, token);
    std::optional<ActivityToken> out;
    if (s.step()) out = ActivityToken{address, token, s.column_text(0), s.column_text(1)};
    s.reset();
    return out;
}

void log_undo(Connection& c, std::int64_t chain_id, std::int64_t block, const char* kind,
              const std::string& address, const std::string& item, const std::string& prev) {
    c.prepared(
         "INSERT INTO activity_undo (chain_id, block_number, kind, address, item, prev) VALUES "
         "(?, ?, ?, ?, ?, ?)")
        .bind(1, chain_id)
        .bind(2, block)
        .bind(3, kind)
        .bind(4, address)
        .bind(5, item)
        .bind(6, prev)
        .step();
}

// Writes the row as it is, distinct counts included (a restore, or a new row's zeros).
void put_account(Connection& c, std::int64_t chain_id, const ActivityAccount& a) {
    c.prepared(
         "INSERT INTO activity_accounts (chain_id, address, tx_count, first_active, last_active, "
         "active_days, active_weeks, active_months, contracts, contracts_deployed, gas_spent) "
         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chain_id, address) DO UPDATE SET "
         "tx_count = excluded.tx_count, first_active = excluded.first_active, last_active = "
         "excluded.last_active, active_days = excluded.active_days, active_weeks = "
         "excluded.active_weeks, active_months = excluded.active_months, contracts = "
         "excluded.contracts, contracts_deployed = excluded.contracts_deployed, gas_spent = "
         "excluded.gas_spent")
        .bind(1, chain_id)
        .bind(2, a.address)
        .bind(3, a.tx_count)
        .bind(4, a.first_active)
        .bind(5, a.last_active)
        .bind(6, a.active_days)
        .bind(7, a.active_weeks)
        .bind(8, a.active_months)
        .bind(9, a.contracts)
        .bind(10, a.contracts_deployed)
        .bind(11, a.gas_spent)
        .step();
}

void put_token(Connection& c, std::int64_t chain_id, const ActivityToken& t) {
    c.prepared(
         "INSERT INTO activity_tokens (chain_id, address, token, sent, received) VALUES (?, ?, "
         "?, ?, ?) ON CONFLICT (chain_id, address, token) DO UPDATE SET sent = excluded.sent, "
         "received = excluded.received")
        .bind(1, chain_id)
        .bind(2, t.address)
        .bind(3, t.token)
        .bind(4, t.sent)
        .bind(5, t.received)
        .step();
}

// An account's new figures; its distinct counts stay the stored ones (the set inserts move them).
void write_account(Connection& c, std::int64_t chain_id, std::int64_t block, ActivityAccount a) {
    auto before = load_account(c, chain_id, a.address);
    log_undo(c, chain_id, block, "account", a.address, "", before ? image_of(*before) : "");
    a.active_days = before ? before->active_days : 0;
    a.active_weeks = before ? before->active_weeks : 0;
    a.active_months = before ? before->active_months : 0;
    a.contracts = before ? before->contracts : 0;
    put_account(c, chain_id, a);
}

void write_token(Connection& c, std::int64_t chain_id, std::int64_t block, const ActivityToken& t) {
    auto before = load_token(c, chain_id, t.address, t.token);
    log_undo(c, chain_id, block, "token", t.address, t.token,
             before ? before->sent + "|" + before->received : "");
    put_token(c, chain_id, t);
}

const char* count_column(char kind) {
    switch (kind) {
        case 'd':
            return "active_days";
        case 'w':
            return "active_weeks";
        case 'm':
            return "active_months";
        default:
            throw DbError(std::string("activity: unknown period kind '") + kind + "'");
    }
}

void bump(Connection& c, std::int64_t chain_id, const std::string& address, const char* column) {
    c.prepared(std::string("UPDATE activity_accounts SET ") + column + " = " + column +
               " + 1 WHERE chain_id = ? AND address = ?")
        .bind(1, chain_id)
        .bind(2, address)
        .step();
}

void add_period(Connection& c, std::int64_t chain_id, std::int64_t block, const ActivityPeriod& p) {
    auto kind = std::string(1, p.kind);
    c.prepared(
         "INSERT INTO activity_periods (chain_id, address, kind, period) VALUES (?, ?, ?, ?) ON "
         "CONFLICT (chain_id, address, kind, period) DO NOTHING")
        .bind(1, chain_id)
        .bind(2, p.address)
        .bind(3, kind)
        .bind(4, p.period)
        .step();
    if (c.changes() == 0) return;
    log_undo(c, chain_id, block, "period", p.address, kind + p.period, "");
    bump(c, chain_id, p.address, count_column(p.kind));
}

void add_contract(Connection& c, std::int64_t chain_id, std::int64_t block,
                  const ActivityContract& k) {
    c.prepared(
         "INSERT INTO activity_contracts (chain_id, address, contract) VALUES (?, ?, ?) ON "
         "CONFLICT (chain_id, address, contract) DO NOTHING")
        .bind(1, chain_id)
        .bind(2, k.address)
        .bind(3, k.contract)
        .step();
    if (c.changes() == 0) return;
    log_undo(c, chain_id, block, "contract", k.address, k.contract, "");
    bump(c, chain_id, k.address, "contracts");
}

void write_block(Connection& c, std::int64_t chain_id, const ActivityBlockWrite& b) {
    c.prepared(
         "INSERT INTO activity_blocks (chain_id, block_number, block_hash) VALUES (?, ?, ?) ON "
         "CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash")
        .bind(1, chain_id)
        .bind(2, b.number)
        .bind(3, b.hash)
        .step();
    // Accounts first: a set row's count goes onto the row the block already wrote.
    for (const auto& a : b.accounts) write_account(c, chain_id, b.number, a);
    for (const auto& t : b.tokens) write_token(c, chain_id, b.number, t);
    for (const auto& p : b.periods) add_period(c, chain_id, b.number, p);
    for (const auto& k : b.contracts) add_contract(c, chain_id, b.number, k);
}

void put_cursor(Connection& c, std::int64_t chain_id, const ActivityCursor& cursor) {
    c.prepared(
         "INSERT INTO activity_cursors (chain_id, next_block, last_hash) VALUES (?, ?, ?) ON "
         "CONFLICT (chain_id) DO UPDATE SET next_block = excluded.next_block, last_hash = "
         "excluded.last_hash")
        .bind(1, chain_id)
        .bind(2, cursor.next_block)
        .bind(3, cursor.last_hash)
        .step();
}

void prune(Connection& c, std::int64_t chain_id, std::int64_t keep_from) {
    c.prepared("DELETE FROM activity_undo WHERE chain_id = ? AND block_number < ?")
        .bind(1, chain_id)
        .bind(2, keep_from)
        .step();
    c.prepared("DELETE FROM activity_blocks WHERE chain_id = ? AND block_number < ?")
        .bind(1, chain_id)
        .bind(2, keep_from)
        .step();
}

struct UndoEntry {
    std::string kind, address, item, prev;
};

void undo(Connection& c, std::int64_t chain_id, const UndoEntry& e) {
    if (e.kind == "account" && e.prev.empty()) {
        c.prepared("DELETE FROM activity_accounts WHERE chain_id = ? AND address = ?")
            .bind(1, chain_id)
            .bind(2, e.address)
            .step();
    } else if (e.kind == "account") {
        put_account(c, chain_id, account_from_image(e.address, e.prev));
    } else if (e.kind == "token" && e.prev.empty()) {
        c.prepared("DELETE FROM activity_tokens WHERE chain_id = ? AND address = ? AND token = ?")
            .bind(1, chain_id)
            .bind(2, e.address)
            .bind(3, e.item)
            .step();
    } else if (e.kind == "token") {
        auto f = text::split(e.prev, '|');
        if (f.size() != 2) throw DbError("activity_undo: bad token image '" + e.prev + "'");
        put_token(c, chain_id, {e.address, e.item, f[0], f[1]});
    } else if (e.kind == "period") {
        c.prepared(
             "DELETE FROM activity_periods WHERE chain_id = ? AND address = ? AND kind = ? AND "
             "period = ?")
            .bind(1, chain_id)
            .bind(2, e.address)
            .bind(3, e.item.substr(0, 1))
            .bind(4, e.item.substr(1))
            .step();
    } else if (e.kind == "contract") {
        c.prepared(
             "DELETE FROM activity_contracts WHERE chain_id = ? AND address = ? AND contract = ?")
            .bind(1, chain_id)
            .bind(2, e.address)
            .bind(3, e.item)
            .step();
    }
}

// The oldest block the undo log still covers (the blocks table keeps the same range).
std::optional<std::int64_t> oldest_kept(Connection& c, std::int64_t chain_id) {
    auto& s = c.prepared("SELECT MIN(block_number) FROM activity_blocks WHERE chain_id = ?");
    s.bind(1, chain_id);
    std::optional<std::int64_t> out;
    if (s.step() && !s.column_is_null(0)) out = s.column_int(0);
    s.reset();
    return out;
}

std::string hash_of_block(Connection& c, std::int64_t chain_id, std::int64_t number) {
    auto& s = c.prepared(
        "SELECT block_hash FROM activity_blocks WHERE chain_id = ? AND block_number = ?");
    s.bind(1, chain_id).bind(2, number);
    std::string out = s.step() ? s.column_text(0) : std::string();
    s.reset();
    return out;
}

std::int64_t rewind_in(Connection& c, std::int64_t chain_id, std::int64_t from_block) {
    auto oldest = oldest_kept(c, chain_id);
    if (oldest && *oldest > from_block) from_block = *oldest;
    std::vector<UndoEntry> entries;
    {
        auto& s = c.prepared(
            "SELECT kind, address, item, prev FROM activity_undo WHERE chain_id = ? AND "
            "block_number >= ? ORDER BY id DESC");
        s.bind(1, chain_id).bind(2, from_block);
        while (s.step())
            entries.push_back(
                {s.column_text(0), s.column_text(1), s.column_text(2), s.column_text(3)});
        s.reset();
    }
    // Newest first, so a row touched by several dropped blocks ends as it was before the first.
    for (const auto& e : entries) undo(c, chain_id, e);
    c.prepared("DELETE FROM activity_undo WHERE chain_id = ? AND block_number >= ?")
        .bind(1, chain_id)
        .bind(2, from_block)
        .step();
    auto last_hash = hash_of_block(c, chain_id, from_block - 1);
    c.prepared("DELETE FROM activity_blocks WHERE chain_id = ? AND block_number >= ?")
        .bind(1, chain_id)
        .bind(2, from_block)
        .step();
    put_cursor(c, chain_id, {from_block, last_hash});
    return from_block;
}

// The SQL of a programme's score over activity_accounts (columns checked against a list).
std::string score_sql(const std::vector<ScoreTerm>& terms, Dialect dialect) {
    static const std::vector<std::string> columns = {"tx_count",     "active_days",
                                                     "active_weeks", "active_months",
                                                     "contracts",    "contracts_deployed"};
    std::string sql;
    for (const auto& t : terms) {
        if (std::find(columns.begin(), columns.end(), t.column) == columns.end())
            throw std::invalid_argument("score: '" + t.column + "' is not an activity column");
        if (t.per < 1) throw std::invalid_argument("score: per must be at least 1");
        auto term =
            "(" + t.column + " / " + std::to_string(t.per) + ") * " + std::to_string(t.points);
        if (t.cap > 0) {
            term = std::string(dialect == Dialect::sqlite ? "MIN(" : "LEAST(") + term + ", " +
                   std::to_string(t.cap) + ")";
        }
        sql += (sql.empty() ? "" : " + ") + term;
    }
    return sql.empty() ? "0" : sql;
}

class SqlActivity final : public ActivityStore {
  public:
    explicit SqlActivity(SqlStore& db) : db_(db) {}

    Task<std::optional<ActivityCursor>> cursor(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            auto& s =
                c.prepared("SELECT next_block, last_hash FROM activity_cursors WHERE chain_id = ?");
            s.bind(1, chain_id);
            std::optional<ActivityCursor> out;
            if (s.step()) out = ActivityCursor{s.column_int(0), s.column_text(1)};
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<ActivityAccount>> accounts(std::int64_t chain_id,
                                                std::vector<std::string> addresses) override {
        auto f = [chain_id, addresses = std::move(addresses)](Connection& c) {
            std::vector<ActivityAccount> out;
            for (const auto& a : addresses)
                if (auto row = load_account(c, chain_id, a)) out.push_back(std::move(*row));
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<ActivityToken>> tokens(std::int64_t chain_id,
                                            std::vector<std::string> addresses) override {
        auto f = [chain_id, addresses = std::move(addresses)](Connection& c) {
            std::vector<ActivityToken> out;
            auto& s = c.prepared(
                "SELECT token, sent, received FROM activity_tokens WHERE chain_id = ? AND "
                "address = ? ORDER BY token");
            for (const auto& a : addresses) {
                s.bind(1, chain_id).bind(2, a);
                while (s.step())
                    out.push_back({a, s.column_text(0), s.column_text(1), s.column_text(2)});
                s.reset();
            }
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::string>> days(std::int64_t chain_id, std::string address,
                                        int limit) override {
        auto f = [chain_id, address = std::move(address), limit](Connection& c) {
            auto& s = c.prepared(
                "SELECT period FROM activity_periods WHERE chain_id = ? AND address = ? AND kind "
                "= 'd' ORDER BY period DESC LIMIT ?");
            s.bind(1, chain_id).bind(2, address).bind(3, static_cast<std::int64_t>(limit));
            std::vector<std::string> out;
            while (s.step()) out.push_back(s.column_text(0));
            s.reset();
            return std::vector<std::string>(out.rbegin(), out.rend());
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> write_blocks(std::int64_t chain_id, std::vector<ActivityBlockWrite> blocks,
                            ActivityCursor cursor, std::int64_t keep_from) override {
        auto f = [chain_id, blocks = std::move(blocks), cursor = std::move(cursor),
                  keep_from](Connection& c) {
            Transaction tx(c);
            for (const auto& b : blocks) write_block(c, chain_id, b);
            put_cursor(c, chain_id, cursor);
            prune(c, chain_id, keep_from);
            tx.commit();
        };
        co_await db_.run(std::move(f));
    }

    Task<std::int64_t> rewind(std::int64_t chain_id, std::int64_t from_block) override {
        auto f = [chain_id, from_block](Connection& c) {
            Transaction tx(c);
            auto from = rewind_in(c, chain_id, from_block);
            tx.commit();
            return from;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::pair<std::int64_t, std::string>>> block_hashes(std::int64_t chain_id,
                                                                         std::int64_t from,
                                                                         std::int64_t to) override {
        auto f = [chain_id, from, to](Connection& c) {
            auto& s = c.prepared(
                "SELECT block_number, block_hash FROM activity_blocks WHERE chain_id = ? AND "
                "block_number >= ? AND block_number <= ? ORDER BY block_number");
            s.bind(1, chain_id).bind(2, from).bind(3, to);
            std::vector<std::pair<std::int64_t, std::string>> out;
            while (s.step()) out.emplace_back(s.column_int(0), s.column_text(1));
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<RankResult> rank(std::int64_t chain_id, std::string address,
                          std::vector<ScoreTerm> terms) override {
        auto score = score_sql(terms, db_.dialect());
        // One scan of the chain's rows: how many score above the address, and how many there are.
        auto sql = "SELECT COALESCE(SUM(CASE WHEN " + score + " > (SELECT " + score +
                   " FROM activity_accounts WHERE chain_id = ? AND address = ?) THEN 1 ELSE 0 "
                   "END), 0), COUNT(*), (SELECT tx_count FROM activity_accounts WHERE chain_id = "
                   "? AND address = ?) FROM activity_accounts WHERE chain_id = ? AND tx_count > 0";
        auto f = [chain_id, address = std::move(address), sql = std::move(sql)](Connection& c) {
            auto& s = c.prepared(sql);
            s.bind(1, chain_id)
                .bind(2, address)
                .bind(3, chain_id)
                .bind(4, address)
                .bind(5, chain_id);
            s.step();
            RankResult r;
            r.of = s.column_int(1);
            if (s.column_int(2) > 0) r.rank = s.column_int(0) + 1;
            s.reset();
            return r;
        };
        co_return co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<ActivityStore> open_activity_store(Store& store) {
    return open_sql_table<SqlActivity>(store, "activity");
}

}  // namespace perch::store
