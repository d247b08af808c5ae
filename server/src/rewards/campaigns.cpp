#include "rewards/campaigns.hpp"

#include <algorithm>
#include <boost/json.hpp>

namespace perch::rewards {
namespace json = boost::json;
namespace {

// Reads typed fields of one entry, remembering the first problem with the entry's name in it.
class Reader {
  public:
    Reader(const json::object& o, std::string what) : o_(o), what_(std::move(what)) {}

    std::int64_t integer(const char* key, std::optional<std::int64_t> fallback = std::nullopt) {
        const auto* v = o_.if_contains(key);
        if (!v || v->is_null()) {
            if (!fallback) fail(std::string("'") + key + "' is required");
            return fallback.value_or(0);
        }
        if (v->is_int64()) return v->as_int64();
        if (v->is_uint64() && v->as_uint64() < (1ULL << 62))
            return static_cast<std::int64_t>(v->as_uint64());
        if (v->is_double() &&
            v->as_double() == static_cast<double>(static_cast<std::int64_t>(v->as_double())))
            return static_cast<std::int64_t>(v->as_double());
        fail(std::string("'") + key + "' must be an integer");
        return 0;
    }
    std::string text(const char* key, const std::optional<std::string>& fallback = std::nullopt) {
        const auto* v = o_.if_contains(key);
        if (!v || v->is_null()) {
            if (!fallback) fail(std::string("'") + key + "' is required");
            return fallback.value_or("");
        }
        if (!v->is_string()) {
            fail(std::string("'") + key + "' must be a string");
            return {};
        }
        return std::string(v->as_string());
    }
    // The entry's "id": required, and positive (entries are looked up and edited by it).
    std::int64_t id() {
        auto value = integer("id");
        if (value <= 0) fail("'id' must be positive");
        return value;
    }
    bool flag(const char* key) {
        const auto* v = o_.if_contains(key);
        if (!v || v->is_null()) return false;
        if (v->is_bool()) return v->as_bool();
        if (v->is_int64()) return v->as_int64() != 0;
        fail(std::string("'") + key + "' must be true or false");
        return false;
    }
    void fail(const std::string& why) {
        if (error_.empty()) error_ = what_ + ": " + why;
    }
    const std::string& error() const { return error_; }

