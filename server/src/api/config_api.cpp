#include <boost/json.hpp>

#include "api/params.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// A text field of at most `max` characters; a required one must be present and non-empty.
std::string text_field(const Params& p, std::string_view name, std::size_t max, bool required) {
    auto text = required ? p.required(name) : p.find(name).value_or("");
    if (text.size() > max)
        params::invalid(name, text, "text of at most " + std::to_string(max) + " characters");
    return text;
}

// Any wallet address; an EVM one is checked (EIP-55) and kept in lower case.
std::string wallet_of(const std::string& text) {
    if (!text::is_wallet_address(text))
        params::invalid("user_address", text, params::Kind::wallet_address);
    return text::is_evm_address(text) ? parse_evm_address("user_address", text).lower_hex() : text;
}

// A person connects and signs a handful of times a day; the log is for recent activity.
constexpr store::UserActionBounds kUserActionBounds{.per_client_per_day = 500,
                                                    .keep_seconds = 90LL * 24 * 3600};

}  // namespace

void register_config_api(http::Router& router, Services& s) {
    router.post("/api/config/user-action", "Log a wallet action (connect, sign, ...)",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto body = req.json_object();
                    auto fields = Params::body(body);
                    store::UserAction a;
                    a.user_address = wallet_of(text_field(fields, "user_address", 128, true));
                    a.action = text_field(fields, "action", 64, true);
                    a.sign = text_field(fields, "sign", 1024, false);
                    a.agent = text_field(fields, "agent", 512, false);
                    a.wallet_name = text_field(fields, "wallet_name", 64, false);
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
