// Airdrop batch query checks and the allocation file.
#include "rewards/airdrop.hpp"

#include <gtest/gtest.h>

using namespace perch::rewards;

TEST(Airdrop, QueryMessagesFollowTheSpec) {
    const std::string good = "0x00000000000000000000000000000000000000aa";
    EXPECT_EQ(airdrop_query_problem({}), "Please enter the address.");
    EXPECT_EQ(airdrop_query_problem({good, "0x123"}), "address error.");
    EXPECT_EQ(airdrop_query_problem(std::vector<std::string>(6, good)),
              "at most 5 addresses per request");
    EXPECT_FALSE(airdrop_query_problem(std::vector<std::string>(5, good)));
}

TEST(Airdrop, CsvRowsAndErrorsNameTheLine) {
    auto ok = parse_airdrop_csv(
        "address,value\n# comment\n0x00000000000000000000000000000000000000AA, 12.5\n\n"
        "0x00000000000000000000000000000000000000bb,0\n");
    ASSERT_TRUE(ok.error.empty()) << ok.error;
    ASSERT_EQ(ok.rows.size(), 2u);
    EXPECT_EQ(ok.rows[0].first, "0x00000000000000000000000000000000000000aa");
    EXPECT_EQ(ok.rows[0].second, "12.5");
    EXPECT_EQ(parse_airdrop_csv("0x1,2").error, "line 1: '0x1' is not an address");
    EXPECT_EQ(parse_airdrop_csv("\n0x00000000000000000000000000000000000000aa,1e5").error,
              "line 2: '1e5' is not a decimal amount");
    EXPECT_EQ(parse_airdrop_csv("nocomma").error, "line 1: expected 'address,value'");
}
