#include "rewards/events.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "test_paths.hpp"

using namespace perch::rewards;
namespace json = boost::json;

namespace {

std::string error_of(std::string_view text) {
    try {
        parse_events(json::parse(text), "events.json");
    } catch (const perch::ConfigError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST(Events, CommittedConfigHasBothEndedEvents) {
    std::ifstream in(std::string(perch::test::config_dir()) + "/events.json");
    std::stringstream text;
    text << in.rdbuf();
    auto events = parse_events(json::parse(text.str()), "events.json");
    ASSERT_NE(find_event(events, "owlympics"), nullptr);
    ASSERT_NE(find_event(events, "owlmazing"), nullptr);
    EXPECT_EQ(find_event(events, "owlmazing")->title, "Owlmazing Summer");
    EXPECT_EQ(find_event(events, "nope"), nullptr);
    for (const auto& e : events) EXPECT_FALSE(e.rules.empty()) << e.name;
}

TEST(Events, BadEntriesNameTheField) {
    EXPECT_NE(
        error_of(R"({"events": [{"title": "T", "start_time": 1, "end_time": 2, "rules": []}]})")
            .find("event 0 field 'name'"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"events": [{"name": "a", "title": "T", "start_time": 5, "end_time": 2, "rules": []}]})")
            .find("'end_time' is before start_time"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"events": [{"name": "a", "title": "T", "start_time": 1, "end_time": 2, "rules": [1]}]})")
            .find("'rules'"),
        std::string::npos);
    EXPECT_NE(
        error_of(
            R"({"events": [{"name": "a", "title": "T", "start_time": 1, "end_time": 2, "rules": []},
                                      {"name": "a", "title": "U", "start_time": 1, "end_time": 2, "rules": []}]})")
            .find("used twice"),
        std::string::npos);
    EXPECT_NE(error_of(R"([])").find("expected"), std::string::npos);
}

TEST(Events, AnswerRanksRowsAndSaysWhetherEnded) {
    PointsEvent e{"owl", "Owl", 100, 200, {"rule one"}};
    auto during = event_json(e, {{"0xa", 30}, {"0xb", 10}}, 150);
    EXPECT_FALSE(during.at("ended").as_bool());
    const auto& board = during.at("leaderboard").as_array();
    ASSERT_EQ(board.size(), 2U);
    EXPECT_EQ(board[0].at("rank").as_int64(), 1);
    EXPECT_EQ(board[0].at("address").as_string(), "0xa");
    EXPECT_EQ(board[1].at("rank").as_int64(), 2);
    EXPECT_EQ(board[1].at("points").as_int64(), 10);
    EXPECT_EQ(during.at("rules").as_array().at(0).as_string(), "rule one");
    EXPECT_TRUE(event_json(e, {}, 201).at("ended").as_bool());
}
