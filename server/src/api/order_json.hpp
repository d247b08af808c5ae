#pragma once
// A bridge order as the API answers it (the order, history, stream and /query lookups).
#include <boost/json/value.hpp>
#include <optional>

#include "store/orders.hpp"

namespace perch::api {

// null when there is no order.
boost::json::value order_json(const std::optional<store::Order>& found);

}  // namespace perch::api
