// Faucet claims in SQL (both dialects), on the main store's DB threads. The limit check and the
// insert share one write transaction; a signed transaction is stored only while its claim is still
// queued.
#include "store/faucet_store.hpp"
#include "store/sql/sql_store.hpp"
#include "store/sql/table.hpp"

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

// The claim as asked for, then what became of it (queue_position is no column: claims_of counts
// it).
const auto kClaims =
    table(col("id", &FaucetClaim::id), col("slug", &FaucetClaim::slug),
          col("chain_id", &FaucetClaim::chain_id), col("address", &FaucetClaim::address),
          col("client_ip", &FaucetClaim::client_ip), col("amount", &FaucetClaim::amount),
          col("created_at", &FaucetClaim::created_at)) +
    table(col("status", &FaucetClaim::status), col("nonce", &FaucetClaim::nonce),
          col("raw_tx", &FaucetClaim::raw_tx), col("tx_hash", &FaucetClaim::tx_hash),
          col("error", &FaucetClaim::error), col("updated_at", &FaucetClaim::updated_at));

std::optional<std::int64_t> last_claim(Connection& c, const char* sql, const std::string& slug,
                                       const std::string& who, std::int64_t since) {
    auto last = single<std::int64_t>(query(c, sql, slug, who, since), -1);
    if (last < 0) return std::nullopt;
    return last;
}

std::int64_t queue_position(Connection& c, const FaucetClaim& claim) {
    if (claim.status != "queued") return 0;
    auto& s = query(
        c,
        "SELECT COUNT(*) FROM faucet_claims WHERE chain_id = ? AND status = 'queued' AND id <= ?",
        claim.chain_id, claim.id);
    return single<std::int64_t>(s, 0);
}

class SqlFaucet final : public SqlTableStore<FaucetStore> {
  public:
    using SqlTableStore::SqlTableStore;

    Task<ClaimAdmission> add_claim(NewClaim n) override {
        auto f = [n = std::move(n)](Connection& c) {
            Transaction tx(c);
            ClaimAdmission out;
            out.last_by_address =
                last_claim(c, kLastByAddress, n.claim.slug, n.claim.address, n.since);
            out.last_by_ip = last_claim(c, kLastByIp, n.claim.slug, n.claim.client_ip, n.since);
            if (out.last_by_address || out.last_by_ip) return out;
            FaucetClaim added = n.claim;
            auto& insert = query(c,
                                 "INSERT INTO faucet_claims (slug, chain_id, address, client_ip, "
                                 "amount, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, "
                                 "'queued', ?, ?) RETURNING id",
                                 added.slug, added.chain_id, added.address, added.client_ip,
                                 added.amount, added.created_at, added.created_at);
            added.id = single<std::int64_t>(insert, 0);
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
            auto out = kClaims.select(
                c, "FROM faucet_claims WHERE address = ? ORDER BY id DESC LIMIT ?", address, limit);
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
            return kClaims.select(
                c,
                "FROM faucet_claims WHERE chain_id = ? AND status = ? ORDER BY id "
                "LIMIT ?",
                chain_id, status, limit);
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<std::optional<std::uint64_t>> max_nonce(std::int64_t chain_id) override {
        auto f = [chain_id](Connection& c) {
            auto& s =
                query(c, "SELECT COALESCE(MAX(nonce), -1) FROM faucet_claims WHERE chain_id = ?",
                      chain_id);
            auto max = single<std::int64_t>(s, -1);
            return max < 0 ? std::nullopt : std::optional(static_cast<std::uint64_t>(max));
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<bool> store_signed(std::int64_t id, std::uint64_t nonce, std::string raw_tx,
                            std::string tx_hash, std::int64_t now) override {
        auto f = [=, raw_tx = std::move(raw_tx), tx_hash = std::move(tx_hash)](Connection& c) {
            return execute(c,
                           "UPDATE faucet_claims SET status = 'sent', nonce = ?, raw_tx = ?, "
                           "tx_hash = ?, updated_at = ? WHERE id = ? AND status = 'queued'",
                           nonce, raw_tx, tx_hash, now, id) > 0;
        };
        co_return co_await db_.run(std::move(f));
    }

    Task<void> mark_done(std::int64_t id, std::int64_t now) override {
        auto f = [id, now](Connection& c) {
            execute(c, "UPDATE faucet_claims SET status = 'done', updated_at = ? WHERE id = ?", now,
                    id);
        };
        co_await db_.run(std::move(f));
    }

    Task<void> mark_failed(std::int64_t id, std::string error, std::int64_t now) override {
        auto f = [id, error = std::move(error), now](Connection& c) {
            execute(c,
                    "UPDATE faucet_claims SET status = 'failed', error = ?, updated_at = ? WHERE "
                    "id = ?",
                    error, now, id);
        };
        co_await db_.run(std::move(f));
    }
};

}  // namespace

std::unique_ptr<FaucetStore> open_faucet_store(Store& store) {
    return open_sql_table<SqlFaucet>(store, "faucet");
}

}  // namespace perch::store
