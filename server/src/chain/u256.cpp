#include "chain/u256.hpp"

#include <algorithm>

namespace perch::chain {
namespace {

__extension__ typedef unsigned __int128 uint128;  // __extension__: keeps -Wpedantic quiet

Result<U256> overflow_error(const char* what) {
    return make_error(Errc::overflow, what);
}

}  // namespace

std::strong_ordering operator<=>(const U256& a, const U256& b) {
    for (int i = 3; i >= 0; --i) {
        if (a.limbs_[i] != b.limbs_[i]) return a.limbs_[i] <=> b.limbs_[i];
    }
    return std::strong_ordering::equal;
}

Result<U256> U256::add(const U256& other) const {
    U256 out;
    std::uint64_t carry = 0;
    for (int i = 0; i < 4; ++i) {
        uint128 sum = uint128{limbs_[i]} + other.limbs_[i] + carry;
        out.limbs_[i] = static_cast<std::uint64_t>(sum);
        carry = static_cast<std::uint64_t>(sum >> 64);
    }
    if (carry != 0) return overflow_error("addition overflows 256 bits");
    return out;
}

Result<U256> U256::sub(const U256& other) const {
    if (*this < other) return make_error(Errc::underflow, "subtraction underflows zero");
    U256 out;
    std::uint64_t borrow = 0;
    for (int i = 0; i < 4; ++i) {
        uint128 diff = uint128{limbs_[i]} - other.limbs_[i] - borrow;
        out.limbs_[i] = static_cast<std::uint64_t>(diff);
        borrow = (diff >> 64) != 0 ? 1 : 0;
    }
    return out;
}

Result<U256> U256::mul(const U256& other) const {
    // Schoolbook 4x4 limbs into 8; any non-zero upper limb means overflow.
    std::array<std::uint64_t, 8> wide{};
    for (int i = 0; i < 4; ++i) {
        std::uint64_t carry = 0;
        for (int j = 0; j < 4; ++j) {
            uint128 cur = uint128{limbs_[i]} * other.limbs_[j] + wide[i + j] + carry;
            wide[i + j] = static_cast<std::uint64_t>(cur);
            carry = static_cast<std::uint64_t>(cur >> 64);
        }
        wide[i + 4] = carry;
    }
    if ((wide[4] | wide[5] | wide[6] | wide[7]) != 0) {
        return overflow_error("multiplication overflows 256 bits");
    }
    return from_limbs(wide[0], wide[1], wide[2], wide[3]);
}

U256 U256::divmod_u64(std::uint64_t divisor, std::uint64_t& remainder) const {
    U256 quotient;
    uint128 rem = 0;
    for (int i = 3; i >= 0; --i) {
        uint128 cur = (rem << 64) | limbs_[i];
        quotient.limbs_[i] = static_cast<std::uint64_t>(cur / divisor);
        rem = cur % divisor;
    }
    remainder = static_cast<std::uint64_t>(rem);
    return quotient;
}

namespace {

// Binary long division; only used when the divisor does not fit in 64 bits (rare for amounts).
void divmod_wide(const U256& dividend, const U256& divisor, U256& quotient, U256& remainder) {
    quotient = 0;
    remainder = 0;
    for (int i = static_cast<int>(dividend.bit_length()) - 1; i >= 0; --i) {
        remainder = remainder.shl(1) | U256(dividend.bit(static_cast<unsigned>(i)) ? 1 : 0);
        if (remainder >= divisor) {
            remainder = *remainder.sub(divisor);
            quotient = quotient | U256(1).shl(static_cast<unsigned>(i));
        }
    }
}

}  // namespace

Result<U256> U256::div(const U256& other) const {
    if (other.is_zero()) return make_error(Errc::division_by_zero, "division by zero");
    if (other.fits_u64()) {
        std::uint64_t rem = 0;
        return divmod_u64(other.low_u64(), rem);
    }
    U256 q, r;
    divmod_wide(*this, other, q, r);
    return q;
}

Result<U256> U256::mod(const U256& other) const {
    if (other.is_zero()) return make_error(Errc::division_by_zero, "modulo by zero");
    if (other.fits_u64()) {
        std::uint64_t rem = 0;
        divmod_u64(other.low_u64(), rem);
        return U256(rem);
    }
    U256 q, r;
    divmod_wide(*this, other, q, r);
    return r;
}

U256 U256::shl(unsigned count) const {
    if (count >= 256) return {};
    U256 out;
    unsigned limb_shift = count / 64, bit_shift = count % 64;
    for (int i = 3; i >= static_cast<int>(limb_shift); --i) {
        unsigned src = static_cast<unsigned>(i) - limb_shift;
        std::uint64_t v = limbs_[src] << bit_shift;
        if (bit_shift != 0 && src > 0) v |= limbs_[src - 1] >> (64 - bit_shift);
        out.limbs_[i] = v;
    }
    return out;
}

U256 U256::shr(unsigned count) const {
    if (count >= 256) return {};
    U256 out;
    unsigned limb_shift = count / 64, bit_shift = count % 64;
    for (unsigned i = 0; i + limb_shift < 4; ++i) {
        unsigned src = i + limb_shift;
        std::uint64_t v = limbs_[src] >> bit_shift;
        if (bit_shift != 0 && src + 1 < 4) v |= limbs_[src + 1] << (64 - bit_shift);
        out.limbs_[i] = v;
    }
    return out;
}

U256 U256::operator&(const U256& o) const {
    return from_limbs(limbs_[0] & o.limbs_[0], limbs_[1] & o.limbs_[1], limbs_[2] & o.limbs_[2],
                      limbs_[3] & o.limbs_[3]);
}
U256 U256::operator|(const U256& o) const {
    return from_limbs(limbs_[0] | o.limbs_[0], limbs_[1] | o.limbs_[1], limbs_[2] | o.limbs_[2],
                      limbs_[3] | o.limbs_[3]);
}
U256 U256::operator~() const {
    return from_limbs(~limbs_[0], ~limbs_[1], ~limbs_[2], ~limbs_[3]);
}

unsigned U256::bit_length() const {
    for (int i = 3; i >= 0; --i) {
        if (limbs_[i] != 0) {
            return static_cast<unsigned>(i) * 64 + 64 -
                   static_cast<unsigned>(__builtin_clzll(limbs_[i]));
        }
    }
    return 0;
}

Result<U256> U256::from_be_bytes(ByteView bytes) {
    if (bytes.size() > 32) return overflow_error("more than 32 bytes");
    U256 out;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        std::size_t bit_pos = (bytes.size() - 1 - i) * 8;  // position of this byte's lowest bit
        out.limbs_[bit_pos / 64] |= std::uint64_t{bytes[i]} << (bit_pos % 64);
    }
    return out;
}

