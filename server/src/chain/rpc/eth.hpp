#pragma once
// Typed eth_* calls over an RpcClient. Quantities come back as U256 or uint64, data as bytes;
// a malformed answer is an RpcError(bad_response), never a crash.
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "chain/address.hpp"
#include "chain/hex.hpp"
#include "chain/keccak.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/u256.hpp"

namespace perch::chain::rpc {

// Parsing of answers, shared by the typed calls and by batch users.
U256 quantity(const boost::json::value& v);
std::uint64_t quantity_u64(const boost::json::value& v);
Bytes data_of(const boost::json::value& v);
std::string quantity_hex(std::uint64_t n);

// eth_call body for balanceOf(owner) on an ERC-20.
Call erc20_balance_call(const Address& token, const Address& owner);
Call native_balance_call(const Address& owner);

class Eth {
  public:
    explicit Eth(RpcClient& rpc) : rpc_(rpc) {}

    Task<std::uint64_t> chain_id();
    Task<std::uint64_t> block_number();
    Task<U256> get_balance(Address owner, std::string block = "latest");
    Task<std::uint64_t> get_transaction_count(Address owner, std::string block = "latest");
    Task<Bytes> call(Address to, Bytes data, std::string block = "latest");
    Task<boost::json::array> get_logs(boost::json::object filter);
    Task<boost::json::value> get_block_by_number(std::string block, bool full_transactions);
    // Empty while the transaction is not mined.
    Task<std::optional<boost::json::object>> get_transaction_receipt(Hash32 tx_hash);
    // Empty when the node does not know the transaction.
    Task<std::optional<boost::json::object>> get_transaction_by_hash(Hash32 tx_hash);
    Task<Hash32> send_raw_transaction(Bytes signed_tx);
    Task<U256> estimate_gas(boost::json::object tx);
    Task<U256> gas_price();
    Task<boost::json::object> fee_history(std::uint64_t blocks, std::string newest,
                                          boost::json::array percentiles);

  private:
    RpcClient& rpc_;
};

}  // namespace perch::chain::rpc
