#pragma once
// Byte containers and hex conversion shared by every chain primitive.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "chain/result.hpp"

namespace perch::chain {

using Bytes = std::vector<std::uint8_t>;
using ByteView = std::span<const std::uint8_t>;

// Lower-case hex, with "0x" unless told otherwise.
std::string to_hex(ByteView bytes, bool with_prefix = true);

// Accepts an optional "0x"/"0X" prefix and either case; odd length is an error (ambiguous).
Result<Bytes> from_hex(std::string_view text);

// Value of one hex digit, or -1.
int hex_digit_value(char c);

inline ByteView as_bytes(std::string_view text) {
    return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace perch::chain
