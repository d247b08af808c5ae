#include "bridge/deposit_tx.hpp"

#include <vector>

#include "chain/abi.hpp"

namespace perch::bridge {
namespace abi = chain::abi;

namespace {

chain::Bytes encode(const char* signature, std::vector<abi::Value> args) {
    return abi::encode_known_call(signature, args);
}

}  // namespace

chain::Bytes deposit_calldata(const chain::Address& token, const chain::U256& amount,
                              std::int64_t dst_chain_id, const std::string& recipient,
                              std::int64_t channel) {
    return encode(
        "deposit(address token, uint256 amount, uint256 dstChainId, string recipient, uint256 "
        "channel)",
        {abi::Value::of(token), abi::Value::of(amount),
         abi::Value::of(chain::U256(static_cast<std::uint64_t>(dst_chain_id))),
         abi::Value::of(recipient),
         abi::Value::of(chain::U256(static_cast<std::uint64_t>(channel)))});
}

chain::Bytes approve_calldata(const chain::Address& spender, const chain::U256& amount) {
    return encode("approve(address spender, uint256 amount)",
                  {abi::Value::of(spender), abi::Value::of(amount)});
}

chain::Bytes allowance_calldata(const chain::Address& owner, const chain::Address& spender) {
    return encode("allowance(address owner, address spender)",
                  {abi::Value::of(owner), abi::Value::of(spender)});
}

chain::Bytes transfer_calldata(const chain::Address& to, const chain::U256& amount) {
    return encode("transfer(address to, uint256 amount)",
                  {abi::Value::of(to), abi::Value::of(amount)});
}

}  // namespace perch::bridge
