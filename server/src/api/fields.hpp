#pragma once
// An answer piece the API groups share: a transaction for the wallet to send. (Request
// parameters are read through api/params.hpp.)
#include <boost/json.hpp>
#include <string>
#include <string_view>

#include "chain/hex.hpp"
#include "chain/u256.hpp"

namespace perch::api {

// One transaction body to send from the wallet (value in hex wei), as the web app's TxBody.
inline boost::json::object tx_json(std::int64_t chain_id, const std::string& to,
                                   const chain::Bytes& data, const chain::U256& value) {
    return boost::json::object{{"chain_id", chain_id},
                               {"to", to},
                               {"data", chain::to_hex(data)},
                               {"value", value.to_hex()}};
}

}  // namespace perch::api
