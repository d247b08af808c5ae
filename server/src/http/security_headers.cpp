#include "http/security_headers.hpp"

#include <set>

namespace perch::http {

std::optional<std::string> url_origin(std::string_view url) {
    std::string_view scheme;
    if (url.starts_with("https://")) {
        scheme = "https://";
    } else if (url.starts_with("http://")) {
        scheme = "http://";
    } else {
        return std::nullopt;
    }
    auto rest = url.substr(scheme.size());
    auto authority = rest.substr(0, rest.find_first_of("/?#"));
    if (authority.empty() || authority.find_first_of("@ ;'\"") != std::string_view::npos)
        return std::nullopt;  // no host, credentials, or text that could break the header
    return std::string(scheme) + std::string(authority);
}

std::string app_content_security_policy(const std::vector<std::string>& rpc_urls,
                                        bool walletconnect) {
    std::set<std::string> origins;
    for (const auto& url : rpc_urls) {
        if (auto origin = url_origin(url)) origins.insert(*origin);
    }
    std::string connect = "connect-src 'self'";
    for (const auto& o : origins) connect += " " + o;
    if (walletconnect) connect += " " + std::string(walletconnect_origins);
    // WalletConnect's verify API runs in an iframe of its own origin; nothing else is framed.
    std::string frames = walletconnect ? "; frame-src https://verify.walletconnect.org" : "";
    return "default-src 'self'; script-src 'self'; style-src 'self'; "
           "img-src 'self' data: blob: https:; font-src 'self' data:; " +
           connect + frames +
           "; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
}

}  // namespace perch::http
