#pragma once
// OP-stack chains (Optimism, Base, Soneium, Zora, Ink): besides its L2 gas, every transaction pays
// an L1 data fee for posting its bytes to Ethereum (docs/operations.md "The OP-stack L1 data
// fee"). Pure: the GasPriceOracle predeploy's calls and answers, the fee a receipt reports and a
// mined transaction's whole cost.
#include <boost/json/object.hpp>
#include <cstdint>

#include "chain/address.hpp"
#include "chain/tx.hpp"
#include "chain/u256.hpp"

namespace perch::chain::op {

// The GasPriceOracle predeploy: the same address on every OP-stack chain.
Address gas_price_oracle();

// getL1FeeUpperBound(uint256): the most the L1 fee of a transaction whose unsigned RLP is
// `unsigned_size` bytes can be, whatever its bytes compress to (Fjord and later).
Bytes l1_fee_upper_bound_call(std::uint64_t unsigned_size);
// getL1Fee(bytes): the L1 fee of exactly these unsigned RLP bytes (the receipt's l1Fee when the
// L1 prices do not move before it is mined; the signed bytes would over-count).
Bytes l1_fee_call(ByteView unsigned_tx);
// The oracle's answer to either: one uint256.
Result<U256> decode_fee(ByteView answer);

// The unsigned size `tx` has at most whatever nonce and gas limit it is signed with (both taken
// at their widest), so a bound priced before the nonce is known still holds once it is.
std::size_t unsigned_size_bound(Transaction tx);

// What a mined transaction cost its sender in the native coin, from its receipt: the L2 gas
// (gasUsed × effectiveGasPrice) and the L1 data fee (`l1Fee`; zero on a chain without one).
struct TxCost {
    U256 l2;
    U256 l1;
    U256 total() const;
};
Result<TxCost> receipt_cost(const boost::json::object& receipt);

}  // namespace perch::chain::op
