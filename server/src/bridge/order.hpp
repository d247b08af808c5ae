#pragma once
// Bridge orders, pure: their states, what the maker does with a confirmed deposit (pay or refund,
// and why), and the transactions it signs for payouts and refunds. The maker (maker/) does the I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "bridge/deposit_event.hpp"
#include "bridge/firm_quote.hpp"
#include "bridge/quote.hpp"
#include "chain/tx.hpp"

namespace perch::bridge {

// An order's states: confirming → queued → paying → completed, or → refunding → refunded, or failed
// (an operator must look). `dropped`: the deposit's block left the chain in a reorg; nothing is
// owed. `rejected`: a deposit of a token the bridge does not list, kept on record with its reason
// and never queued for a refund: anyone can mint a worthless token, and a refund the maker cannot
// sign (it values and holds only the tokens it lists) must not be owed to every such deposit.
enum class OrderState {
    confirming,
    queued,
    paying,
    completed,
    refunding,
    refunded,
    failed,
    dropped,
    rejected
};

std::string_view to_string(OrderState state);
std::optional<OrderState> parse_order_state(std::string_view text);
// A state no event of the maker changes any more. Not `dropped`: the watcher revives a dropped
// order when its deposit is mined again in another block, so a stream must keep following it.
bool is_final(OrderState state);

// Why a deposit of a token the catalog does not list is rejected (the order's reason).
inline constexpr std::string_view kUnlistedTokenReason =
    "the bridge does not list this token: it is neither bridged nor refunded automatically (the "
    "operator can return it by hand)";

// The token a deposit carried, as the catalog knows it on the source chain.
struct DepositToken {
    std::string symbol;
    unsigned decimals = 18;
};

// A confirmed deposit is paid (receive = amount − fees) or refunded with a reason for the user, or,
// when the bridge does not list its token, neither (rejected, with the reason).
struct Assessment {
    bool pay = false;
    bool refundable = true;  // false: not paid and not refunded either
    U256 receive_amount;
    U256 fee;
    std::string reason;  // why it is refunded or rejected; empty when paid
};

// Which kind of address the destination pays: EVM (0x, exchange deposit addresses too), Solana
// (base58 of 32 bytes) or anything the catalog lets through (other ecosystems).
enum class Destination { evm, solana, other };

// The firm quote a cross-asset deposit names, as the store has it (nullopt: no such quote), and
// the time of the block (slot) that included the deposit.
struct NamedQuote {
    std::optional<FirmQuote> quote;
    std::int64_t block_time = 0;
};

// `token`: nullopt when the deposited token has no entry in the catalog on the source chain; such
// a deposit is not refundable.
// A cross-asset route pays exactly the amount of the firm quote the deposit names (in the
// recipient's "?quote=" or the Solana memo) when the deposit matches that quote and was included
// before it expired (bridge/firm_quote.hpp); else the deposit is refunded with the reason.
Assessment assess_deposit(const RouteTable& routes, const Deposit& deposit,
                          const std::optional<DepositToken>& token, Destination destination,
                          const NamedQuote& named = {});
inline Assessment assess_deposit(const RouteTable& routes, const Deposit& deposit,
                                 const std::optional<DepositToken>& token,
                                 bool destination_is_evm) {
    return assess_deposit(routes, deposit, token,
                          destination_is_evm ? Destination::evm : Destination::other);
}

// EIP-1559 fee caps for the maker's transactions.
struct Fees {
    U256 max_fee_per_gas;
    U256 max_priority_fee_per_gas;
};
// From the latest base fee: 2 × base + tip, so a few full blocks do not strand the transaction.
Fees fees_for(const U256& base_fee, const U256& priority_fee);
// A replacement must raise both caps by at least 10 % (geth's and Hardhat's rule); we raise 25 %.
Fees bumped(const Fees& fees);
// Fees for a transaction that must replace `previous` (same nonce) and be mined now: each cap the
// higher of bumped(previous) and `current`.
Fees replacement_fees(const Fees& previous, const Fees& current);

// Sending `amount` of a token (zero address: the native coin) to `to`: value transfer or ERC-20
// transfer(). Gas limits leave room for recipients that are contracts.
struct Transfer {
    chain::Address to;
    U256 value;
    chain::Bytes data;
    std::uint64_t gas_limit = 0;
};
Transfer transfer_of(const chain::Address& token, const chain::Address& recipient,
                     const U256& amount);

// The unsigned EIP-1559 transaction for a transfer.
chain::Transaction transaction_for(const Transfer& transfer, std::uint64_t chain_id,
                                   std::uint64_t nonce, const Fees& fees);

// The filler that cancels a nonce the nodes keep refusing: a 0-value plain transfer from the maker
// to itself (21 000 gas, the least any transaction costs). It moves no funds, so whatever the
// refused transaction was, mining this one in its place only unblocks the later nonces.
chain::Transaction filler_for(const chain::Address& maker, std::uint64_t chain_id,
                              std::uint64_t nonce, const Fees& fees);

// What a refund of `amount` returns after its own gas on the source chain: for the native coin the
// transfer's worst-case gas cost, for tokens `token_cost` (the route's transaction cost there).
// nullopt when nothing would be left.
std::optional<U256> refund_amount(const U256& amount, const U256& cost);
// The most a transfer's gas can cost in the native coin (gas limit × max fee), whatever it sends.
U256 native_transfer_cost(const Transfer& transfer, const Fees& fees);

}  // namespace perch::bridge
