#include "chain/rlp.hpp"

namespace perch::chain::rlp {
namespace {

constexpr std::uint8_t kStringOffset = 0x80;
constexpr std::uint8_t kListOffset = 0xc0;
constexpr std::size_t kShortLimit = 55;  // payloads up to 55 bytes use the one-byte header

std::size_t byte_count(std::uint64_t value) {
    std::size_t n = 0;
    for (; value != 0; value >>= 8) ++n;
    return n;
}

void append_be(Bytes& out, std::uint64_t value, std::size_t width) {
    for (std::size_t i = width; i-- > 0;)
        out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

bool is_single_low_byte(ByteView s) {
    return s.size() == 1 && s[0] < kStringOffset;
}

Error non_canonical(const char* what) {
    return make_error(Errc::rlp_non_canonical, what);
}
Error truncated(const char* what) {
    return make_error(Errc::rlp_truncated, what);
}

}  // namespace

std::size_t length_of_length(std::size_t payload_length) {
    return payload_length <= kShortLimit ? 1 : 1 + byte_count(payload_length);
}
std::size_t header_length(std::size_t payload_length) {
    return length_of_length(payload_length);
}

std::size_t length(ByteView string) {
    if (is_single_low_byte(string)) return 1;
    return header_length(string.size()) + string.size();
}

std::size_t length(std::uint64_t value) {
    if (value < kStringOffset) return 1;  // zero is 0x80, 1..127 are themselves
    return 1 + byte_count(value);
}

std::size_t length(const U256& value) {
    if (value.fits_u64()) return length(value.low_u64());
    std::size_t n = (value.bit_length() + 7) / 8;
    return 1 + n;  // at most 32 bytes, always the short form
}

void encode_header(Bytes& out, Header header) {
    std::uint8_t offset = header.list ? kListOffset : kStringOffset;
    if (header.payload_length <= kShortLimit) {
        out.push_back(static_cast<std::uint8_t>(offset + header.payload_length));
        return;
    }
    std::size_t len_bytes = byte_count(header.payload_length);
    out.push_back(static_cast<std::uint8_t>(offset + kShortLimit + len_bytes));
    append_be(out, header.payload_length, len_bytes);
}

void encode(Bytes& out, ByteView string) {
    if (!is_single_low_byte(string)) encode_header(out, {false, string.size()});
    out.insert(out.end(), string.begin(), string.end());
}

void encode(Bytes& out, std::uint64_t value) {
    if (value != 0 && value < kStringOffset) {
        out.push_back(static_cast<std::uint8_t>(value));
        return;
    }
    std::size_t n = byte_count(value);
    out.push_back(static_cast<std::uint8_t>(kStringOffset + n));
    append_be(out, value, n);
}

void encode(Bytes& out, const U256& value) {
    if (value.fits_u64()) return encode(out, value.low_u64());
    Bytes minimal = value.to_be_bytes_minimal();
    encode(out, ByteView{minimal});
}

namespace {
std::size_t payload_length(const Item& item) {
    std::size_t total = 0;
    for (const Item& child : item.items) total += length(child);
    return total;
}
}  // namespace

std::size_t length(const Item& item) {
    if (!item.is_list) return length(ByteView{item.bytes});
    std::size_t payload = payload_length(item);
    return header_length(payload) + payload;
}

void encode(Bytes& out, const Item& item) {
    if (!item.is_list) return encode(out, ByteView{item.bytes});
    encode_header(out, {true, payload_length(item)});
    for (const Item& child : item.items) encode(out, child);
}

Bytes encode(const Item& item) {
    Bytes out;
    out.reserve(length(item));
    encode(out, item);
    return out;
}

Result<Header> decode_header(ByteView& input) {
    if (input.empty()) return truncated("empty input where an item was expected");
    std::uint8_t prefix = input[0];
    Header header;
    if (prefix < kStringOffset) {
        header.payload_length = 1;  // the byte is its own payload: do not consume it
        return header;
    }
    header.list = prefix >= kListOffset;
    std::uint8_t base = header.list ? kListOffset : kStringOffset;
    std::size_t short_len = prefix - base;
    input = input.subspan(1);
    if (short_len <= kShortLimit) {
        header.payload_length = short_len;
        if (header.payload_length > input.size()) return truncated("payload longer than input");
        if (!header.list && short_len == 1 && input[0] < kStringOffset) {
            return non_canonical("single byte below 0x80 must not have a string prefix");
        }
        return header;
    }
    std::size_t len_bytes = short_len - kShortLimit;
    if (len_bytes > input.size()) return truncated("length bytes past the end of input");
    if (input[0] == 0) return non_canonical("length has leading zero bytes");
    if (len_bytes > 8) return truncated("length does not fit in 64 bits");
    std::uint64_t len = 0;
    for (std::size_t i = 0; i < len_bytes; ++i) len = (len << 8) | input[i];
    input = input.subspan(len_bytes);
    if (len <= kShortLimit) return non_canonical("long form used for a short payload");
    if (len > input.size()) return truncated("payload longer than input");
    header.payload_length = static_cast<std::size_t>(len);
    return header;
}

namespace {

Result<Item> decode_item(ByteView& input, std::size_t depth) {
    if (depth > kMaxDepth) return make_error(Errc::rlp_too_deep, "RLP nesting too deep");
    auto header = decode_header(input);
    if (!header) return header.error();
    ByteView payload = input.first(header->payload_length);
    input = input.subspan(header->payload_length);
    if (!header->list) return Item::string(Bytes(payload.begin(), payload.end()));
    std::vector<Item> children;
    while (!payload.empty()) {
        auto child = decode_item(payload, depth + 1);
        if (!child) return child.error();
        children.push_back(std::move(*child));
    }
    return Item::list(std::move(children));
}

}  // namespace

Result<Item> decode(ByteView input) {
    auto item = decode_item(input, 0);
    if (!item) return item;
    if (!input.empty()) return make_error(Errc::rlp_trailing_bytes, "bytes after the RLP item");
    return item;
}

Result<std::uint64_t> decode_u64(ByteView payload) {
    // Leading zeros first: a zero-padded small number is malformed, not too large.
    if (!payload.empty() && payload[0] == 0) return non_canonical("integer has leading zero bytes");
    if (payload.size() > 8) return make_error(Errc::overflow, "integer exceeds 64 bits");
    std::uint64_t value = 0;
    for (std::uint8_t b : payload) value = (value << 8) | b;
    return value;
}

Result<U256> decode_u256(ByteView payload) {
    if (!payload.empty() && payload[0] == 0) return non_canonical("integer has leading zero bytes");
    if (payload.size() > 32) return make_error(Errc::overflow, "integer exceeds 256 bits");
    return U256::from_be_bytes(payload);
}

}  // namespace perch::chain::rlp
