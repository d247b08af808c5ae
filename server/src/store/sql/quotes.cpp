// The bridge_quotes table (migration 0028): firm quotes of cross-asset routes, both dialects.
#include "store/sql/orders.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

// Quotes stay readable a day after they expire (a deposit included in time may confirm late);
// then they go.
constexpr std::int64_t kKeepExpiredSeconds = 86400;

const auto kQuotes =
    table(col("id", &StoredQuote::id), col("from_chain_id", &StoredQuote::from_chain_id),
          col("to_chain_id", &StoredQuote::to_chain_id), col("token", &StoredQuote::token),
          col("amount", &StoredQuote::amount), col("recipient", &StoredQuote::recipient),
          col("receive_token", &StoredQuote::receive_token),
          col("receive_amount", &StoredQuote::receive_amount),
          col("bridge_fee", &StoredQuote::bridge_fee), col("channel", &StoredQuote::channel),
          col("issued_at", &StoredQuote::issued_at), col("expires_at", &StoredQuote::expires_at),
          col("signer", &StoredQuote::signer), col("signature", &StoredQuote::signature),
          col("client_ip", &StoredQuote::client_ip));

}  // namespace

Task<bool> SqlOrders::save_quote(StoredQuote quote, int per_client) {
    auto write = [quote = std::move(quote), per_client](Connection& c) {
        Transaction tx(c);
        execute(c, "DELETE FROM bridge_quotes WHERE expires_at < ?",
                quote.issued_at - kKeepExpiredSeconds);
        auto& held = query(c,
                           "SELECT COUNT(*) FROM bridge_quotes WHERE client_ip = ? AND expires_at "
                           ">= ?",
                           quote.client_ip, quote.issued_at);
        if (single<std::int64_t>(held, 0) >= per_client) {
            tx.commit();  // the expired ones are gone either way
            return false;
        }
        kQuotes.execute(c, kQuotes.insert_sql("bridge_quotes"), quote);
        tx.commit();
        return true;
    };
    co_return co_await db_.run(std::move(write));
}

Task<std::optional<StoredQuote>> SqlOrders::quote(std::string id) {
    auto read = [id = std::move(id)](Connection& c) {
        return kQuotes.select_one(c, "FROM bridge_quotes WHERE id = ?", id);
    };
    co_return co_await db_.run(std::move(read));
}

}  // namespace perch::store
