// ABI types, encoding and decoding (head/tail layout), selectors, call data and event logs. The
// text forms (type strings, declarations) are parsed in abi_signature.cpp.
#include "chain/abi.hpp"

#include <algorithm>
#include <stdexcept>

namespace perch::chain::abi {
namespace {

using Kind = Type::Kind;
constexpr std::size_t kWord = 32;

Error data_error(std::string what) {
    return make_error(Errc::abi_invalid_data, std::move(what));
}
Error value_error(std::string what) {
    return make_error(Errc::abi_value_mismatch, std::move(what));
}

// ---------------------------------------------------------------- encoding helpers

using Word = std::array<std::uint8_t, kWord>;

void append_word(Bytes& out, const U256& value) {
    Word w = value.to_be_bytes32();
    out.insert(out.end(), w.begin(), w.end());
}

void append_padded(Bytes& out, ByteView data) {
    out.insert(out.end(), data.begin(), data.end());
    out.insert(out.end(), (kWord - data.size() % kWord) % kWord, 0);
}

bool fits_uint(const U256& v, std::size_t bits) {
    return bits >= 256 || v.bit_length() <= bits;
}

// intN in 256-bit two's complement: every bit from N-1 up must equal the sign bit.
bool fits_int(const U256& v, std::size_t bits) {
    if (bits >= 256) return true;
    U256 high = v.shr(static_cast<unsigned>(bits - 1));
    return high.is_zero() || high == U256::max().shr(static_cast<unsigned>(bits - 1));
}

template <class T>
Result<const T*> get(const Value& value, const char* expected) {
    const T* p = std::get_if<T>(&value.data);
    if (p == nullptr) return value_error(std::string("value is not ") + expected);
    return p;
}

Result<void> encode_value(Bytes& out, const Type& type, const Value& value);

// Head/tail layout: static values inline, dynamic ones as an offset to the tail.
template <class TypeAt>
Result<void> encode_sequence(Bytes& out, std::size_t count, TypeAt type_at,
                             std::span<const Value> values) {
    if (values.size() != count) return value_error("wrong number of values");
    std::size_t head_total = 0;
    for (std::size_t i = 0; i < count; ++i) head_total += type_at(i).head_size();
    Bytes tail;
    std::size_t head_start = out.size();
    out.reserve(head_start + head_total);
    for (std::size_t i = 0; i < count; ++i) {
        const Type& t = type_at(i);
        if (!t.is_dynamic()) {
            if (auto r = encode_value(out, t, values[i]); !r) return r;
            continue;
        }
        append_word(out, U256(head_total + tail.size()));
        if (auto r = encode_value(tail, t, values[i]); !r) return r;
    }
    out.insert(out.end(), tail.begin(), tail.end());
    return success();
}

Result<void> encode_list(Bytes& out, const Type& type, const Value& value) {
    auto list = get<Value::List>(value, "a list");
    if (!list) return list.error();
    const Value::List& items = **list;
    if (type.kind == Kind::tuple) {
        return encode_sequence(
            out, type.children.size(),
            [&](std::size_t i) -> const Type& { return type.children[i]; }, items);
    }
    auto element = [&](std::size_t) -> const Type& { return type.children[0]; };
    if (type.kind == Kind::fixed_array) {
        if (items.size() != type.size) return value_error("fixed array has wrong length");
        return encode_sequence(out, type.size, element, items);
    }
    append_word(out, U256(items.size()));
    return encode_sequence(out, items.size(), element, items);
}

Result<void> encode_number(Bytes& out, const Type& type, const Value& value) {
    auto n = get<U256>(value, "a number");
    if (!n) return n.error();
    bool ok = type.kind == Kind::uint ? fits_uint(**n, type.size) : fits_int(**n, type.size);
    if (!ok) return value_error("number does not fit " + type.canonical());
    append_word(out, **n);
    return success();
}

Result<void> encode_value(Bytes& out, const Type& type, const Value& value) {
    switch (type.kind) {
        case Kind::address: {
            auto a = get<Address>(value, "an address");
            if (!a) return a.error();
            out.insert(out.end(), 12, 0);
            out.insert(out.end(), (*a)->bytes.begin(), (*a)->bytes.end());
            return success();
        }
        case Kind::boolean: {
            auto b = get<bool>(value, "a bool");
            if (!b) return b.error();
            append_word(out, U256(**b ? 1 : 0));
            return success();
        }
        case Kind::uint:
        case Kind::int_:
            return encode_number(out, type, value);
        case Kind::fixed_bytes: {
            auto b = get<Bytes>(value, "bytes");
            if (!b) return b.error();
            if ((*b)->size() != type.size) return value_error("bytesN value has wrong length");
            append_padded(out, **b);
            return success();
        }
        case Kind::bytes:
        case Kind::string: {
            ByteView content;
            if (type.kind == Kind::bytes) {
                auto b = get<Bytes>(value, "bytes");
                if (!b) return b.error();
                content = **b;
            } else {
                auto s = get<std::string>(value, "a string");
                if (!s) return s.error();
                content = as_bytes(**s);
            }
            append_word(out, U256(content.size()));
            append_padded(out, content);
            return success();
        }
        case Kind::array:
        case Kind::fixed_array:
        case Kind::tuple:
            return encode_list(out, type, value);
    }
    return value_error("unknown type");
}

// ---------------------------------------------------------------- decoding

// Limits how many values one decode may produce: offsets may alias, so without a budget a small
// input could describe an exponentially large value.
struct Budget {
    std::size_t remaining;
    bool spend() {
        if (remaining == 0) return false;
        --remaining;
        return true;
    }
};

Result<Word> read_word(ByteView region, std::size_t at) {
    if (at > region.size() || region.size() - at < kWord) return data_error("data too short");
    Word w;
    std::copy_n(region.begin() + static_cast<std::ptrdiff_t>(at), kWord, w.begin());
    return w;
}

// A word used as an offset or a length: must be a small integer within the region.
Result<std::size_t> read_size(ByteView region, std::size_t at) {
    auto w = read_word(region, at);
    if (!w) return w.error();
    U256 v = *U256::from_be_bytes(*w);
    if (!v.fits_u64() || v.low_u64() > region.size())
        return data_error("offset or length out of range");
    return static_cast<std::size_t>(v.low_u64());
}

Result<Value> decode_value(const Type& type, ByteView region, Budget& budget);

template <class TypeAt>
Result<Value::List> decode_sequence(std::size_t count, TypeAt type_at, ByteView region,
                                    Budget& budget) {
    Value::List values;
    std::size_t offset = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const Type& t = type_at(i);
        std::size_t start = offset;
        if (t.is_dynamic()) {
            auto pointer = read_size(region, offset);
            if (!pointer) return pointer.error();
            start = *pointer;
        }
        if (start > region.size()) return data_error("data too short");
        auto value = decode_value(t, region.subspan(start), budget);
        if (!value) return value.error();
        values.push_back(std::move(*value));
        offset += t.head_size();
    }
    return values;
}

Result<Value> decode_list(const Type& type, ByteView region, Budget& budget) {
    if (type.kind == Kind::tuple) {
        auto items = decode_sequence(
            type.children.size(), [&](std::size_t i) -> const Type& { return type.children[i]; },
            region, budget);
        if (!items) return items.error();
        return Value::of(std::move(*items));
    }
    const Type& element = type.children[0];
    std::size_t count = type.size;
    if (type.kind == Kind::array) {
        auto length = read_size(region, 0);
        if (!length) return length.error();
        count = *length;
        region = region.subspan(kWord);
    }
    // Every element takes at least its head in the region: reject impossible counts before
    // allocating anything.
    if (element.head_size() != 0 && count > region.size() / element.head_size()) {
        return data_error("array longer than the data");
    }
    if (count > budget.remaining) return data_error("too many values");
    auto items = decode_sequence(
        count, [&](std::size_t) -> const Type& { return element; }, region, budget);
    if (!items) return items.error();
    return Value::of(std::move(*items));
}

Result<Value> decode_word_value(const Type& type, const Word& w) {
    U256 n = *U256::from_be_bytes(w);
    switch (type.kind) {
        case Kind::address:
            if (!fits_uint(n, 160)) return data_error("address word has non-zero padding");
            return Value::of(*Address::from_bytes(ByteView{w}.subspan(12)));
        case Kind::boolean:
            if (n > U256(1)) return data_error("bool word is neither 0 nor 1");
            return Value::of(n == U256(1));
        case Kind::uint:
            if (!fits_uint(n, type.size)) return data_error("value exceeds " + type.canonical());
            return Value::of(n);
        case Kind::int_:
            if (!fits_int(n, type.size)) return data_error("value exceeds " + type.canonical());
            return Value::of(n);
        default: {  // fixed_bytes
            bool padded = std::all_of(w.begin() + static_cast<std::ptrdiff_t>(type.size), w.end(),
                                      [](std::uint8_t b) { return b == 0; });
            if (!padded) return data_error("bytesN word has non-zero padding");
            return Value::of(Bytes(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(type.size)));
        }
    }
}

Result<Value> decode_value(const Type& type, ByteView region, Budget& budget) {
    if (!budget.spend()) return data_error("too many values");
    switch (type.kind) {
        case Kind::bytes:
        case Kind::string: {
            auto length = read_size(region, 0);
            if (!length) return length.error();
            if (region.size() - kWord < *length) return data_error("bytes longer than the data");
            ByteView content = region.subspan(kWord, *length);
            if (type.kind == Kind::bytes) return Value::of(Bytes(content.begin(), content.end()));
            return Value::of(std::string(content.begin(), content.end()));
        }
        case Kind::array:
        case Kind::fixed_array:
        case Kind::tuple:
            return decode_list(type, region, budget);
        default: {
            auto w = read_word(region, 0);
            if (!w) return w.error();
            return decode_word_value(type, *w);
        }
    }
}

Budget budget_for(ByteView data) {
    return Budget{data.size() + 64};
}

// ---------------------------------------------------------------- event logs

bool is_word_type(const Type& t) {
    return t.kind == Kind::address || t.kind == Kind::boolean || t.kind == Kind::uint ||
           t.kind == Kind::int_ || t.kind == Kind::fixed_bytes;
}

}  // namespace

