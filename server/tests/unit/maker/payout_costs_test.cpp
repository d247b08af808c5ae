// A payout's cost against its route's dtc (maker/payout_costs.hpp): the pure rule, the warning's
// once-an-hour bound per route, and the gauges /metrics shows.
#include "maker/payout_costs.hpp"

#include <gtest/gtest.h>

namespace perch::maker {
namespace {

using chain::U256;
using namespace std::chrono_literals;

U256 dec(const char* text) {
    return *U256::from_dec(text);
}

// The devnet's op receipt of a plain transfer (docs/operations.md): 36 665 168 001 000 wei of L2
// gas and 1 097 845 000 000 wei of L1 data fee.
const chain::op::TxCost kOpTransfer{dec("36665168001000"), dec("1097845000000")};

TEST(DtcCover, ARouteInTheDestinationsCoinIsComparedToTheWei) {
    auto total = kOpTransfer.total();  // 37 763 013 001 000
    auto exact = dtc_cover(total, 18, true, 0, 0, total);
    EXPECT_TRUE(exact.known);
    EXPECT_TRUE(exact.covers);  // as much as it cost still covers it
    EXPECT_EQ(exact.dtc_native_wei, 37763013001000.0);
    auto one_short = dtc_cover(*total.sub(1), 18, true, 0, 0, total);
    EXPECT_TRUE(one_short.known);
    EXPECT_FALSE(one_short.covers);
    // Without the L1 fee the L2 gas alone would have been covered: the L1 fee makes the difference.
    EXPECT_TRUE(dtc_cover(dec("37000000000000"), 18, true, 0, 0, kOpTransfer.l2).covers);
    EXPECT_FALSE(dtc_cover(dec("37000000000000"), 18, true, 0, 0, total).covers);
}

TEST(DtcCover, ATokenRouteIsValuedThroughUsdPricesAndUnknownWithoutThem) {
    // A dtc of 0.10 USDC at $1 buys 0.00005 ETH at $2000: 5e13 wei.
    auto usdc = dtc_cover(dec("100000"), 6, false, 1.0, 2000.0, dec("40000000000000"));
    EXPECT_TRUE(usdc.known);
    EXPECT_TRUE(usdc.covers);
    EXPECT_DOUBLE_EQ(usdc.dtc_native_wei, 5e13);
    EXPECT_FALSE(dtc_cover(dec("100000"), 6, false, 1.0, 2000.0, dec("60000000000000")).covers);
    EXPECT_FALSE(dtc_cover(dec("100000"), 6, false, 0.0, 2000.0, dec("1")).known);
    EXPECT_FALSE(dtc_cover(dec("100000"), 6, false, 1.0, 0.0, dec("1")).known);
}

TEST(PayoutCosts, AShortRouteIsReportedOnceAnHourNotPerPayout) {
    PayoutCosts costs;
    RouteKey eth{"ETH", 1, 10};
    auto t0 = std::chrono::steady_clock::time_point{} + 1000h;
    auto short_of = dtc_cover(dec("30000000000000"), 18, true, 0, 0, kOpTransfer.total());
    EXPECT_TRUE(costs.record(eth, kOpTransfer, short_of, t0));
    EXPECT_FALSE(costs.record(eth, kOpTransfer, short_of, t0 + 10min));
    EXPECT_FALSE(costs.record(eth, kOpTransfer, short_of, t0 + 59min));
    EXPECT_TRUE(costs.record(eth, kOpTransfer, short_of, t0 + 61min));
    // Another route has its own hour; a covered payout or an unpriced one is never reported.
    EXPECT_TRUE(costs.record({"ETH", 8453, 10}, kOpTransfer, short_of, t0 + 61min));
    auto covered = dtc_cover(dec("50000000000000"), 18, true, 0, 0, kOpTransfer.total());
    EXPECT_FALSE(costs.record({"ETH", 42161, 10}, kOpTransfer, covered, t0));
    EXPECT_FALSE(costs.record({"USDC", 1, 10}, kOpTransfer, DtcCover{}, t0));
}

TEST(PayoutCosts, TheGaugesShowEachRoutesNewestCostL1FeeAndDtc) {
    PayoutCosts costs;
    auto now = std::chrono::steady_clock::now();
    costs.record({"ETH", 1, 10}, kOpTransfer,
                 dtc_cover(dec("30000000000000"), 18, true, 0, 0, kOpTransfer.total()), now);
    costs.record({"USDC", 1, 42161}, {dec("21000000000000"), U256()}, DtcCover{}, now);
    auto text = costs.render();
    for (const char* line : {
             "perch_maker_payout_cost_wei{token=\"ETH\",src=\"1\",dst=\"10\"} 37763013001000\n",
             "perch_maker_payout_l1_fee_wei{token=\"ETH\",src=\"1\",dst=\"10\"} 1097845000000\n",
             "perch_maker_route_dtc_wei{token=\"ETH\",src=\"1\",dst=\"10\"} 30000000000000\n",
             "perch_maker_route_dtc_short{token=\"ETH\",src=\"1\",dst=\"10\"} 1\n",
             "perch_maker_payout_cost_wei{token=\"USDC\",src=\"1\",dst=\"42161\"} 21000000000000\n",
             "perch_maker_payout_l1_fee_wei{token=\"USDC\",src=\"1\",dst=\"42161\"} 0\n",
         })
        EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
    // An unpriced route has no dtc figures.
    EXPECT_EQ(text.find("perch_maker_route_dtc_wei{token=\"USDC\""), std::string::npos) << text;
}

}  // namespace
}  // namespace perch::maker
