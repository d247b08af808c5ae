// The campaign group (success code 0): points summary, referral info and binding, campaign
// progress, check-in week, themes, campaigns, and the task POST (social tasks and sharing).
#include <boost/json.hpp>

#include "api/auth_guard.hpp"
#include "api/params.hpp"
#include "api/services.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/json_file.hpp"
#include "core/text.hpp"
#include "liquidity/pool_service.hpp"
#include "rewards/boost.hpp"
#include "rewards/events.hpp"
#include "rewards/planner.hpp"
#include "rewards/rules.hpp"
#include "rewards/service.hpp"

namespace perch::api {
namespace json = boost::json;
namespace {

// The route's {user}: any wallet address; an EVM one is checked and keyed in lower case.
std::string user_of(const http::Request& req) {
    const auto& user = req.param("user");
    return text::is_evm_address(user) ? parse_evm_address("user", user).lower_hex() : user;
}

std::vector<std::int64_t> id_list(const Params& p, std::string_view name) {
    std::vector<std::int64_t> ids;
    auto text = p.find(name);
    if (!text) return ids;
    for (const auto& part : text::split(*text, ',')) {
        auto id = text::parse_int(part);
        if (!id) params::invalid(name, *text, "a comma list of ids");
        ids.push_back(*id);
    }
    return ids;
}

json::array tiers_json(const rewards::CampaignProgress& p) {
    json::array out;
    for (bool reached : p.tiers_reached) out.push_back(reached);
    return out;
}

std::vector<rewards::BridgeRecord> records_of(const std::vector<store::UserBridge>& bridges) {
    std::vector<rewards::BridgeRecord> out;
    out.reserve(bridges.size());
    for (const auto& b : bridges)
        out.push_back({b.src_chain, b.dst_chain, b.completed_at, b.points});
    return out;
}

// Which task a POST /campaigns/{id} is, from the spec's query variants.
struct TaskRequest {
    enum class Kind { follow, share, twitter, discord, telegram } kind = Kind::follow;
    std::string subject;  // twitter handle without '@', Discord code, or the wallet
};

TaskRequest task_request(const http::Request& req, const std::string& user) {
    auto join_type = req.query_value("join_type");
    auto platform = req.query_value("join_platform");
    TaskRequest t;
    if (join_type == "2") {
        t.kind = TaskRequest::Kind::share;
    } else if (platform == "1") {
        if (join_type != "1") throw bad_request("an X task needs join_type=1");
        auto handle = std::string(text::trim(req.query_value("twitter_username")));
        if (handle.starts_with('@')) handle.erase(0, 1);
        if (handle.empty()) throw bad_request("'twitter_username' is required");
        t.kind = TaskRequest::Kind::twitter;
        t.subject = handle;
    } else if (platform == "3") {
        t.kind = TaskRequest::Kind::discord;
        t.subject = std::string(req.query_value("code"));
        if (t.subject.empty()) throw bad_request("'code' is required (Discord authorisation)");
    } else if (platform == "2") {
        t.kind = TaskRequest::Kind::telegram;
        t.subject = user;
    } else if (!join_type.empty() || !platform.empty()) {
        throw bad_request("unknown join_type / join_platform");
    } else {
        t.kind = TaskRequest::Kind::follow;
        t.subject = user;
    }
    return t;
}

const char* platform_of(TaskRequest::Kind k) {
    switch (k) {
        case TaskRequest::Kind::twitter:
            return "twitter";
        case TaskRequest::Kind::discord:
            return "discord";
        case TaskRequest::Kind::telegram:
            return "telegram";
        default:
            return "follow";
    }
}

Task<http::Response> share_campaign(Services& s, const std::string& user, std::int64_t id) {
    auto snap = s.rewards->catalog().snapshot();
    const auto* campaign = snap->campaign(id);
    if (!campaign) throw not_found("campaign " + std::to_string(id) + " does not exist");
    if (!rewards::campaign_is_open(*campaign))
        throw bad_request("campaign " + std::to_string(id) + " is not open (hidden or not active)");
    auto bridges = co_await s.rewards->store().bridges_of(user);
    auto progress = rewards::campaign_progress(*campaign, records_of(bridges));
    if (!progress.done) throw bad_request("campaign " + std::to_string(id) + " is not completed");
    store::Credit credit{user, "campaign", rewards::kSharePoints, rewards::share_source(id, user)};
    co_await s.rewards->store().credit(std::move(credit), unix_now());
    co_return http::envelope(json::object{});
}

// The progress entry of a social task: its credited points (0 until verified) and done.
Task<json::object> social_progress(Services& s, const std::string& user, std::int64_t id) {
    auto credited =
        co_await s.rewards->store().points_with_prefix(user, rewards::social_source(id, user));
    co_return json::object{{"campaign_id", id},           {"transfer_count_total", 0},
                           {"campaign_points", credited}, {"cross_total_points", 0},
                           {"extra_points", 0},           {"done", credited > 0}};
}

Task<http::Response> social_task(Services& s, const std::string& user, std::int64_t id,
                                 TaskRequest t) {
    auto snap = s.rewards->catalog().snapshot();
    const auto* task = snap->social_task(id);
    if (!task) throw not_found("task " + std::to_string(id) + " does not exist");
    if (task->platform != platform_of(t.kind)) {
        throw bad_request("task " + std::to_string(id) + " is a " + task->platform +
                          " task; the query names " + platform_of(t.kind));
    }
    auto source = rewards::social_source(id, user);
    if (co_await s.rewards->store().has_credit(source)) co_return http::envelope(json::object{});
    std::string platform = task->platform;
    bool ok = co_await s.rewards->verify_social(platform, t.subject, user);
    if (!ok) throw bad_request("verify fail: the " + platform + " task is not done yet");
    // One X account earns for one wallet (handles are case-insensitive).
    if (t.kind == TaskRequest::Kind::twitter) {
        auto bound = co_await s.rewards->store().bind_social_account(
            platform, text::to_lower(t.subject), user, unix_now());
        if (bound != user)
            throw bad_request("this X account already earns points for another wallet");
    }
    store::Credit credit{user, "campaign", task->points, source};
    co_await s.rewards->store().credit(std::move(credit), unix_now());
    co_return http::envelope(json::object{});
}

void register_rewards_routes(http::Router& router, Services& s) {
    router.get("/api/campaign_api/v1/{user:address}/referInfo",
               "Referral info: total_referees, referee_bridges (and the bound referrer)",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = user_of(req);
                   auto info = co_await s.rewards->store().refer_info(user);
                   auto referrer = co_await s.rewards->store().referrer_of(user);
                   json::value bound = nullptr;
                   if (referrer) bound = *referrer;
                   co_return http::envelope(json::object{{"total_referees", info.total_referees},
                                                         {"referee_bridges", info.referee_bridges},
                                                         {"referrer", bound}});
               });

