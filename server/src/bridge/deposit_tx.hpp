#pragma once
// Calldata of Depositor.deposit(token, amount, dstChainId, recipient, channel), the transaction a
// user signs to bridge (its ERC-20 approve is chain/erc20). Pure.
#include <string>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

chain::Bytes deposit_calldata(const chain::Address& token, const chain::U256& amount,
                              std::int64_t dst_chain_id, const std::string& recipient,
                              std::int64_t channel);

}  // namespace perch::bridge
