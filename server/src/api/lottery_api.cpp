// The lottery group's check-in calls (success code 200): the check-in contracts, the check-in
// itself (verified on chain, then credited once), and a month of a wallet's check-ins.
#include <boost/json.hpp>

#include "api/auth_guard.hpp"
#include "api/params.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/airdrop.hpp"
#include "rewards/rules.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr int kOk = 200;

}  // namespace

void register_lottery_api(http::Router& router, Services& s) {
    router.post(
        "/api/lottery/maker/{campaign}/drop",
        "Airdrop batch query {addressList} (at most 5) on one allocation set (layerzero, strk, "
        "taiko, blast, zk): a list of address and value",
        [&s](http::Request& req) -> Task<http::Response> {
            const auto& campaign = req.param("campaign");
            if (!rewards::is_airdrop_campaign(campaign))
                throw ApiError(ErrorKind::not_found, "no airdrop named '" + campaign + "'");
            auto body = req.json_object();
            const auto* list = body.if_contains("addressList");
            if (!list || !list->is_array())
                throw bad_request("'addressList' must be an array of addresses");
            std::vector<std::string> addresses;
            for (const auto& a : list->as_array()) {
                if (!a.is_string()) throw bad_request("address error.");
                addresses.emplace_back(text::trim(a.as_string()));
            }
            if (auto problem = rewards::airdrop_query_problem(addresses))
                throw bad_request(*problem);
            std::vector<std::string> keys;
            keys.reserve(addresses.size());
            for (const auto& a : addresses) keys.push_back(text::to_lower(a));
            auto values = co_await s.rewards->store().airdrop_values(campaign, std::move(keys));
            json::array out;
            for (std::size_t i = 0; i < addresses.size(); ++i)
                out.push_back(json::object{{"address", addresses[i]}, {"value", values[i]}});
            co_return http::envelope(out, kOk);
        });

    router.get("/api/lottery/maker/sign/contract",
               "Check-in contracts: a list of chainId and contractAddress (default chain first)",
               [&s](http::Request&) -> Task<http::Response> {
                   json::array list;
                   for (const auto& c : s.rewards->options().checkin_contracts) {
                       list.push_back(
                           json::object{{"chainId", c.chain_id}, {"contractAddress", c.address}});
                   }
                   co_return http::envelope(list, kOk);
               });

    router.post(
        "/api/lottery/maker/sign/in",
        "Check-in {encrypt, hash, chainId, userAddress}: the CheckIn transaction's receipt is "
        "verified and the day credited once (the wallet's session)",
        [&s](http::Request& req) -> Task<http::Response> {
            auto body = req.json_object();
            auto fields = Params::body(body);
            auto address = evm_address(fields, "userAddress").lower_hex();
            auto user = co_await require_wallet(s, req, address);
            auto chain = chain_id(fields, "chainId");
            auto hash = text::to_lower(fields.required("hash"));
            if (const auto* e = body.if_contains("encrypt"); e && !e->is_object() && !e->is_null())
                throw bad_request("'encrypt' must be an object {timestamp, encrypted}");
            auto outcome = co_await s.rewards->check_in(user, chain, hash);
            const auto& d = outcome.day;
            co_return http::envelope(json::object{{"points", d.points},
                                                  {"base_points", d.base_points},
                                                  {"multiplier", d.multiplier},
                                                  {"blockDate", rewards::date_text(d.day)},
                                                  {"txHash", d.tx_hash},
                                                  {"message", "Check in success"}},
                                     kOk, "Check in success");
        });

    router.get("/api/lottery/maker/sign/user",
               "A month of check-ins of a wallet (address, year, month): historyList, "
               "transactionCount, isCheckIn (today, UTC)",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto query = Params::query(req);
                   auto user = evm_address(query, "address").lower_hex();
                   auto year = whole_number(query, "year", 2023, 9999);
                   auto month = whole_number(query, "month", 1, 12);
                   const int first = static_cast<int>(year * 10000 + month * 100 + 1);
                   const int last = static_cast<int>(year * 10000 + month * 100 + 31);
                   const int today = rewards::utc_date(unix_now());
                   auto days = co_await s.rewards->store().checkins(user, first, last);
                   auto todays = co_await s.rewards->store().checkins(user, today, today);
                   json::array history;
                   for (const auto& d : days) {
                       history.push_back(json::object{{"blockDate", rewards::date_text(d.day)},
                                                      {"points", d.points},
                                                      {"chainId", d.chain_id},
                                                      {"txHash", d.tx_hash},
                                                      {"inBridge", d.in_bridge},
                                                      {"special", d.multiplier > 1}});
                   }
                   co_return http::envelope(
                       json::object{{"historyList", history},
                                    {"transactionCount", static_cast<std::int64_t>(days.size())},
                                    {"isCheckIn", !todays.empty()}},
                       kOk);
               });
}

}  // namespace perch::api
