#include "activity/calendar.hpp"

#include <cstdio>

#include "core/civil_date.hpp"

namespace perch::activity {
namespace {

// 1 = Monday ... 7 = Sunday (1970-01-01 was a Thursday).
unsigned weekday_of(std::int64_t days) {
    auto r = (days + 3) % 7;  // 0 = Monday
    if (r < 0) r += 7;
    return static_cast<unsigned>(r) + 1;
}

bool is_leap(int y) {
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

// A year has 53 ISO weeks when it starts on a Thursday, or on a Wednesday in a leap year.
unsigned iso_weeks_in(int year) {
    auto jan1 = weekday_of(days_from_civil(year, 1, 1));
    return jan1 == 4 || (jan1 == 3 && is_leap(year)) ? 53 : 52;
}

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    return a / b - (a % b != 0 && (a < 0) != (b < 0));
}

}  // namespace

CivilDate civil_of(std::int64_t unix_seconds) {
    return civil_from_days(floor_div(unix_seconds, 86400));
}

IsoWeek iso_week_of(const CivilDate& date) {
    auto days = days_from_civil(date.year, date.month, date.day);
    auto ordinal = days - days_from_civil(date.year, 1, 1) + 1;  // 1..366
    auto week = (ordinal - static_cast<std::int64_t>(weekday_of(days)) + 10) / 7;
    if (week < 1) return {date.year - 1, iso_weeks_in(date.year - 1)};
    if (week > iso_weeks_in(date.year)) return {date.year + 1, 1};
    return {date.year, static_cast<unsigned>(week)};
}

Buckets buckets_of(std::int64_t unix_seconds) {
    auto date = civil_of(unix_seconds);
    auto week = iso_week_of(date);
    char day[16], wk[16], month[16];
    std::snprintf(day, sizeof day, "%04d-%02u-%02u", date.year, date.month, date.day);
    std::snprintf(wk, sizeof wk, "%04d-W%02u", week.year, week.week);
    std::snprintf(month, sizeof month, "%04d-%02u", date.year, date.month);
    return {day, wk, month};
}

}  // namespace perch::activity
