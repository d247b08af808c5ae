// Human-readable ABI text: type strings ("(address,uint256[])"), function and event
// declarations ("event Transfer(address indexed from, ...)"), parsed into Type and Signature.
#include <cctype>
#include <charconv>

#include "chain/abi.hpp"

namespace perch::chain::abi {
namespace {

using Kind = Type::Kind;
constexpr std::size_t kMaxTypeDepth = 32;         // nesting of tuples/arrays in a type string
constexpr std::size_t kMaxStaticSize = 1u << 20;  // head size cap so sizes cannot overflow

Error type_error(std::string what) {
    return make_error(Errc::abi_invalid_type, std::move(what));
}

class TypeParser {
  public:
    explicit TypeParser(std::string_view text) : text_(text) {}

    Result<Type> parse(std::size_t depth) {
        if (depth > kMaxTypeDepth) return type_error("type nested too deeply");
        auto base = peek() == '(' ? parse_tuple(depth) : parse_elementary();
        if (!base) return base;
        Type type = std::move(*base);
        // Each array suffix is a level of nesting too: a long chain of them would make every
        // size check below walk the whole chain again (cubic in the type's length).
        while (peek() == '[') {
            if (++depth > kMaxTypeDepth) return type_error("type nested too deeply");
            auto wrapped = parse_array_suffix(std::move(type));
            if (!wrapped) return wrapped;
            type = std::move(*wrapped);
        }
        return type;
    }

    std::size_t pos() const { return pos_; }
    char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
    void skip_spaces() {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
    }
    std::string_view identifier() {
        std::size_t start = pos_;
        while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) ||
                                       text_[pos_] == '_' || text_[pos_] == '$')) {
            ++pos_;
        }
        return text_.substr(start, pos_ - start);
    }
    bool consume(char c) {
        if (peek() != c) return false;
        ++pos_;
        return true;
    }

  private:
    Result<Type> parse_tuple(std::size_t depth) {
        consume('(');
        Type tuple{Kind::tuple, 0, {}};
        skip_spaces();
        if (consume(')')) return tuple;
        for (;;) {
            skip_spaces();
            auto child = parse(depth + 1);
            if (!child) return child;
            tuple.children.push_back(std::move(*child));
            skip_named_suffix();
            if (consume(')')) break;
            if (!consume(',')) return type_error("expected ',' or ')' in tuple type");
        }
        if (tuple.head_size() > kMaxStaticSize) return type_error("tuple too large");
        return tuple;
    }

    // Tuple components may carry names ("(address to,uint256 amount)"); names do not matter.
    void skip_named_suffix() {
        skip_spaces();
        identifier();
        skip_spaces();
    }

    Result<Type> parse_array_suffix(Type element) {
        consume('[');
        std::size_t start = pos_;
        while (std::isdigit(static_cast<unsigned char>(peek()))) ++pos_;
        std::string_view digits = text_.substr(start, pos_ - start);
        if (!consume(']')) return type_error("expected ']' in array type");
        if (digits.empty()) return Type{Kind::array, 0, {std::move(element)}};
        std::size_t length = 0;
        auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), length);
        if (ec != std::errc{} || length == 0 || length > kMaxStaticSize) {
            return type_error("fixed array length must be 1.." + std::to_string(kMaxStaticSize));
        }
        Type array{Kind::fixed_array, length, {std::move(element)}};
        if (array.children[0].head_size() * length > kMaxStaticSize)
            return type_error("array too large");
        return array;
    }

    Result<Type> parse_elementary() {
        std::string_view name = identifier();
        if (name == "address") return Type{Kind::address, 0, {}};
        if (name == "bool") return Type{Kind::boolean, 0, {}};
        if (name == "string") return Type{Kind::string, 0, {}};
        if (name == "bytes") return Type{Kind::bytes, 0, {}};
        if (name == "uint") return Type{Kind::uint, 256, {}};
        if (name == "int") return Type{Kind::int_, 256, {}};
        if (name.starts_with("bytes")) return sized(Kind::fixed_bytes, name.substr(5), 1, 32, 1);
        if (name.starts_with("uint")) return sized(Kind::uint, name.substr(4), 8, 256, 8);
        if (name.starts_with("int")) return sized(Kind::int_, name.substr(3), 8, 256, 8);
        return type_error("unknown ABI type '" + std::string(name) + "'");
    }

    static Result<Type> sized(Kind kind, std::string_view digits, std::size_t min, std::size_t max,
                              std::size_t step) {
        std::size_t n = 0;
        auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
        bool leading_zero = digits.size() > 1 && digits[0] == '0';
        if (digits.empty() || ec != std::errc{} || ptr != digits.data() + digits.size() ||
            leading_zero || n < min || n > max || n % step != 0) {
            return type_error("invalid type size '" + std::string(digits) + "'");
        }
        return Type{kind, n, {}};
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

Result<Type> parse_type(std::string_view text) {
    TypeParser parser(text);
    auto type = parser.parse(0);
    if (!type) return type;
    if (parser.pos() != text.size()) return type_error("unexpected text after type");
    return type;
}

std::string Signature::canonical() const {
    std::string out = name + "(";
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (i != 0) out += ',';
        out += params[i].type.canonical();
    }
    return out + ")";
}

std::vector<Type> Signature::types() const {
    std::vector<Type> out;
    for (const Param& p : params) out.push_back(p.type);
    return out;
}

Result<Signature> parse_signature(std::string_view text) {
    TypeParser parser(text);
    parser.skip_spaces();
    Signature sig;
    std::string_view word = parser.identifier();
    if (word == "function" || word == "event") {
        parser.skip_spaces();
        word = parser.identifier();
    }
    if (word.empty()) return type_error("signature has no name");
    sig.name = std::string(word);
    parser.skip_spaces();
    if (!parser.consume('(')) return type_error("expected '(' after the name");
    parser.skip_spaces();
    if (!parser.consume(')')) {
        for (;;) {
            parser.skip_spaces();
            auto type = parser.parse(0);
            if (!type) return type.error();
            Param param{std::move(*type), false, {}};
            parser.skip_spaces();
            std::string_view next = parser.identifier();
            if (next == "indexed") {
                param.indexed = true;
                parser.skip_spaces();
                next = parser.identifier();
            }
            param.name = std::string(next);
            sig.params.push_back(std::move(param));
            parser.skip_spaces();
            if (parser.consume(')')) break;
            if (!parser.consume(',')) return type_error("expected ',' or ')' in parameter list");
        }
    }
    parser.skip_spaces();
    std::string_view trailing = parser.identifier();
    if (!trailing.empty() && trailing != "anonymous")
        return type_error("unexpected text after ')'");
    parser.skip_spaces();
    if (parser.peek() != '\0') return type_error("unexpected text after ')'");
    return sig;
}

Result<Function> parse_function(std::string_view text) {
    auto sig = parse_signature(text);
    if (!sig) return sig.error();
    return Function{std::move(*sig)};
}

Result<Event> parse_event(std::string_view text) {
    auto sig = parse_signature(text);
    if (!sig) return sig.error();
    // parse_signature lets only `anonymous` follow the parameter list's closing parenthesis,
    // which is the last one in the text.
    bool anonymous = text.substr(text.rfind(')') + 1).find("anonymous") != std::string_view::npos;
    return Event{std::move(*sig), anonymous};
}

}  // namespace perch::chain::abi
