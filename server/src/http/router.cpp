#include "http/router.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "core/error.hpp"
#include "core/param_error.hpp"
#include "core/text.hpp"

namespace perch::http {
namespace {

std::vector<std::string_view> split_path(std::string_view path) {
    std::vector<std::string_view> parts;
    while (!path.empty()) {
        if (path.front() == '/') {
            path.remove_prefix(1);
            continue;
        }
        auto end = path.find('/');
        parts.push_back(path.substr(0, end));
        path = end == std::string_view::npos ? std::string_view{} : path.substr(end);
    }
    return parts;
}

bool fits_kind(std::string_view value, std::string_view kind) {
    if (kind == "address") return text::is_wallet_address(value);
    if (kind == "int") {
        return !value.empty() && std::all_of(value.begin(), value.end(),
                                             [](unsigned char c) { return std::isdigit(c) != 0; });
    }
    return !value.empty();
}

std::string kind_description(std::string_view kind) {
    if (kind == "address") return params::describe(params::Kind::wallet_address);
    if (kind == "int") return params::describe(params::Kind::whole_number);
    return "non-empty text";
}

}  // namespace

bool is_normal_path(std::string_view path) {
    if (path.empty() || path.front() != '/') return false;
    if (path == "/") return true;
    if (path.back() == '/') return false;
    for (std::size_t start = 1; start <= path.size();) {
        auto end = std::min(path.find('/', start), path.size());
        auto segment = path.substr(start, end - start);
        if (segment.empty() || segment == "." || segment == "..") return false;
        start = end + 1;
    }
    return true;
}

std::string normalize_path(std::string_view path) {
    if (is_normal_path(path)) return std::string(path);
    std::vector<std::string_view> kept;
    for (std::size_t start = 0; start < path.size();) {
        auto end = std::min(path.find('/', start), path.size());
        auto segment = path.substr(start, end - start);
        start = end + 1;
        if (segment.empty() || segment == ".") continue;
        if (segment == "..") {
            if (!kept.empty()) kept.pop_back();
            continue;
        }
        kept.push_back(segment);
    }
    std::string out;
    for (auto segment : kept) {
        out += '/';
        out += segment;
    }
    return out.empty() ? std::string("/") : out;
}

void Router::add(bhttp::verb method, std::string_view pattern, std::string summary,
                 Handler handler) {
    Route route{method, std::string(pattern), std::move(summary), {}, std::move(handler)};
    for (auto part : split_path(pattern)) {
        if (part.size() > 2 && part.front() == '{' && part.back() == '}') {
            auto inner = part.substr(1, part.size() - 2);
            auto colon = inner.find(':');
            std::string kind =
                colon == std::string_view::npos ? "any" : std::string(inner.substr(colon + 1));
            if (kind != "any" && kind != "address" && kind != "int") {
                throw std::invalid_argument("route " + route.pattern + ": unknown parameter kind " +
                                            kind);
            }
            route.segments.push_back({std::string(inner.substr(0, colon)), kind});
        } else {
            route.segments.push_back({std::string(part), {}});
        }
    }
    routes_.push_back(std::move(route));
}

Router::Match Router::match(bhttp::verb method, std::string_view path) const {
    auto parts = split_path(path);
    Match result;
    for (const auto& route : routes_) {
        if (route.segments.size() != parts.size()) continue;
        Params params;
        bool ok = true;
        for (std::size_t i = 0; i < parts.size() && ok; ++i) {
            const auto& seg = route.segments[i];
            if (seg.kind.empty()) {
                ok = seg.text == parts[i];
            } else {
                params.emplace(seg.text, std::string(parts[i]));
            }
        }
        if (!ok) continue;
        if (route.method != method) {
            result.other_method = true;
            continue;
        }
        for (const auto& seg : route.segments) {
            if (seg.kind.empty()) continue;
            if (!fits_kind(params[seg.text], seg.kind)) {
                perch::params::invalid(seg.text, params[seg.text], kind_description(seg.kind));
            }
        }
        result.handler = &route.handler;
        result.pattern = &route.pattern;
        result.params = std::move(params);
        return result;
    }
    return result;
}

std::vector<Router::RouteInfo> Router::routes() const {
    std::vector<RouteInfo> out;
    for (const auto& r : routes_) out.push_back({r.method, r.pattern, r.summary});
    return out;
}

void Router::fixed(bhttp::verb method, std::string_view path, std::string summary,
                   std::shared_ptr<const Payload> payload) {
    if (method == bhttp::verb::get) fixed_gets_.emplace(std::string(path), payload);
    add(method, path, std::move(summary),
        [payload = std::move(payload)](Request&) -> Task<Response> {
            Response r;
            r.payload = payload;
            co_return r;
        });
}

}  // namespace perch::http
