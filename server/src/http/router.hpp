#pragma once
// Routes by method and path pattern. Patterns are literal segments and {name} or {name:kind}
// parameters; kind 'address' requires a wallet address, 'int' a decimal number. A parameter that
// breaks its kind is a 400 naming it, before any handler runs.
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/task.hpp"
#include "http/message.hpp"

namespace perch::http {

using Handler = std::function<Task<Response>(Request&)>;

// The one form of a (percent-decoded) path that routing and rate limits both see: empty segments
// collapsed ("/api//auth" is "/api/auth"), "." and ".." segments resolved (never above the root),
// no trailing slash except the root itself. Without it a path the router accepts could fall
// outside the rate-limit group that covers its route.
std::string normalize_path(std::string_view path);
// Whether `path` is already in that form (the hot path checks before it allocates).
bool is_normal_path(std::string_view path);

class Router {
  public:
    // `summary` documents the route in the served OpenAPI document.
    void add(bhttp::verb method, std::string_view pattern, std::string summary, Handler handler);
    void get(std::string_view pattern, std::string summary, Handler h) {
        add(bhttp::verb::get, pattern, std::move(summary), std::move(h));
    }
    void post(std::string_view pattern, std::string summary, Handler h) {
        add(bhttp::verb::post, pattern, std::move(summary), std::move(h));
    }

    // A route whose answer never changes (reference data): a handler answering `payload`, also
    // found by fixed_get() so the server can answer it without running a handler at all.
    void fixed(bhttp::verb method, std::string_view path, std::string summary,
               std::shared_ptr<const Payload> payload);
    // The payload of a fixed GET route at exactly `path`, or null.
    const Payload* fixed_get(std::string_view path) const {
        auto it = fixed_gets_.find(path);
        return it == fixed_gets_.end() ? nullptr : it->second.get();
    }
    // The path of that fixed route as the router keeps it (for metrics labels), or null.
    const std::string* fixed_path(std::string_view path) const {
        auto it = fixed_gets_.find(path);
        return it == fixed_gets_.end() ? nullptr : &it->first;
    }

    struct Match {
        const Handler* handler = nullptr;  // null: no route
        const std::string* pattern = nullptr;
        Params params;
        bool other_method = false;  // the path exists with another method (405)
    };
    // Throws ApiError(bad_request) when a parameter breaks its kind.
    Match match(bhttp::verb method, std::string_view path) const;
    struct RouteInfo {
        bhttp::verb method;
        std::string pattern;
        std::string summary;
    };
    std::vector<RouteInfo> routes() const;

  private:
    struct Segment {
        std::string text;  // literal text, or the parameter name
        std::string kind;  // empty for literals; "any", "address" or "int" for parameters
    };
    struct Route {
        bhttp::verb method;
        std::string pattern;
        std::string summary;
        std::vector<Segment> segments;
        Handler handler;
    };
    std::vector<Route> routes_;
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const {
            return std::hash<std::string_view>{}(s);
        }
    };
    std::unordered_map<std::string, std::shared_ptr<const Payload>, Hash, std::equal_to<>>
        fixed_gets_;
};

}  // namespace perch::http
