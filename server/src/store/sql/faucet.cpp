// Faucet claims in SQL (both dialects), on the main store's DB threads. The limit check and the
// insert share one write transaction; a signed transaction is stored only while its claim is still
// queued.
#include <stdexcept>

#include "store/faucet_store.hpp"
#include "store/sql/rows.hpp"
#include "store/sql/sql_store.hpp"

namespace perch::store {
namespace {

// Counted claims are every claim the faucet signed a transaction for (it holds a nonce), failed or
// not: one that failed on chain still cost the faucet its gas, and a recipient that reverts every
// transfer must not claim again and again. Only a claim the faucet never sent (it ran out, say)
// leaves the limit free.
constexpr const char* kLastByAddress =
    "SELECT COALESCE(MAX(created_at), -1) FROM faucet_claims WHERE slug = ? AND address = ? "
    "AND created_at >= ? AND (status <> 'failed' OR nonce IS NOT NULL)";
constexpr const char* kLastByIp =
    "SELECT COALESCE(MAX(created_at), -1) FROM faucet_claims WHERE slug = ? AND client_ip = ? "
    "AND created_at >= ? AND (status <> 'failed' OR nonce IS NOT NULL)";

constexpr const char* kColumns =
    "id, slug, chain_id, address, client_ip, amount, status, COALESCE(nonce, -1), raw_tx, tx_hash, "
    "error, created_at, updated_at";

FaucetClaim read_claim(Statement& s) {
    FaucetClaim c;
    c.id = s.column_int(0);
    c.slug = s.column_text(1);
    c.chain_id = s.column_int(2);
    c.address = s.column_text(3);
    c.client_ip = s.column_text(4);
    c.amount = s.column_text(5);
    c.status = s.column_text(6);
    if (auto nonce = s.column_int(7); nonce >= 0) c.nonce = static_cast<std::uint64_t>(nonce);
    c.raw_tx = s.column_text(8);
    c.tx_hash = s.column_text(9);
    c.error = s.column_text(10);
    c.created_at = s.column_int(11);
    c.updated_at = s.column_int(12);
    return c;
}

std::optional<std::int64_t> last_claim(Connection& c, const char* sql, const std::string& slug,
                                       const std::string& who, std::int64_t since) {
    auto& s = c.prepared(sql);
    s.bind(1, slug).bind(2, who).bind(3, since);
    std::optional<std::int64_t> out;
    if (s.step() && s.column_int(0) >= 0) out = s.column_int(0);
    s.reset();
    return out;
}

std::int64_t queue_position(Connection& c, const FaucetClaim& claim) {
    if (claim.status != "queued") return 0;
    auto& s = c.prepared(
        "SELECT COUNT(*) FROM faucet_claims WHERE chain_id = ? AND status = 'queued' AND id <= ?");
    s.bind(1, claim.chain_id).bind(2, claim.id);
    std::int64_t n = s.step() ? s.column_int(0) : 0;
    s.reset();
    return n;
}

class SqlFaucet final : public FaucetStore {
  public:
    explicit SqlFaucet(SqlStore& db) : db_(db) {}

