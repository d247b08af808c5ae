#include "rewards/badges.hpp"

#include <gtest/gtest.h>

#include "chain/signer.hpp"
#include "test_paths.hpp"

using namespace perch::rewards;
using namespace perch::chain;

namespace {

Address addr(const char* hex) {
    return *Address::from_hex(hex);
}

}  // namespace

// Known answer from viem's hashTypedData / signTypedData (Hardhat account #10 signing).
TEST(Badges, ClaimDigestAndSignatureMatchViem) {
    auto digest = badge_claim_digest(1868, addr("0x5FbDB2315678afecb367f032d93F642f64180aa3"),
                                     addr("0x90F79bf6EB2c4f870365E785982E1f101E93b906"), 1);
    EXPECT_EQ(digest.hex(), "0xe5341859b19740512f5d99aa722840b462dc610ee5b73cf4d0d63fb7bccd6d54");
    auto key = PrivateKey::from_bytes(
        *from_hex("0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897"));
    ASSERT_TRUE(key);
    EXPECT_EQ(
        to_hex(key->sign_hash(digest).to_rsv65()),
        "0x97f4f06a92dd13902caac6c2468cd50a074aa8155e010d492d1e651d5ed339b760cd80a77f85090e7a0"
        "7e88d92f2f6aa6734697977f8b8861bbb6599358921041c");
}

TEST(Badges, TasksAreDoneFromTheWalletsOwnRecordsOnTheirChain) {
    WalletRecords r;
    BadgeTask bridge{"bridge_to", 1868}, checkin{"check_in", 1868}, deploy{"deploy", 1868};
    EXPECT_FALSE(task_done(bridge, r));
    r.bridges.push_back({8453, 42161, 0, 0});
    EXPECT_FALSE(task_done(bridge, r));  // to another chain
    r.bridges.push_back({8453, 1868, 0, 0});
    EXPECT_TRUE(task_done(bridge, r));
    perch::store::CheckInDay day;
    day.chain_id = 1;
    r.checkins.push_back(day);
    EXPECT_FALSE(task_done(checkin, r));
    r.checkins.back().chain_id = 1868;
    EXPECT_TRUE(task_done(checkin, r));
    perch::store::Deployment d;
    d.chain_id = 1868;
    EXPECT_FALSE(task_done(deploy, r));
    r.deployments.push_back(d);
    EXPECT_TRUE(task_done(deploy, r));
    EXPECT_FALSE(task_done({"mint", 1868}, r));
}

TEST(Badges, TheRepoConfigLoads) {
    auto badges = load_badges(perch::test::config_dir());
    ASSERT_GE(badges.size(), 2u);
    EXPECT_EQ(badges[0].slug, "soneium-badge");
    EXPECT_EQ(badges[0].tasks.size(), 3u);
}

TEST(Badges, ClaimedCalldataIsTheSelectorAndTwoWords) {
    auto call = claimed_calldata(addr("0x90F79bf6EB2c4f870365E785982E1f101E93b906"), 1);
    EXPECT_EQ(to_hex(call),
              keccak256(std::string_view("claimed(address,uint256)")).hex().substr(0, 10) +
                  std::string(24, '0') + "90f79bf6eb2c4f870365e785982e1f101e93b906" +
                  std::string(63, '0') + "1");
}
