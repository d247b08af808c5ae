// How long a refund the payer cannot sign waits before it is tried again: short at first (the
// maker may be funded soon), doubling, and capped so a funded maker refunds within minutes.
#include <gtest/gtest.h>

#include "maker/maker.hpp"

using perch::maker::refund_retry_delay;
using std::chrono::seconds;

TEST(RefundRetry, StartsAtTenSecondsDoublesAndStopsAtFiveMinutes) {
    EXPECT_EQ(refund_retry_delay(0), seconds(10));
    EXPECT_EQ(refund_retry_delay(1), seconds(20));
    EXPECT_EQ(refund_retry_delay(2), seconds(40));
    EXPECT_EQ(refund_retry_delay(4), seconds(160));
    EXPECT_EQ(refund_retry_delay(5), seconds(300));
    EXPECT_EQ(refund_retry_delay(1000), seconds(300));  // no overflow however long it waits
    EXPECT_EQ(refund_retry_delay(-1), seconds(10));
}
