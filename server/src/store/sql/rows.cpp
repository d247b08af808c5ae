#include "store/sql/rows.hpp"

#include <algorithm>
#include <chrono>

namespace perch::store {

int utc_yyyymmdd(std::int64_t unix_seconds) {
    using namespace std::chrono;
    year_month_day day{floor<days>(sys_seconds{seconds{unix_seconds}})};
    return static_cast<int>(day.year()) * 10000 + static_cast<int>(unsigned(day.month())) * 100 +
           static_cast<int>(unsigned(day.day()));
}

std::uint64_t read_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                              std::uint64_t floor) {
    auto& read =
        c.prepared("SELECT next_nonce FROM account_nonces WHERE chain_id = ? AND account = ?");
    read.bind(1, chain_id).bind(2, account);
    auto next = static_cast<std::int64_t>(floor);
    if (read.step()) next = std::max(next, read.column_int(0));
    read.reset();
    return static_cast<std::uint64_t>(next);
}

void write_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                      std::uint64_t next) {
    c.prepared(
         "INSERT INTO account_nonces (chain_id, account, next_nonce, updated_at) VALUES (?, ?, ?, "
         "?) ON CONFLICT (chain_id, account) DO UPDATE SET next_nonce = excluded.next_nonce, "
         "updated_at = excluded.updated_at")
        .bind(1, chain_id)
        .bind(2, account)
        .bind(3, static_cast<std::int64_t>(next))
        .bind(4, unix_now())
        .step();
}

}  // namespace perch::store
