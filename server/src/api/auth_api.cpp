// Sign-In with Ethereum: GET /api/auth/nonce, POST /api/auth/verify {message, signature} (sets the
// HttpOnly session cookie), GET /api/auth/session, POST /api/auth/logout; and the guard the other
// groups use for writes that act for a wallet.
#include <algorithm>
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

// Whether a sign-in message names one of this deployment's own domains. The request's Origin or
// Host cannot decide it: whoever posts the message chooses those, so a phishing site's message,
// signed for its own domain, would pass.
bool is_own_domain(const Services& s, std::string_view domain) {
    auto lower = text::to_lower(domain);
    const auto& own = s.sign_in_domains;
    return std::find(own.begin(), own.end(), lower) != own.end();
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
        [&s](http::Request& req) -> Task<http::Response> {
            auto nonce = auth::new_nonce();
            auto now = unix_now();
            auto expires = now + auth::kNonceSeconds;
            // Nonces are rows anyone can create: each client holds a bounded number at once.
            auto cap = static_cast<int>(s.config.limits.sign_in_nonces_per_ip);
            bool added =
                co_await s.rewards->store().add_nonce(nonce, now, expires, req.client_key, cap);
            if (!added) {
                throw ApiError(ErrorKind::too_many_requests,
                               "too many unused sign-in nonces from your address: sign in with "
                               "one, or try again in " +
                                   std::to_string(auth::kNonceSeconds / 60) + " minutes");
            }
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
            if (!is_own_domain(s, parsed->domain)) {
                throw ApiError(
                    ErrorKind::unauthorized,
                    "sign-in refused: the message is for another site (" + parsed->domain + ")");
            }
            const auto now = unix_now();
            chain::SiweExpectations expected{parsed->domain, parsed->nonce, now, std::nullopt};
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
            co_await s.rewards->store().add_session(
                token_hash, address, now, now + auth::kSessionSeconds, req.client_key,
                static_cast<int>(s.config.limits.sign_in_sessions_per_ip));
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
