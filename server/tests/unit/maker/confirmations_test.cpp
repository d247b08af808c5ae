// Which confirmations a deposit waits for: its source chain's count (per-chain config), the
// chain's large count from the route's large_from, and the shipped routes really have that rule.
#include <gtest/gtest.h>

#include "bridge/quote.hpp"
#include "core/json_file.hpp"
#include "maker/maker.hpp"
#include "test_paths.hpp"

using perch::PerChainCount;
using perch::chain::U256;
using perch::maker::confirmations_for;
using perch::maker::MakerOptions;

namespace {
U256 eth(const char* amount) {
    return *U256::parse_units(amount, 18);
}
}  // namespace

TEST(MakerConfirmations, PerChainCountsAndTheLargeAmountRule) {
    MakerOptions options;
    options.confirmations = PerChainCount{1, {{1, 2}}};
    options.large_confirmations = PerChainCount{3, {{1, 12}}};
    const auto large_from = eth("2");
    EXPECT_EQ(confirmations_for(options, 8453, eth("1"), large_from), 1U);
    EXPECT_EQ(confirmations_for(options, 1, eth("1"), large_from), 2U);
    EXPECT_EQ(confirmations_for(options, 8453, eth("2"), large_from), 3U);
    EXPECT_EQ(confirmations_for(options, 1, eth("2.5"), large_from), 12U);
    // No large_from on the route (zero): the chain's normal count, whatever the amount.
    EXPECT_EQ(confirmations_for(options, 1, eth("4000"), U256()), 2U);
    // A large count below the normal one never lowers it.
    options.large_confirmations = PerChainCount{1, {}};
    EXPECT_EQ(confirmations_for(options, 1, eth("3"), large_from), 2U);
}

// The chain profile's finality: a chain's own `confirmations` beat the config's default, never a
// count or a tag the config gives that chain itself.
TEST(MakerConfirmations, TheProfilesCountPerChainUnderTheConfigsOwn) {
    PerChainCount configured{2, {{1, 7}}, "", {{42161, "finalized"}}};
    auto counts =
        perch::maker::with_profile_confirmations(configured, {{1, 3}, {8453, 5}, {42161, 9}});
    EXPECT_EQ(counts.for_chain(1), 7U);
    EXPECT_EQ(counts.for_chain(8453), 5U);
    EXPECT_EQ(counts.tag_for(42161), "finalized");
    EXPECT_EQ(counts.for_chain(1868), 2U);
    MakerOptions options;
    options.confirmations = counts;
    options.large_confirmations = PerChainCount{3, {}};
    // The large rule never lowers a chain's own count.
    EXPECT_EQ(confirmations_for(options, 8453, eth("3"), eth("2")), 5U);
}

TEST(MakerConfirmations, ShippedRoutesTurnTheLargeAmountRuleOn) {
    auto table = perch::bridge::parse_routes(
        perch::read_json_file(std::string(perch::test::config_dir()) + "/routes.json", "routes"));
    for (const char* token : {"ETH", "USDC", "USDT"}) {
        const perch::bridge::Route* route = nullptr;
        for (const auto& r : table.routes)
            if (r.token == token) route = &r;
        ASSERT_TRUE(route) << token;
        ASSERT_TRUE(route->large_from) << token << " has no large_from";
        // Reachable: a deposit between min and max can be large.
        EXPECT_GT(*route->large_from, route->min) << token;
        EXPECT_LE(*route->large_from, route->max) << token;
    }
}
