#pragma once
// The headers that keep the app's page safe: a Content-Security-Policy that allows only our own
// scripts and the chains' RPC endpoints the wallet code talks to, no framing (a bridge page in a
// frame invites clickjacking of wallet prompts) except of the widget's card by the partners the
// operator trusts, no MIME sniffing, and HSTS behind a TLS proxy.
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

// The one page a partner's site may frame: the widget's card for sites without React (the
// iframe perch-widget.js inserts; docs/widget.md).
inline constexpr std::string_view embed_page_path = "/embed/bridge";

// Whether a request target ("/embed/bridge?channel=7") is that page, spelled any way the router
// would take it (percent-encoded, doubled or trailing slashes, "." segments). False when malformed.
bool is_embed_page(std::string_view target);

// The frame-ancestors sources for pages `embedders` may frame: * when "*" is listed, else their
// http(s) origins (deduplicated, sorted; anything else left out), and 'none' when none is left.
std::string frame_ancestors(const std::vector<std::string>& embedders);

// The app's policy; `rpc_urls` become connect-src origins (deduplicated, sorted), followed by the
// WalletConnect origins when `walletconnect` is set. Only `embedders` may frame the page (none by
// default: frame-ancestors 'none').
std::string app_content_security_policy(const std::vector<std::string>& rpc_urls,
                                        bool walletconnect = false,
                                        const std::vector<std::string>& embedders = {});

}  // namespace perch::http
