#include "rewards/boost.hpp"

#include <gtest/gtest.h>

using perch::rewards::boost_multiplier;

TEST(Boost, TiersByBridgeCount) {
    EXPECT_DOUBLE_EQ(boost_multiplier(0), 1.0);
    EXPECT_DOUBLE_EQ(boost_multiplier(2), 1.0);
    EXPECT_DOUBLE_EQ(boost_multiplier(3), 1.1);
    EXPECT_DOUBLE_EQ(boost_multiplier(9), 1.1);
    EXPECT_DOUBLE_EQ(boost_multiplier(10), 1.2);
    EXPECT_DOUBLE_EQ(boost_multiplier(50), 1.3);
    EXPECT_DOUBLE_EQ(boost_multiplier(99), 1.3);
    EXPECT_DOUBLE_EQ(boost_multiplier(100), 1.5);
    EXPECT_DOUBLE_EQ(boost_multiplier(100000), 1.5);
}
