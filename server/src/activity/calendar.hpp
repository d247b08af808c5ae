#pragma once
// UTC calendar buckets of the activity figures: the day, the ISO 8601 week (weeks start on
// Monday; week 1 holds the year's first Thursday, so 1 January may belong to the last week of the
// previous year, and some years have a week 53) and the month of a unix time. Pure.
#include <cstdint>
#include <string>

#include "core/civil_date.hpp"

namespace perch::activity {

using perch::CivilDate;

CivilDate civil_of(std::int64_t unix_seconds);

struct IsoWeek {
    int year = 1970;  // the ISO week-numbering year (may differ from the calendar year)
    unsigned week = 1;
};
IsoWeek iso_week_of(const CivilDate& date);

// The three bucket keys of one time: "2026-11-20", "2026-W47", "2026-11".
struct Buckets {
    std::string day;
    std::string week;
    std::string month;
};
Buckets buckets_of(std::int64_t unix_seconds);

}  // namespace perch::activity
