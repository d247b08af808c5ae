#pragma once
// An api file's routes as one table: each row is a method, a path pattern, the handler and the
// summary the served OpenAPI document shows. add_routes registers the rows in one loop, so the
// registration is written once here rather than once per route.
#include <span>
#include <string_view>

#include "api/services.hpp"
#include "core/task.hpp"
#include "http/message.hpp"
#include "http/router.hpp"

namespace perch::api {

struct Route {
    http::bhttp::verb method;
    std::string_view path;
    Task<http::Response> (*handler)(Services&, http::Request&);
    std::string_view summary;
};

inline constexpr auto kGet = http::bhttp::verb::get;
inline constexpr auto kPost = http::bhttp::verb::post;
inline constexpr auto kDelete = http::bhttp::verb::delete_;

// Each handler is called with the server's services and the request.
void add_routes(http::Router& router, Services& s, std::span<const Route> routes);

}  // namespace perch::api
