#pragma once
// The maker's rules for gas and funds on real chains, as pure functions: the gas limit from
// eth_estimateGas, what an estimation error means, the fees of a replacement under the chain's
// cap, when a nonce counts as stuck, and when a balance counts as low. The payer (payer.cpp,
// payer_gas.cpp) acts on them; maker.gas in the config sets their numbers.
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "bridge/order.hpp"
#include "bridge/quote.hpp"
#include "chain/rpc/rpc_error.hpp"
#include "chain/u256.hpp"
#include "core/config.hpp"

namespace perch::maker {

// The gas limit to sign with: the estimate and `margin_percent` of it on top (rounded up), so a
// state change between the estimate and the block does not run the transaction out of gas.
std::uint64_t limit_with_margin(std::uint64_t estimate, int margin_percent);

// True when an eth_estimateGas error says the transaction would revert if mined (geth, Erigon,
// Reth and Nethermind answer code 3 or "execution reverted"; Hardhat "reverted with ..."). Any
// other error (no such method, a timeout, a rate limit) tells nothing about the transaction.
bool estimate_reverts(const chain::rpc::RpcError& error);

// The chain's ceiling on a signed gas limit (maker.gas.max_gas_limit).
std::uint64_t gas_ceiling(const GasSettings& gas, std::int64_t chain_id);

// What the payer does with a transfer whose gas it asked the node for. `sign`: with `limit`
// (0: the transfer's fixed limit, from a node that cannot estimate at all). Otherwise not yet:
// a revert, an error or a limit above the ceiling says nothing final about a payable order (a
// backend behind the chain estimates on state without the maker's funds or the deposit's
// block); the order stays where it is and is estimated again next round. `why` says what the
// node answered, for the log and a refund once it has lasted (unsignable_refund_after).
struct GasVerdict {
    bool sign = false;
    std::uint64_t limit = 0;
    std::string why;
    // Not signed, and the answer says nothing of the transaction (a timeout, a rate limit, no
    // answer): never a reason to refund, however long it lasts. A revert or a limit above the
    // ceiling is the transaction's own answer: lasting unsignable_refund_after, it is refunded.
    bool transient = false;
};
GasVerdict gas_verdict(const std::optional<chain::rpc::RpcError>& error,
                       const std::optional<std::uint64_t>& estimate, const GasSettings& gas,
                       std::int64_t chain_id);

// The chain's cap on maxFeePerGas, in wei.
chain::U256 fee_cap(const GasSettings& gas, std::int64_t chain_id);

// `fees` with the max fee at most `cap` (and the tip at most the max fee). Signed so in a fee
// spike, a transaction waits for the base fee to fall instead of paying any price.
bridge::Fees under_cap(const bridge::Fees& fees, const chain::U256& cap);

// `fees` with both caps raised by `percent` (and 1 wei, so a zero tip still rises).
bridge::Fees bumped_by(const bridge::Fees& fees, int percent);

// The fees of a transaction replacing `previous` at its nonce: each cap the larger of the bumped
// previous one and what a transaction needs now (`current`: twice the base fee plus the tip), the
// max fee at most `cap`. `at_cap`: even the minimum bump does not fit under the cap, so no
// replacement is possible and the previous version keeps the nonce (it is re-broadcast, never
// dropped) until the base fee falls or an operator raises the cap.
struct Replacement {
    bridge::Fees fees;
    bool at_cap = false;
};
Replacement replacement_fees(const bridge::Fees& previous, const bridge::Fees& current,
                             int bump_percent, const chain::U256& cap);

// A nonce is stuck once its first version has been pending for longer than `bound`.
bool nonce_stuck(std::int64_t first_sent_unix, std::int64_t now_unix,
                 std::chrono::milliseconds bound);

// The maker's balance of `symbol` on `chain_id` below which it is low, in base units: the
// configured whole units (maker.gas.low_balance), else `route_max` (the largest amount a route
// pays there, base units). nullopt: the configured text is not an amount.
std::optional<chain::U256> low_balance_threshold(const GasSettings& gas, std::int64_t chain_id,
                                                 const std::string& symbol, unsigned decimals,
                                                 const chain::U256& route_max);

// The largest amount a same-token route pays in `symbol` on `chain_id` (base units; 0: none pays
// it there), the default low-balance threshold.
chain::U256 largest_route_payout(const bridge::RouteTable& routes, std::int64_t chain_id,
                                 const std::string& symbol);

}  // namespace perch::maker
