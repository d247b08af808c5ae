#include "auth/session.hpp"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <ctime>
#include <stdexcept>

#include "core/text.hpp"

namespace perch::auth {

std::string sha256_hex(std::string_view text) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int len = 0;
    if (EVP_Digest(text.data(), text.size(), digest.data(), &len, EVP_sha256(), nullptr) != 1)
        throw std::runtime_error("SHA-256 failed");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(static_cast<std::size_t>(len) * 2);
    for (unsigned i = 0; i < len; ++i) {
        out.push_back(kHex[digest[i] >> 4]);
        out.push_back(kHex[digest[i] & 15]);
    }
    return out;
}

std::string random_hex(std::size_t bytes) {
    std::string raw(bytes, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(bytes)) != 1)
        throw std::runtime_error("the random generator failed");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    for (unsigned char c : raw) {
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
    }
    return out;
}

std::string new_nonce() {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::array<unsigned char, 24> raw{};
    if (RAND_bytes(raw.data(), static_cast<int>(raw.size())) != 1)
        throw std::runtime_error("the random generator failed");
    std::string out;
    for (unsigned char c : raw) out.push_back(kAlphabet[c % 62]);
    return out;
}

std::optional<std::string> cookie_value(std::string_view header, std::string_view name) {
    for (const auto& part : text::split(header, ';')) {
        auto item = text::trim(part);
        auto eq = item.find('=');
        if (eq == std::string_view::npos) continue;
        if (text::trim(item.substr(0, eq)) == name) {
            return std::string(text::trim(item.substr(eq + 1)));
        }
    }
    return std::nullopt;
}

std::string session_cookie(std::string_view token, std::int64_t max_age_seconds) {
    return std::string(kSessionCookie) + "=" + std::string(token) +
           "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(max_age_seconds);
}

std::string cleared_session_cookie() {
    return std::string(kSessionCookie) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
}

std::string utc_hour_stamp(std::int64_t unix_seconds) {
    std::time_t t = static_cast<std::time_t>(unix_seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%04d%02d%02d%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour);
    return buf;
}

std::string auth_header_value(std::string_view user, std::int64_t unix_seconds) {
    return sha256_hex(text::to_lower(user) + ":" + utc_hour_stamp(unix_seconds));
}

bool auth_header_ok(std::string_view value, std::string_view user, std::int64_t now) {
    auto given = text::to_lower(text::trim(value));
    if (given.size() != 64) return false;
    for (std::int64_t shift : {0, -3600, 3600}) {
        if (given == auth_header_value(user, now + shift)) return true;
    }
    return false;
}

}  // namespace perch::auth
