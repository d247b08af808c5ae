#pragma once
// Errors as values for the chain primitives. g++ 12 has no std::expected, so Result<T> is a small
// variant wrapper: decoding untrusted bytes (RLP, ABI, signatures) must never throw or crash.
#include <string>
#include <utility>
#include <variant>

namespace perch::chain {

enum class Errc {
    invalid_hex,
    invalid_number,
    overflow,
    underflow,
    division_by_zero,
    too_many_decimals,
    invalid_address,
    bad_checksum,
    rlp_truncated,
    rlp_non_canonical,
    rlp_trailing_bytes,
    rlp_too_deep,
    rlp_unexpected_type,
    abi_invalid_type,
    abi_invalid_data,
    abi_value_mismatch,
    tx_invalid_field,
    tx_unsupported_type,
    tx_invalid_chain_id,
    tx_invalid_signature,
    tx_intrinsic_gas,
    tx_rule_violation,
    invalid_key,
    recovery_failed,
    siwe_malformed,
    siwe_mismatch,
    siwe_expired,
    siwe_not_yet_valid,
    // swap math (server/src/swap): the contracts' reverts, as values
    swap_out_of_range,            // a tick or sqrt price outside TickMath's bounds ('T', 'R')
    swap_invalid_input,           // zero amount, a price limit on the wrong side, a bad pool
    swap_insufficient_liquidity,  // the pool cannot give that much (or has no reserves)
    swap_no_route,                // the router found no path of pools between two tokens
    // Solana (server/src/chain/solana)
    invalid_base58,           // a character outside the alphabet
    sol_malformed,            // wire bytes: truncated, bad lengths or indexes, trailing bytes
    sol_invalid_instruction,  // a known instruction with bad data or too few accounts
    sol_invalid_account,      // account data of the wrong size or owner
};

// A failed operation: a stable code for callers to branch on and a text saying what was wrong.
struct Error {
    Errc code;
    std::string message;
};

inline Error make_error(Errc code, std::string message) {
    return Error{code, std::move(message)};
}

template <class T>
class [[nodiscard]] Result {
  public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}      // NOLINT: implicit
    Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT: implicit

    bool ok() const { return state_.index() == 0; }
    explicit operator bool() const { return ok(); }

    // Precondition for value access: ok(). Checked by std::get (throws bad_variant_access), so a
    // caller bug becomes a typed exception instead of undefined behaviour.
    T& value() & { return std::get<0>(state_); }
    const T& value() const& { return std::get<0>(state_); }
    T&& value() && { return std::get<0>(std::move(state_)); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T&& operator*() && { return std::move(*this).value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

    const Error& error() const { return std::get<1>(state_); }

  private:
    std::variant<T, Error> state_;
};

// Result of an operation with nothing to return but success.
template <>
class [[nodiscard]] Result<void> {
  public:
    Result() = default;
    Result(Error error) : error_(std::move(error)), failed_(true) {}  // NOLINT: implicit

    bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return error_; }

  private:
    Error error_{};
    bool failed_ = false;
};

inline Result<void> success() {
    return {};
}

}  // namespace perch::chain
