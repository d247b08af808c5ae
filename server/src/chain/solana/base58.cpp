#include "chain/solana/base58.hpp"

#include <array>

namespace perch::chain::solana {
namespace {

constexpr std::string_view kAlphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

constexpr std::array<std::int8_t, 128> make_index() {
    std::array<std::int8_t, 128> index{};
    for (auto& v : index) v = -1;
    for (std::size_t i = 0; i < kAlphabet.size(); ++i)
        index[static_cast<unsigned char>(kAlphabet[i])] = static_cast<std::int8_t>(i);
    return index;
}
constexpr auto kIndex = make_index();

}  // namespace

std::string base58_encode(ByteView bytes) {
    std::size_t zeros = 0;
    while (zeros < bytes.size() && bytes[zeros] == 0) ++zeros;
    // Base-58 digits, least significant first. log(256)/log(58) < 1.37.
    std::vector<std::uint8_t> digits;
    digits.reserve((bytes.size() - zeros) * 137 / 100 + 1);
    for (std::size_t i = zeros; i < bytes.size(); ++i) {
        unsigned carry = bytes[i];
        for (auto& d : digits) {
            carry += static_cast<unsigned>(d) << 8;
            d = static_cast<std::uint8_t>(carry % 58);
            carry /= 58;
        }
        while (carry > 0) {
            digits.push_back(static_cast<std::uint8_t>(carry % 58));
            carry /= 58;
        }
    }
    std::string text(zeros, '1');
    for (auto it = digits.rbegin(); it != digits.rend(); ++it) text.push_back(kAlphabet[*it]);
    return text;
}

Result<Bytes> base58_decode(std::string_view text) {
    std::size_t ones = 0;
    while (ones < text.size() && text[ones] == '1') ++ones;
    Bytes le;  // base-256 digits, least significant first
    le.reserve(text.size() * 733 / 1000 + 1);
    for (std::size_t i = ones; i < text.size(); ++i) {
        auto c = static_cast<unsigned char>(text[i]);
        int value = c < 128 ? kIndex[c] : -1;
        if (value < 0) {
            std::string shown = c >= 0x20 && c < 0x7f ? std::string(1, static_cast<char>(c))
                                                      : "byte " + std::to_string(c);
            return make_error(
                Errc::invalid_base58,
                "'" + shown + "' at position " + std::to_string(i) + " is not a base58 character");
        }
        unsigned carry = static_cast<unsigned>(value);
        for (auto& b : le) {
            carry += static_cast<unsigned>(b) * 58;
            b = static_cast<std::uint8_t>(carry & 0xff);
            carry >>= 8;
        }
        while (carry > 0) {
            le.push_back(static_cast<std::uint8_t>(carry & 0xff));
            carry >>= 8;
        }
    }
    Bytes out(ones, 0);
    out.insert(out.end(), le.rbegin(), le.rend());
    return out;
}

}  // namespace perch::chain::solana
