#pragma once
// The campaigns, themes, quests and social tasks in force: read from config/campaigns.json and
// config/quests.json at start, then overlaid with the admin API's edits (kept in the store).
// Readers take an immutable snapshot; an edit swaps in a new one.
#include <boost/json/object.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "rewards/campaigns.hpp"

namespace perch::rewards {

struct CatalogSnapshot {
    std::map<std::int64_t, boost::json::object> campaign_json, theme_json, quest_json;
    std::vector<Campaign> campaigns;
    std::vector<Theme> themes;
    std::vector<boost::json::object> quests;  // normalised
    std::vector<SocialTask> social_tasks;

    const Campaign* campaign(std::int64_t id) const;
    const SocialTask* social_task(std::int64_t id) const;
    std::string theme_name(std::int64_t id) const;
};

class RewardsCatalog {
  public:
    // Throws ConfigError naming the file and the entry.
    static RewardsCatalog load(const std::string& config_dir);
    RewardsCatalog(const RewardsCatalog& other);

    std::shared_ptr<const CatalogSnapshot> snapshot() const;

    // kind: "campaign", "theme" or "quest". The entry with the same id is replaced; the new entry
    // is checked first. Returns the error text, or nullopt when applied.
    std::optional<std::string> put(const std::string& kind, const boost::json::object& entry);
    // Several entries with one copy and one rebuild of the catalog (put() per entry would copy
    // and rebuild it each time: quadratic in the stored edits). One error or nullopt per entry.
    struct Entry {
        std::string kind;
        boost::json::object body;
    };
    std::vector<std::optional<std::string>> put_many(const std::vector<Entry>& entries);

    // The entry an edit produces: `patch` merged over the current entry `id` (nullopt: unknown id).
    std::optional<boost::json::object> merged(const std::string& kind, std::int64_t id,
                                              const boost::json::object& patch) const;
    // A new id for `kind` (one more than the largest).
    std::int64_t next_id(const std::string& kind) const;
    // Checks an entry without storing it; the error text or nullopt.
    static std::optional<std::string> check(const std::string& kind,
                                            const boost::json::object& entry);

  private:
    RewardsCatalog() = default;
    static std::shared_ptr<const CatalogSnapshot> rebuild(CatalogSnapshot next);

    mutable std::mutex mutex_;
    std::shared_ptr<const CatalogSnapshot> current_;
};

}  // namespace perch::rewards
