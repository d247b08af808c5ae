// Programme rules and scores: points per step with caps, the suggestions, the shipped file.
#include "activity/programs.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch;
using namespace perch::activity;

namespace {
Program sample() {
    return parse_programs(boost::json::parse(R"({"programs": [{
        "id": "p", "title": "P", "chain_id": 1868, "chain_name": "Soneium",
        "rules": [{"id": "tx", "field": "tx_count", "per": 1, "points": 2, "cap": 10},
                  {"id": "active_weeks", "per": 1, "points": 5},
                  {"id": "contracts", "per": 3, "points": 1.5, "cap": 3}]}]})"))
        .front();
}
}  // namespace

TEST(TrackerPrograms, ShippedFileHasTheFiveProgrammes) {
    auto programs = load_programs(perch::test::config_dir());
    std::vector<std::string> ids;
    for (const auto& p : programs) ids.push_back(p.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"scrollmarks", "scroll-airdrop", "lxp", "soneium-og",
                                             "zora-airdrop"}));
    EXPECT_EQ(programs[3].chain_id, 1868);
}

TEST(TrackerPrograms, PointsPerStepUpToTheCap) {
    auto p = sample();
    store::ActivityAccount a;
    a.tx_count = 3;
    a.active_weeks = 2;
    a.contracts = 5;  // one full step of 3
    auto s = score_of(p, a);
    EXPECT_DOUBLE_EQ(s.total, 6 + 10 + 1.5);
    ASSERT_EQ(s.rules.size(), 3u);
    EXPECT_EQ(s.rules[2].value, 5);
    EXPECT_DOUBLE_EQ(s.rules[2].points, 1.5);
    a.tx_count = 50;
    EXPECT_DOUBLE_EQ(score_of(p, a).rules[0].points, 10);  // capped
}

TEST(TrackerPrograms, NextListsTheBestGainsAndSkipsCappedRules) {
    auto p = sample();
    store::ActivityAccount a;
    a.tx_count = 5;   // 10 points: at the cap
    a.contracts = 4;  // 1.5; two more reach the next step (cap 3): +1.5
    auto s = score_of(p, a);
    ASSERT_EQ(s.next.size(), 2u);
    EXPECT_EQ(s.next[0].id, "active_weeks");
    EXPECT_DOUBLE_EQ(s.next[0].gain, 5);
    EXPECT_EQ(s.next[1].id, "contracts");
    EXPECT_DOUBLE_EQ(s.next[1].gain, 1.5);
}

TEST(TrackerPrograms, BadRulesAreRefusedNamingTheEntry) {
    auto bad = [](const char* rule) {
        auto doc = std::string(R"({"programs": [{"id": "p", "title": "P", "chain_id": 1,
            "chain_name": "E", "rules": [)") +
                   rule + "]}]}";
        return parse_programs(boost::json::parse(doc));
    };
    EXPECT_THROW(bad(R"({"id": "held", "points": 1})"), ConfigError);  // not a figure
    EXPECT_THROW(bad(R"({"id": "tx", "field": "tx_count", "per": 0, "points": 1})"), ConfigError);
    EXPECT_THROW(bad(R"({"id": "tx", "field": "tx_count"})"), ConfigError);  // no points
    EXPECT_THROW(parse_programs(boost::json::parse("{}")), ConfigError);
}

TEST(TrackerPrograms, ScoreTermsMirrorTheRules) {
    auto terms = score_terms(sample());
    ASSERT_EQ(terms.size(), 3u);
    EXPECT_EQ(terms[2].column, "contracts");
    EXPECT_EQ(terms[2].per, 3);
    EXPECT_DOUBLE_EQ(terms[2].cap, 3);
}
