#pragma once
// 20-byte account address with EIP-55 mixed-case checksum.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/hex.hpp"

namespace perch::chain {

struct Address {
    std::array<std::uint8_t, 20> bytes{};

    // EIP-55 form, e.g. 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed.
    std::string checksum_hex() const;
    std::string lower_hex() const { return to_hex(bytes); }

    // All-lower and all-upper hex are accepted (no checksum to check); mixed case must match
    // EIP-55 exactly, since a wrong mixed case usually means a mistyped address.
    static Result<Address> from_hex(std::string_view text);
    static Result<Address> from_bytes(ByteView bytes);

    bool is_zero() const;
    friend bool operator==(const Address&, const Address&) = default;
    friend auto operator<=>(const Address&, const Address&) = default;
};

// True when text is a 0x-prefixed 40-digit address that from_hex accepts.
bool is_valid_address(std::string_view text);

}  // namespace perch::chain