// ---------------------------------------------------------------- Type layout

std::string Type::canonical() const {
    switch (kind) {
        case Kind::address:
            return "address";
        case Kind::boolean:
            return "bool";
        case Kind::uint:
            return "uint" + std::to_string(size);
        case Kind::int_:
            return "int" + std::to_string(size);
        case Kind::fixed_bytes:
            return "bytes" + std::to_string(size);
        case Kind::bytes:
            return "bytes";
        case Kind::string:
            return "string";
        case Kind::array:
            return children[0].canonical() + "[]";
        case Kind::fixed_array:
            return children[0].canonical() + "[" + std::to_string(size) + "]";
        case Kind::tuple: {
            std::string out = "(";
            for (std::size_t i = 0; i < children.size(); ++i) {
                if (i != 0) out += ',';
                out += children[i].canonical();
            }
            return out + ")";
        }
    }
    return {};
}

bool Type::is_dynamic() const {
    switch (kind) {
        case Kind::bytes:
        case Kind::string:
        case Kind::array:
            return true;
        case Kind::fixed_array:
            return children[0].is_dynamic();
        case Kind::tuple:
            return std::any_of(children.begin(), children.end(),
                               [](const Type& t) { return t.is_dynamic(); });
        default:
            return false;
    }
}

std::size_t Type::head_size() const {
    if (is_dynamic()) return kWord;
    if (kind == Kind::fixed_array) return size * children[0].head_size();
    if (kind == Kind::tuple) {
        std::size_t total = 0;
        for (const Type& t : children) total += t.head_size();
        return total;
    }
    return kWord;
}

