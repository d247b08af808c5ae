#pragma once
// From a parsed request to a finished HTTP message: API routes under /api, the web app for
// everything else, CORS for configured origins, gzip when the client takes it, and every error
// (typed or not) turned into the JSON envelope so nothing escapes the connection's coroutine.
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/config.hpp"
#include "http/client_ip.hpp"
#include "http/rate_limit.hpp"
#include "http/router.hpp"
#include "http/static_files.hpp"

namespace perch::http {

// What the edge enforces besides routing: CORS origins, rate limits, the page's security policy.
struct EdgePolicy {
    std::vector<std::string> cors_origins;
    std::vector<RateGroup> rate_limits;
    std::string content_security_policy;  // empty: none sent
    // The policy of the one page partners may frame (embed_page_path), sent without
    // X-Frame-Options; empty: that page is sent as every other page.
    std::string embed_content_security_policy;
};

class Dispatcher {
  public:
    Dispatcher(Router router, StaticFiles files, ClientIpResolver client_ips, EdgePolicy policy);

    Task<Response> handle(const RawRequest& req, std::string_view peer) const;
    // Adds CORS, compression, caching and keep-alive headers, and the body.
    bhttp::message_generator finish(Response res, const RawRequest& req) const;
    // The headers of a streamed answer (res.stream set): CORS as above, no caching, closed after.
    bhttp::response<bhttp::empty_body> stream_head(const Response& res,
                                                   const RawRequest& req) const;
    const Router& router() const { return router_; }

    // The hot path for shared payloads (reference data, the web app): a GET answered 200 from
    // preserialized header lines, the same headers finish() would set. Appends the head to `head`
    // and returns the body to send after it; nullopt when finish() must answer (HEAD, 304, ...).
    std::optional<std::string_view> serialize_payload(const Payload& p, const RawRequest& req,
                                                      bool over_tls, std::string& head) const;
    // The same for a handler's answer: only a plain 200 payload with no headers of its own.
    std::optional<std::string_view> serialize_payload(const Response& res, const RawRequest& req,
                                                      std::string& head) const;
    // The hottest path: a GET of a fixed route (reference data) at its normalized path, which no
    // rate limit covers, answers its payload with no handler, coroutine or Request. Else null.
    const Payload* fixed_payload(const RawRequest& req) const;
    // The fixed route's path as the router keeps it (the metrics label of a fixed answer).
    const std::string* fixed_route(std::string_view target) const;
    // Whether `peer` is one of the trusted proxies (whose clients come in X-Forwarded-For).
    bool is_trusted_proxy(std::string_view peer) const { return client_ips_.is_trusted(peer); }
    // Whether a trusted proxy says the client came over HTTPS (X-Forwarded-Proto).
    bool over_tls(const RawRequest& req, std::string_view peer) const;

  private:
    Task<Response> route(Request& request) const;
    Task<Response> handle_api(Request& request) const;
    Response handle_static(const Request& request) const;
    bool origin_allowed(std::string_view origin) const;
    template <class Fields>
    void set_cors(Fields& msg, const RawRequest& req) const;
    template <class Fields>
    void set_security(Fields& msg, const RawRequest& req, bool over_tls,
                      std::string_view content_type) const;
    // Whether the page `req` asks for is the one partners may frame, and some partner may.
    bool framed_embed(const RawRequest& req) const;

    Router router_;
    StaticFiles files_;
    ClientIpResolver client_ips_;
    std::vector<std::string> cors_origins_;
    std::string csp_;
    std::string embed_csp_;
    // set_security's constant header lines for data, for pages and for the framed embed page, for
    // the fast path.
    std::string security_lines_;
    std::string page_security_lines_;
    std::string embed_security_lines_;
    std::unique_ptr<RateLimiter> limiter_;  // counts requests: mutable state behind a const API
};

}  // namespace perch::http
