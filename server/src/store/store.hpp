#pragma once
// The storage interface. Every call is a coroutine that does its blocking work off the I/O
// threads (SQLite: a small DB thread pool; PostgreSQL, later: libpq's non-blocking mode), so a
// handler can co_await it without stalling other connections.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/task.hpp"
#include "store/orders.hpp"

namespace perch::store {

struct UserAction {
    std::string user_address;
    std::string action;
    std::string sign;
    std::string agent;
    std::string wallet_name;
    std::string client_ip;  // the client key (an IPv6 client by its /64)
};

// The user-action log takes rows from anyone, signed in or not: each client adds at most
// `per_client_per_day` a day (0: no bound), and rows older than `keep_seconds` go.
struct UserActionBounds {
    int per_client_per_day = 0;
    std::int64_t keep_seconds = 0;  // 0: kept for ever
};

// Sums of the points ledger per kind, in the spec's field order.
struct PointTotals {
    std::int64_t campaign = 0, cross = 0, refer = 0, check_in = 0, pool = 0, cross_v1 = 0,
                 refer_v1 = 0;
    std::int64_t bridge_credits = 0;  // the completed bridges that count toward the boost tiers
};

class Store {
  public:
    virtual ~Store() = default;
    // The new row's id, or nullopt when the client is over its bound.
    virtual Task<std::optional<std::int64_t>> add_user_action(UserAction action, std::int64_t now,
                                                              UserActionBounds bounds) = 0;
    virtual Task<std::int64_t> count_user_actions(std::string user_address) = 0;
    virtual Task<PointTotals> point_totals(std::string user_address) = 0;
    virtual Task<int> schema_version() = 0;

    // Nonces of accounts the server signs with: n = max(stored next, floor), store n + 1, return n.
    virtual Task<std::uint64_t> reserve_nonce(std::int64_t chain_id, std::string account,
                                              std::uint64_t floor) = 0;
    virtual Task<void> reset_nonce(std::int64_t chain_id, std::string account,
                                   std::uint64_t next) = 0;

    // Bridge orders and the maker's transactions (same database).
    virtual OrderStore& orders() = 0;

    // The store's connections and how many are lent out now (the metrics' pool use).
    struct ConnectionUse {
        std::size_t size = 0, in_use = 0;
    };
    virtual ConnectionUse connection_use() = 0;
};

// Opens the store named by a database URL ("sqlite:PATH" or "postgresql://..."); applies
// pending migrations.
std::unique_ptr<Store> open_store(const std::string& url);
// Applies pending migrations and returns how many ran (for `perch migrate`).
int migrate(const std::string& url);

}  // namespace perch::store