Value Value::of_int(std::int64_t n) {
    if (n >= 0) return of(U256(static_cast<std::uint64_t>(n)));
    // Two's complement: ~(|n| - 1), computed without overflowing on INT64_MIN.
    std::uint64_t magnitude_minus_one = static_cast<std::uint64_t>(-(n + 1));
    return of(~U256(magnitude_minus_one));
}

// ---------------------------------------------------------------- encode / decode

Result<Bytes> encode(const Type& type, const Value& value) {
    return encode_params(std::span<const Type>(&type, 1), std::span<const Value>(&value, 1));
}

Result<Bytes> encode_params(std::span<const Type> types, std::span<const Value> values) {
    Bytes out;
    auto r = encode_sequence(
        out, types.size(), [&](std::size_t i) -> const Type& { return types[i]; }, values);
    if (!r) return r.error();
    return out;
}

Result<Value> decode(const Type& type, ByteView data) {
    auto values = decode_params(std::span<const Type>(&type, 1), data);
    if (!values) return values.error();
    return std::move((*values)[0]);
}

Result<Value::List> decode_params(std::span<const Type> types, ByteView data) {
    Budget budget = budget_for(data);
    return decode_sequence(
        types.size(), [&](std::size_t i) -> const Type& { return types[i]; }, data, budget);
}

