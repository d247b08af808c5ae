// What makes a check-in receipt count.
#include "rewards/checkin.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>

using namespace perch::rewards;
namespace json = boost::json;

namespace {

const std::string kContract = "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0";
const std::string kUser = "0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc";

json::object receipt(int date, const std::string& from = kUser, const std::string& status = "0x1",
                     const std::string& log_address = kContract) {
    char date_hex[80];
    std::snprintf(date_hex, sizeof date_hex, "0x%064x", date);
    return json::object{
        {"status", status},
        {"from", from},
        {"to", kContract},
        {"logs",
         json::array{json::object{
             {"address", log_address},
             {"topics", json::array{checked_in_topic(),
                                    "0x000000000000000000000000" + kUser.substr(2), date_hex}},
             {"data", "0x"}}}}};
}

const auto contract = *perch::chain::Address::from_hex(kContract);
const auto user = *perch::chain::Address::from_hex(kUser);

}  // namespace

TEST(CheckInReceipt, TopicIsTheEventSignature) {
    // keccak256("CheckedIn(address,uint32)"), computed independently (viem's keccak256).
    EXPECT_EQ(checked_in_topic(),
              "0x300ffc85c7a9905739564d2eaba39b14c67e765e7c8719940637e0576c85b14f");
}

TEST(CheckInReceipt, TodaysEventFromTheUserCounts) {
    auto r = check_checkin_receipt(receipt(20261122), contract, user, 20261122);
    EXPECT_FALSE(r.problem) << *r.problem;
    EXPECT_EQ(r.date, 20261122);
}

TEST(CheckInReceipt, RefusesOtherDaysSendersFailuresAndContracts) {
    EXPECT_TRUE(check_checkin_receipt(receipt(20261121), contract, user, 20261122).problem);
    EXPECT_TRUE(
        check_checkin_receipt(receipt(20261122, "0x0000000000000000000000000000000000000001"),
                              contract, user, 20261122)
            .problem);
    EXPECT_TRUE(
        check_checkin_receipt(receipt(20261122, kUser, "0x0"), contract, user, 20261122).problem);
    auto other = receipt(20261122, kUser, "0x1", "0x0000000000000000000000000000000000000002");
    auto r = check_checkin_receipt(other, contract, user, 20261122);
    ASSERT_TRUE(r.problem);
    EXPECT_EQ(*r.problem, "the transaction has no CheckedIn event of this wallet");
    auto another_user =
        *perch::chain::Address::from_hex("0x0000000000000000000000000000000000000003");
    EXPECT_TRUE(check_checkin_receipt(receipt(20261122), contract, another_user, 20261122).problem);
}