    router.get("/api/campaign_api/v1/{user:address}/referees",
               "The wallets the user invited, newest first (at most 200): address, bridges, "
               "points (the referral points each brought), bound_at",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto referees = co_await s.rewards->store().referees_of(user_of(req), 200);
                   json::array list;
                   for (const auto& r : referees)
                       list.push_back(json::object{{"address", r.address},
                                                   {"bridges", r.bridges},
                                                   {"points", r.points},
                                                   {"bound_at", r.bound_at}});
                   co_return http::envelope(json::object{{"list", std::move(list)}});
               });

    router.post("/api/campaign_api/v1/{user:address}/referrer",
                "Binds the wallet's referrer {referrer} (the wallet's session; fixed after the "
                "first bridge)",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto user = co_await require_wallet(s, req, user_of(req));
                    auto body = req.json_object();
                    auto referrer = evm_address(Params::body(body), "referrer").lower_hex();
                    store::RewardsStore::ReferralRule rule =
                        [user, referrer](std::int64_t bridges, std::optional<std::string> current,
                                         const std::vector<std::string>& upline) {
                            return rewards::referral_refusal(user, referrer, bridges,
                                                             std::move(current), upline);
                        };
                    auto refusal = co_await s.rewards->store().bind_referrer(
                        user, referrer, std::move(rule), unix_now());
                    if (refusal) throw bad_request(*refusal);
                    co_return http::envelope(json::object{});
                });

    router.get(
        "/api/campaign_api/v1/{user:address}/campaigns/points",
        "Campaign progress per campaign_id (comma list; all shown campaigns if absent); a "
        "social task id answers campaign_points = its credited points and done",
        [&s](http::Request& req) -> Task<http::Response> {
            auto user = user_of(req);
            auto snap = s.rewards->catalog().snapshot();
            auto ids = id_list(Params::query(req), "campaign_id");
            if (ids.empty()) {
                auto shown = rewards::visible_campaigns(snap->campaigns, unix_now(), true);
                for (const auto& c : shown) ids.push_back(c.id);
            }
            auto bridges = co_await s.rewards->store().bridges_of(user);
            auto records = records_of(bridges);
            auto deployments = co_await s.rewards->store().deployments_of(user, 1000);
            std::vector<rewards::DeploymentRecord> deployed;
            for (const auto& d : deployments) deployed.push_back({d.chain_id, d.created_at});
            json::array list;
            for (auto id : ids) {
                const auto* c = snap->campaign(id);
                if (!c) {
                    // A social task: done once its verification was credited (any device).
                    if (snap->social_task(id))
                        list.push_back(co_await social_progress(s, user, id));
                    continue;
                }
                auto progress = rewards::campaign_progress(*c, records, deployed);
                auto prefix = rewards::campaign_prefix(id);
                auto tier_points = co_await s.rewards->store().points_with_prefix(user, prefix);
                auto share = rewards::share_source(id, user);
                auto extra = co_await s.rewards->store().points_with_prefix(user, share);
                list.push_back(json::object{{"campaign_id", id},
                                            {"transfer_count_total", progress.transfer_count_total},
                                            {"campaign_points", tier_points},
                                            {"cross_total_points", progress.cross_total_points},
                                            {"extra_points", extra},
                                            {"tiers_reached", tiers_json(progress)},
                                            {"done", progress.done}});
            }
            co_return http::envelope(json::object{{"campaigns", list}});
        });

    router.get(
        "/api/campaign_api/v1/{user:address}/chainSignInInfo",
        "Check-ins of the current UTC week: sign_in_mask (Mon-Sun), special_mask, list, time_now",
        [&s](http::Request& req) -> Task<http::Response> {
            auto user = user_of(req);
            const auto now = unix_now();
            const int today = rewards::utc_date(now);
            const int monday = rewards::week_monday(today);
            // A streak carries over from the week before: read 7 days back (enough to tell a
            // streak of 6 from 7) for special_mask; list only this week.
            auto days = co_await s.rewards->store().checkins(user, rewards::add_days(monday, -7),
                                                             rewards::add_days(monday, 6));
            std::vector<int> checked;
            json::array list;
            for (const auto& d : days) {
                checked.push_back(d.day);
                if (d.day < monday) continue;
                list.push_back(json::object{{"sign_in_time", d.created_at},
                                            {"points", d.points},
                                            {"day", d.day},
                                            {"chain_id", d.chain_id},
                                            {"tx_hash", d.tx_hash}});
            }
            co_return http::envelope(
                json::object{{"sign_in_mask", rewards::week_mask(today, checked)},
                             {"special_mask", rewards::special_mask(today, checked)},
                             {"list", list},
                             {"time_now", now}});
        });

    router.get("/api/campaign_api/v1/themes", "Campaign themes (status 1, by display_position)",
               [&s](http::Request&) -> Task<http::Response> {
                   auto snap = s.rewards->catalog().snapshot();
                   auto themes = snap->themes;
                   std::erase_if(themes, [](const rewards::Theme& t) { return t.status != 1; });
                   std::stable_sort(themes.begin(), themes.end(), [](const auto& a, const auto& b) {
                       return a.display_position < b.display_position;
                   });
                   json::array list;
                   for (const auto& t : themes) list.push_back(rewards::theme_json(t));
                   co_return http::envelope(json::object{{"list", list}});
               });

    router.get("/api/campaign_api/v1/social_tasks",
               "Social tasks from config/quests.json: id, platform, name, link, points (and the "
               "Discord OAuth client_id)",
               [&s](http::Request&) -> Task<http::Response> {
                   auto snap = s.rewards->catalog().snapshot();
                   json::array list;
                   for (const auto& t : snap->social_tasks)
                       list.push_back(rewards::social_task_json(t));
                   co_return http::envelope(json::object{{"list", list}});
               });

    router.get("/api/campaign_api/v1/campaigns",
               "Campaigns with status 1, not invisible, newest start first (type=all: ended too)",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto type = req.query_value("type");
                   if (!type.empty() && type != "all") params::invalid("type", type, "'all'");
                   auto snap = s.rewards->catalog().snapshot();
                   auto shown =
                       rewards::visible_campaigns(snap->campaigns, unix_now(), type == "all");
                   json::array list;
                   for (const auto& c : shown)
                       list.push_back(rewards::campaign_json(c, snap->theme_name(c.theme_id)));
                   co_return http::envelope(json::object{
                       {"total", static_cast<std::int64_t>(shown.size())}, {"list", list}});
               });

    router.post("/api/campaign_api/v1/{user:address}/campaigns/{id:int}",
                "Task verification: follow (no query), share (join_type=2), X (join_type=1, "
                "join_platform=1, twitter_username), Discord (join_platform=3, code), Telegram "
                "(join_platform=2)",
                [&s](http::Request& req) -> Task<http::Response> {
                    auto user = co_await require_wallet(s, req, user_of(req));
                    auto id = *text::parse_int(req.param("id"));
                    auto t = task_request(req, user);
                    if (t.kind == TaskRequest::Kind::share)
                        co_return co_await share_campaign(s, user, id);
                    co_return co_await social_task(s, user, id, std::move(t));
                });
}

