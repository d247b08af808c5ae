#pragma once
// Past points events (/owlympics, /owlmazing): their windows and rules from config/events.json,
// and the leaderboard built from ledger sums. Pure.
#include <boost/json/value.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace perch::rewards {

struct PointsEvent {
    std::string name;
    std::string title;
    std::int64_t start_time = 0;  // unix seconds, inclusive
    std::int64_t end_time = 0;    // unix seconds, inclusive
    std::vector<std::string> rules;
};

struct LeaderboardRow {
    std::string address;
    std::int64_t points = 0;
};

inline constexpr int kLeaderboardSize = 100;

// Throws ConfigError naming the entry and field.
std::vector<PointsEvent> parse_events(const boost::json::value& doc, const std::string& file);
const PointsEvent* find_event(const std::vector<PointsEvent>& events, std::string_view name);

// The answer for one event: dates, whether it has ended at `now`, rules, and the ranked rows
// (rank 1 first; equal points share no rank: the order is points, then address).
boost::json::object event_json(const PointsEvent& event, const std::vector<LeaderboardRow>& rows,
                               std::int64_t now);

}  // namespace perch::rewards
