#pragma once
// What handlers see and return. Handlers never touch sockets: they get a parsed Request and give
// back a Response; the session turns it into bytes (compression, CORS, keep-alive).
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/json/value.hpp>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/task.hpp"

namespace perch::http {

namespace bhttp = boost::beast::http;
using RawRequest = bhttp::request<bhttp::string_body>;
using Params = std::map<std::string, std::string, std::less<>>;

// A body prepared once (static files, reference data) and shared by every response that sends it.
struct Payload {
    std::string content_type;
    std::string plain;
    std::string gzip;  // empty when compression does not pay
    std::string etag;
    std::string cache_control;
    // Content-Type, ETag, Cache-Control and Content-Length lines, serialized once.
    std::string head_plain;
    std::string head_gzip;  // the same for the gzip body, with Content-Encoding
};
std::shared_ptr<const Payload> make_payload(std::string content_type, std::string body,
                                            std::string cache_control);

// A body produced over time (Server-Sent Events): the server sends the headers, then every chunk
// next() yields, until it yields nothing or the client goes away.
class EventStream {
  public:
    virtual ~EventStream() = default;
    virtual Task<std::optional<std::string>> next() = 0;
};

struct Response {
    bhttp::status status = bhttp::status::ok;
    std::string content_type = "application/json";
    std::string body;                        // a dynamic body ...
    std::shared_ptr<const Payload> payload;  // ... or a shared, precomputed one
    std::vector<std::pair<std::string, std::string>> headers;
    std::shared_ptr<EventStream> stream;  // set: a text/event-stream answer
    // Set by the dispatcher: the client reached us over TLS through a trusted proxy (HSTS and
    // Secure cookies apply).
    bool over_tls = false;
    // Set by the dispatcher: the route pattern that answered (a string that lives as long as the
    // router), for the request metrics.
    const std::string* route = nullptr;
};

struct Request {
    const RawRequest& raw;
    std::string path;  // percent-decoded and normalized (normalize_path), without the query
    Params query;      // percent-decoded
    Params params;     // path parameters from the route pattern
    std::string client_ip;
    std::string client_key;              // client_ip as per-client limits count it (client_key())
    const std::string* route = nullptr;  // the matched route pattern, once matched

    // The query value, or empty when absent.
    std::string_view query_value(std::string_view name) const;
    // The query value; a missing or empty one is a 400 naming the parameter.
    const std::string& required_query(std::string_view name) const;
    const std::string& param(std::string_view name) const;
    // The body parsed as a JSON object; malformed JSON is a 400 naming the problem.
    boost::json::object json_object() const;
    std::string_view header(bhttp::field f) const;
    std::string_view header(std::string_view name) const;
};

// The API envelope {code, msg, data}.
Response envelope(const boost::json::value& data, int code = 0, std::string_view msg = "success");
Response error_envelope(bhttp::status status, std::string_view msg);

}  // namespace perch::http