std::array<std::uint8_t, 4> selector(std::string_view canonical_signature) {
    Hash32 h = keccak256(canonical_signature);
    return {h.bytes[0], h.bytes[1], h.bytes[2], h.bytes[3]};
}

Result<Bytes> Function::encode_call(std::span<const Value> args) const {
    std::vector<Type> types = signature.types();
    auto params = encode_params(types, args);
    if (!params) return params;
    auto sel = selector();
    Bytes out(sel.begin(), sel.end());
    out.insert(out.end(), params->begin(), params->end());
    return out;
}

Result<Value::List> Function::decode_call(ByteView calldata) const {
    auto sel = selector();
    if (calldata.size() < 4 || !std::equal(sel.begin(), sel.end(), calldata.begin())) {
        return data_error("calldata does not start with the function selector");
    }
    std::vector<Type> types = signature.types();
    return decode_params(types, calldata.subspan(4));
}

Result<Value::List> Event::decode_log(std::span<const Hash32> topics, ByteView data) const {
    std::size_t first = anonymous ? 0 : 1;
    if (!anonymous && (topics.empty() || topics[0] != topic())) {
        return data_error("log topic0 is not this event's signature hash");
    }
    std::vector<Type> data_types;
    std::size_t indexed_count = 0;
    for (const Param& p : signature.params) {
        if (p.indexed) {
            ++indexed_count;
        } else {
            data_types.push_back(p.type);
        }
    }
    if (topics.size() != first + indexed_count)
        return data_error("log has the wrong number of topics");
    auto data_values = decode_params(data_types, data);
    if (!data_values) return data_values.error();
    Value::List out;
    std::size_t next_topic = first, next_data = 0;
    for (const Param& p : signature.params) {
        if (!p.indexed) {
            out.push_back(std::move((*data_values)[next_data++]));
            continue;
        }
        const Hash32& t = topics[next_topic++];
        if (!is_word_type(p.type)) {
            out.push_back(Value::of(Bytes(t.bytes.begin(), t.bytes.end())));
            continue;
        }
        auto value = decode_word_value(p.type, t.bytes);
        if (!value) return value.error();
        out.push_back(std::move(*value));
    }
    return out;
}

Bytes encode_known_call(const char* signature, std::span<const Value> args) {
    auto fn = parse_function(signature);
    if (!fn) throw std::logic_error(std::string("bad ABI signature ") + signature);
    auto data = fn->encode_call(args);
    if (!data) throw std::logic_error(data.error().message);
    return *data;
}

}  // namespace perch::chain::abi
