#include "rewards/events.hpp"

#include <algorithm>
#include <boost/json.hpp>

#include "core/error.hpp"

namespace perch::rewards {
namespace json = boost::json;

namespace {

[[noreturn]] void bad(const std::string& file, std::size_t i, const std::string& field,
                      const std::string& why) {
    throw ConfigError("'" + file + "': event " + std::to_string(i) + " field '" + field + "' " +
                      why);
}

std::int64_t time_field(const json::object& o, const std::string& file, std::size_t i,
                        const char* field) {
    const auto* v = o.if_contains(field);
    if (!v || !(v->is_int64() || v->is_uint64())) bad(file, i, field, "must be unix seconds");
    return v->to_number<std::int64_t>();
}

}  // namespace

std::vector<PointsEvent> parse_events(const json::value& doc, const std::string& file) {
    const auto* list = doc.is_object() ? doc.as_object().if_contains("events") : nullptr;
    if (!list || !list->is_array())
        throw ConfigError("'" + file + "': expected {\"events\": [...]}");
    std::vector<PointsEvent> out;
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
        const auto& item = list->as_array()[i];
        if (!item.is_object()) bad(file, i, "", "must be an object");
        const auto& o = item.as_object();
        PointsEvent e;
        for (auto [field, target] : {std::pair{"name", &e.name}, std::pair{"title", &e.title}}) {
            const auto* v = o.if_contains(field);
            if (!v || !v->is_string() || v->as_string().empty())
                bad(file, i, field, "must be a non-empty string");
            *target = std::string(v->as_string());
        }
        e.start_time = time_field(o, file, i, "start_time");
        e.end_time = time_field(o, file, i, "end_time");
        if (e.end_time < e.start_time) bad(file, i, "end_time", "is before start_time");
        const auto* rules = o.if_contains("rules");
        if (!rules || !rules->is_array()) bad(file, i, "rules", "must be an array of strings");
        for (const auto& r : rules->as_array()) {
            if (!r.is_string()) bad(file, i, "rules", "must be an array of strings");
            e.rules.emplace_back(r.as_string());
        }
        if (find_event(out, e.name)) bad(file, i, "name", "is used twice");
        out.push_back(std::move(e));
    }
    return out;
}

const PointsEvent* find_event(const std::vector<PointsEvent>& events, std::string_view name) {
    auto it = std::find_if(events.begin(), events.end(),
                           [&](const PointsEvent& e) { return e.name == name; });
    return it == events.end() ? nullptr : &*it;
}

json::object event_json(const PointsEvent& event, const std::vector<LeaderboardRow>& rows,
                        std::int64_t now) {
    json::array rules(event.rules.begin(), event.rules.end());
    json::array board;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        board.push_back(json::object{{"rank", static_cast<std::int64_t>(i + 1)},
                                     {"address", rows[i].address},
                                     {"points", rows[i].points}});
    }
    return json::object{{"name", event.name},
                        {"title", event.title},
                        {"start_time", event.start_time},
                        {"end_time", event.end_time},
                        {"ended", now > event.end_time},
                        {"rules", std::move(rules)},
                        {"leaderboard", std::move(board)}};
}

}  // namespace perch::rewards
