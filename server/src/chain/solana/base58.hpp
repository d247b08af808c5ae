#pragma once
// Base58 (Bitcoin's alphabet, as Solana uses it for addresses, signatures and blockhashes).
// Leading zero bytes map to leading '1's and back.
#include <string>
#include <string_view>

#include "chain/hex.hpp"
#include "chain/result.hpp"

namespace perch::chain::solana {

std::string base58_encode(ByteView bytes);
// Errc::invalid_base58 for a character outside the alphabet (the message names it and its
// position). An empty text decodes to no bytes.
Result<Bytes> base58_decode(std::string_view text);

}  // namespace perch::chain::solana
