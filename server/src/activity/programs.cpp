#include "activity/programs.hpp"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>

#include "core/error.hpp"
#include "core/json_file.hpp"

namespace perch::activity {
namespace json = boost::json;
namespace {

const std::vector<std::string>& known_fields() {
    static const std::vector<std::string> fields = {"tx_count",     "active_days",
                                                    "active_weeks", "active_months",
                                                    "contracts",    "contracts_deployed"};
    return fields;
}

[[noreturn]] void bad(std::size_t i, const std::string& what) {
    throw ConfigError("config/tracker-programs.json: programs[" + std::to_string(i) + "] " + what);
}

double number_of(const json::value& v) {
    return v.is_double() ? v.as_double() : static_cast<double>(v.to_number<std::int64_t>());
}

Rule parse_rule(std::size_t i, const json::value& v) {
    if (!v.is_object()) bad(i, "has a rule that is not an object");
    const auto& o = v.as_object();
    Rule r;
    try {
        r.id = o.at("id").as_string();
        r.field = o.contains("field") ? std::string(o.at("field").as_string()) : r.id;
        r.per = o.contains("per") ? o.at("per").to_number<std::int64_t>() : 1;
        r.points = number_of(o.at("points"));
        r.cap = o.contains("cap") ? number_of(o.at("cap")) : 0;
    } catch (const std::exception& e) {
        bad(i, std::string("has a malformed rule: ") + e.what());
    }
    const auto& fields = known_fields();
    if (std::find(fields.begin(), fields.end(), r.field) == fields.end())
        bad(i, "rule '" + r.id + "': field '" + r.field + "' is not an activity figure");
    if (r.per < 1 || r.points < 0 || r.cap < 0)
        bad(i, "rule '" + r.id + "': per must be >= 1, points and cap >= 0");
    return r;
}

}  // namespace

std::vector<Program> parse_programs(const json::value& doc) {
    const auto* list = member_of(doc, "programs");
    if (!list || !list->is_array())
        throw ConfigError("config/tracker-programs.json: needs a 'programs' array");
    std::vector<Program> out;
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
        const auto& v = list->as_array()[i];
        if (!v.is_object()) bad(i, "is not an object");
        const auto& o = v.as_object();
        Program p;
        try {
            p.id = o.at("id").as_string();
            p.title = o.at("title").as_string();
            p.chain_id = o.at("chain_id").to_number<std::int64_t>();
            p.chain_name = o.at("chain_name").as_string();
            for (const auto& r : o.at("rules").as_array()) p.rules.push_back(parse_rule(i, r));
        } catch (const ConfigError&) {
            throw;
        } catch (const std::exception& e) {
            bad(i, std::string("is malformed: ") + e.what());
        }
        out.push_back(std::move(p));
    }
    return out;
}

std::vector<Program> load_programs(const std::string& config_dir) {
    return parse_programs(
        read_json_file(config_dir + "/tracker-programs.json", "tracker programmes"));
}

std::int64_t field_value(const store::ActivityAccount& a, const std::string& field) {
    if (field == "tx_count") return a.tx_count;
    if (field == "active_days") return a.active_days;
    if (field == "active_weeks") return a.active_weeks;
    if (field == "active_months") return a.active_months;
    if (field == "contracts") return a.contracts;
    if (field == "contracts_deployed") return a.contracts_deployed;
    return 0;
}

double rule_points(const Rule& rule, std::int64_t value) {
    auto points = static_cast<double>(value / rule.per) * rule.points;
    return rule.cap > 0 ? std::min(points, rule.cap) : points;
}

Score score_of(const Program& program, const store::ActivityAccount& activity) {
    Score s;
    for (const auto& rule : program.rules) {
        auto value = field_value(activity, rule.field);
        auto points = rule_points(rule, value);
        s.total += points;
        s.rules.push_back({rule.id, value, points});
        // One more step from where the value is: what is left to the next multiple of `per`.
        auto to_next = rule.per - value % rule.per;
        auto gain = rule_points(rule, value + to_next) - points;
        if (gain > 0) s.next.push_back({rule.id, gain});
    }
    std::stable_sort(s.next.begin(), s.next.end(),
                     [](const Suggestion& a, const Suggestion& b) { return a.gain > b.gain; });
    return s;
}

std::vector<store::ScoreTerm> score_terms(const Program& program) {
    std::vector<store::ScoreTerm> out;
    for (const auto& r : program.rules) out.push_back({r.field, r.per, r.points, r.cap});
    return out;
}

}  // namespace perch::activity
