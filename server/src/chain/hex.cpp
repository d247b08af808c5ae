#include "chain/hex.hpp"

namespace perch::chain {

std::string to_hex(ByteView bytes, bool with_prefix) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2 + 2);
    if (with_prefix) out += "0x";
    for (std::uint8_t b : bytes) {
        out += kDigits[b >> 4];
        out += kDigits[b & 0x0f];
    }
    return out;
}

int hex_digit_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

Result<Bytes> from_hex(std::string_view text) {
    if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
    }
    if (text.size() % 2 != 0) return make_error(Errc::invalid_hex, "hex string has odd length");
    Bytes out(text.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i) {
        int hi = hex_digit_value(text[2 * i]);
        int lo = hex_digit_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0) return make_error(Errc::invalid_hex, "invalid hex digit");
        out[i] = static_cast<std::uint8_t>((hi << 4) | lo);
    }
    return out;
}

}  // namespace perch::chain
