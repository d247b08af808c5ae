#include <boost/json.hpp>
#include <chrono>

#include "api/services.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// A string field of at most `max` characters; required fields must be present and non-empty.
std::string string_field(const json::object& body, std::string_view name, std::size_t max,
                         bool required) {
    const auto* v = body.if_contains(name);
    if (!v || v->is_null()) {
        if (required) throw bad_request("field '" + std::string(name) + "' is required");
        return {};
    }
    if (!v->is_string()) throw bad_request("field '" + std::string(name) + "' must be a string");
    std::string value(v->as_string());
    if (required && value.empty())
        throw bad_request("field '" + std::string(name) + "' must not be empty");
    if (value.size() > max) {
        throw bad_request("field '" + std::string(name) + "' is longer than " +
                          std::to_string(max) + " characters");
    }
    return value;
}

// A person connects and signs a handful of times a day; the log is for recent activity.
constexpr store::UserActionBounds kUserActionBounds{.per_client_per_day = 500,
                                                    .keep_seconds = 90LL * 24 * 3600};

std::int64_t unix_now() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

void register_config_api(http::Router& router, Services& s) {
    router.post("/api/config/user-action", "Log a wallet action (connect, sign, ...)",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto body = req.json_object();
                    store::UserAction a;
                    a.user_address = string_field(body, "user_address", 128, true);
                    if (!text::is_wallet_address(a.user_address)) {
                        throw bad_request("field 'user_address' must be a wallet address");
                    }
                    if (text::is_evm_address(a.user_address))
                        a.user_address = text::to_lower(a.user_address);
                    a.action = string_field(body, "action", 64, true);
                    a.sign = string_field(body, "sign", 1024, false);
                    a.agent = string_field(body, "agent", 512, false);
                    a.wallet_name = string_field(body, "wallet_name", 64, false);
                    a.client_ip = req.client_key;
                    auto id = co_await s.store.add_user_action(std::move(a), unix_now(),
                                                               kUserActionBounds);
                    if (!id) {
                        throw ApiError(ErrorKind::too_many_requests,
                                       "too many actions logged from your address today");
                    }
                    co_return http::envelope(json::object{{"id", *id}});
                });
}

}  // namespace perch::api
