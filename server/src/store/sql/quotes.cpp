// The bridge_quotes table (migration 0028): firm quotes of cross-asset routes, both dialects.
#include "store/sql/orders.hpp"
#include "store/sql/rows.hpp"

namespace perch::store {
namespace {

// Quotes stay readable a day after they expire (a deposit included in time may confirm late);
// then they go.
constexpr std::int64_t kKeepExpiredSeconds = 86400;

constexpr const char* kQuoteColumns =
    "id, from_chain_id, to_chain_id, token, amount, recipient, receive_token, receive_amount, "
    "bridge_fee, channel, issued_at, expires_at, signer, signature, client_ip";

StoredQuote read_quote(const Statement& s) {
    StoredQuote q;
    q.id = s.column_text(0);
    q.from_chain_id = s.column_int(1);
    q.to_chain_id = s.column_int(2);
    q.token = s.column_text(3);
    q.amount = s.column_text(4);
    q.recipient = s.column_text(5);
    q.receive_token = s.column_text(6);
    q.receive_amount = s.column_text(7);
    q.bridge_fee = s.column_text(8);
    q.channel = s.column_int(9);
    q.issued_at = s.column_int(10);
    q.expires_at = s.column_int(11);
    q.signer = s.column_text(12);
    q.signature = s.column_text(13);
    q.client_ip = s.column_text(14);
    return q;
}

}  // namespace

Task<bool> SqlOrders::save_quote(StoredQuote quote, int per_client) {
    auto write = [quote = std::move(quote), per_client](Connection& c) {
        Transaction tx(c);
        c.prepared("DELETE FROM bridge_quotes WHERE expires_at < ?")
            .bind(1, quote.issued_at - kKeepExpiredSeconds)
            .step();
        auto& held = c.prepared(
            "SELECT COUNT(*) FROM bridge_quotes WHERE client_ip = ? AND expires_at >= ?");
        held.bind(1, quote.client_ip).bind(2, quote.issued_at);
        held.step();
        auto count = held.column_int(0);
        held.reset();
        if (count >= per_client) {
            tx.commit();  // the expired ones are gone either way
            return false;
        }
        c.prepared(std::string("INSERT INTO bridge_quotes (") + kQuoteColumns +
                   ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
            .bind(1, quote.id)
            .bind(2, quote.from_chain_id)
            .bind(3, quote.to_chain_id)
            .bind(4, quote.token)
            .bind(5, quote.amount)
            .bind(6, quote.recipient)
            .bind(7, quote.receive_token)
            .bind(8, quote.receive_amount)
            .bind(9, quote.bridge_fee)
            .bind(10, quote.channel)
            .bind(11, quote.issued_at)
            .bind(12, quote.expires_at)
            .bind(13, quote.signer)
            .bind(14, quote.signature)
            .bind(15, quote.client_ip)
            .step();
        tx.commit();
        return true;
    };
    co_return co_await db_.run(std::move(write));
}

Task<std::optional<StoredQuote>> SqlOrders::quote(std::string id) {
    auto read = [id = std::move(id)](Connection& c) -> std::optional<StoredQuote> {
        auto& s =
            c.prepared(std::string("SELECT ") + kQuoteColumns + " FROM bridge_quotes WHERE id = ?");
        s.bind(1, id);
        if (!s.step()) {
            s.reset();
            return std::nullopt;
        }
        auto q = read_quote(s);
        s.reset();
        return q;
    };
    co_return co_await db_.run(std::move(read));
}

}  // namespace perch::store
