// Balances of Solana owners through the real perch binary (multi-balance, query_balances and the
// one-balance GET /api/balance that the bridge card reads for a Solana source):
// a fresh account funded here in C++ with SOL and USDC (its ATA created by the transfer), read
// back at the values the node holds; wrong address kinds answered per chain or as a 400.
#include <gtest/gtest.h>

#include <boost/json.hpp>

#include "chain/solana/instructions.hpp"
#include "chain/u256.hpp"
#include "harness.hpp"
#include "solana_devnet.hpp"

namespace json = boost::json;
namespace sol = perch::chain::solana;
using perch::chain::U256;
using perch::testing::PerchProcess;
using perch::testing::run_task;

namespace {

constexpr const char* kEvmUser = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

// A new owner holding `lamports` and `usdc` (base units) at finalized.
sol::Pubkey funded_owner(const perch::testing::SolanaDevnet& devnet, std::uint64_t lamports,
                         std::uint64_t usdc) {
    perch::chain::rpc::RpcClient client({devnet.rpc_url});
    sol::SolanaRpc rpc(client);
    auto payer = perch::testing::devnet_solana_key("user-7");
    auto owner = sol::Keypair::generate().pubkey();
    auto from = sol::associated_token_address(payer.pubkey(), devnet.usdc_mint).address;
    auto to = sol::associated_token_address(owner, devnet.usdc_mint).address;
    run_task(perch::testing::send_and_finalize(
        rpc, payer,
        {sol::system_transfer(payer.pubkey(), owner, lamports),
         sol::create_associated_token_account_idempotent(payer.pubkey(), owner, devnet.usdc_mint),
         sol::token_transfer_checked(from, devnet.usdc_mint, to, payer.pubkey(), usdc,
                                     devnet.usdc_decimals)},
        sol::MessageVersion::legacy));
    return owner;
}

json::object multi_balance(const PerchProcess& perch, const std::string& user,
                           const std::string& token) {
    auto res = perch.get("/api/balance_api/v1/multi-balance?user_address=" + user +
                         "&chain_ids=83797601,1868&token_name=" + token);
    EXPECT_EQ(res.status, 200) << res.body;
    return json::parse(res.body).at("data").as_object();
}

}  // namespace

