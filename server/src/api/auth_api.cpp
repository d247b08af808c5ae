// Sign-In with Ethereum: GET /api/auth/nonce, POST /api/auth/verify {message, signature} (sets the
// HttpOnly session cookie), GET /api/auth/session, POST /api/auth/logout; and the guard the other
// groups use for writes that act for a wallet.
#include <boost/json.hpp>

#include "api/auth_guard.hpp"
#include "api/params.hpp"
#include "auth/session.hpp"
#include "chain/hex.hpp"
#include "chain/siwe.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

std::optional<std::string> session_token(const http::Request& req) {
    auto header = req.header(http::bhttp::field::cookie);
    if (header.empty()) return std::nullopt;
    auto token = auth::cookie_value(header, auth::kSessionCookie);
    if (!token || token->size() != 64 || !text::is_hex(*token)) return std::nullopt;
    return token;
}

// host[:port] of an Origin header ("http://localhost:5173" → "localhost:5173").
std::string origin_host(std::string_view origin) {
    auto pos = origin.find("://");
    return pos == std::string_view::npos ? std::string() : std::string(origin.substr(pos + 3));
}

}  // namespace

Task<std::optional<std::string>> session_wallet(Services& s, const http::Request& req) {
    auto token = session_token(req);
    if (!token) co_return std::nullopt;
    auto token_hash = auth::sha256_hex(*token);
    co_return co_await s.rewards->store().session_address(token_hash, unix_now());
}

Task<std::string> require_wallet(Services& s, const http::Request& req, std::string user) {
    user = text::to_lower(user);
    auto wallet = co_await session_wallet(s, req);
    if (!wallet) {
        throw ApiError(ErrorKind::unauthorized, "sign in with this wallet first");
    }
    if (*wallet != user) {
        throw ApiError(ErrorKind::forbidden, "signed in as another wallet",
                       "session of " + *wallet + " acting for " + user);
    }
    if (!auth::auth_header_ok(req.header(auth::kAuthHeader), user, unix_now())) {
        throw ApiError(ErrorKind::unauthorized, "missing or stale X-Perch-Auth header");
    }
    co_return user;
}

void register_auth_api(http::Router& router, Services& s) {
    router.get(
        "/api/auth/nonce", "A one-time nonce for a Sign-In with Ethereum message",
        [&s](http::Request&) -> Task<http::Response> {
            auto nonce = auth::new_nonce();
            auto expires = unix_now() + auth::kNonceSeconds;
            co_await s.rewards->store().add_nonce(nonce, expires);
            co_return http::envelope(json::object{{"nonce", nonce}, {"expires_at", expires}});
        });

    router.post(
        "/api/auth/verify",
        "Checks a signed EIP-4361 message {message, signature} and starts a session (cookie)",
        [&s](http::Request& req) -> Task<http::Response> {
            auto body = req.json_object();
            auto message = Params::body(body).required("message");
            auto signature_text = Params::body(body).required("signature");
            auto signature = chain::from_hex(signature_text);
            if (!signature || signature->size() != 65)
                throw bad_request("'signature' must be 65 bytes of 0x-hex");
            auto parsed = chain::parse_siwe_message(message);
            if (!parsed) {
                throw bad_request("'message' is not a Sign-In with Ethereum message: " +
                                  parsed.error().message);
            }
            // The message must be meant for this site: the Host the browser used, or the
            // Origin of the page when a dev proxy rewrote the Host.
            auto host = std::string(req.header(http::bhttp::field::host));
            auto origin = origin_host(req.header(http::bhttp::field::origin));
            auto domain = parsed->domain == origin && !origin.empty() ? origin : host;
            const auto now = unix_now();
            chain::SiweExpectations expected{domain, parsed->nonce, now, std::nullopt};
            auto verified = chain::verify_siwe(message, *signature, expected);
            if (!verified) {
                throw ApiError(ErrorKind::unauthorized,
                               "sign-in refused: " + verified.error().message);
            }
            auto nonce = parsed->nonce;
            bool fresh = co_await s.rewards->store().take_nonce(nonce, now);
            if (!fresh) {
                throw ApiError(ErrorKind::unauthorized,
                               "sign-in refused: the nonce is unknown, used or expired");
            }
            auto address = verified->address.lower_hex();
            auto token = auth::random_hex(32);
            auto token_hash = auth::sha256_hex(token);
            co_await s.rewards->store().add_session(token_hash, address, now,
                                                    now + auth::kSessionSeconds);
            auto r = http::envelope(json::object{{"address", verified->address.checksum_hex()},
                                                 {"expires_at", now + auth::kSessionSeconds}});
            r.headers.emplace_back("Set-Cookie",
                                   auth::session_cookie(token, auth::kSessionSeconds));
            r.headers.emplace_back("Cache-Control", "no-store");
            co_return r;
        });

    router.get("/api/auth/session", "The wallet of this browser's session, or null",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto wallet = co_await session_wallet(s, req);
                   json::value data = nullptr;
                   if (wallet) data = json::object{{"address", *wallet}};
                   co_return http::envelope(data);
               });

    router.post("/api/auth/logout", "Ends this browser's session",
                [&s](http::Request& req) -> Task<http::Response> {
                    if (auto token = session_token(req)) {
                        auto token_hash = auth::sha256_hex(*token);
                        co_await s.rewards->store().delete_session(token_hash);
                    }
                    auto r = http::envelope(nullptr);
                    r.headers.emplace_back("Set-Cookie", auth::cleared_session_cookie());
                    co_return r;
                });
}

}  // namespace perch::api
