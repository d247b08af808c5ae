#pragma once
// Days since 1970-01-01 and back, in the proleptic Gregorian calendar (Howard Hinnant's
// algorithms: eras of 400 years, years that start in March). The one date arithmetic that the
// rewards' yyyymmdd days, the activity buckets and SIWE's timestamps share. Pure.
#include <cstdint>

namespace perch {

struct CivilDate {
    int year = 1970;
    unsigned month = 1;  // 1..12
    unsigned day = 1;    // 1..31
};

std::int64_t days_from_civil(std::int64_t year, unsigned month, unsigned day);
CivilDate civil_from_days(std::int64_t days);

}  // namespace perch