// GET /api/campaign_api/v1/events/{name}: a past event's dates, rules and final leaderboard.
void register_events(http::Router& router, Services& s) {
    const auto file = s.config.config_dir + "/events.json";
    auto events = std::make_shared<const std::vector<rewards::PointsEvent>>(
        rewards::parse_events(read_json_file(file, "events"), file));
    router.get("/api/campaign_api/v1/events/{name}",
               "A points event (owlympics, owlmazing): dates, rules and the leaderboard of points "
               "earned in its window (top 100)",
               [&s, events](http::Request& req) -> Task<http::Response> {
                   const auto* event = rewards::find_event(*events, req.param("name"));
                   if (!event)
                       throw ApiError(ErrorKind::not_found,
                                      "no event named '" + req.param("name") + "'");
                   auto totals = co_await s.rewards->store().points_leaderboard(
                       event->start_time, event->end_time, rewards::kLeaderboardSize);
                   std::vector<rewards::LeaderboardRow> rows;
                   rows.reserve(totals.size());
                   for (auto& t : totals) rows.push_back({std::move(t.user), t.points});
                   co_return http::envelope(rewards::event_json(*event, rows, unix_now()));
               });
}

}  // namespace

void register_campaign_api(http::Router& router, Services& s) {
    if (s.rewards) register_events(router, s);
    router.get("/api/campaign_api/v1/{user:address}/points", "Points summary of a wallet",
               [&s](http::Request& req) -> Task<http::Response> {
                   auto user = user_of(req);
                   if (s.pool) co_await s.pool->settle(user, unix_now());
                   auto t = co_await s.store.point_totals(user);
                   co_return http::envelope(
                       json::object{{"campaign_points", t.campaign},
                                    {"cross_points", t.cross},
                                    {"refer_points", t.refer},
                                    {"check_in_points", t.check_in},
                                    {"pool_points", t.pool},
                                    {"multiplier", rewards::boost_multiplier(t.bridge_credits)},
                                    {"cross_points_v1", t.cross_v1},
                                    {"refer_points_v1", t.refer_v1}});
               });
    if (s.rewards) register_rewards_routes(router, s);
}

}  // namespace perch::api
