#pragma once
// Bridge and swap (docs/swap.md "Bridge and swap"): a deposit that asks for another token on the
// destination carries its intent inside the Deposit event's `recipient` string, so the deposit is
// self-contained on chain and never depends on anything the server stored beforehand:
//
//     <recipient 0x address>?token=<destination token 0x address>&min=<minimum out, base units>
//
// e.g. "0x5b38…ddc4?token=0xa0b8…eb48&min=4466677838".
//
// A cross-asset route (ETH on an EVM chain -> SOL on Solana, docs/solana.md) names the firm quote
// the server issued for it instead (bridge/firm_quote.hpp); the amount paid is the stored quote's,
// never a number the depositor writes:
//
//     <recipient as typed>?quote=<quote id>
//
// (the recipient is then checked against the destination, e.g. base58 of 32 bytes on Solana).
// A recipient without '?' is a plain bridge,
// exactly as before. Decoding is strict: the address is 0x and 40 hex digits (not zero), the two
// keys come in this order, once each, nothing else follows, and `min` is a positive decimal
// integer without leading zeros that fits 256 bits. Anything else is malformed: the deposit is
// refunded with the decoder's reason. Pure.
#include <optional>
#include <string>
#include <string_view>

#include "chain/address.hpp"
#include "chain/u256.hpp"

namespace perch::bridge {

struct SwapIntent {
    chain::Address token;  // on the destination chain; zero: its native coin
    chain::U256 min_out;   // base units of `token`
};

struct ParsedRecipient {
    std::string recipient;             // the address to pay (the whole text when no '?')
    std::optional<SwapIntent> intent;  // set when the text carries a destination swap
    std::string quote_id;              // set when it names a cross-asset firm quote
    std::string error;                 // why the swap suffix is malformed; empty when it is not
};

// Splits a deposited recipient into the address and the destination swap, if any.
ParsedRecipient parse_recipient(std::string_view text);

// The recipient text a deposit with `intent` carries (addresses in lower case).
std::string encode_recipient(const chain::Address& recipient, const SwapIntent& intent);
// The recipient text of a cross-asset deposit: the recipient as typed and the firm quote's id.
std::string encode_quoted_recipient(std::string_view recipient, std::string_view quote_id);

}  // namespace perch::bridge