TEST(SolanaBalances, MultiBalanceAndQueryBalancesReadTheNode) {
    PERCH_REQUIRE_SOLANA(devnet);
    const std::uint64_t lamports = 2'500'000'001;  // 2.500000001 SOL
    const std::uint64_t usdc = 12'345'678;         // 12.345678 USDC
    auto owner = funded_owner(devnet, lamports, usdc);
    PerchProcess perch("\"chain_profile\": \"" + devnet_for_devnet.state_path + "\"");

    auto sol_balance = multi_balance(perch, owner.to_base58(), "SOL");
    EXPECT_EQ(sol_balance.at("83797601").at("status_code").as_int64(), 0) << sol_balance;
    EXPECT_EQ(sol_balance.at("83797601").at("view_value").as_string(),
              U256(lamports).format_units(9));
    // A Solana owner has nothing on an EVM chain: said per chain, not as a failure of the call.
    EXPECT_EQ(sol_balance.at("1868").at("status_code").as_int64(), 4);
    EXPECT_FALSE(sol_balance.at("1868").at("status_message").as_string().empty());

    auto usdc_balance = multi_balance(perch, owner.to_base58(), "USDC");
    EXPECT_EQ(usdc_balance.at("83797601").at("status_code").as_int64(), 0) << usdc_balance;
    EXPECT_EQ(usdc_balance.at("83797601").at("view_value").as_string(), U256(usdc).format_units(6));
    EXPECT_EQ(usdc_balance.at("83797601").at("view_value").as_string(), "12.345678");

    // An EVM address on Solana: status 4; its EVM chains still answer.
    auto evm = multi_balance(perch, kEvmUser, "USDC");
    EXPECT_EQ(evm.at("83797601").at("status_code").as_int64(), 4);
    EXPECT_EQ(evm.at("1868").at("status_code").as_int64(), 0);

    // The one-balance form, as the bridge card reads a Solana source's balance.
    auto one = [&](const char* token) {
        auto res = perch.get(std::string("/api/balance?chainid=83797601&token=") + token +
                             "&address=" + owner.to_base58());
        EXPECT_EQ(res.status, 200) << res.body;
        return json::parse(res.body).at("msg").as_object();
    };
    auto one_sol = one("SOL");
    EXPECT_EQ(one_sol.at("value").as_string(), U256(lamports).format_units(9));
    EXPECT_EQ(one_sol.at("e18").as_string(), "2500000001000000000");
    EXPECT_EQ(one_sol.at("decimals").as_int64(), 9);
    auto one_usdc = one("USDC");
    EXPECT_EQ(one_usdc.at("value").as_string(), "12.345678");
    EXPECT_EQ(one_usdc.at("e18").as_string(), "12345678000000000000");

    auto unknown_mint = sol::Keypair::generate().pubkey().to_base58();
    auto body =
        R"({"user":")" + owner.to_base58() +
        R"(","chain_name":"Solana","version":1,"tokens":[{"name":"SOL","address":"","decimals":9},{"name":"USDC","address":")" +
        devnet.usdc_mint.to_base58() + R"(","decimals":6},{"name":"NONE","address":")" +
        unknown_mint + R"(","decimals":6}]})";
    auto res = perch.post("/api/swap_auxiliary_api/v1/query_balances", body);
    ASSERT_EQ(res.status, 200) << res.body;
    auto balances = json::parse(res.body).at("data").at("balances").as_array();
    ASSERT_EQ(balances.size(), 3u);
    EXPECT_EQ(balances[0].at("balance").as_string(), U256(lamports).format_units(9));
    EXPECT_EQ(balances[1].at("balance").as_string(), "12.345678");
    EXPECT_EQ(balances[1].at("address").as_string(), devnet.usdc_mint.to_base58());
    // A mint the node does not have (as a real node, it refuses the owner's token accounts for
    // it): null, never a zero balance.
    EXPECT_TRUE(balances[2].at("balance").is_null()) << balances[2];
}

TEST(SolanaBalances, WrongAddressesAreBadRequests) {
    PERCH_REQUIRE_SOLANA(devnet);
    PerchProcess perch("\"chain_profile\": \"" + devnet_for_devnet.state_path + "\"");
    auto owner = devnet.users.at(0).to_base58();
    for (const char* user : {"not-an-address", "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl", "1111"}) {
        auto res = perch.get(std::string("/api/balance_api/v1/multi-balance?user_address=") + user +
                             "&chain_ids=83797601&token_name=SOL");
        EXPECT_EQ(res.status, 400) << user << ": " << res.body;
    }
    auto one =
        perch.get(std::string("/api/balance?chainid=83797601&token=SOL&address=") + kEvmUser);
    EXPECT_EQ(one.status, 400) << one.body;
    EXPECT_NE(one.body.find("Solana address"), std::string::npos) << one.body;
    auto query = [&](const std::string& user, const std::string& token_address) {
        return perch.post(
            "/api/swap_auxiliary_api/v1/query_balances",
            R"({"user":")" + user +
                R"(","chain_name":"Solana","version":1,"tokens":[{"name":"USDC","address":")" +
                token_address + R"(","decimals":6}]})");
    };
    auto evm_user = query(kEvmUser, devnet.usdc_mint.to_base58());
    EXPECT_EQ(evm_user.status, 400) << evm_user.body;
    EXPECT_NE(evm_user.body.find("Solana address"), std::string::npos) << evm_user.body;
    auto evm_mint = query(owner, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    EXPECT_EQ(evm_mint.status, 400) << evm_mint.body;
    EXPECT_NE(evm_mint.body.find("not a Solana mint"), std::string::npos) << evm_mint.body;
    EXPECT_EQ(query(owner, devnet.usdc_mint.to_base58()).status, 200);
}
