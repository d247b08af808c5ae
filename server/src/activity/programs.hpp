#pragma once
// Layer-two programmes (config/tracker-programs.json) and their scores (pure). A programme is a
// chain and rules; a rule gives `points` per `per` units of one activity figure, at most `cap`
// points (0: no cap). The same rules become SQL terms for the rank (store::ScoreTerm).
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/activity_store.hpp"

namespace perch::activity {

struct Rule {
    std::string id;        // also the i18n label key
    std::string field;     // a column of store::ActivityAccount (tx_count, active_weeks, ...)
    std::int64_t per = 1;  // units per step
    double points = 0;     // per step
    double cap = 0;        // most points the rule gives; 0: no cap
};

struct Program {
    std::string id, title;
    std::int64_t chain_id = 0;
    std::string chain_name;
    std::vector<Rule> rules;
};

// Parses the file's JSON ({"programs": [...]}); throws ConfigError naming the entry.
std::vector<Program> parse_programs(const boost::json::value& doc);
std::vector<Program> load_programs(const std::string& config_dir);

// An activity figure by its column name (0 for an unknown one, which parsing refuses).
std::int64_t field_value(const store::ActivityAccount& a, const std::string& field);

double rule_points(const Rule& rule, std::int64_t value);

struct RuleScore {
    std::string id;
    std::int64_t value = 0;
    double points = 0;
};
struct Suggestion {
    std::string id;
    double gain = 0;  // points `per` more units would add
};
struct Score {
    double total = 0;
    std::vector<RuleScore> rules;
    std::vector<Suggestion> next;  // best gain first; rules at their cap are left out
};
Score score_of(const Program& program, const store::ActivityAccount& activity);

std::vector<store::ScoreTerm> score_terms(const Program& program);

}  // namespace perch::activity
