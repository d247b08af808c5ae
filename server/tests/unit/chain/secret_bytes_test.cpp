// Secret key bytes are move-only and leave zeros behind: in the object moved from, and in a buffer
// a secret passed through. PrivateKey and the Solana Keypair keep their secrets in them.
#include "chain/secret_bytes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "chain/signer.hpp"
#include "chain/solana/keypair.hpp"

namespace perch::chain {
namespace {

template <std::size_t N>
bool all_are(const SecretBytes<N>& secret, std::uint8_t value) {
    return std::all_of(secret.data(), secret.data() + N, [&](auto b) { return b == value; });
}

TEST(SecretBytes, MovingLeavesZerosBehind) {
    SecretBytes<32> first;
    std::fill_n(first.data(), first.size(), std::uint8_t{0xab});
    SecretBytes<32> second(std::move(first));
    EXPECT_TRUE(all_are(second, 0xab));
    EXPECT_TRUE(all_are(first, 0));  // NOLINT(bugprone-use-after-move): the point of the test

    SecretBytes<32> third;
    third = std::move(second);
    EXPECT_TRUE(all_are(third, 0xab));
    EXPECT_TRUE(all_are(second, 0));  // NOLINT(bugprone-use-after-move)
}

TEST(SecretBytes, WipeSecretZeroesABuffer) {
    std::vector<std::uint8_t> seed{1, 2, 3, 4};
    wipe_secret(seed);
    EXPECT_EQ(seed, std::vector<std::uint8_t>(4, 0));
}

TEST(SecretBytes, KeysHoldingThemAreMoveOnly) {
    static_assert(!std::is_copy_constructible_v<PrivateKey>);
    static_assert(!std::is_copy_assignable_v<PrivateKey>);
    static_assert(std::is_nothrow_move_constructible_v<PrivateKey>);
    static_assert(std::is_nothrow_move_assignable_v<PrivateKey>);
    static_assert(!std::is_copy_constructible_v<solana::Keypair>);
    static_assert(std::is_nothrow_move_constructible_v<solana::Keypair>);
    // A moved key still signs as before.
    auto key =
        PrivateKey::from_hex("0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
    ASSERT_TRUE(key);
    auto moved = std::move(*key);
    EXPECT_EQ(moved.address().checksum_hex(), "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
}

}  // namespace
}  // namespace perch::chain
