#pragma once
// Small pure string checks used by validation in several modules.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perch::text {

bool is_hex(std::string_view s);
// 0x followed by exactly 40 hex digits.
bool is_evm_address(std::string_view s);
// A wallet address of any supported ecosystem: EVM, Starknet/Fuel (0x + up to 64 hex), Solana
// (base58, 32-44 chars), Bitcoin (base58 legacy or bech32 bc1/tb1).
bool is_wallet_address(std::string_view s);
std::string to_lower(std::string_view s);
// The whole text as a decimal integer (optional minus); nullopt for anything else or overflow.
std::optional<std::int64_t> parse_int(std::string_view s);
std::vector<std::string> split(std::string_view s, char sep);
std::string_view trim(std::string_view s);

}  // namespace perch::text
