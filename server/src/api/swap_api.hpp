#pragma once
// What the swap API's quote and the bridge quote's destination swap (docs/swap.md "Bridge and
// swap") answer alike about a swap quote.
#include <boost/json/object.hpp>
#include <cstdint>
#include <string>

#include "swap/deployment.hpp"
#include "swap/router.hpp"

namespace perch::api {

// chain_id, the tokens, the amount in, the amount out under `out_key` ("amount_out" in the swap
// API, "receive_amount" in the bridge's), the minimum the slippage allows, the slippage and the
// price impact, in this order, amounts in token units and in base units ("_wei").
boost::json::object swap_terms_json(std::int64_t chain_id, const swap::SwapToken& in,
                                    const swap::SwapToken& out, const swap::Quote& q,
                                    std::uint32_t slippage_bps, const std::string& out_key);

}  // namespace perch::api