    Task<ClaimAdmission> add_claim(NewClaim n) override {
        auto f = [n = std::move(n)](Connection& c) {
            Transaction tx(c);
            ClaimAdmission out;
            out.last_by_address =
                last_claim(c, kLastByAddress, n.claim.slug, n.claim.address, n.since);
            out.last_by_ip = last_claim(c, kLastByIp, n.claim.slug, n.claim.client_ip, n.since);
            if (out.last_by_address || out.last_by_ip) return out;
            auto& insert = c.prepared(
                "INSERT INTO faucet_claims (slug, chain_id, address, client_ip, amount, status, "
                "created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'queued', ?, ?) RETURNING id");
            insert.bind(1, n.claim.slug)
                .bind(2, n.claim.chain_id)
                .bind(3, n.claim.address)
                .bind(4, n.claim.client_ip)
                .bind(5, n.claim.amount)
                .bind(6, n.claim.created_at)
                .bind(7, n.claim.created_at);
            insert.step();
            FaucetClaim added = n.claim;
            added.id = insert.column_int(0);
            insert.reset();
            added.status = "queued";
            added.updated_at = added.created_at;
            added.queue_position = queue_position(c, added);
            tx.commit();
            out.added = std::move(added);
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<FaucetClaim>> claims_of(std::string address, int limit) override {
        auto f = [address = std::move(address), limit](Connection& c) {
            auto& s = c.prepared(std::string("SELECT ") + kColumns +
                                 " FROM faucet_claims WHERE address = ? ORDER BY id DESC LIMIT ?");
            s.bind(1, address).bind(2, static_cast<std::int64_t>(limit));
            std::vector<FaucetClaim> out;
            while (s.step()) out.push_back(read_claim(s));
            s.reset();
            for (auto& claim : out) claim.queue_position = queue_position(c, claim);
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::pair<std::optional<std::int64_t>, std::optional<std::int64_t>>> last_claims(
        std::string slug, std::string address, std::string client_ip, std::int64_t since) override {
        auto f = [slug = std::move(slug), address = std::move(address),
                  client_ip = std::move(client_ip), since](Connection& c) {
            return std::pair{last_claim(c, kLastByAddress, slug, address, since),
                             last_claim(c, kLastByIp, slug, client_ip, since)};
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::vector<FaucetClaim>> claims_in(std::int64_t chain_id, std::string status,
                                             int limit) override {
        auto f = [chain_id, status = std::move(status), limit](Connection& c) {
            auto& s = c.prepared(std::string("SELECT ") + kColumns +
                                 " FROM faucet_claims WHERE chain_id = ? AND status = ? "
                                 "ORDER BY id LIMIT ?");
            s.bind(1, chain_id).bind(2, status).bind(3, static_cast<std::int64_t>(limit));
            std::vector<FaucetClaim> out;
            while (s.step()) out.push_back(read_claim(s));
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::optional<std::uint64_t>> max_nonce(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            auto& s =
                c.prepared("SELECT COALESCE(MAX(nonce), -1) FROM faucet_claims WHERE chain_id = ?");
            s.bind(1, chain_id);
            std::optional<std::uint64_t> out;
            if (s.step() && s.column_int(0) >= 0) out = static_cast<std::uint64_t>(s.column_int(0));
            s.reset();
            return out;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> store_signed(std::int64_t id, std::uint64_t nonce, std::string raw_tx,
                            std::string tx_hash, std::int64_t now) override {
        auto f = [=, raw_tx = std::move(raw_tx), tx_hash = std::move(tx_hash)](Connection& c) {
            c.prepared(
                 "UPDATE faucet_claims SET status = 'sent', nonce = ?, raw_tx = ?, tx_hash = ?, "
                 "updated_at = ? WHERE id = ? AND status = 'queued'")
                .bind(1, static_cast<std::int64_t>(nonce))
                .bind(2, raw_tx)
                .bind(3, tx_hash)
                .bind(4, now)
                .bind(5, id)
                .step();
            return c.changes() > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> mark_done(std::int64_t id, std::int64_t now) override {
        auto f = [id, now](Connection& c) {
            c.prepared("UPDATE faucet_claims SET status = 'done', updated_at = ? WHERE id = ?")
                .bind(1, now)
                .bind(2, id)
                .step();
        };
        co_await db_.run(std::move(f));
    }

    Task<void> mark_failed(std::int64_t id, std::string error, std::int64_t now) override {
        auto f = [id, error = std::move(error), now](Connection& c) {
            c.prepared(
                 "UPDATE faucet_claims SET status = 'failed', error = ?, updated_at = ? WHERE id = "
                 "?")
                .bind(1, error)
                .bind(2, now)
                .bind(3, id)
                .step();
        };
        co_await db_.run(std::move(f));
    }

  private:
    SqlStore& db_;
};

}  // namespace

std::unique_ptr<FaucetStore> open_faucet_store(Store& store) {
    return open_sql_table<SqlFaucet>(store, "faucet");
}

}  // namespace perch::store
