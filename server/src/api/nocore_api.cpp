#include <boost/json.hpp>

#include "api/services.hpp"

namespace perch::api {

void register_nocore_api(http::Router& router, Services& s) {
    router.get("/api/nocore_api/v1/ip-info", "Country of the caller's IP (for access restrictions)",
               [&s](http::Request& req) -> Task<http::Response> {
                   co_return http::envelope(boost::json::object{
                       {"country_code", s.geoip.country(req.client_ip)}, {"ip", req.client_ip}});
               });
}

}  // namespace perch::api
