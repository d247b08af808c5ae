#pragma once
// Small SQL pieces shared by the SQLite store classes.
#include <cstdint>
#include <string>

#include "store/sqlite/sqlite.hpp"

namespace perch::store {

// Unix seconds: every created_at / updated_at / at column.
std::int64_t unix_now();

// account_nonces: the stored next nonce of an account, at least `floor`; and its update.
std::uint64_t read_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                              std::uint64_t floor);
void write_next_nonce(Connection& c, std::int64_t chain_id, const std::string& account,
                      std::uint64_t next);

}  // namespace perch::store
