// The maker's switches in SQL (both dialects): maker_settings holds the pause of all payouts
// ('paused') and of single routes ('paused_route:<route>', with the reason as its value).
#include "core/clock.hpp"
#include "store/sql/orders.hpp"
#include "store/sql/table.hpp"

namespace perch::store {
namespace {

constexpr std::string_view kRoutePausePrefix = "paused_route:";

void put_setting(Connection& c, const std::string& key, const std::string& value) {
    execute(c,
            "INSERT INTO maker_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT "
            "(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            key, value, unix_now());
}

}  // namespace

Task<bool> SqlOrders::paused() {
    auto read = [](Connection& c) {
        auto& s = c.prepared("SELECT value FROM maker_settings WHERE key = 'paused'");
        return single(s, std::string()) == "1";
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::set_paused(bool paused) {
    auto write = [paused](Connection& c) { put_setting(c, "paused", paused ? "1" : "0"); };
    co_await db_.run(std::move(write));
}

Task<std::map<std::string, std::string>> SqlOrders::paused_routes() {
    auto read = [](Connection& c) {
        auto& s = c.prepared(
            "SELECT key, value FROM maker_settings WHERE substr(key, 1, 13) = 'paused_route:'");
        std::map<std::string, std::string> out;
        while (s.step()) out[s.column_text(0).substr(kRoutePausePrefix.size())] = s.column_text(1);
        s.reset();
        return out;
    };
    co_return co_await db_.run(std::move(read));
}

Task<void> SqlOrders::set_route_paused(std::string route, bool paused, std::string reason) {
    auto write = [key = std::string(kRoutePausePrefix) + route, paused,
                  reason = std::move(reason)](Connection& c) {
        if (!paused) {
            execute(c, "DELETE FROM maker_settings WHERE key = ?", key);
            return;
        }
        put_setting(c, key, reason.empty() ? std::string("paused by an operator") : reason);
    };
    co_await db_.run(std::move(write));
}

}  // namespace perch::store
