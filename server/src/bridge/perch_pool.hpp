#pragma once
// PerchPool's interface (devnet/contracts/PerchPool.sol), pure: the calls perch reads it with,
// the payout the maker sends through it when its own balance is short, and its Deposited /
// Withdrawn logs, which make the depositors' pool points.
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "bridge/order.hpp"
#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

// eth_call data of the pool's views (the token's zero address is ETH).
chain::Bytes pool_available_calldata(const chain::Address& token);
chain::Bytes pool_total_deposits_calldata(const chain::Address& token);
chain::Bytes pool_owed_calldata(const chain::Address& token);
chain::Bytes pool_deposit_of_calldata(const chain::Address& token, const chain::Address& user);

// The maker's payout of `amount` of `token` to `recipient` out of the pool at `pool`.
Transfer pool_payout_transfer(const chain::Address& pool, const chain::Address& token,
                              const chain::Address& recipient, const U256& amount);

struct PoolEvent {
    bool deposit = true;  // Deposited; false: Withdrawn
    chain::Address user;
    chain::Address token;
    U256 amount;
    std::uint64_t block_number = 0;
    std::uint64_t log_index = 0;
    std::string tx_hash;  // lower case 0x
};

chain::Hash32 pool_deposited_topic();
chain::Hash32 pool_withdrawn_topic();

// A Deposited or Withdrawn log of the pool at `pool` (eth_getLogs item), or nullopt with the
// reason in `why` when it is anything else (another contract, a removed log, junk).
std::optional<PoolEvent> decode_pool_event(const boost::json::value& log,
                                           const chain::Address& pool, std::string* why = nullptr);

}  // namespace perch::bridge
