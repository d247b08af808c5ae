#include "http/security_headers.hpp"

#include <algorithm>
#include <boost/url/parse.hpp>
#include <set>

#include "http/router.hpp"

namespace perch::http {
namespace {

// The distinct http(s) origins of `urls`, sorted; anything else is left out.
std::set<std::string> origins_of(const std::vector<std::string>& urls) {
    std::set<std::string> origins;
    for (const auto& url : urls) {
        if (auto origin = url_origin(url)) origins.insert(*origin);
    }
    return origins;
}

}  // namespace

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

bool is_embed_page(std::string_view target) {
    // The same reading of the target as the dispatcher's routing: decoded, then normalized.
    auto parsed = boost::urls::parse_origin_form(target);
    return parsed && normalize_path(parsed->path()) == embed_page_path;
}

std::string frame_ancestors(const std::vector<std::string>& embedders) {
    if (std::find(embedders.begin(), embedders.end(), "*") != embedders.end()) return "*";
    auto origins = origins_of(embedders);
    if (origins.empty()) return "'none'";
    std::string out;
    for (const auto& o : origins) out += (out.empty() ? "" : " ") + o;
    return out;
}

std::string app_content_security_policy(const std::vector<std::string>& rpc_urls,
                                        bool walletconnect,
                                        const std::vector<std::string>& embedders) {
    std::string connect = "connect-src 'self'";
    for (const auto& o : origins_of(rpc_urls)) connect += " " + o;
    if (walletconnect) connect += " " + std::string(walletconnect_origins);
    // WalletConnect's verify API runs in an iframe of its own origin; nothing else is framed.
    std::string frames = walletconnect ? "; frame-src https://verify.walletconnect.org" : "";
    return "default-src 'self'; script-src 'self'; style-src 'self'; "
           "img-src 'self' data: blob: https:; font-src 'self' data:; " +
           connect + frames + "; frame-ancestors " + frame_ancestors(embedders) +
           "; base-uri 'self'; form-action 'self'; object-src 'none'";
}

}  // namespace perch::http
