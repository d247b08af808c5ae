// The maker's Solana compute-unit price against the real devnet node (docs/solana.md "Priority
// fees"): once transactions at a price have landed, a payout offers the price the node's
// getRecentPrioritizationFees reports and pays its priority fee itself; the recipient still gets
// exactly the quoted amount. Suite SolanaPriority: it holds the maker's lock and SolanaRpc's
// (whose transfers set a price of their own), and starts once no recent slot is priced.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <optional>

#include "bridge/solana_payout.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/rpc.hpp"
#include "devnet.hpp"
#include "devnet_chains.hpp"
#include "harness.hpp"
#include "orders.hpp"
#include "solana_bridge_support.hpp"
#include "wait.hpp"

namespace sol = perch::chain::solana;
using namespace perch::testing::solana_bridge;

namespace {

constexpr std::uint64_t kPrice = 7'000;  // micro-lamports a compute unit

// The node's recent prices: every slot's lowest, oldest first.
std::vector<std::uint64_t> recent_prices(SolanaNode& node) {
    return run_task(node.rpc.get_recent_prioritization_fees());
}

// The compute-unit price a landed transaction set (nullopt: none).
std::optional<std::uint64_t> price_of(const sol::FetchedTransaction& tx) {
    auto decoded = sol::decode_message(tx.message);
    if (!decoded) return std::nullopt;
    for (const auto& d : *decoded)
        if (const auto* p = std::get_if<sol::SetComputeUnitPrice>(&d)) return p->micro_lamports;
    return std::nullopt;
}

}  // namespace

TEST(SolanaPriority, APayoutOffersTheComputeUnitPriceTheNodeReported) {
    PERCH_REQUIRE_DEVNET(devnet);
    REQUIRE_SOLANA(devnet, solana);
    Chains chains(devnet);
    SolanaNode node(solana);
    // Other suites' priced transfers may still be in the window: the test's own price alone.
    wait_for_unpriced_slots(node.rpc);
    PerchProcess perch(maker_config(devnet));
    wait_for_solana_watcher(perch);
    // Two transfers at kPrice, in slots of their own, finalized: the node reports kPrice for them.
    auto user = devnet_solana_key("user-6");
    for (int i = 0; i < 2; ++i) {
        auto to = sol::Keypair::generate().pubkey();
        node.wait_final(node.send(user, {sol::set_compute_unit_price(kPrice),
                                         sol::system_transfer(user.pubkey(), to, 1'000'000)}));
    }
    auto reported = recent_prices(node);
    EXPECT_EQ(perch::bridge::solana_compute_unit_price(reported, 0, 1'000'000), kPrice);

    auto sender = fresh_wallet(chains, 8453, *U256::parse_units("1", 18));
    auto recipient = sol::Keypair::generate().pubkey();
    auto [hash, quote] =
        evm_deposit(perch, chains, 8453, "ETH", "0.02", sender, recipient.to_base58());
    auto quoted = wei_of(quote);
    auto order = wait_for_state(perch, 8453, hash, "completed", 90);
    EXPECT_EQ(U256(node.lamports(recipient)), quoted);
    auto payout = run_task(node.rpc.get_transaction(
        std::string(order.at("dst_tx_hash").as_string()), sol::Commitment::finalized));
    ASSERT_TRUE(payout);
    EXPECT_EQ(price_of(*payout), kPrice);
    // The maker paid it: 5,000 lamports a signature + ceil(7,000 x 206,000 units / 10^6).
    EXPECT_EQ(payout->fee, 5'000U + 1'442U);

    // The maker's own payout is in the window too: the next suites start once no recent slot is
    // priced any more (150 slots), so their exact fees see a quiet chain again.
    perch.stop();
    wait_for_unpriced_slots(node.rpc);
}
