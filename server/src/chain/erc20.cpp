#include "chain/erc20.hpp"

#include <vector>

#include "chain/abi.hpp"

namespace perch::chain::erc20 {
namespace {

Bytes call(const char* signature, std::vector<abi::Value> args) {
    return abi::encode_known_call(signature, args);
}

}  // namespace

Bytes transfer(const Address& to, const U256& amount) {
    return call("transfer(address to, uint256 amount)",
                {abi::Value::of(to), abi::Value::of(amount)});
}

Bytes approve(const Address& spender, const U256& amount) {
    return call("approve(address spender, uint256 amount)",
                {abi::Value::of(spender), abi::Value::of(amount)});
}

Bytes allowance(const Address& owner, const Address& spender) {
    return call("allowance(address owner, address spender)",
                {abi::Value::of(owner), abi::Value::of(spender)});
}

Bytes balance_of(const Address& owner) {
    return call("balanceOf(address owner)", {abi::Value::of(owner)});
}

}  // namespace perch::chain::erc20
