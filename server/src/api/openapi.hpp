#pragma once

#include <boost/json.hpp>

#include "http/router.hpp"

namespace perch::api {

// The OpenAPI 3 document of every registered route: paths and path parameters come from the
// routes themselves (so they cannot drift), query parameters, bodies, schemas and examples from
// the documentation table in openapi.cpp. Every operation lists the error codes of the envelope.
boost::json::object openapi_of(const http::Router& router);

}  // namespace perch::api
