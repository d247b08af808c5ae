#pragma once
// Wallet sign-in pieces that need no I/O: random tokens and SIWE nonces, the session cookie, the
// SHA-256 under which a token is stored, and the spec's per-request header (SHA-256 of
// "<user id lower case>:<YYYYMMDDHH UTC>", see web/src/api/authHeader.ts).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace perch::auth {

inline constexpr std::string_view kSessionCookie = "perch_session";
inline constexpr std::string_view kAuthHeader = "X-Perch-Auth";
inline constexpr std::int64_t kSessionSeconds = std::int64_t{7} * 24 * 3600;
inline constexpr std::int64_t kNonceSeconds = std::int64_t{10} * 60;

std::string sha256_hex(std::string_view text);
// `bytes` random bytes from the OS generator, as lower-case hex (no 0x).
std::string random_hex(std::size_t bytes);
// An EIP-4361 nonce: alphanumeric, 24 characters.
std::string new_nonce();

// The value of cookie `name` in a Cookie header, or nullopt.
std::optional<std::string> cookie_value(std::string_view cookie_header, std::string_view name);
// Set-Cookie values: the session (HttpOnly, SameSite=Lax, Path=/) and its removal.
std::string session_cookie(std::string_view token, std::int64_t max_age_seconds);
std::string cleared_session_cookie();

// YYYYMMDDHH of a Unix time (UTC).
std::string utc_hour_stamp(std::int64_t unix_seconds);
// The header value the web client sends for `user` at `unix_seconds`.
std::string auth_header_value(std::string_view user, std::int64_t unix_seconds);
// True when `value` matches the user's header for the current hour or the one before or after
// (clocks and requests straddle an hour boundary). Case-insensitive hex.
bool auth_header_ok(std::string_view value, std::string_view user, std::int64_t now);

}  // namespace perch::auth
