#include "http/dispatcher.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/url/parse.hpp>

#include "core/error.hpp"
#include "http/compress.hpp"

namespace perch::http {

Dispatcher::Dispatcher(Router router, StaticFiles files, ClientIpResolver client_ips,
                       std::vector<std::string> cors_origins)
    : router_(std::move(router)),
      files_(std::move(files)),
      client_ips_(std::move(client_ips)),
      cors_origins_(std::move(cors_origins)) {}

bool Dispatcher::origin_allowed(std::string_view origin) const {
    return !origin.empty() && std::any_of(cors_origins_.begin(), cors_origins_.end(),
                                          [&](const auto& o) { return o == "*" || o == origin; });
}

Task<Response> Dispatcher::handle(const RawRequest& raw, std::string_view peer) const {
    auto target = boost::urls::parse_origin_form(raw.target());
    if (!target) co_return error_envelope(bhttp::status::bad_request, "malformed request target");
    Request request{raw, std::string(target->path()), {}, {}, {}};
    for (const auto& p : target->params()) request.query.insert_or_assign(p.key, p.value);
    request.client_ip = client_ips_.resolve(peer, request.header("X-Forwarded-For"));

    if (raw.method() == bhttp::verb::options) {
        Response r;
        r.status = bhttp::status::no_content;
        r.content_type.clear();
        co_return r;
    }
    if (request.path == "/api" || request.path.starts_with("/api/")) {
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
    co_return co_await (*match.handler)(request);
}

Response Dispatcher::handle_static(const Request& request) const {
    auto method = request.raw.method();
    if (method != bhttp::verb::get && method != bhttp::verb::head) {
        return error_envelope(bhttp::status::method_not_allowed,
                              "only GET and HEAD are served here");
    }
    Response r;
    r.payload = files_.find(request.path);
    if (!r.payload) {
        r.status = bhttp::status::service_unavailable;
        r.content_type = "text/plain; charset=utf-8";
        r.body = "The web app is not built yet: run `make web` (or `make run`).\n";
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

bhttp::response<bhttp::empty_body> Dispatcher::stream_head(const Response& res,
                                                           const RawRequest& req) const {
    bhttp::response<bhttp::empty_body> msg{res.status, req.version()};
    msg.set(bhttp::field::server, "perch");
    for (const auto& [name, value] : res.headers) msg.set(name, value);
    set_cors(msg, req);
    msg.set(bhttp::field::content_type, "text/event-stream");
    msg.set(bhttp::field::cache_control, "no-store");
    msg.keep_alive(false);
    return msg;
}

bhttp::message_generator Dispatcher::finish(Response res, const RawRequest& req) const {
    bhttp::response<bhttp::string_body> msg{res.status, req.version()};
    msg.set(bhttp::field::server, "perch");
    msg.keep_alive(req.keep_alive());
    for (auto& [name, value] : res.headers) msg.set(name, value);

    set_cors(msg, req);

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