std::array<std::uint8_t, 32> U256::to_be_bytes32() const {
    std::array<std::uint8_t, 32> out{};
    for (std::size_t i = 0; i < 32; ++i) {
        std::size_t bit_pos = (31 - i) * 8;
        out[i] = static_cast<std::uint8_t>(limbs_[bit_pos / 64] >> (bit_pos % 64));
    }
    return out;
}

Bytes U256::to_be_bytes_minimal() const {
    auto full = to_be_bytes32();
    auto first = std::find_if(full.begin(), full.end(), [](std::uint8_t b) { return b != 0; });
    return Bytes(first, full.end());
}

Result<U256> U256::from_hex(std::string_view text) {
    if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
        text.remove_prefix(2);
    if (text.empty()) return make_error(Errc::invalid_number, "empty hex number");
    while (text.size() > 1 && text.front() == '0') text.remove_prefix(1);  // value, not width
    if (text.size() > 64) return overflow_error("hex number exceeds 256 bits");
    U256 out;
    for (char c : text) {
        int digit = hex_digit_value(c);
        if (digit < 0) return make_error(Errc::invalid_number, "invalid hex digit");
        out = out.shl(4) | U256(static_cast<std::uint64_t>(digit));
    }
    return out;
}

Result<U256> U256::from_dec(std::string_view text) {
    if (text.empty()) return make_error(Errc::invalid_number, "empty decimal number");
    U256 out;
    for (char c : text) {
        if (c < '0' || c > '9') return make_error(Errc::invalid_number, "invalid decimal digit");
        auto times_ten = out.mul(10);
        if (!times_ten) return overflow_error("decimal number exceeds 256 bits");
        auto next = times_ten->add(static_cast<std::uint64_t>(c - '0'));
        if (!next) return overflow_error("decimal number exceeds 256 bits");
        out = *next;
    }
    return out;
}

Result<U256> U256::from_string(std::string_view text) {
    bool hex = text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    return hex ? from_hex(text) : from_dec(text);
}

std::string U256::to_hex() const {
    std::string digits = chain::to_hex(to_be_bytes_minimal(), false);
    if (digits.empty()) return "0x0";
    if (digits[0] == '0') digits.erase(0, 1);
    return "0x" + digits;
}

std::string U256::to_dec() const {
    if (is_zero()) return "0";
    std::string out;
    U256 rest = *this;
    // Peel 19 decimal digits at a time: 10^19 is the largest power of ten below 2^64.
    constexpr std::uint64_t kChunk = 10'000'000'000'000'000'000ULL;
    while (!rest.is_zero()) {
        std::uint64_t chunk = 0;
        rest = rest.divmod_u64(kChunk, chunk);
        for (int i = 0; i < 19 && (chunk != 0 || !rest.is_zero()); ++i) {
            out += static_cast<char>('0' + chunk % 10);
            chunk /= 10;
        }
    }
    std::reverse(out.begin(), out.end());
    return out;
}

std::string U256::format_units(unsigned decimals) const {
    std::string digits = to_dec();
    if (decimals == 0) return digits;
    if (digits.size() <= decimals) digits.insert(0, decimals - digits.size() + 1, '0');
    std::string integer = digits.substr(0, digits.size() - decimals);
    std::string fraction = digits.substr(digits.size() - decimals);
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    return fraction.empty() ? integer : integer + "." + fraction;
}

Result<U256> U256::parse_units(std::string_view text, unsigned decimals) {
    if (decimals > 77) return make_error(Errc::invalid_number, "too many token decimals");
    auto dot = text.find('.');
    std::string_view integer = text.substr(0, dot);
    std::string_view fraction =
        dot == std::string_view::npos ? std::string_view{} : text.substr(dot + 1);
    if (dot != std::string_view::npos && fraction.empty()) {
        return make_error(Errc::invalid_number, "amount ends with a decimal point");
    }
    if (integer.empty()) return make_error(Errc::invalid_number, "amount has no integer part");
    if (fraction.size() > decimals) {
        return make_error(Errc::too_many_decimals,
                          "amount has more fraction digits than the token");
    }
    std::string digits(integer);
    digits.append(fraction);
    digits.append(decimals - fraction.size(), '0');
    // Reject a second '.' or sign explicitly so "1.2.3" is not read as 1.23.
    return from_dec(digits);
}

}  // namespace perch::chain
