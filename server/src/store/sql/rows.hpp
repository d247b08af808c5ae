#pragma once
// Small SQL pieces shared by the store's tables.
#include <cstdint>
#include <string>

#include "core/clock.hpp"
#include "store/sql/db.hpp"

namespace perch::store {

// The UTC calendar day of a unix time, written yyyymmdd.
int utc_yyyymmdd(std::int64_t unix_seconds);

// account_nonces: the stored next nonce of an account, at least `floor`; and its update.
std::uint64_t read_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                              std::uint64_t floor);
void write_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                      std::uint64_t next);

}  // namespace perch::store
