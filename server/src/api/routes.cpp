#include "api/routes.hpp"

#include <string>

namespace perch::api {

void add_routes(http::Router& router, Services& s, std::span<const Route> routes) {
    for (const auto& r : routes) {
        router.add(r.method, r.path, std::string(r.summary),
                   [&s, handler = r.handler](http::Request& req) { return handler(s, req); });
    }
}

}  // namespace perch::api
