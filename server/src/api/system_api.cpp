#include <boost/json.hpp>

#include "api/services.hpp"

namespace perch::api {

void register_system_api(http::Router& router, Services& s) {
    router.get(
        "/api/health", "Liveness and schema version", [&s](http::Request&) -> Task<http::Response> {
            auto version = co_await s.store.schema_version();
            auto uptime = std::chrono::duration_cast<std::chrono::seconds>(
                std::chrono::steady_clock::now() - s.started);
            co_return http::envelope(boost::json::object{
                {"status", "ok"}, {"schema_version", version}, {"uptime_seconds", uptime.count()}});
        });
}

}  // namespace perch::api
