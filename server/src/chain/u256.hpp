#pragma once
// 256-bit unsigned integer for token amounts and EVM words. Arithmetic is checked: an amount that
// would wrap is a bug or an attack, so every operation that can overflow returns a Result.
#include <array>
#include <compare>
#include <cstdint>
#include <string>
#include <string_view>

#include "chain/hex.hpp"

namespace perch::chain {

class U256 {
  public:
    constexpr U256() = default;
    constexpr U256(std::uint64_t value) : limbs_{value, 0, 0, 0} {}  // NOLINT: implicit by design

    static constexpr U256 from_limbs(std::uint64_t l0, std::uint64_t l1, std::uint64_t l2,
                                     std::uint64_t l3) {
        U256 out;
        out.limbs_ = {l0, l1, l2, l3};
        return out;
    }
    static constexpr U256 max() { return from_limbs(~0ULL, ~0ULL, ~0ULL, ~0ULL); }

    // Parsing: "0x..." hex (up to 64 digits) or plain decimal. Empty or junk is an error.
    static Result<U256> from_hex(std::string_view text);
    static Result<U256> from_dec(std::string_view text);
    static Result<U256> from_string(std::string_view text);  // hex if 0x-prefixed, else decimal
    // Big-endian, at most 32 bytes (shorter input is left-padded, as RLP and ABI want).
    static Result<U256> from_be_bytes(ByteView bytes);

    std::string to_hex() const;  // "0x0" for zero, no leading zeros otherwise
    std::string to_dec() const;
    std::array<std::uint8_t, 32> to_be_bytes32() const;
    Bytes to_be_bytes_minimal() const;  // no leading zero bytes; zero is empty

    // Amount formatting with token decimals: 1500000 with 6 decimals is "1.5".
    std::string format_units(unsigned decimals) const;
    // "1.5" with 6 decimals is 1500000; more fraction digits than decimals is an error.
    static Result<U256> parse_units(std::string_view text, unsigned decimals);

    Result<U256> add(const U256& other) const;
    Result<U256> sub(const U256& other) const;
    Result<U256> mul(const U256& other) const;
    Result<U256> div(const U256& other) const;
    Result<U256> mod(const U256& other) const;

    // Shifts drop bits (they are bit operations, not arithmetic); count >= 256 gives zero.
    U256 shl(unsigned count) const;
    U256 shr(unsigned count) const;
    U256 operator<<(unsigned count) const { return shl(count); }
    U256 operator>>(unsigned count) const { return shr(count); }
    U256 operator&(const U256& other) const;
    U256 operator|(const U256& other) const;
    U256 operator~() const;

    bool is_zero() const { return (limbs_[0] | limbs_[1] | limbs_[2] | limbs_[3]) == 0; }
    unsigned bit_length() const;
    bool bit(unsigned index) const { return (limbs_[index / 64] >> (index % 64)) & 1; }
    bool fits_u64() const { return (limbs_[1] | limbs_[2] | limbs_[3]) == 0; }
    std::uint64_t low_u64() const { return limbs_[0]; }
    std::uint64_t limb(unsigned i) const { return limbs_[i]; }

    friend bool operator==(const U256&, const U256&) = default;
    friend std::strong_ordering operator<=>(const U256& a, const U256& b);

    // Quotient and remainder by a 64-bit divisor (the fast path for decimal conversion).
    // Precondition: divisor != 0.
    U256 divmod_u64(std::uint64_t divisor, std::uint64_t& remainder) const;

  private:
    std::array<std::uint64_t, 4> limbs_{};  // little-endian limbs: limbs_[0] is least significant
};

}  // namespace perch::chain
