// Liveness, readiness and what this instance is: its store, whether it runs the maker, and the
// newest block the maker has seen on each chain.
#include <boost/json.hpp>

#include "api/services.hpp"
#include "core/error.hpp"
#include "maker/maker.hpp"
#include "store/migrations.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::string store_kind(const std::string& database_url) {
    return database_url.substr(0, database_url.find(':'));
}

json::object maker_json(const Services& s) {
    json::object out{{"enabled", s.maker != nullptr}};
    if (!s.maker) return out;
    // One instance per database runs the maker today (leadership arrives with PostgreSQL).
    out["leader"] = true;
    out["paused"] = s.maker->paused();
    json::array chains;
    for (const auto& [id, block] : s.maker->last_blocks())
        chains.push_back(json::object{{"chain_id", id}, {"last_block", block}});
    out["chains"] = chains;
    return out;
}

}  // namespace

void register_system_api(http::Router& router, Services& s) {
    router.get(
        "/api/health",
        "Liveness: schema version, uptime, the store (sqlite), and the maker (enabled, "
        "leader, paused, each chain's newest block seen)",
        [&s](http::Request&) -> Task<http::Response> {
            auto version = co_await s.store.schema_version();
            auto uptime = std::chrono::duration_cast<std::chrono::seconds>(
                std::chrono::steady_clock::now() - s.started);
            co_return http::envelope(json::object{{"status", "ok"},
                                                  {"schema_version", version},
                                                  {"uptime_seconds", uptime.count()},
                                                  {"store", store_kind(s.config.database_url)},
                                                  {"maker", maker_json(s)}});
        });
    router.get(
        "/api/ready",
        "Readiness for a load balancer: 200 once the store answers with every migration "
        "applied, else 503",
        [&s](http::Request&) -> Task<http::Response> {
            int version = 0;
            try {
                version = co_await s.store.schema_version();
            } catch (const std::exception& e) {
                throw ApiError(ErrorKind::unavailable, "the store is not reachable", e.what());
            }
            if (version < store::latest_schema_version())
                throw ApiError(ErrorKind::unavailable, "migrations are not applied yet");
            co_return http::envelope(json::object{{"ready", true}, {"schema_version", version}});
        });
}

}  // namespace perch::api
