#pragma once
// Keccak-256 as Ethereum uses it: the original Keccak padding, not the FIPS-202 SHA3-256 one.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/hex.hpp"

namespace perch::chain {

// A 32-byte hash (keccak output, tx hash, storage key, topic).
struct Hash32 {
    std::array<std::uint8_t, 32> bytes{};

    std::string hex() const { return to_hex(bytes); }
    static Result<Hash32> from_hex(std::string_view text);
    friend bool operator==(const Hash32&, const Hash32&) = default;
};

Hash32 keccak256(ByteView data);
inline Hash32 keccak256(std::string_view text) {
    return keccak256(as_bytes(text));
}

}  // namespace perch::chain
