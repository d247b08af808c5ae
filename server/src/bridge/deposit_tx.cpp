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

}  // namespace perch::bridge
