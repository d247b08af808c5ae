#pragma once
// What every sender of server-signed transactions shares (the maker's payers, the faucets): the
// chain's current fees, and which refusals of eth_sendRawTransaction mean the node already has
// the transaction, so that re-broadcasting a stored transaction is always safe.
#include <string>

#include "bridge/order.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"

namespace perch::bridge {

// Fees for a transaction to be mined now: the latest base fee and the node's tip (1 gwei when the
// node has no view), through fees_for.
Task<Fees> read_current_fees(chain::rpc::RpcClient& rpc);

// True for answers that mean the node already has (or had) this transaction.
bool already_sent(std::string error);

}  // namespace perch::bridge
