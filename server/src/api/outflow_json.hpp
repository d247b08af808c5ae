#pragma once
// The outflow limits as the API shows them (bridge/outflow.hpp): per route and token, what it can
// still pay in the hour and day windows, its hold threshold, paused or not; and the part of a
// quote that says whether a transfer will wait.
#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "api/services.hpp"
#include "core/task.hpp"

namespace perch::api {

// The routes' limits now (those matching the filters: 0 / empty match all).
Task<boost::json::object> limits_json(Services& s, std::int64_t from, std::int64_t to,
                                      std::string token);

// The quote's "outflow" member for `amount` (base units) on the route: hold_seconds (0: paid
// without a hold), the capacity left, and whether the amount fits in it now. Throws ApiError
// (503) when the route is paused.
Task<boost::json::object> quote_outflow(Services& s, std::int64_t from, std::int64_t to,
                                        const std::string& token, const chain::U256& amount,
                                        unsigned decimals);

}  // namespace perch::api
