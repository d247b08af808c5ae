#pragma once
// The headers that keep the app's page safe: a Content-Security-Policy that allows only our own
// scripts and the chains' RPC endpoints the wallet code talks to, no framing (a bridge page in a
// frame invites clickjacking of wallet prompts), no MIME sniffing, and HSTS behind a TLS proxy.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perch::http {

// "scheme://host[:port]" of an http(s) URL, or nothing for anything else.
std::optional<std::string> url_origin(std::string_view url);

// The WalletConnect relay and its verify / pulse APIs (wss and https), allowed when the operator
// configured a WalletConnect project id.
inline constexpr std::string_view walletconnect_origins =
    "wss://relay.walletconnect.org https://verify.walletconnect.org "
    "https://pulse.walletconnect.org";

// The app's policy; `rpc_urls` become connect-src origins (deduplicated, sorted), followed by the
// WalletConnect origins when `walletconnect` is set.
std::string app_content_security_policy(const std::vector<std::string>& rpc_urls,
                                        bool walletconnect = false);

}  // namespace perch::http
