// Sign-in in SQL (both dialects): auth_nonces (one-time sign-in nonces) and auth_sessions (the
// sessions they open, stored by token hash). Both are rows anyone can create, so both are bounded
// per client.
#include "store/sql/rewards.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

// Ends `client`'s oldest sessions until it keeps at most `keep`: anyone can make wallets and sign
// in, so the sessions one client starts are rows it could otherwise add without end.
void end_oldest_sessions(Connection& c, const std::string& client, int keep) {
    auto held = single<std::int64_t>(
        query(c, "SELECT COUNT(*) FROM auth_sessions WHERE client_ip = ?", client), 0);
    if (held <= keep) return;
    execute(c,
            "DELETE FROM auth_sessions WHERE token_hash IN (SELECT token_hash FROM auth_sessions "
            "WHERE client_ip = ? ORDER BY created_at, token_hash LIMIT ?)",
            client, held - keep);
}

}  // namespace

Task<bool> SqlRewards::add_nonce(std::string nonce, std::int64_t now, std::int64_t expires_at,
                                 std::string client, int max_live) {
    auto f = [nonce = std::move(nonce), now, expires_at, client = std::move(client),
              max_live](Connection& c) {
        Transaction tx(c);
        // Expired nonces are of no use to anyone: none outlives its ten minutes by much.
        execute(c, "DELETE FROM auth_nonces WHERE expires_at <= ?", now);
        if (max_live > 0) {
            auto& live = query(c,
                               "SELECT COUNT(*) FROM auth_nonces WHERE client_ip = ? AND used = 0 "
                               "AND expires_at > ?",
                               client, now);
            if (single<std::int64_t>(live, 0) >= max_live) return false;
        }
        execute(c, "INSERT INTO auth_nonces (nonce, expires_at, client_ip) VALUES (?, ?, ?)", nonce,
                expires_at, client);
        tx.commit();
        return true;
    };
    co_return co_await db_.run(std::move(f));
}

Task<bool> SqlRewards::take_nonce(std::string nonce, std::int64_t now) {
    auto f = [nonce = std::move(nonce), now](Connection& c) {
        return execute(c,
                       "UPDATE auth_nonces SET used = 1 WHERE nonce = ? AND used = 0 AND "
                       "expires_at > ?",
                       nonce, now) > 0;
    };
    co_return co_await db_.run(std::move(f));
}

Task<void> SqlRewards::add_session(std::string token_hash, std::string address, std::int64_t now,
                                   std::int64_t expires_at, std::string client,
                                   int max_per_client) {
    auto f = [token_hash = std::move(token_hash), address = std::move(address), now, expires_at,
              client = std::move(client), max_per_client](Connection& c) {
        Transaction tx(c);
        execute(c, "DELETE FROM auth_sessions WHERE expires_at < ?", now);
        if (max_per_client > 0) end_oldest_sessions(c, client, max_per_client - 1);
        execute(c,
                "INSERT INTO auth_sessions (token_hash, address, created_at, expires_at, "
                "client_ip) VALUES (?, ?, ?, ?, ?)",
                token_hash, address, now, expires_at, client);
        tx.commit();
    };
    co_await db_.run(std::move(f));
}

Task<std::optional<std::string>> SqlRewards::session_address(std::string token_hash,
                                                             std::int64_t now) {
    auto f = [token_hash = std::move(token_hash), now](Connection& c) {
        auto& s =
            query(c, "SELECT address FROM auth_sessions WHERE token_hash = ? AND expires_at > ?",
                  token_hash, now);
        return first_row(s, [](const Statement& r) { return r.column_text(0); });
    };
    co_return co_await db_.run(std::move(f));
}

Task<void> SqlRewards::delete_session(std::string token_hash) {
    auto f = [token_hash = std::move(token_hash)](Connection& c) {
        execute(c, "DELETE FROM auth_sessions WHERE token_hash = ?", token_hash);
    };
    co_await db_.run(std::move(f));
}

}  // namespace perch::store
