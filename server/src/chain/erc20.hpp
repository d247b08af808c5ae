#pragma once
// Calldata of the ERC-20 calls perch makes or asks users to sign: transfer (payouts, refunds,
// faucet drips), approve and allowance (deposits and swaps), balanceOf (what the maker holds).
// Pure.
#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/u256.hpp"

namespace perch::chain::erc20 {

Bytes transfer(const Address& to, const U256& amount);
Bytes approve(const Address& spender, const U256& amount);
Bytes allowance(const Address& owner, const Address& spender);
Bytes balance_of(const Address& owner);

}  // namespace perch::chain::erc20
