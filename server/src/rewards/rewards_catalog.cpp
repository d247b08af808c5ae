#include "rewards/rewards_catalog.hpp"

#include <boost/json.hpp>

#include "core/error.hpp"
#include "core/json_file.hpp"

namespace perch::rewards {
namespace json = boost::json;
namespace {

std::map<std::int64_t, json::object>* table_of(CatalogSnapshot& s, const std::string& kind) {
    if (kind == "campaign") return &s.campaign_json;
    if (kind == "theme") return &s.theme_json;
    if (kind == "quest") return &s.quest_json;
    return nullptr;
}

const std::map<std::int64_t, json::object>* table_of(const CatalogSnapshot& s,
                                                     const std::string& kind) {
    return table_of(const_cast<CatalogSnapshot&>(s), kind);
}

const json::array& array_in(const json::value& doc, const char* key, const std::string& file) {
    static const json::array empty;
    if (!doc.is_object()) throw ConfigError(file + ": must be a JSON object");
    const auto* v = doc.as_object().if_contains(key);
    if (!v) return empty;
    if (!v->is_array()) throw ConfigError(file + ": '" + key + "' must be an array");
    return v->as_array();
}

void load_entries(CatalogSnapshot& s, const std::string& kind, const json::array& list,
                  const std::string& file) {
    for (const auto& e : list) {
        if (!e.is_object())
            throw ConfigError(
                std::string(file).append(": every ").append(kind).append(" must be an object"));
        if (auto error = RewardsCatalog::check(kind, e.as_object()))
            throw ConfigError(file + ": " + *error);
        auto id = e.as_object().at("id").to_number<std::int64_t>();
        if (!table_of(s, kind)->emplace(id, e.as_object()).second)
            throw ConfigError(std::string(file)
                                  .append(": ")
                                  .append(kind)
                                  .append(" ")
                                  .append(std::to_string(id))
                                  .append(" appears twice"));
    }
}

}  // namespace

const Campaign* CatalogSnapshot::campaign(std::int64_t id) const {
    for (const auto& c : campaigns)
        if (c.id == id) return &c;
    return nullptr;
}

const SocialTask* CatalogSnapshot::social_task(std::int64_t id) const {
    for (const auto& t : social_tasks)
        if (t.id == id) return &t;
    return nullptr;
}

std::string CatalogSnapshot::theme_name(std::int64_t id) const {
    for (const auto& t : themes)
        if (t.id == id) return t.name;
    return "";
}

std::optional<std::string> RewardsCatalog::check(const std::string& kind,
                                                 const json::object& entry) {
    if (kind == "campaign") {
        auto p = parse_campaign(entry);
        return p ? std::nullopt : std::optional(p.error);
    }
    if (kind == "theme") {
        auto p = parse_theme(entry);
        return p ? std::nullopt : std::optional(p.error);
    }
    if (kind == "quest") {
        auto p = parse_quest(entry);
        return p ? std::nullopt : std::optional(p.error);
    }
    return "unknown kind '" + kind + "'";
}

RewardsCatalog RewardsCatalog::load(const std::string& config_dir) {
    CatalogSnapshot s;
    auto campaigns_file = config_dir + "/campaigns.json";
    auto campaigns_doc = read_json_file(campaigns_file, "campaigns");
    load_entries(s, "theme", array_in(campaigns_doc, "themes", campaigns_file), campaigns_file);
    load_entries(s, "campaign", array_in(campaigns_doc, "campaigns", campaigns_file),
                 campaigns_file);
    auto quests_file = config_dir + "/quests.json";
    auto quests_doc = read_json_file(quests_file, "quests");
    load_entries(s, "quest", array_in(quests_doc, "quests", quests_file), quests_file);
    for (const auto& e : array_in(quests_doc, "social_tasks", quests_file)) {
        if (!e.is_object())
            throw ConfigError(quests_file + ": every social task must be an object");
        auto p = parse_social_task(e.as_object());
        if (!p) throw ConfigError(quests_file + ": " + p.error);
        s.social_tasks.push_back(*p.value);
    }
    RewardsCatalog c;
    c.current_ = rebuild(std::move(s));
    return c;
}

RewardsCatalog::RewardsCatalog(const RewardsCatalog& other) : current_(other.snapshot()) {}

std::shared_ptr<const CatalogSnapshot> RewardsCatalog::rebuild(CatalogSnapshot s) {
    s.campaigns.clear();
    s.themes.clear();
    s.quests.clear();
    for (const auto& [id, o] : s.campaign_json) s.campaigns.push_back(*parse_campaign(o).value);
    for (const auto& [id, o] : s.theme_json) s.themes.push_back(*parse_theme(o).value);
    for (const auto& [id, o] : s.quest_json) s.quests.push_back(*parse_quest(o).value);
    return std::make_shared<const CatalogSnapshot>(std::move(s));
}

std::shared_ptr<const CatalogSnapshot> RewardsCatalog::snapshot() const {
    std::lock_guard lock(mutex_);
    return current_;
}

std::optional<std::string> RewardsCatalog::put(const std::string& kind, const json::object& entry) {
    return put_many({{kind, entry}}).front();
}

std::vector<std::optional<std::string>> RewardsCatalog::put_many(
    const std::vector<Entry>& entries) {
    std::vector<std::optional<std::string>> errors;
    errors.reserve(entries.size());
    for (const auto& e : entries) errors.push_back(check(e.kind, e.body));
    std::lock_guard lock(mutex_);
    CatalogSnapshot next = *current_;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (errors[i]) continue;
        const auto& e = entries[i];
        (*table_of(next, e.kind))[e.body.at("id").to_number<std::int64_t>()] = e.body;
    }
    current_ = rebuild(std::move(next));
    return errors;
}

std::optional<json::object> RewardsCatalog::merged(const std::string& kind, std::int64_t id,
                                                   const json::object& patch) const {
    auto snap = snapshot();
    const auto* table = table_of(*snap, kind);
    if (!table) return std::nullopt;
    auto it = table->find(id);
    if (it == table->end()) return std::nullopt;
    json::object out = it->second;
    for (const auto& [key, value] : patch) out[key] = value;
    out["id"] = id;
    return out;
}

std::int64_t RewardsCatalog::next_id(const std::string& kind) const {
    auto snap = snapshot();
    const auto* table = table_of(*snap, kind);
    return table && !table->empty() ? table->rbegin()->first + 1 : 1;
}

}  // namespace perch::rewards
