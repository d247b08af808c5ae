// Every handler that takes an EVM address refuses a mixed-case one whose EIP-55 checksum is wrong
// (a mistyped address), as the bridge does, and names the parameter; all-lower case is accepted.
#include <gtest/gtest.h>

#include <string>

#include "harness.hpp"

using perch::testing::HttpResult;
using perch::testing::PerchProcess;

namespace {

// 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed with its second digit's case flipped.
constexpr const char* kBadChecksum = "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
constexpr const char* kLower = "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed";

void expect_refused(const HttpResult& res, const std::string& name) {
    EXPECT_EQ(res.status, 400) << res.body;
    EXPECT_NE(res.body.find("'" + name + "'"), std::string::npos) << res.body;
}

}  // namespace

TEST(AddressChecksum, FaucetBadgeDeployLotteryAndCampaignRefuseAWrongChecksum) {
    PerchProcess perch;
    const std::string bad = kBadChecksum;
    expect_refused(perch.get("/api/faucet_api/v1/claims?address=" + bad), "address");
    expect_refused(perch.get("/api/faucet_api/v1/faucets?address=" + bad), "address");
    expect_refused(perch.get("/api/badge_api/v1/badges/soneium-badge?address=" + bad), "address");
    expect_refused(perch.get("/api/deploy_api/v1/deployments?address=" + bad), "address");
    expect_refused(perch.get("/api/lottery/maker/sign/user?address=" + bad + "&year=2024&month=1"),
                   "address");
    expect_refused(perch.get("/api/campaign_api/v1/" + bad + "/points"), "user");
}

TEST(AddressChecksum, AllLowerCaseHasNoChecksumToCheck) {
    PerchProcess perch;
    const std::string lower = kLower;
    EXPECT_EQ(perch.get("/api/faucet_api/v1/claims?address=" + lower).status, 200);
    EXPECT_EQ(perch.get("/api/deploy_api/v1/deployments?address=" + lower).status, 200);
    EXPECT_EQ(
        perch.get("/api/lottery/maker/sign/user?address=" + lower + "&year=2024&month=1").status,
        200);
    EXPECT_EQ(perch.get("/api/campaign_api/v1/" + lower + "/points").status, 200);
}
