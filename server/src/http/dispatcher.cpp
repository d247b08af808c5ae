#include "http/dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/url/parse.hpp>

#include "core/error.hpp"
#include "http/compress.hpp"
#include "http/security_headers.hpp"

namespace perch::http {
namespace {
constexpr std::string_view kDataPolicy = "default-src 'none'; frame-ancestors 'none'";
}  // namespace

Dispatcher::Dispatcher(Router router, StaticFiles files, ClientIpResolver client_ips,
                       EdgePolicy policy)
    : router_(std::move(router)),
      files_(std::move(files)),
      client_ips_(std::move(client_ips)),
      cors_origins_(std::move(policy.cors_origins)),
      csp_(std::move(policy.content_security_policy)),
      embed_csp_(std::move(policy.embed_content_security_policy)),
      limiter_(std::make_unique<RateLimiter>(std::move(policy.rate_limits))) {
    // set_security's constant lines, serialized once for the fast path.
    auto lines = [&](std::string_view csp, bool deny_frames) {
        return std::string(
                   "X-Content-Type-Options: nosniff\r\nReferrer-Policy: "
                   "strict-origin-when-cross-origin\r\n") +
               (deny_frames ? "X-Frame-Options: DENY\r\n" : "") +
               "Content-Security-Policy: " + std::string(csp) + "\r\n";
    };
    security_lines_ = lines(kDataPolicy, true);
    page_security_lines_ = lines(csp_.empty() ? kDataPolicy : csp_, true);
    if (csp_.empty()) embed_csp_.clear();  // no page policy: no page, the embed included, framed
    embed_security_lines_ = embed_csp_.empty() ? page_security_lines_ : lines(embed_csp_, false);
}

namespace {

// The wallet a request acts for or asks about, lower-cased: a path {user} or a query address.
std::string wallet_of(const Request& request) {
    std::string_view found;
    if (auto it = request.params.find("user"); it != request.params.end()) found = it->second;
    for (const char* name : {"address", "user_address", "sender", "user"}) {
        if (found.empty()) found = request.query_value(name);
    }
    std::string out(found.substr(0, 64));
    for (auto& ch : out) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

Response too_many_requests(const RateVerdict& verdict) {
    auto seconds = std::to_string(verdict.retry_after.count());
    auto r = error_envelope(
        bhttp::status::too_many_requests,
        "too many requests (" + verdict.group->name + "): try again in " + seconds + " s");
    r.headers.emplace_back("Retry-After", seconds);
    return r;
}

}  // namespace

bool Dispatcher::origin_allowed(std::string_view origin) const {
    return !origin.empty() && std::any_of(cors_origins_.begin(), cors_origins_.end(),
                                          [&](const auto& o) { return o == "*" || o == origin; });
}

Task<Response> Dispatcher::handle(const RawRequest& raw, std::string_view peer) const {
    auto target = boost::urls::parse_origin_form(raw.target());
    if (!target) co_return error_envelope(bhttp::status::bad_request, "malformed request target");
    // Routing, the rate limits and the static files all see the one normalized path.
    Request request{raw, normalize_path(target->path()), {}, {}, {}};
    for (const auto& p : target->params()) request.query.insert_or_assign(p.key, p.value);
    request.client_ip = client_ips_.resolve(peer, request.header("X-Forwarded-For"));
    request.client_key = client_key(request.client_ip);
    bool tls = over_tls(raw, peer);
    auto response = co_await route(request);
    response.over_tls = tls;
    response.route = request.route;  // errors thrown by the handler count for its route too
    co_return response;
}

Task<Response> Dispatcher::route(Request& request) const {
    const auto& raw = request.raw;

    if (raw.method() == bhttp::verb::options) {
        Response r;
        r.status = bhttp::status::no_content;
        r.content_type.clear();
        co_return r;
    }
    if (request.path == "/api" || request.path.starts_with("/api/") || request.path == "/metrics") {
        try {
            co_return co_await handle_api(request);
        } catch (const ApiError& e) {
            if (e.http_status() >= 500)
                spdlog::error("{} {}: {}", raw.method_string(), request.path, e.log_text());
            co_return error_envelope(static_cast<bhttp::status>(e.http_status()), e.client_text());
        } catch (const std::exception& e) {
            spdlog::error("{} {}: unhandled: {}", raw.method_string(), request.path, e.what());
            co_return error_envelope(bhttp::status::internal_server_error, "internal error");
        }
    }
    co_return handle_static(request);
}

Task<Response> Dispatcher::handle_api(Request& request) const {
    auto match = router_.match(request.raw.method(), request.path);
    if (!match.handler) {
        if (match.other_method) {
            co_return error_envelope(
                bhttp::status::method_not_allowed,
                std::string(request.raw.method_string()) + " is not allowed on " + request.path);
        }
        co_return error_envelope(bhttp::status::not_found, "no such API: " + request.path);
    }
    request.params = std::move(match.params);
    request.route = match.pattern;
    auto verdict = limiter_->admit(request.raw.method_string(), request.path, request.client_key,
                                   wallet_of(request));
    if (verdict.group) co_return too_many_requests(verdict);
    co_return co_await (*match.handler)(request);
}

Response Dispatcher::handle_static(const Request& request) const {
    auto method = request.raw.method();
    if (method != bhttp::verb::get && method != bhttp::verb::head) {
        return error_envelope(bhttp::status::method_not_allowed,
                              "only GET and HEAD are served here");
    }
    Response r;
    r.content_type = "text/plain; charset=utf-8";
    if (!files_.ready()) {
        r.status = bhttp::status::service_unavailable;
        r.body = "The web app is not built yet: run `make web` (or `make run`).\n";
        return r;
    }
    r.payload = files_.find(request.path);
    if (!r.payload) {
        r.status = bhttp::status::not_found;
        r.body = "Not found\n";
    }
    return r;
}

template <class Fields>
void Dispatcher::set_cors(Fields& msg, const RawRequest& req) const {
    auto origin = req[bhttp::field::origin];
    if (origin_allowed(origin)) {
        msg.set(bhttp::field::access_control_allow_origin, origin);
        msg.set(bhttp::field::access_control_allow_credentials, "true");
        msg.set(bhttp::field::vary, "Origin, Accept-Encoding");
        if (req.method() == bhttp::verb::options) {
            msg.set(bhttp::field::access_control_allow_methods, "GET, POST, OPTIONS");
            msg.set(bhttp::field::access_control_allow_headers, "Content-Type, X-Perch-Auth");
            msg.set(bhttp::field::access_control_max_age, "600");
        }
    } else {
        msg.set(bhttp::field::vary, "Accept-Encoding");
    }
}

bool Dispatcher::framed_embed(const RawRequest& req) const {
    return !embed_csp_.empty() && is_embed_page(req.target());
}

template <class Fields>
void Dispatcher::set_security(Fields& msg, const RawRequest& req, bool over_tls,
                              std::string_view content_type) const {
    msg.set("X-Content-Type-Options", "nosniff");
    msg.set("Referrer-Policy", "strict-origin-when-cross-origin");
    // The app's policy on pages; anything else (JSON, images, scripts) is data no one should run
    // or frame, and a short policy keeps every API answer small.
    bool page = content_type.starts_with("text/html") && !csp_.empty();
    // The embed page's frame-ancestors names its partners; X-Frame-Options cannot name them, and a
    // browser that knows both obeys the stricter one, so that page is sent without it.
    bool framed = page && framed_embed(req);
    if (!framed) msg.set(bhttp::field::x_frame_options, "DENY");  // for older browsers
    std::string_view policy = framed ? embed_csp_ : page ? std::string_view(csp_) : kDataPolicy;
    msg.set("Content-Security-Policy", policy);
    if (over_tls) msg.set(bhttp::field::strict_transport_security, "max-age=31536000");
}

bool Dispatcher::over_tls(const RawRequest& req, std::string_view peer) const {
    return req["X-Forwarded-Proto"] == "https" && client_ips_.is_trusted(peer);
}

const Payload* Dispatcher::fixed_payload(const RawRequest& req) const {
    if (req.method() != bhttp::verb::get) return nullptr;
    auto target = req.target();
    // Percent-encoded or queried targets take the general path, which decodes them first.
    if (target.find_first_of("?%#") != std::string_view::npos) return nullptr;
    // Checked on the normalized path, as the general path would: "//api/x/" is "/api/x".
    std::string normalized;
    if (!is_normal_path(target)) {
        normalized = normalize_path(target);
        target = normalized;
    }
    const auto* p = router_.fixed_get(target);
    if (!p || limiter_->group_of("GET", target)) return nullptr;
    return p;
}

const std::string* Dispatcher::fixed_route(std::string_view target) const {
    if (is_normal_path(target)) return router_.fixed_path(target);
    return router_.fixed_path(normalize_path(target));
}

std::optional<std::string_view> Dispatcher::serialize_payload(const Response& res,
                                                              const RawRequest& req,
                                                              std::string& head) const {
    if (!res.payload || res.stream || res.status != bhttp::status::ok || !res.headers.empty())
        return std::nullopt;
    return serialize_payload(*res.payload, req, res.over_tls, head);
}

std::optional<std::string_view> Dispatcher::serialize_payload(const Payload& p,
                                                              const RawRequest& req, bool tls,
                                                              std::string& head) const {
    if (req.method() != bhttp::verb::get || req[bhttp::field::if_none_match] == p.etag)
        return std::nullopt;
    bool gzip_ok = !p.gzip.empty() && accepts_gzip(req[bhttp::field::accept_encoding]);
    head += req.version() == 10 ? "HTTP/1.0 200 OK\r\nServer: perch\r\n"
                                : "HTTP/1.1 200 OK\r\nServer: perch\r\n";
    // The same header lines as set_cors and set_security, written straight into the head.
    auto line = [&](std::string_view name, std::string_view value) {
        head += name;
        head += ": ";
        head += value;
        head += "\r\n";
    };
    auto origin = req[bhttp::field::origin];
    if (origin_allowed(origin)) {
        line("Access-Control-Allow-Origin", origin);
        line("Access-Control-Allow-Credentials", "true");
        line("Vary", "Origin, Accept-Encoding");
    } else {
        line("Vary", "Accept-Encoding");
    }
    if (!p.content_type.starts_with("text/html"))
        head += security_lines_;
    else
        head += framed_embed(req) ? embed_security_lines_ : page_security_lines_;
    if (tls) line("Strict-Transport-Security", "max-age=31536000");
    head += gzip_ok ? p.head_gzip : p.head_plain;
    bool keep_alive = req.keep_alive();
    if (req.version() == 10 && keep_alive) head += "Connection: keep-alive\r\n";
    if (req.version() != 10 && !keep_alive) head += "Connection: close\r\n";
    head += "\r\n";
    return gzip_ok ? std::string_view(p.gzip) : std::string_view(p.plain);
}

bhttp::response<bhttp::empty_body> Dispatcher::stream_head(const Response& res,
                                                           const RawRequest& req) const {
    bhttp::response<bhttp::empty_body> msg{res.status, req.version()};
    msg.set(bhttp::field::server, "perch");
    for (const auto& [name, value] : res.headers) msg.set(name, value);
    set_cors(msg, req);
    set_security(msg, req, res.over_tls, "text/event-stream");
    msg.set(bhttp::field::content_type, "text/event-stream");
    msg.set(bhttp::field::cache_control, "no-store");
    msg.keep_alive(false);
    return msg;
}

bhttp::message_generator Dispatcher::finish(Response res, const RawRequest& req) const {
    bhttp::response<bhttp::string_body> msg{res.status, req.version()};
    msg.set(bhttp::field::server, "perch");
    msg.keep_alive(req.keep_alive());
    for (auto& [name, value] : res.headers) {
        // Behind TLS the session cookie is Secure too; over plain HTTP (the devnet) it cannot be.
        if (res.over_tls && name == "Set-Cookie") value += "; Secure";
        msg.set(name, value);
    }

    set_cors(msg, req);
    set_security(msg, req, res.over_tls,
                 res.payload ? res.payload->content_type : res.content_type);

    bool gzip_ok = accepts_gzip(req[bhttp::field::accept_encoding]);
    if (res.payload) {
        const auto& p = *res.payload;
        msg.set(bhttp::field::content_type, p.content_type);
        msg.set(bhttp::field::etag, p.etag);
        if (!p.cache_control.empty()) msg.set(bhttp::field::cache_control, p.cache_control);
        if (req[bhttp::field::if_none_match] == p.etag) {
            msg.result(bhttp::status::not_modified);
        } else if (gzip_ok && !p.gzip.empty()) {
            msg.set(bhttp::field::content_encoding, "gzip");
            msg.body() = p.gzip;
        } else {
            msg.body() = p.plain;
        }
    } else {
        if (!res.content_type.empty()) msg.set(bhttp::field::content_type, res.content_type);
        if (gzip_ok && res.body.size() >= kMinCompressBytes && is_compressible(res.content_type)) {
            msg.set(bhttp::field::content_encoding, "gzip");
            msg.body() = gzip(res.body, 6);
        } else {
            msg.body() = std::move(res.body);
        }
        if (!msg.count(bhttp::field::cache_control))
            msg.set(bhttp::field::cache_control, "no-store");
    }
    msg.prepare_payload();
    if (req.method() == bhttp::verb::head) {
        auto length = msg.body().size();
        msg.body().clear();
        msg.content_length(length);
    }
    return bhttp::message_generator(std::move(msg));
}

}  // namespace perch::http
