#pragma once
// Recursive Length Prefix (Ethereum's wire encoding). Encoding follows silkworm: compute each
// item's length first, reserve once, then write, so a transaction is encoded without reallocating.
// Decoding is strict: only the canonical encoding of a value is accepted, so one value has exactly
// one byte form (tx hashes depend on it).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "chain/hex.hpp"
#include "chain/u256.hpp"

namespace perch::chain::rlp {

// Deeper nesting than this is rejected when decoding (stack safety on hostile input).
inline constexpr std::size_t kMaxDepth = 256;

struct Header {
    bool list = false;
    std::size_t payload_length = 0;
};

// ---- lengths (no writing) ----
std::size_t length_of_length(std::size_t payload_length);
std::size_t header_length(std::size_t payload_length);  // same for strings and lists
std::size_t length(ByteView string);
std::size_t length(std::uint64_t value);
std::size_t length(const U256& value);

// ---- writers (append to out) ----
void encode_header(Bytes& out, Header header);
void encode(Bytes& out, ByteView string);
void encode(Bytes& out, std::uint64_t value);  // minimal big-endian, zero is the empty string
void encode(Bytes& out, const U256& value);

// A decoded item: a byte string or a list of items.
struct Item {
    bool is_list = false;
    Bytes bytes;              // when !is_list
    std::vector<Item> items;  // when is_list

    static Item string(Bytes b) { return Item{false, std::move(b), {}}; }
    static Item list(std::vector<Item> children) { return Item{true, {}, std::move(children)}; }
    friend bool operator==(const Item&, const Item&) = default;
};

std::size_t length(const Item& item);
void encode(Bytes& out, const Item& item);
Bytes encode(const Item& item);

// Reads one header from the front of input and advances past it. Canonical checks: a single byte
// below 0x80 must not be wrapped, long forms must not be used for short payloads, lengths have no
// leading zeros, and the payload must fit in what remains.
Result<Header> decode_header(ByteView& input);

// Decodes exactly one item spanning all of input (trailing bytes are an error).
Result<Item> decode(ByteView input);

// Integer payloads: minimal big-endian (no leading zero byte; zero is empty).
Result<std::uint64_t> decode_u64(ByteView payload);
Result<U256> decode_u256(ByteView payload);

}  // namespace perch::chain::rlp
