#include "bridge/order.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "bridge/cross_price.hpp"
#include "bridge/solana_address.hpp"
#include "bridge/swap_intent.hpp"
#include "chain/erc20.hpp"

namespace perch::bridge {
namespace {

constexpr std::array<std::pair<OrderState, std::string_view>, 9> kStateNames{{
    {OrderState::confirming, "confirming"},
    {OrderState::queued, "queued"},
    {OrderState::paying, "paying"},
    {OrderState::completed, "completed"},
    {OrderState::refunding, "refunding"},
    {OrderState::refunded, "refunded"},
    {OrderState::failed, "failed"},
    {OrderState::dropped, "dropped"},
    {OrderState::rejected, "rejected"},
}};

// Gas for a plain value transfer to a contract recipient with a small receive(), and for an ERC-20
// transfer() (about 35k on warm storage, 52k on a first-time holder).
constexpr std::uint64_t kNativeTransferGas = 50'000;
constexpr std::uint64_t kTokenTransferGas = 100'000;
constexpr std::uint64_t kPlainTransferGas = 21'000;  // to an account without code

U256 percent_of(const U256& value, std::uint64_t percent) {
    return *(*value.mul(percent)).div(100);
}

}  // namespace

std::string_view to_string(OrderState state) {
    for (const auto& [s, name] : kStateNames)
        if (s == state) return name;
    return "unknown";
}

std::optional<OrderState> parse_order_state(std::string_view text) {
    for (const auto& [s, name] : kStateNames)
        if (name == text) return s;
    return std::nullopt;
}

bool is_final(OrderState state) {
    return state == OrderState::completed || state == OrderState::refunded ||
           state == OrderState::failed || state == OrderState::rejected;
}

Assessment assess_deposit(const RouteTable& routes, const Deposit& deposit,
                          const std::optional<DepositToken>& token, Destination destination,
                          const CrossPrices& prices) {
    Assessment a;
    if (!token) {
        a.refundable = false;
        a.reason = std::string(kUnlistedTokenReason);
        return a;
    }
    // A recipient with a destination swap (bridge/swap_intent.hpp) must decode strictly.
    auto parsed = parse_recipient(deposit.recipient);
    if (!parsed.error.empty()) {
        a.reason = "the destination swap in the recipient is malformed: " + parsed.error;
        return a;
    }
    auto not_an_address = [&] {
        a.reason = "the recipient '" + deposit.recipient +
                   "' is not an address on the destination network";
        return a;
    };
    if (destination == Destination::evm) {
        auto recipient = chain::Address::from_hex(parsed.recipient);
        if (!recipient || recipient->is_zero()) return not_an_address();
    }
    if (destination == Destination::solana && !is_solana_address(parsed.recipient))
        return not_an_address();
    QuoteRequest request{deposit.src_chain_id, deposit.dst_chain_id, token->symbol,
                         deposit.amount,       prices.from_usd,      prices.to_usd};
    const auto* route = routes.find(token->symbol, deposit.src_chain_id, deposit.dst_chain_id);
    bool cross = route && route->cross();
    if (cross && !parsed.quoted_out) {
        a.reason = "the deposit does not carry the amount its quote fixed";
        return a;
    }
    if (!cross && parsed.quoted_out) {
        a.reason = "the deposit carries a quoted amount, but its route pays the same token";
        return a;
    }
    // Liquidity is the payer's business at payout time; here only the route's own rules apply.
    auto quote = make_quote(routes, request, ~U256(), 0);
    if (quote.refusal) {
        a.reason = quote.refusal->message;
        return a;
    }
    if (cross) {
        const auto& fair = quote.quote->receive_amount;
        if (beyond_tolerance(*parsed.quoted_out, fair, route->price_tolerance_bps)) {
            a.reason = "the price of " + route->token + " against " + route->to_token +
                       " moved more than " + U256(route->price_tolerance_bps).format_units(2) +
                       " % since the quote (it fixed " +
                       parsed.quoted_out->format_units(route->to_decimals) + " " + route->to_token +
                       "; today it is " + fair.format_units(route->to_decimals) + ")";
            return a;
        }
        // Exactly what was quoted; the fee recorded is the bridge fee, in the deposited token
        // (the destination's cost is inside the quoted amount).
        a.pay = true;
        a.receive_amount = *parsed.quoted_out;
        a.fee = quote.quote->bridge_fee;
        return a;
    }
    a.pay = true;
    a.receive_amount = quote.quote->receive_amount;
    a.fee = *quote.quote->bridge_fee.add(quote.quote->dtc);
    return a;
}

Fees fees_for(const U256& base_fee, const U256& priority_fee) {
    return Fees{*(*base_fee.mul(2)).add(priority_fee), priority_fee};
}

Fees bumped(const Fees& fees) {
    return Fees{*percent_of(fees.max_fee_per_gas, 125).add(1),
                *percent_of(fees.max_priority_fee_per_gas, 125).add(1)};
}

Fees replacement_fees(const Fees& previous, const Fees& current) {
    auto up = bumped(previous);
    return Fees{std::max(up.max_fee_per_gas, current.max_fee_per_gas),
                std::max(up.max_priority_fee_per_gas, current.max_priority_fee_per_gas)};
}

chain::Transaction filler_for(const chain::Address& maker, std::uint64_t chain_id,
                              std::uint64_t nonce, const Fees& fees) {
    return transaction_for(Transfer{maker, U256(), {}, kPlainTransferGas}, chain_id, nonce, fees);
}

Transfer transfer_of(const chain::Address& token, const chain::Address& recipient,
                     const U256& amount) {
    if (token.is_zero()) return Transfer{recipient, amount, {}, kNativeTransferGas};
    return Transfer{token, U256(), chain::erc20::transfer(recipient, amount), kTokenTransferGas};
}

chain::Transaction transaction_for(const Transfer& transfer, std::uint64_t chain_id,
                                   std::uint64_t nonce, const Fees& fees) {
    chain::Transaction tx;
    tx.type = chain::TxType::dynamic_fee;
    tx.chain_id = chain_id;
    tx.nonce = nonce;
    tx.max_fee_per_gas = fees.max_fee_per_gas;
    tx.max_priority_fee_per_gas = fees.max_priority_fee_per_gas;
    tx.gas_limit = transfer.gas_limit;
    tx.to = transfer.to;
    tx.value = transfer.value;
    tx.data = transfer.data;
    return tx;
}

U256 native_transfer_cost(const Transfer& transfer, const Fees& fees) {
    return *fees.max_fee_per_gas.mul(transfer.gas_limit);
}

std::optional<U256> refund_amount(const U256& amount, const U256& cost) {
    if (amount <= cost) return std::nullopt;
    return *amount.sub(cost);
}

}  // namespace perch::bridge
