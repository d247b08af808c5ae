#include "bridge/solana_address.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace perch::bridge {

bool is_solana_address(std::string_view text) {
    // 32 bytes are 32 to 44 base58 digits; longer text cannot decode to 32 bytes.
    if (text.empty() || text.size() > 44) return false;
    static constexpr std::string_view kAlphabet =
        "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    std::size_t zeros = 0;
    while (zeros < text.size() && text[zeros] == '1') ++zeros;
    std::vector<std::uint8_t> bytes;  // little-endian base-256 digits of the value
    for (char c : text) {
        auto digit = kAlphabet.find(c);
        if (digit == std::string_view::npos) return false;
        std::uint32_t carry = static_cast<std::uint32_t>(digit);
        for (auto& b : bytes) {
            carry += static_cast<std::uint32_t>(b) * 58;
            b = static_cast<std::uint8_t>(carry & 0xff);
            carry >>= 8;
        }
        while (carry) {
            bytes.push_back(static_cast<std::uint8_t>(carry & 0xff));
            carry >>= 8;
        }
    }
    // Each leading '1' is a leading zero byte; the rest is the value's own length.
    std::size_t value_bytes = bytes.size();
    while (value_bytes > 0 && bytes[value_bytes - 1] == 0) --value_bytes;
    return zeros + value_bytes == 32;
}

}  // namespace perch::bridge
