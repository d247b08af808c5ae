#pragma once
// Deposits on Solana (docs/solana.md): the Memo instruction beside the transfer says where the
// funds go. Its UTF-8 text is
//
//     perch:1:<dst_chain_id>:<recipient>:<channel_id>[:<quoted_out>]
//
// `1` is the memo version; the recipient is the destination address as the user typed it (EIP-55
// for an EVM destination); `quoted_out` (cross-asset routes only, e.g. SOL -> ETH) is the amount
// the quote promised on the destination, in the destination token's base units. Decoding is
// strict: decimal fields are digits without leading zeros, the recipient has no ':' or
// whitespace, nothing follows. Anything else is a bad memo, refunded with the decoder's reason.
// Pure.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "chain/u256.hpp"

namespace perch::bridge {

// Solana's chain id in Perch's API and routes (Solana has no EVM chain id; this is the one the
// product's chain list gives it).
inline constexpr std::int64_t kSolanaChainId = 83797601;

struct DepositMemo {
    std::int64_t dst_chain_id = 0;
    std::string recipient;
    std::int64_t channel = 0;
    std::optional<chain::U256> quoted_out;  // cross-asset routes: what the quote fixed
};

struct MemoParse {
    std::optional<DepositMemo> memo;
    std::string error;  // why the text is not a deposit memo; empty when it is
};

// The longest memo text looked at (the recipient of any chain fits well below).
constexpr std::size_t kMaxMemoBytes = 256;

MemoParse parse_deposit_memo(std::string_view text);
std::string format_deposit_memo(const DepositMemo& memo);

// A decimal field of a memo or recipient suffix: digits only, no leading zero, fits 256 bits and
// is above zero. nullopt otherwise.
std::optional<chain::U256> positive_decimal(std::string_view text);

}  // namespace perch::bridge
