#pragma once
// The points rules as pure functions: UTC calendar days, check-in points (special
// days, consecutive-day streaks, the bridge bonus and its top-up), bridge points with boosts, the
// referral share and its binding rules. No I/O: the store and the API call these.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace perch::rewards {

// ---- UTC calendar days, written yyyymmdd (what CheckIn.checkIn takes) ------------------------

// yyyymmdd of a day number.
int date_of_day(std::int64_t day);
// Day number of a yyyymmdd date; nullopt when it is not a real date.
std::optional<std::int64_t> day_of_date(int yyyymmdd);
// The UTC date of a Unix time.
int utc_date(std::int64_t unix_seconds);
// 0 = Monday ... 6 = Sunday.
int weekday(int yyyymmdd);
// The Monday of the date's Mon-Sun week.
int week_monday(int yyyymmdd);
// yyyymmdd plus n days (n may be negative).
int add_days(int yyyymmdd, int n);
// "yyyy-mm-dd", as the API shows a date.
std::string date_text(int yyyymmdd);

// ---- Daily check-in
// ------------------------------------------------------------------------------

inline constexpr std::int64_t kCheckInPoints = 2;
inline constexpr std::int64_t kCheckInBridgePoints = 10;

// Consecutive check-in days right before `day`, counted across week and month borders (a
// streak does not restart on Mondays). The count keeps growing past 6; only the exact counts 2,
// 4 and 6 make the next day special, so a 7th, 8th ... day in a row earns no streak bonus.
// `checked` may hold any days in any order; the store passes the 7 days before `day`, which
// is enough to tell 6 from 7.
int streak_before(int day, const std::vector<int>& checked);

// Wed, Fri and Sun, and the day after exactly 2, 4 or 6 consecutive check-ins.
bool is_special_day(int day, const std::vector<int>& checked);

struct CheckInCredit {
    std::int64_t base = 0;        // 2, or 10 when the user completed a bridge that day
    std::int64_t multiplier = 1;  // 2 on special days
    std::int64_t points = 0;      // base * multiplier
};
CheckInCredit checkin_credit(int day, const std::vector<int>& earlier, bool bridged_that_day);

// What a bridge completed later the same day adds to a check-in credited with `base`.
std::int64_t checkin_topup(std::int64_t base, std::int64_t multiplier);

// 7 characters Mon-Sun of day's week: '1' where `checked` holds the day.
std::string week_mask(int day, const std::vector<int>& checked);
// 7 characters Mon-Sun: '1' where the day would be special given `checked`.
std::string special_mask(int day, const std::vector<int>& checked);

// ---- Bridge points and referral --------------------------------------------------------------

// 300 for ETH to Ethereum (chain 1), 150 for ETH elsewhere, 100 for any other token: what a bridge
// worth the reference value earns before its boost.
std::int64_t bridge_base_points(std::string_view token, std::int64_t dst_chain_id);
// The boost multiplier in tenths (10, 11, 12, 13, 15) for a user's completed bridge count.
std::int64_t boost_tenths(std::int64_t bridges);

// A bridge's points grow with its USD value, so one bridge split into many small ones earns no
// more than the whole: a bridge worth `reference_usd` earns the base points, a smaller one its
// share, a larger one more up to `cap_usd` (whales do not take the whole leaderboard).
struct BridgeValueRule {
    std::int64_t reference_usd = 100;
    std::int64_t cap_usd = 10000;
};
// floor(base × boost × min(value, cap) / reference), at least 1 for a completed bridge.
// `boost_bridges` is the count boost_tenths takes (see counts_for_boost); value in USD cents.
std::int64_t bridge_points(std::int64_t base, std::int64_t boost_bridges, std::int64_t value_cents,
                           const BridgeValueRule& rule);
// Whether a bridge counts toward the boost tiers: only one worth at least the reference value, or
// twenty minimum-size bridges would climb to 1.2x and earn more than the one bridge they split.
bool counts_for_boost(std::int64_t value_cents, const BridgeValueRule& rule);
// `raw_amount` base units (decimal digits) of a token with `decimals` at `usd_per_token`, in USD
// cents rounded down; 0 when the amount is unreadable or the price unknown.
std::int64_t value_cents(std::string_view raw_amount, unsigned decimals, double usd_per_token);
inline constexpr std::int64_t kReferralPercent = 10;
// The referrer's share of a referee's bridge points (10 %, rounded down).
std::int64_t referral_share(std::int64_t referee_points);

// Why a referral binding is refused, or nullopt when it may be stored. Addresses lower case;
// `referrer_upline` is the referrer's own referrer, theirs, and so on (nearest first): a binding
// that would close a loop (two wallets referring each other, or a longer ring) earns points from
// nothing and is refused.
std::optional<std::string> referral_refusal(std::string_view referee, std::string_view referrer,
                                            std::int64_t referee_bridges,
                                            std::optional<std::string> current_referrer,
                                            const std::vector<std::string>& referrer_upline = {});

// ---- Social tasks -------------------------------------------------------------------------------

inline constexpr std::int64_t kSocialTaskPoints = 30;
inline constexpr std::int64_t kSharePoints = 50;

}  // namespace perch::rewards
