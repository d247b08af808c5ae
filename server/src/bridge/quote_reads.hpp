#pragma once
// The chain reads a bridge quote and the maker's payouts share: what PerchPool can pay out of a
// token on the destination (the maker pays from it when its own balance is short).
#include <optional>

#include "chain/address.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/u256.hpp"
#include "core/task.hpp"

namespace perch::bridge {

// PerchPool.available(token) at `pool` (the zero address: ETH); nullopt when the node's answer
// is not a word. Throws RpcError.
Task<std::optional<chain::U256>> read_pool_available(chain::rpc::RpcClient& rpc,
                                                     chain::Address pool, chain::Address token);

}  // namespace perch::bridge