  private:
    const json::object& o_;
    std::string what_;
    std::string error_;
};

std::string name_of(const char* kind, const json::object& o) {
    const auto* id = o.if_contains("id");
    return std::string(kind) + (id && id->is_number() ? " " + json::serialize(*id) : "");
}

template <class T>
Parsed<T> done(T value, const Reader& r) {
    Parsed<T> p;
    if (r.error().empty())
        p.value = std::move(value);
    else
        p.error = r.error();
    return p;
}

}  // namespace

Parsed<Campaign> parse_campaign(const json::object& o) {
    Reader r(o, name_of("campaign", o));
    Campaign c;
    c.id = r.id();
    c.name = r.text("name");
    c.status = r.integer("status", 1);
    c.theme_id = r.integer("theme_id", 0);
    c.start_time = r.integer("start_time", 0);
    c.end_time = r.integer("end_time", 0);
    c.time_type = r.integer("time_type", 0);
    c.logo_url = r.text("logo_url", "");
    c.invisible = r.flag("invisible");
    if (c.end_time != 0 && c.end_time < c.start_time) r.fail("'end_time' is before 'start_time'");
    if (c.time_type != kDateRange && c.time_type != kCountdown)
        r.fail("'time_type' must be 0 (date range) or 1 (countdown)");
    else if (c.time_type == kCountdown && c.end_time == 0)
        r.fail("a countdown (time_type 1) needs an 'end_time'");
    const auto* tasks = o.if_contains("tasks");
    if (!tasks || !tasks->is_array() || tasks->as_array().empty()) {
        r.fail("'tasks' must be a non-empty array");
    } else {
        std::int64_t last = 0;
        for (const auto& t : tasks->as_array()) {
            if (!t.is_object()) {
                r.fail("every task must be an object");
                break;
            }
            const auto* cond = t.as_object().if_contains("conditions");
            if (!cond || !cond->is_object()) {
                r.fail("every task needs a 'conditions' object");
                break;
            }
            Reader tr(t.as_object(), "task");
            Reader cr(cond->as_object(), "conditions");
            CampaignTask task;
            task.points = tr.integer("points");
            if (cond->as_object().contains("deploy_count")) {
                task.deploy_count = cr.integer("deploy_count");
                task.deploy_chain = cr.integer("chain");
                if (task.deploy_count <= 0 || task.deploy_chain <= 0)
                    r.fail("a deploy task needs a positive deploy_count and a chain");
            } else {
                task.transfer_count = cr.integer("transfer_count");
                task.from_chain = cr.integer("from_chain", 0);
                task.to_chain = cr.integer("to_chain", 0);
                if (task.transfer_count <= last)
                    r.fail("task transfer counts must be positive and increasing");
                last = task.transfer_count;
            }
            if (!tr.error().empty()) r.fail(tr.error());
            if (!cr.error().empty()) r.fail(cr.error());
            if (task.points < 0) r.fail("task points must not be negative");
            c.tasks.push_back(task);
        }
    }
    return done(std::move(c), r);
}

Parsed<Theme> parse_theme(const json::object& o) {
    Reader r(o, name_of("theme", o));
    Theme t;
    t.id = r.id();
    t.name = r.text("name");
    t.display_position = r.integer("display_position", 0);
    t.status = r.integer("status", 1);
    return done(std::move(t), r);
}

Parsed<json::object> parse_quest(const json::object& o) {
    Reader r(o, name_of("quest", o));
    json::object q;
    q["id"] = r.id();
    q["order"] = r.integer("order", 0);
    q["status"] = r.integer("status", 1);
    q["start_time"] = r.integer("start_time", 0);
    q["end_time"] = r.integer("end_time", 0);
    q["maintitle"] = r.text("maintitle");
    q["subtitle"] = r.text("subtitle", "");
    q["img"] = r.text("img", "");
    q["link"] = r.text("link", "");
    q["rewardTags"] = r.text("rewardTags", "");
    q["cover_label"] = r.text("cover_label", "");
    q["userNumValue"] = r.integer("userNumValue", 0);
    return done(std::move(q), r);
}

Parsed<SocialTask> parse_social_task(const json::object& o) {
    Reader r(o, name_of("social task", o));
    SocialTask t;
    t.id = r.id();
    t.platform = r.text("platform");
    t.name = r.text("name", "");
    t.link = r.text("link", "");
    t.points = r.integer("points", 30);
    t.client_id = r.text("client_id", "");
    static constexpr std::string_view platforms[] = {"twitter", "discord", "telegram", "follow"};
    if (std::find(std::begin(platforms), std::end(platforms), t.platform) == std::end(platforms))
        r.fail("'platform' must be twitter, discord, telegram or follow");
    return done(std::move(t), r);
}

json::object campaign_json(const Campaign& c, const std::string& theme_name) {
    json::array tasks;
    for (const auto& t : c.tasks) {
        auto conditions = t.is_deploy() ? json::object{{"deploy_count", t.deploy_count},
                                                       {"chain", t.deploy_chain}}
                                        : json::object{{"transfer_count", t.transfer_count},
                                                       {"from_chain", t.from_chain},
                                                       {"to_chain", t.to_chain}};
        tasks.push_back(json::object{{"points", t.points}, {"conditions", conditions}});
    }
    return json::object{{"id", c.id},
                        {"name", c.name},
                        {"status", c.status},
                        {"theme_id", c.theme_id},
                        {"theme_name", theme_name},
                        {"start_time", c.start_time},
                        {"end_time", c.end_time},
                        {"time_type", c.time_type},
                        {"logo_url", c.logo_url},
                        {"invisible", c.invisible},
                        {"tasks", tasks}};
}

json::object social_task_json(const SocialTask& t) {
    json::object o{{"id", t.id},
                   {"platform", t.platform},
                   {"name", t.name},
                   {"link", t.link},
                   {"points", t.points}};
    if (!t.client_id.empty()) o["client_id"] = t.client_id;
    return o;
}

bool campaign_is_open(const Campaign& c) {
    return c.status == 1 && !c.invisible;
}

json::object theme_json(const Theme& t) {
    return json::object{{"id", t.id},
                        {"name", t.name},
                        {"display_position", t.display_position},
                        {"status", t.status}};
}

std::vector<Campaign> visible_campaigns(std::vector<Campaign> all, std::int64_t now,
                                        bool include_ended) {
    std::erase_if(all, [&](const Campaign& c) {
        if (!campaign_is_open(c)) return true;
        return !include_ended && c.end_time != 0 && c.end_time <= now;
    });
    std::stable_sort(all.begin(), all.end(), [](const Campaign& a, const Campaign& b) {
        return a.start_time != b.start_time ? a.start_time > b.start_time : a.id > b.id;
    });
    return all;
}

std::vector<json::object> visible_quests(std::vector<json::object> all, std::int64_t now) {
    std::erase_if(all, [&](const json::object& q) {
        auto end = q.at("end_time").as_int64();
        return q.at("status").as_int64() != 1 || (end != 0 && end <= now);
    });
    std::stable_sort(all.begin(), all.end(), [](const json::object& a, const json::object& b) {
        return a.at("order").as_int64() < b.at("order").as_int64();
    });
    return all;
}

bool task_matches(const CampaignTask& t, const BridgeRecord& b) {
    return (t.from_chain == 0 || t.from_chain == b.src_chain) &&
           (t.to_chain == 0 || t.to_chain == b.dst_chain);
}

bool in_campaign_window(const Campaign& c, std::int64_t at) {
    return at >= c.start_time && (c.end_time == 0 || at <= c.end_time);
}

CampaignProgress campaign_progress(const Campaign& c, const std::vector<BridgeRecord>& bridges,
                                   const std::vector<DeploymentRecord>& deployments) {
    CampaignProgress p;
    std::vector<std::int64_t> per_task(c.tasks.size(), 0);
    for (const auto& b : bridges) {
        if (!in_campaign_window(c, b.completed_at)) continue;
        bool any = false;
        for (std::size_t i = 0; i < c.tasks.size(); ++i) {
            if (!c.tasks[i].is_deploy() && task_matches(c.tasks[i], b)) {
                ++per_task[i];
                any = true;
            }
        }
        if (any) {
            ++p.transfer_count_total;
            p.cross_total_points += b.points;
        }
    }
    for (const auto& d : deployments) {
        if (!in_campaign_window(c, d.created_at)) continue;
        for (std::size_t i = 0; i < c.tasks.size(); ++i)
            if (c.tasks[i].is_deploy() && c.tasks[i].deploy_chain == d.chain_id) ++per_task[i];
    }
    const CampaignTask* last_bridge = nullptr;
    bool deploys_done = true;
    for (std::size_t i = 0; i < c.tasks.size(); ++i) {
        const auto& task = c.tasks[i];
        bool reached = per_task[i] >= (task.is_deploy() ? task.deploy_count : task.transfer_count);
        p.tiers_reached.push_back(reached);
        if (reached) p.tier_points += task.points;
        if (task.is_deploy())
            deploys_done = deploys_done && reached;
        else
            last_bridge = &task;
    }
    bool bridges_done = !last_bridge || p.transfer_count_total >= last_bridge->transfer_count;
    p.done = !c.tasks.empty() && bridges_done && deploys_done;
    return p;
}

}  // namespace perch::rewards
