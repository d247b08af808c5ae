#include "http/message.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "http/compress.hpp"

namespace perch::http {
namespace json = boost::json;

std::shared_ptr<const Payload> make_payload(std::string content_type, std::string body,
                                            std::string cache_control) {
    auto p = std::make_shared<Payload>();
    p->content_type = std::move(content_type);
    p->cache_control = std::move(cache_control);
    p->etag = '"' + content_etag(body) + '"';
    if (is_compressible(p->content_type) && body.size() >= kMinCompressBytes) {
        auto packed = gzip(body, 9);
        if (packed.size() < body.size()) p->gzip = std::move(packed);
    }
    p->plain = std::move(body);
    auto lines = "Content-Type: " + p->content_type + "\r\nETag: " + p->etag + "\r\n";
    if (!p->cache_control.empty()) lines += "Cache-Control: " + p->cache_control + "\r\n";
    p->head_plain = lines + "Content-Length: " + std::to_string(p->plain.size()) + "\r\n";
    if (!p->gzip.empty()) {
        p->head_gzip =
            lines + "Content-Encoding: gzip\r\nContent-Length: " + std::to_string(p->gzip.size()) +
            "\r\n";
    }
    return p;
}

std::string_view Request::query_value(std::string_view name) const {
    auto it = query.find(name);
    return it == query.end() ? std::string_view{} : std::string_view(it->second);
}

const std::string& Request::required_query(std::string_view name) const {
    auto it = query.find(name);
    if (it == query.end() || it->second.empty()) {
        throw bad_request("query parameter '" + std::string(name) + "' is required");
    }
    return it->second;
}

const std::string& Request::param(std::string_view name) const {
    auto it = params.find(name);
    if (it == params.end()) {
        throw ApiError(ErrorKind::internal, "internal error",
                       "route has no parameter " + std::string(name));
    }
    return it->second;
}

json::object Request::json_object() const {
    if (raw.body().empty()) throw bad_request("request body must be a JSON object");
    boost::system::error_code ec;
    json::parse_options opts;
    opts.max_depth = 32;
    auto value = json::parse(raw.body(), ec, {}, opts);
    if (ec) throw bad_request("malformed JSON body: " + ec.message());
    if (!value.is_object()) throw bad_request("request body must be a JSON object");
    return std::move(value.as_object());
}

std::string_view Request::header(bhttp::field f) const {
    auto it = raw.find(f);
    return it == raw.end() ? std::string_view{} : std::string_view(it->value());
}

std::string_view Request::header(std::string_view name) const {
    auto it = raw.find(name);
    return it == raw.end() ? std::string_view{} : std::string_view(it->value());
}

Response envelope(const json::value& data, int code, std::string_view msg) {
    Response r;
    r.body = json::serialize(json::object{{"code", code}, {"msg", msg}, {"data", data}});
    return r;
}

Response error_envelope(bhttp::status status, std::string_view msg) {
    Response r = envelope(nullptr, static_cast<int>(status), msg);
    r.status = status;
    return r;
}

}  // namespace perch::http
