#include "chain/op_fee.hpp"

#include <array>
#include <limits>

#include "chain/abi.hpp"

namespace perch::chain::op {
namespace {

// A receipt quantity ("0x..."), or the error naming the field.
Result<U256> field(const boost::json::object& receipt, const char* name) {
    const auto* v = receipt.if_contains(name);
    if (!v || !v->is_string())
        return make_error(Errc::invalid_number, std::string("receipt has no '") + name + "'");
    return U256::from_hex(std::string_view(v->as_string()));
}

}  // namespace

Address gas_price_oracle() {
    return *Address::from_hex("0x420000000000000000000000000000000000000F");
}

Bytes l1_fee_upper_bound_call(std::uint64_t unsigned_size) {
    std::array args{abi::Value::of(U256(unsigned_size))};
    return abi::encode_known_call("getL1FeeUpperBound(uint256 unsignedTxSize)", args);
}

Bytes l1_fee_call(ByteView unsigned_tx) {
    std::array args{abi::Value::of(Bytes(unsigned_tx.begin(), unsigned_tx.end()))};
    return abi::encode_known_call("getL1Fee(bytes data)", args);
}

Result<U256> decode_fee(ByteView answer) {
    static const auto kUint = *abi::parse_type("uint256");
    auto value = abi::decode(kUint, answer);
    if (!value) return value.error();
    return std::get<U256>(value->data);
}

std::size_t unsigned_size_bound(Transaction tx) {
    tx.nonce = std::numeric_limits<std::uint64_t>::max();
    tx.gas_limit = std::numeric_limits<std::uint64_t>::max();
    return encode_unsigned(tx).size();
}

U256 TxCost::total() const {
    auto sum = l2.add(l1);
    return sum ? *sum : U256::max();
}

Result<TxCost> receipt_cost(const boost::json::object& receipt) {
    auto used = field(receipt, "gasUsed");
    if (!used) return used.error();
    auto price = field(receipt, "effectiveGasPrice");
    if (!price) return price.error();
    auto l2 = used->mul(*price);
    if (!l2) return l2.error();
    TxCost cost{*l2, U256()};
    if (receipt.contains("l1Fee")) {
        auto l1 = field(receipt, "l1Fee");
        if (!l1) return l1.error();
        cost.l1 = *l1;
    }
    return cost;
}

}  // namespace perch::chain::op
