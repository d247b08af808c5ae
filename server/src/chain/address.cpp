#include "chain/address.hpp"

#include <algorithm>
#include <cctype>

#include "chain/keccak.hpp"

namespace perch::chain {
namespace {

// Nibble i of the keccak of the lower-case hex decides whether hex digit i is upper case.
bool checksum_wants_upper(const Hash32& hash, std::size_t i) {
    std::uint8_t byte = hash.bytes[i / 2];
    std::uint8_t nibble = (i % 2 == 0) ? (byte >> 4) : (byte & 0x0f);
    return nibble >= 8;
}

}  // namespace

std::string Address::checksum_hex() const {
    std::string lower = to_hex(bytes, false);
    Hash32 hash = keccak256(lower);
    std::string out = "0x";
    for (std::size_t i = 0; i < lower.size(); ++i) {
        char c = lower[i];
        bool letter = c >= 'a' && c <= 'f';
        out += (letter && checksum_wants_upper(hash, i)) ? static_cast<char>(c - 'a' + 'A') : c;
    }
    return out;
}

Result<Address> Address::from_bytes(ByteView data) {
    if (data.size() != 20) return make_error(Errc::invalid_address, "address must be 20 bytes");
    Address out;
    std::copy(data.begin(), data.end(), out.bytes.begin());
    return out;
}

Result<Address> Address::from_hex(std::string_view text) {
    if (text.size() != 42 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) {
        return make_error(Errc::invalid_address, "address must be 0x followed by 40 hex digits");
    }
    auto decoded = chain::from_hex(text);
    if (!decoded) return make_error(Errc::invalid_address, "address has a non-hex digit");
    auto address = from_bytes(*decoded);
    if (!address) return address;
    std::string_view digits = text.substr(2);
    bool has_lower =
        std::any_of(digits.begin(), digits.end(), [](char c) { return c >= 'a' && c <= 'f'; });
    bool has_upper =
        std::any_of(digits.begin(), digits.end(), [](char c) { return c >= 'A' && c <= 'F'; });
    if (has_lower && has_upper && address->checksum_hex().substr(2) != digits) {
        return make_error(Errc::bad_checksum, "address has an invalid EIP-55 checksum");
    }
    return address;
}

bool Address::is_zero() const {
    return std::all_of(bytes.begin(), bytes.end(), [](std::uint8_t b) { return b == 0; });
}

bool is_valid_address(std::string_view text) {
    return Address::from_hex(text).ok();
}

}  // namespace perch::chain
