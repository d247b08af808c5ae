// The activity indexer's tables in SQL (both dialects), on the main store's DB threads. Writes
// log what they replace (activity_undo) so rewind() can restore the figures of dropped blocks.
#include <algorithm>
#include <stdexcept>

#include "core/text.hpp"
#include "store/activity_store.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

// An account's row on its chain (chain_id is the key beside it).
const auto kAccounts =
    table(col("address", &ActivityAccount::address), col("tx_count", &ActivityAccount::tx_count),
          col("first_active", &ActivityAccount::first_active),
          col("last_active", &ActivityAccount::last_active),
          col("active_days", &ActivityAccount::active_days),
          col("active_weeks", &ActivityAccount::active_weeks),
          col("active_months", &ActivityAccount::active_months),
          col("contracts", &ActivityAccount::contracts),
          col("contracts_deployed", &ActivityAccount::contracts_deployed),
          col("gas_spent", &ActivityAccount::gas_spent));

const auto kTokens =
    table(col("address", &ActivityToken::address), col("token", &ActivityToken::token),
          col("sent", &ActivityToken::sent), col("received", &ActivityToken::received));

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
    return kAccounts.select_one(c, "FROM activity_accounts WHERE chain_id = ? AND address = ?",
                                chain_id, address);
}

std::optional<ActivityToken> load_token(Connection& c, std::int64_t chain_id,
                                        const std::string& address, const std::string& token) {
    return kTokens.select_one(
        c, "FROM activity_tokens WHERE chain_id = ? AND address = ? AND token = ?", chain_id,
        address, token);
}

void log_undo(Connection& c, std::int64_t chain_id, std::int64_t block, const char* kind,
              const std::string& address, const std::string& item, const std::string& prev) {
    execute(c,
            "INSERT INTO activity_undo (chain_id, block_number, kind, address, item, prev) VALUES "
            "(?, ?, ?, ?, ?, ?)",
            chain_id, block, kind, address, item, prev);
}

// Writes the row as it is, distinct counts included (a restore, or a new row's zeros).
void put_account(Connection& c, std::int64_t chain_id, const ActivityAccount& a) {
    static const auto sql = "INSERT INTO activity_accounts (" + kAccounts.columns() +
                            ", chain_id) VALUES (" + kAccounts.placeholders() +
                            ", ?) ON CONFLICT (chain_id, address) DO UPDATE SET " +
                            kAccounts.set_excluded({"address"});
    kAccounts.execute(c, sql, a, chain_id);
}

void put_token(Connection& c, std::int64_t chain_id, const ActivityToken& t) {
    static const auto sql = "INSERT INTO activity_tokens (" + kTokens.columns() +
                            ", chain_id) VALUES (" + kTokens.placeholders() +
                            ", ?) ON CONFLICT (chain_id, address, token) DO UPDATE SET " +
                            kTokens.set_excluded({"address", "token"});
    kTokens.execute(c, sql, t, chain_id);
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
    execute(c,
            std::string("UPDATE activity_accounts SET ") + column + " = " + column +
                " + 1 WHERE chain_id = ? AND address = ?",
            chain_id, address);
}

void add_period(Connection& c, std::int64_t chain_id, std::int64_t block, const ActivityPeriod& p) {
    auto kind = std::string(1, p.kind);
    if (execute(c,
                "INSERT INTO activity_periods (chain_id, address, kind, period) VALUES (?, ?, ?, "
                "?) ON CONFLICT (chain_id, address, kind, period) DO NOTHING",
                chain_id, p.address, kind, p.period) == 0)
        return;
    log_undo(c, chain_id, block, "period", p.address, kind + p.period, "");
    bump(c, chain_id, p.address, count_column(p.kind));
}

void add_contract(Connection& c, std::int64_t chain_id, std::int64_t block,
                  const ActivityContract& k) {
    if (execute(c,
                "INSERT INTO activity_contracts (chain_id, address, contract) VALUES (?, ?, ?) ON "
                "CONFLICT (chain_id, address, contract) DO NOTHING",
                chain_id, k.address, k.contract) == 0)
        return;
    log_undo(c, chain_id, block, "contract", k.address, k.contract, "");
    bump(c, chain_id, k.address, "contracts");
}

void write_block(Connection& c, std::int64_t chain_id, const ActivityBlockWrite& b) {
    execute(c,
            "INSERT INTO activity_blocks (chain_id, block_number, block_hash) VALUES (?, ?, ?) ON "
            "CONFLICT (chain_id, block_number) DO UPDATE SET block_hash = excluded.block_hash",
            chain_id, b.number, b.hash);
    // Accounts first: a set row's count goes onto the row the block already wrote.
    for (const auto& a : b.accounts) write_account(c, chain_id, b.number, a);
    for (const auto& t : b.tokens) write_token(c, chain_id, b.number, t);
    for (const auto& p : b.periods) add_period(c, chain_id, b.number, p);
    for (const auto& k : b.contracts) add_contract(c, chain_id, b.number, k);
}

void put_cursor(Connection& c, std::int64_t chain_id, const ActivityCursor& cursor) {
    execute(c,
            "INSERT INTO activity_cursors (chain_id, next_block, last_hash) VALUES (?, ?, ?) ON "
            "CONFLICT (chain_id) DO UPDATE SET next_block = excluded.next_block, last_hash = "
            "excluded.last_hash",
            chain_id, cursor.next_block, cursor.last_hash);
}

