#pragma once
// Who is calling: the wallet of the request's session cookie, and the check every write acting
// for a wallet goes through (that wallet's session plus the spec's per-request header).
#include <optional>
#include <string>

#include "api/services.hpp"

namespace perch::api {

// The signed-in wallet (lower case), or nullopt without a valid session.
Task<std::optional<std::string>> session_wallet(Services& s, const http::Request& req);

// Returns `user` lower-cased when the request carries that wallet's session and a current
// X-Perch-Auth header; else throws ApiError 401 (no session, bad header) or 403 (another wallet).
Task<std::string> require_wallet(Services& s, const http::Request& req, std::string user);

// Throws ApiError unless the request carries the admin token (X-Admin-Token or "Authorization:
// Bearer"): 403 while no token is configured, 401 for a missing or wrong one.
void require_admin_token(const std::string& token, const http::Request& req);

}  // namespace perch::api
