#pragma once
// What the swap API and the bridge's destination swap (bridge and swap, docs/swap.md) answer
// alike: a token, a quote's split route and a one-line summary of it.
#include <boost/json/object.hpp>
#include <cstdint>
#include <string>
#include <string_view>

#include "swap/deployment.hpp"
#include "swap/router.hpp"

namespace perch::api {

boost::json::object token_json(const swap::SwapToken& t);
boost::json::array route_json(const swap::Quote& q);
// "uniswap-v3 0.05% 70% + uniswap-v2 → sushi-v2 30%": each path's venues (V3 with its fee tier)
// and its share of the input.
std::string route_summary(const swap::Quote& q);

}  // namespace perch::api
