// The admin group (success code 200): the quests the activity panel shows, and — with the admin
// token (config admin_token / PERCH_ADMIN_TOKEN) — creating, updating and hiding campaigns, themes
// and quests. Edits are stored and override the config files' entries.
#include <openssl/crypto.h>

#include <boost/json.hpp>

#include "api/auth_guard.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/text.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

constexpr int kOk = 200;

void require_admin(const Services& s, const http::Request& req) {
    require_admin_token(s.rewards->options().admin_token, req);
}

struct Kind {
    const char* path;  // campaigns, themes, quests
    const char* name;  // campaign, theme, quest
};
constexpr Kind kKinds[] = {{"campaigns", "campaign"}, {"themes", "theme"}, {"quests", "quest"}};

// What hiding means per kind: campaigns become invisible, themes and quests leave status 1.
json::object hide_patch(const std::string& kind) {
    if (kind == "campaign") return json::object{{"invisible", true}};
    return json::object{{"status", 0}};
}

Task<http::Response> save(Services& s, const std::string& kind, json::object entry) {
    auto& catalog = s.rewards->catalog();
    if (auto error = rewards::RewardsCatalog::check(kind, entry)) throw bad_request(*error);
    auto id = entry.at("id").to_number<std::int64_t>();
    store::ConfigOverride row{kind, id, json::serialize(entry)};
    co_await s.rewards->store().save_config_override(std::move(row), unix_now());
    if (auto error = catalog.put(kind, entry)) throw bad_request(*error);
    co_return http::envelope(entry, kOk);
}

json::array all_of(const rewards::CatalogSnapshot& snap, const std::string& kind) {
    const auto& table = kind == "campaign" ? snap.campaign_json
                        : kind == "theme"  ? snap.theme_json
                                           : snap.quest_json;
    json::array out;
    for (const auto& [id, o] : table) out.push_back(o);
    return out;
}

}  // namespace

void require_admin_token(const std::string& token, const http::Request& req) {
    if (token.empty()) {
        throw ApiError(ErrorKind::forbidden, "the admin API is closed (no admin token configured)");
    }
    std::string given(req.header("X-Admin-Token"));
    if (given.empty()) {
        auto auth = req.header(http::bhttp::field::authorization);
        if (auth.starts_with("Bearer ")) given = std::string(auth.substr(7));
    }
    if (given.size() != token.size() ||
        CRYPTO_memcmp(given.data(), token.data(), token.size()) != 0) {
        throw ApiError(ErrorKind::unauthorized, "a valid admin token is required");
    }
}

void register_admin_api(http::Router& router, Services& s) {
    router.get("/api/admin/api/activity/info",
               "Quests of the activity panel: status 1 and not ended, by order",
               [&s](http::Request&) -> Task<http::Response> {
                   auto snap = s.rewards->catalog().snapshot();
                   auto shown = rewards::visible_quests(snap->quests, unix_now());
                   json::array list;
                   for (auto& q : shown) list.push_back(std::move(q));
                   co_return http::envelope(list, kOk);
               });

    for (const auto& k : kKinds) {
        const std::string kind = k.name;
        const std::string base = std::string("/api/admin/api/") + k.path;
        router.get(base, "Every " + kind + " including hidden ones (admin token)",
                   [&s, kind](http::Request& req) -> Task<http::Response> {
                       require_admin(s, req);
                       auto snap = s.rewards->catalog().snapshot();
                       co_return http::envelope(all_of(*snap, kind), kOk);
                   });
        router.post(base, "Creates a " + kind + " (admin token); id assigned when absent",
                    [&s, kind](http::Request& req) -> Task<http::Response> {
                        require_admin(s, req);
                        auto entry = req.json_object();
                        if (!entry.contains("id")) entry["id"] = s.rewards->catalog().next_id(kind);
                        auto id = entry.at("id");
                        if (!id.is_int64() || id.as_int64() <= 0)
                            throw bad_request("'id' must be a positive integer");
                        auto existing = s.rewards->catalog().merged(kind, id.as_int64(), {});
                        if (existing) {
                            throw ApiError(ErrorKind::conflict, kind + " " +
                                                                    std::to_string(id.as_int64()) +
                                                                    " exists; update it instead");
                        }
                        co_return co_await save(s, kind, std::move(entry));
                    });
        router.post(base + "/{id:int}",
                    "Updates a " + kind + " with the given fields (admin token)",
                    [&s, kind](http::Request& req) -> Task<http::Response> {
                        require_admin(s, req);
                        auto id = *text::parse_int(req.param("id"));
                        auto patch = req.json_object();
                        auto entry = s.rewards->catalog().merged(kind, id, patch);
                        if (!entry)
                            throw not_found(kind + " " + std::to_string(id) + " does not exist");
                        co_return co_await save(s, kind, std::move(*entry));
                    });
        router.post(base + "/{id:int}/hide", "Hides a " + kind + " (admin token)",
                    [&s, kind](http::Request& req) -> Task<http::Response> {
                        require_admin(s, req);
                        auto id = *text::parse_int(req.param("id"));
                        auto patch = hide_patch(kind);
                        auto entry = s.rewards->catalog().merged(kind, id, patch);
                        if (!entry)
                            throw not_found(kind + " " + std::to_string(id) + " does not exist");
                        co_return co_await save(s, kind, std::move(*entry));
                    });
    }
}

}  // namespace perch::api
