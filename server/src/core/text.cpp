#include "core/text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace perch::text {
namespace {

bool all_of(std::string_view s, auto pred) {
    return std::all_of(s.begin(), s.end(),
                       [&](char c) { return pred(static_cast<unsigned char>(c)); });
}

bool is_base58(std::string_view s) {
    constexpr std::string_view alphabet =
        "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
    return all_of(
        s, [&](unsigned char c) { return alphabet.find(static_cast<char>(c)) != alphabet.npos; });
}

bool is_bech32_body(std::string_view s) {
    constexpr std::string_view alphabet = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    return all_of(
        s, [&](unsigned char c) { return alphabet.find(static_cast<char>(c)) != alphabet.npos; });
}

}  // namespace

bool is_hex(std::string_view s) {
    return all_of(s, [](unsigned char c) { return std::isxdigit(c) != 0; });
}

bool is_evm_address(std::string_view s) {
    return s.size() == 42 && s.starts_with("0x") && is_hex(s.substr(2));
}

bool is_wallet_address(std::string_view s) {
    if (s.starts_with("0x")) return s.size() > 2 && s.size() <= 66 && is_hex(s.substr(2));
    if (s.starts_with("bc1") || s.starts_with("tb1")) {
        return s.size() >= 14 && s.size() <= 74 && is_bech32_body(to_lower(s.substr(3)));
    }
    if (s.size() >= 26 && s.size() <= 44) return is_base58(s);  // Solana, Bitcoin legacy
    return false;
}

std::optional<std::int64_t> parse_int(std::string_view s) {
    std::int64_t n = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
    if (s.empty() || ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return n;
}

std::string to_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::vector<std::string> split(std::string_view s, char sep) {
    std::vector<std::string> parts;
    size_t start = 0;
    while (start <= s.size()) {
        size_t end = s.find(sep, start);
        if (end == std::string_view::npos) end = s.size();
        auto part = trim(s.substr(start, end - start));
        if (!part.empty()) parts.emplace_back(part);
        start = end + 1;
    }
    return parts;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

}  // namespace perch::text
