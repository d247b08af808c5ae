#pragma once
// Calldata of the transactions a user signs to bridge: ERC-20 approve (when the allowance is short)
// and Depositor.deposit(token, amount, dstChainId, recipient, channel). Pure.
#include <string>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

chain::Bytes deposit_calldata(const chain::Address& token, const chain::U256& amount,
                              std::int64_t dst_chain_id, const std::string& recipient,
                              std::int64_t channel);
chain::Bytes approve_calldata(const chain::Address& spender, const chain::U256& amount);
chain::Bytes allowance_calldata(const chain::Address& owner, const chain::Address& spender);
// ERC-20 transfer(to, amount): how the maker pays out and refunds tokens.
chain::Bytes transfer_calldata(const chain::Address& to, const chain::U256& amount);

}  // namespace perch::bridge
