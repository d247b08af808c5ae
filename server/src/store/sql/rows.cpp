#include "store/sql/rows.hpp"

#include <algorithm>
#include <chrono>

#include "store/sql/table.hpp"

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
        query(c, "SELECT next_nonce FROM account_nonces WHERE chain_id = ? AND account = ?",
              chain_id, account);
    auto stored = first_row(read, [](const Statement& r) { return r.column_int(0); });
    auto next = static_cast<std::int64_t>(floor);
    if (stored) next = std::max(next, *stored);
    return static_cast<std::uint64_t>(next);
}

void write_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                      std::uint64_t next) {
    execute(c,
            "INSERT INTO account_nonces (chain_id, account, next_nonce, updated_at) VALUES (?, ?, "
            "?, ?) ON CONFLICT (chain_id, account) DO UPDATE SET next_nonce = excluded.next_nonce, "
            "updated_at = excluded.updated_at",
            chain_id, account, next, unix_now());
}

}  // namespace perch::store
