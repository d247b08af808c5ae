// The maker's switches in SQL (both dialects): maker_settings holds the pause of all payouts
// ('paused') and of single routes ('paused_route:<route>', with the reason as its value). Each
// pause opens an incident of the status page's log and its resumption closes it, in the same
// transaction.
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

// The incident a pause of `subject` opens and its resumption closes.
void note_pause(Connection& c, const std::string& kind, const std::string& subject, bool paused,
                const std::string& detail) {
    if (paused)
        open_incident_in(c, Incident{0, kind, subject, detail, unix_now(), 0});
    else
        close_incident_in(c, kind, subject, unix_now());
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
    auto write = [paused](Connection& c) {
        Transaction tx(c);
        put_setting(c, "paused", paused ? "1" : "0");
        note_pause(c, "pause", "all", paused, "the bridge is paused for maintenance");
        tx.commit();
    };
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
    auto write = [route = std::move(route), paused, reason = std::move(reason)](Connection& c) {
        auto key = std::string(kRoutePausePrefix) + route;
        auto why = reason.empty() ? std::string("paused by an operator") : reason;
        Transaction tx(c);
        if (paused)
            put_setting(c, key, why);
        else
            execute(c, "DELETE FROM maker_settings WHERE key = ?", key);
        note_pause(c, "route_pause", route, paused, why);
        tx.commit();
    };
    co_await db_.run(std::move(write));
}

}  // namespace perch::store
