#pragma once
// Solidity contract ABI: type strings, head/tail encoding, selectors and event logs. Decoding is
// strict (padding and value ranges are checked) and bounded (offsets, lengths and the number of
// decoded values are limited by the input size), because log data comes from anyone.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/u256.hpp"

namespace perch::chain::abi {

struct Type {
    enum class Kind {
        address,
        boolean,
        uint,
        int_,
        fixed_bytes,
        bytes,
        string,
        array,
        fixed_array,
        tuple
    };
    Kind kind = Kind::uint;
    std::size_t size = 0;        // bits for uint/int, bytes for fixed_bytes, length for fixed_array
    std::vector<Type> children;  // element type for arrays, components for tuples

    std::string canonical() const;  // "uint256", "(address,bytes)[2]", ...
    bool is_dynamic() const;
    std::size_t head_size() const;  // bytes this type takes in its enclosing head
    friend bool operator==(const Type&, const Type&) = default;
};

// Parses "uint256", "(address,uint256[],string)", "bytes32[2][]", "uint" (= uint256).
Result<Type> parse_type(std::string_view text);

// A value matching some Type. Integers are U256 (intN as 256-bit two's complement); bytes and
// bytesN are Bytes; arrays and tuples are lists.
struct Value {
    using List = std::vector<Value>;
    std::variant<Address, bool, U256, Bytes, std::string, List> data;

    static Value of(Address a) { return Value{a}; }
    static Value of(bool b) { return Value{b}; }
    static Value of(U256 n) { return Value{n}; }
    static Value of(Bytes b) { return Value{std::move(b)}; }
    static Value of(std::string s) { return Value{std::move(s)}; }
    static Value of(List l) { return Value{std::move(l)}; }
    static Value of_int(std::int64_t n);  // sign-extended to 256 bits

    friend bool operator==(const Value&, const Value&) = default;
};

Result<Bytes> encode(const Type& type, const Value& value);
Result<Bytes> encode_params(std::span<const Type> types, std::span<const Value> values);
Result<Value> decode(const Type& type, ByteView data);
Result<Value::List> decode_params(std::span<const Type> types, ByteView data);

// "transfer(address,uint256)" -> a9059cbb. The text must already be canonical.
std::array<std::uint8_t, 4> selector(std::string_view canonical_signature);

struct Param {
    Type type;
    bool indexed = false;
    std::string name;
};

// A function or event declaration parsed from human-readable form, e.g.
// "transfer(address to, uint256 amount)" or "event Transfer(address indexed from, ...)".
struct Signature {
    std::string name;
    std::vector<Param> params;

    std::string canonical() const;  // "Transfer(address,address,uint256)"
    std::vector<Type> types() const;
};

Result<Signature> parse_signature(std::string_view text);

struct Function {
    Signature signature;
    std::array<std::uint8_t, 4> selector() const { return abi::selector(signature.canonical()); }
    Result<Bytes> encode_call(std::span<const Value> args) const;  // selector || params
    Result<Value::List> decode_call(ByteView calldata) const;      // checks the selector
};
Result<Function> parse_function(std::string_view text);

// Call data for a signature written in the code, e.g. "transfer(address to, uint256 amount)": a
// signature or arguments that do not encode are a programming error (std::logic_error).
Bytes encode_known_call(const char* signature, std::span<const Value> args);

struct Event {
    Signature signature;
    bool anonymous = false;
    Hash32 topic() const { return keccak256(signature.canonical()); }
    // Values in declaration order. Indexed params of dynamic or composite type are stored in the
    // topic as a hash, so they come back as the 32-byte hash (Bytes), not the original value.
    Result<Value::List> decode_log(std::span<const Hash32> topics, ByteView data) const;
};
Result<Event> parse_event(std::string_view text);

}  // namespace perch::chain::abi