void prune(Connection& c, std::int64_t chain_id, std::int64_t keep_from) {
    execute(c, "DELETE FROM activity_undo WHERE chain_id = ? AND block_number < ?", chain_id,
            keep_from);
    execute(c, "DELETE FROM activity_blocks WHERE chain_id = ? AND block_number < ?", chain_id,
            keep_from);
}

struct UndoEntry {
    std::string kind, address, item, prev;
};
const auto kUndo = table(col("kind", &UndoEntry::kind), col("address", &UndoEntry::address),
                         col("item", &UndoEntry::item), col("prev", &UndoEntry::prev));

void undo(Connection& c, std::int64_t chain_id, const UndoEntry& e) {
    if (e.kind == "account" && e.prev.empty()) {
        execute(c, "DELETE FROM activity_accounts WHERE chain_id = ? AND address = ?", chain_id,
                e.address);
    } else if (e.kind == "account") {
        put_account(c, chain_id, account_from_image(e.address, e.prev));
    } else if (e.kind == "token" && e.prev.empty()) {
        execute(c, "DELETE FROM activity_tokens WHERE chain_id = ? AND address = ? AND token = ?",
                chain_id, e.address, e.item);
    } else if (e.kind == "token") {
        auto f = text::split(e.prev, '|');
        if (f.size() != 2) throw DbError("activity_undo: bad token image '" + e.prev + "'");
        put_token(c, chain_id, {e.address, e.item, f[0], f[1]});
    } else if (e.kind == "period") {
        execute(c,
                "DELETE FROM activity_periods WHERE chain_id = ? AND address = ? AND kind = ? AND "
                "period = ?",
                chain_id, e.address, e.item.substr(0, 1), e.item.substr(1));
    } else if (e.kind == "contract") {
        execute(
            c, "DELETE FROM activity_contracts WHERE chain_id = ? AND address = ? AND contract = ?",
            chain_id, e.address, e.item);
    }
}

// The oldest block the undo log still covers (the blocks table keeps the same range).
std::optional<std::int64_t> oldest_kept(Connection& c, std::int64_t chain_id) {
    auto& s =
        query(c, "SELECT MIN(block_number) FROM activity_blocks WHERE chain_id = ?", chain_id);
    return single<std::optional<std::int64_t>>(s, std::nullopt);
}

std::string hash_of_block(Connection& c, std::int64_t chain_id, std::int64_t number) {
    auto& s =
        query(c, "SELECT block_hash FROM activity_blocks WHERE chain_id = ? AND block_number = ?",
              chain_id, number);
    return single(s, std::string());
}

std::int64_t rewind_in(Connection& c, std::int64_t chain_id, std::int64_t from_block) {
    auto oldest = oldest_kept(c, chain_id);
    if (oldest && *oldest > from_block) from_block = *oldest;
    auto entries =
        kUndo.select(c,
                     "FROM activity_undo WHERE chain_id = ? AND block_number >= ? ORDER BY id "
                     "DESC",
                     chain_id, from_block);
    // Newest first, so a row touched by several dropped blocks ends as it was before the first.
    for (const auto& e : entries) undo(c, chain_id, e);
    execute(c, "DELETE FROM activity_undo WHERE chain_id = ? AND block_number >= ?", chain_id,
            from_block);
    auto last_hash = hash_of_block(c, chain_id, from_block - 1);
    execute(c, "DELETE FROM activity_blocks WHERE chain_id = ? AND block_number >= ?", chain_id,
            from_block);
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

// The rank of `address` by a score `sql` (see rank()): how many rows score above it, plus one,
// when it has a transaction at all; and how many rows have one.
RankResult rank_in(Connection& c, const std::string& sql, std::int64_t chain_id,
                   const std::string& address) {
    auto& s = query(c, sql, chain_id, address, chain_id, address, chain_id);
    s.step();
    RankResult r;
    r.of = s.column_int(1);
    if (s.column_int(2) > 0) r.rank = s.column_int(0) + 1;
    s.reset();
    return r;
}

class SqlActivity final : public SqlTableStore<ActivityStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<std::optional<ActivityCursor>> cursor(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            auto& s =
                query(c, "SELECT next_block, last_hash FROM activity_cursors WHERE chain_id = ?",
                      chain_id);
            return first_row(s, [](const Statement& r) {
                return ActivityCursor{r.column_int(0), r.column_text(1)};
            });
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
            for (const auto& a : addresses) {
                auto rows = kTokens.select(
                    c, "FROM activity_tokens WHERE chain_id = ? AND address = ? ORDER BY token",
                    chain_id, a);
                for (auto& t : rows) out.push_back(std::move(t));
            }
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<std::string>> days(std::int64_t chain_id, std::string address,
                                        int limit) override {
        auto f = [chain_id, address = std::move(address), limit](Connection& c) {
            auto& s = query(c,
                            "SELECT period FROM activity_periods WHERE chain_id = ? AND address = "
                            "? AND kind = 'd' ORDER BY period DESC LIMIT ?",
                            chain_id, address, limit);
            auto out = all_rows(s, [](const Statement& r) { return r.column_text(0); });
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
            auto& s = query(c,
                            "SELECT block_number, block_hash FROM activity_blocks WHERE chain_id "
                            "= ? AND block_number >= ? AND block_number <= ? ORDER BY block_number",
                            chain_id, from, to);
            return all_rows(s, [](const Statement& r) {
                return std::pair<std::int64_t, std::string>(r.column_int(0), r.column_text(1));
            });
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
            return rank_in(c, sql, chain_id, address);
        };
        co_return co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<ActivityStore> open_activity_store(Store& store) {
    return open_sql_table<SqlActivity>(store, "activity");
}

}  // namespace perch::store
