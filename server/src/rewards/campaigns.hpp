#pragma once
// Campaigns, themes, quests (activity info) and social tasks: parsed and checked from JSON (the
// config files and admin edits), listed by the spec's filters, and campaign progress computed from
// a user's completed bridges. Pure; the catalog that holds them at run time is RewardsCatalog.
#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perch::rewards {

// A tier of a campaign: a number of bridges (transfer_count, optionally from/to a chain), or a
// number of contracts deployed from /deploy on one network (deploy_count on deploy_chain).
struct CampaignTask {
    std::int64_t transfer_count = 0;
    std::int64_t points = 0;
    std::int64_t from_chain = 0;  // 0: any source chain
    std::int64_t to_chain = 0;    // 0: any destination chain
    std::int64_t deploy_count = 0;
    std::int64_t deploy_chain = 0;
    bool is_deploy() const { return deploy_count > 0; }
};

// How the web shows a campaign's time (time_type): a countdown to end_time (which must then be
// set), or the start–end date range (an end_time of 0 shows as open-ended).
inline constexpr std::int64_t kDateRange = 0;
inline constexpr std::int64_t kCountdown = 1;

struct Campaign {
    std::int64_t id = 0;
    std::string name;
    std::int64_t status = 1;
    std::int64_t theme_id = 0;
    std::int64_t start_time = 0;  // seconds
    std::int64_t end_time = 0;    // seconds; 0: open-ended
    std::int64_t time_type = 0;   // display only: kCountdown (1) or kDateRange (0)
    std::string logo_url;
    bool invisible = false;
    std::vector<CampaignTask> tasks;  // bridge tiers by increasing transfer_count; deploy tasks
};

struct Theme {
    std::int64_t id = 0;
    std::string name;
    std::int64_t display_position = 0;
    std::int64_t status = 1;
};

struct SocialTask {
    std::int64_t id = 0;
    std::string platform;  // "twitter", "discord", "telegram" or "follow"
    std::string name;
    std::string link;
    std::int64_t points = 30;
    std::string client_id;  // Discord: the OAuth application's client id ("" elsewhere)
};

// Parse one entry; the error names the field ("campaign 7: 'tasks' must be a non-empty array").
template <class T>
struct Parsed {
    std::optional<T> value;
    std::string error;
    explicit operator bool() const { return value.has_value(); }
};
Parsed<Campaign> parse_campaign(const boost::json::object& o);
Parsed<Theme> parse_theme(const boost::json::object& o);
// A quest (activity info entry): id, order, status, start_time, end_time, maintitle, subtitle,
// img, link, rewardTags, cover_label, userNumValue. Returns the normalised JSON.
Parsed<boost::json::object> parse_quest(const boost::json::object& o);
Parsed<SocialTask> parse_social_task(const boost::json::object& o);

// The campaign in the spec's shape (theme_name filled from `theme_name`).
boost::json::object campaign_json(const Campaign& c, const std::string& theme_name);
boost::json::object theme_json(const Theme& t);
// A social task as GET /campaign_api/v1/social_tasks lists it (client_id only when set).
boost::json::object social_task_json(const SocialTask& t);
// Whether users may act on a campaign (share it): status 1 and not invisible.
bool campaign_is_open(const Campaign& c);

// Status 1 and not invisible, newest start first; without `all`, only those not ended at `now`.
std::vector<Campaign> visible_campaigns(std::vector<Campaign> all, std::int64_t now,
                                        bool include_ended);
// Quests with status 1 that have not ended at `now`, by `order`.
std::vector<boost::json::object> visible_quests(std::vector<boost::json::object> all,
                                                std::int64_t now);

// A completed bridge as the rewards record it.
struct BridgeRecord {
    std::int64_t src_chain = 0;
    std::int64_t dst_chain = 0;
    std::int64_t completed_at = 0;
    std::int64_t points = 0;  // cross points credited for it
};

// A contract deployed from /deploy as the rewards count it.
struct DeploymentRecord {
    std::int64_t chain_id = 0;
    std::int64_t created_at = 0;
};

bool task_matches(const CampaignTask& t, const BridgeRecord& b);
bool in_campaign_window(const Campaign& c, std::int64_t at);

struct CampaignProgress {
    std::int64_t transfer_count_total = 0;  // bridges in the window matching any bridge task
    std::int64_t cross_total_points = 0;    // cross points of those bridges
    std::vector<bool> tiers_reached;        // per task: its count reached
    std::int64_t tier_points = 0;           // points of the reached tiers
    bool done = false;                      // the last bridge tier and every deploy task reached
};
CampaignProgress campaign_progress(const Campaign& c, const std::vector<BridgeRecord>& bridges,
                                   const std::vector<DeploymentRecord>& deployments = {});

}  // namespace perch::rewards
