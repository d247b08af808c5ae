#pragma once
// Solana addresses as the bridge checks them: base58 (Bitcoin alphabet) of exactly 32 bytes.
// Pure.
#include <string_view>

namespace perch::bridge {

bool is_solana_address(std::string_view text);

}  // namespace perch::bridge
