#include "rewards/rules.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "chain/u256.hpp"
#include "core/civil_date.hpp"
#include "rewards/boost.hpp"

namespace perch::rewards {

int date_of_day(std::int64_t day) {
    auto date = civil_from_days(day);
    return date.year * 10000 + static_cast<int>(date.month * 100 + date.day);
}

std::optional<std::int64_t> day_of_date(int yyyymmdd) {
    if (yyyymmdd <= 0) return std::nullopt;
    const int y = yyyymmdd / 10000;
    const auto m = static_cast<unsigned>(yyyymmdd / 100 % 100);
    const auto d = static_cast<unsigned>(yyyymmdd % 100);
    if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31) return std::nullopt;
    auto day = days_from_civil(y, m, d);
    if (date_of_day(day) != yyyymmdd) return std::nullopt;  // 31 April, 29 February 2023, ...
    return day;
}

int utc_date(std::int64_t unix_seconds) {
    auto day = unix_seconds >= 0 ? unix_seconds / 86400 : (unix_seconds - 86399) / 86400;
    return date_of_day(day);
}

int weekday(int yyyymmdd) {
    auto day = day_of_date(yyyymmdd).value_or(0);
    // 1970-01-01 was a Thursday (index 3 with Monday = 0).
    return static_cast<int>(((day % 7) + 7 + 3) % 7);
}

int add_days(int yyyymmdd, int n) {
    return date_of_day(day_of_date(yyyymmdd).value_or(0) + n);
}

int week_monday(int yyyymmdd) {
    return add_days(yyyymmdd, -weekday(yyyymmdd));
}

std::string date_text(int yyyymmdd) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", yyyymmdd / 10000, yyyymmdd / 100 % 100,
                  yyyymmdd % 100);
    return buf;
}

int streak_before(int day, const std::vector<int>& checked) {
    // Consecutive UTC days, across week, month and year borders; the count is not capped.
    std::set<int> days(checked.begin(), checked.end());
    int streak = 0;
    while (days.contains(add_days(day, -(streak + 1)))) ++streak;
    return streak;
}

bool is_special_day(int day, const std::vector<int>& checked) {
    const int wd = weekday(day);
    if (wd == 2 || wd == 4 || wd == 6) return true;  // Wed, Fri, Sun
    const int streak = streak_before(day, checked);
    return streak == 2 || streak == 4 || streak == 6;
}

CheckInCredit checkin_credit(int day, const std::vector<int>& earlier, bool bridged_that_day) {
    CheckInCredit c;
    c.base = bridged_that_day ? kCheckInBridgePoints : kCheckInPoints;
    c.multiplier = is_special_day(day, earlier) ? 2 : 1;
    c.points = c.base * c.multiplier;
    return c;
}

std::int64_t checkin_topup(std::int64_t base, std::int64_t multiplier) {
    if (base >= kCheckInBridgePoints) return 0;
    return (kCheckInBridgePoints - base) * multiplier;
}

std::string week_mask(int day, const std::vector<int>& checked) {
    std::string mask(7, '0');
    const int monday = week_monday(day);
    for (int d : checked) {
        auto offset = day_of_date(d).value_or(-1000000) - day_of_date(monday).value_or(0);
        if (offset >= 0 && offset < 7) mask[static_cast<std::size_t>(offset)] = '1';
    }
    return mask;
}

std::string special_mask(int day, const std::vector<int>& checked) {
    std::string mask(7, '0');
    const int monday = week_monday(day);
    for (int i = 0; i < 7; ++i) {
        if (is_special_day(add_days(monday, i), checked)) mask[static_cast<std::size_t>(i)] = '1';
    }
    return mask;
}

std::int64_t bridge_base_points(std::string_view token, std::int64_t dst_chain_id) {
    if (token == "ETH") return dst_chain_id == 1 ? 300 : 150;
    return 100;
}

std::int64_t boost_tenths(std::int64_t bridges) {
    return std::llround(boost_multiplier(bridges) * 10);
}

std::int64_t bridge_points(std::int64_t base, std::int64_t boost_bridges, std::int64_t value_cents,
                           const BridgeValueRule& rule) {
    // In integers: base ≤ 300, tenths ≤ 15 and a cap the config bounds keep the product far
    // below 2^63, and the floor of a sum is at least the sum of the floors (splitting never pays).
    const auto counted = std::clamp<std::int64_t>(value_cents, 0, rule.cap_usd * 100);
    const auto points =
        base * boost_tenths(boost_bridges) * counted / (10 * rule.reference_usd * 100);
    return std::max<std::int64_t>(points, 1);
}

bool counts_for_boost(std::int64_t value_cents, const BridgeValueRule& rule) {
    return value_cents >= rule.reference_usd * 100;
}

std::int64_t value_cents(std::string_view raw_amount, unsigned decimals, double usd_per_token) {
    auto raw = chain::U256::from_dec(raw_amount);
    if (!raw || !(usd_per_token > 0) || !std::isfinite(usd_per_token)) return 0;
    // Through the decimal text: a double's 15 digits are far finer than a cent of any bridge.
    const double whole = std::strtod(raw->format_units(decimals).c_str(), nullptr);
    // Bounded far above any cap the config allows, so the cast stays defined.
    constexpr double kMostCents = 1e15;
    return static_cast<std::int64_t>(
        std::min(std::floor(whole * usd_per_token * 100.0), kMostCents));
}

std::int64_t referral_share(std::int64_t referee_points) {
    return referee_points * kReferralPercent / 100;
}

std::optional<std::string> referral_refusal(std::string_view referee, std::string_view referrer,
                                            std::int64_t referee_bridges,
                                            std::optional<std::string> current_referrer,
                                            const std::vector<std::string>& referrer_upline) {
    if (referee == referrer) return "a wallet cannot refer itself";
    if (current_referrer && *current_referrer == referrer) return std::nullopt;  // unchanged
    if (referee_bridges > 0) {
        return current_referrer ? "the referrer cannot change after the first bridge"
                                : "a referrer can only be bound before the first bridge";
    }
    auto loop = std::find(referrer_upline.begin(), referrer_upline.end(), referee);
    if (loop == referrer_upline.end()) return std::nullopt;
    if (loop == referrer_upline.begin()) return "two wallets cannot refer each other";
    return "this referral would close a loop of referrals";
}

}  // namespace perch::rewards
