// The names' cache: entries expire after their time to live, and a full cache drops the oldest.
#include "names/ttl_cache.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace std::chrono_literals;
using Cache = perch::names::TtlCache<int, std::string>;

TEST(NamesCache, EntriesExpireAfterTheirTimeToLive) {
    Cache cache(10min, 100);
    auto t0 = Cache::Clock::time_point{} + 1h;
    cache.put(1, "alice.eth", t0);
    EXPECT_EQ(cache.find(1, t0 + 9min), "alice.eth");
    EXPECT_FALSE(cache.find(1, t0 + 10min));
    EXPECT_FALSE(cache.find(2, t0));
    cache.put(1, "bob.eth", t0 + 10min);  // stored again: a new lifetime
    EXPECT_EQ(cache.find(1, t0 + 15min), "bob.eth");
    EXPECT_EQ(cache.size(), 1U);
}

TEST(NamesCache, AFullCacheDropsTheOldestAndExpiredOnes) {
    Cache cache(10min, 3);
    auto t0 = Cache::Clock::time_point{} + 1h;
    cache.put(1, "a", t0);
    cache.put(2, "b", t0 + 1min);
    cache.put(3, "c", t0 + 2min);
    cache.put(1, "a2", t0 + 3min);  // 1 is now the newest
    cache.put(4, "d", t0 + 4min);   // full: 2, the oldest, goes
    EXPECT_EQ(cache.size(), 3U);
    EXPECT_FALSE(cache.find(2, t0 + 4min));
    EXPECT_EQ(cache.find(1, t0 + 4min), "a2");
    EXPECT_EQ(cache.find(3, t0 + 4min), "c");
    cache.put(5, "e", t0 + 12min + 30s);  // 3 has expired by now: dropped, nothing else
    EXPECT_EQ(cache.size(), 3U);
    EXPECT_EQ(cache.find(1, t0 + 12min + 30s), "a2");
    EXPECT_EQ(cache.find(4, t0 + 12min + 30s), "d");
}
