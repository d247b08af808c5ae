#pragma once
// Request and answer pieces the API groups share: a JSON body's text field (numbers taken as
// text, since clients send chain ids both ways) and a transaction for the wallet to send.
#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "chain/hex.hpp"
#include "chain/u256.hpp"
#include "core/error.hpp"

namespace perch::api {

inline std::string string_field(const boost::json::object& body, std::string_view name,
                                bool required = true) {
    const auto* v = body.if_contains(name);
    if (!v || v->is_null()) {
        if (required) throw bad_request("field '" + std::string(name) + "' is required");
        return {};
    }
    if (v->is_string()) return std::string(v->as_string());
    if (v->is_int64() || v->is_uint64()) return std::to_string(v->to_number<std::int64_t>());
    throw bad_request("field '" + std::string(name) + "' must be a string");
}

// One transaction body to send from the wallet (value in hex wei), as the web app's TxBody.
inline boost::json::object tx_json(std::int64_t chain_id, const std::string& to,
                                   const chain::Bytes& data, const chain::U256& value) {
    return boost::json::object{{"chain_id", chain_id},
                               {"to", to},
                               {"data", chain::to_hex(data)},
                               {"value", value.to_hex()}};
}

}  // namespace perch::api
