// The balance service's Solana rules without a node: which chain answers for which kind of
// address, the Solana token list (SOL from the catalog, USDC at the configured mint), and mint
// parsing. (The node reads themselves: integration test SolanaBalances.*.)
#include <gtest/gtest.h>

#include "balance/balances.hpp"
#include "catalog/catalog.hpp"
#include "run_task.hpp"
#include "test_paths.hpp"

namespace perch::balance {
namespace {

namespace sol = chain::solana;
constexpr std::int64_t kSolana = 83797601;
const char* kMint = "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU";

using perch::testing::run;

struct SolanaBalanceService : ::testing::Test {
    catalog::Catalog catalog = catalog::Catalog::load(perch::test::config_dir(), "");
    chain::rpc::ChainRegistry chains{{}, {}};
    // Never called by these tests: every path here answers before reading a node.
    chain::rpc::RpcClient node{{"http://127.0.0.1:1"}, {}};
    BalanceService balances{catalog, chains};
    sol::Pubkey owner =
        sol::Pubkey::from_base58("HGm6QGwLB2WrX6UjbXkpnEJJf1KMdxqyc2GBWyYgsDo9").value();

    void enable() {
        balances.enable_solana(
            {.chain_id = kSolana,
             .rpc = &node,
             .tokens = {TokenRef{.symbol = "USDC", .address = kMint, .decimals = 6}}});
    }
};

TEST_F(SolanaBalanceService, SolanaTokensOnceEnabled) {
    EXPECT_FALSE(balances.is_solana_chain(kSolana));
    EXPECT_FALSE(balances.token("USDC", kSolana));
    enable();
    EXPECT_TRUE(balances.is_solana_chain(kSolana));
    EXPECT_FALSE(balances.is_solana_chain(1));
    auto usdc = balances.token("USDC", kSolana);
    ASSERT_TRUE(usdc);
    EXPECT_EQ(usdc->address, kMint);
    EXPECT_EQ(usdc->decimals, 6u);
    EXPECT_EQ(usdc->chain_id, kSolana);
    EXPECT_FALSE(usdc->native);
    auto native = balances.token("SOL", kSolana);  // the catalog's chain entry
    ASSERT_TRUE(native);
    EXPECT_TRUE(native->native);
    EXPECT_EQ(native->decimals, 9u);
}

TEST_F(SolanaBalanceService, AddressKindsAnswerPerChain) {
    enable();
    auto evm = chain::Address::from_hex("0x70997970C51812dc3A010C7d01b50e0d17dc79C8").value();
    auto from_evm = run(balances.multi_balance(evm, {kSolana}, "USDC"));
    ASSERT_EQ(from_evm.size(), 1u);
    EXPECT_EQ(from_evm[0].status_code, kWrongAddressKind);
    EXPECT_EQ(from_evm[0].chain_id, kSolana);

    auto from_solana = run(balances.multi_balance(owner, {1, kSolana}, "DAI"));
    ASSERT_EQ(from_solana.size(), 2u);
    EXPECT_EQ(from_solana[0].chain_id, 1);
    EXPECT_EQ(from_solana[0].status_code, kWrongAddressKind);
    EXPECT_NE(from_solana[0].status_message.find("chain 1"), std::string::npos);
    EXPECT_EQ(from_solana[1].status_code, kTokenNotOnChain);  // no DAI on Solana here
    EXPECT_TRUE(from_solana[1].view_value.empty());
}

TEST_F(SolanaBalanceService, NotEnabledIsAnErrorNeverAZero) {
    EXPECT_THROW(
        run(balances.solana_token_balances(owner, {TokenRef{.symbol = "SOL", .native = true}})),
        chain::rpc::RpcError);
    auto answer = run(balances.multi_balance(owner, {kSolana}, "SOL"));
    EXPECT_EQ(answer.at(0).status_code, kChainUnreachable);  // Solana is not served here
    EXPECT_FALSE(answer.at(0).status_message.empty());
}

TEST(SolanaMint, ParsesListEntries) {
    EXPECT_FALSE(*solana_mint_of(TokenRef{.symbol = "SOL", .address = ""}));
    auto mint = solana_mint_of(TokenRef{.symbol = "USDC", .address = kMint});
    ASSERT_TRUE(mint);
    EXPECT_EQ((*mint)->to_base58(), kMint);
    auto evm = solana_mint_of(
        TokenRef{.symbol = "USDC", .address = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"});
    ASSERT_FALSE(evm);
    EXPECT_EQ(evm.error().code, chain::Errc::invalid_address);
    EXPECT_NE(evm.error().message.find("not a Solana mint"), std::string::npos);
}

}  // namespace
}  // namespace perch::balance
