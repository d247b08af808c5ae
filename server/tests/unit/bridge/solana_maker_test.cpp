// The maker's pure Solana rules (docs/solana.md): which transfers of a fetched transaction are
// deposits and where their memo sends them, the payout instructions, and the expiry rule that
// keeps a payout exactly-once (a new version only once the old one can never land).
#include <gtest/gtest.h>

#include "bridge/solana_deposit.hpp"
#include "bridge/solana_payout.hpp"
#include "chain/solana/instructions.hpp"
#include "chain/solana/keypair.hpp"
#include "chain/solana/message.hpp"

using namespace perch::bridge;
namespace sol = perch::chain::solana;

namespace {

sol::Pubkey key_of(const std::string& name) {
    auto seed = sol::sha256(perch::chain::Bytes(name.begin(), name.end()));
    return sol::Keypair::from_seed(seed)->pubkey();
}

struct Fixture {
    sol::Pubkey maker = key_of("maker");
    sol::Pubkey user = key_of("user-0");
    sol::Pubkey mint = key_of("usdc-mint");
    SolanaWatch watch{maker, mint, sol::associated_token_address(maker, mint).address};

    sol::FetchedTransaction fetched(const std::vector<sol::Instruction>& instructions,
                                    bool failed = false) const {
        auto message = sol::compile_message(user, instructions, key_of("blockhash"));
        sol::FetchedTransaction tx;
        tx.slot = 77;
        tx.message = *message;
        sol::Signature signature;
        signature.bytes.fill(7);
        tx.signatures.push_back(signature);
        if (failed) tx.err = boost::json::object{{"InstructionError", 0}};
        return tx;
    }
};

constexpr const char* kMemo = "perch:1:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8:0";

}  // namespace

TEST(SolanaDeposits, ASolTransferWithAMemoIsADeposit) {
    Fixture f;
    auto tx = f.fetched({sol::system_transfer(f.user, f.maker, 2'000'000'000), sol::memo(kMemo)});
    auto deposits = find_deposits(tx, f.watch);
    ASSERT_EQ(deposits.size(), 1U);
    const auto& d = deposits[0];
    EXPECT_EQ(d.token, "SOL");
    EXPECT_EQ(d.token_address, "");
    EXPECT_EQ(d.decimals, 9U);
    EXPECT_EQ(d.amount, 2'000'000'000U);
    EXPECT_EQ(d.sender, f.user.to_base58());
    EXPECT_EQ(d.index, 0U);
    EXPECT_EQ(d.slot, 77U);
    EXPECT_EQ(d.signature, tx.id());
    EXPECT_EQ(d.order_key(), "83797601:" + tx.id() + ":0");
    ASSERT_TRUE(d.memo.memo) << d.memo.error;
    EXPECT_EQ(d.memo.memo->dst_chain_id, 8453);
    EXPECT_EQ(d.memo_text, kMemo);
}

TEST(SolanaDeposits, AUsdcTransferCheckedIntoTheMakersAccountIsADeposit) {
    Fixture f;
    auto from = sol::associated_token_address(f.user, f.mint).address;
    auto tx =
        f.fetched({sol::memo(kMemo), sol::token_transfer_checked(from, f.mint, f.watch.maker_usdc,
                                                                 f.user, 25'000'000, 6)});
    auto deposits = find_deposits(tx, f.watch);
    ASSERT_EQ(deposits.size(), 1U);
    EXPECT_EQ(deposits[0].token, "USDC");
    EXPECT_EQ(deposits[0].token_address, f.mint.to_base58());
    EXPECT_EQ(deposits[0].decimals, 6U);
    EXPECT_EQ(deposits[0].amount, 25'000'000U);
    EXPECT_EQ(deposits[0].index, 1U);  // after the memo
    EXPECT_TRUE(deposits[0].memo.memo);
}

TEST(SolanaDeposits, OtherTransfersAreNotDeposits) {
    Fixture f;
    auto other = key_of("user-1");
    auto from = sol::associated_token_address(f.user, f.mint).address;
    auto wrong_mint = key_of("other-mint");
    // To someone else; another mint into the maker's USDC account address; a failed transaction.
    EXPECT_TRUE(find_deposits(f.fetched({sol::system_transfer(f.user, other, 5), sol::memo(kMemo)}),
                              f.watch)
                    .empty());
    EXPECT_TRUE(find_deposits(f.fetched({sol::token_transfer_checked(
                                  from, wrong_mint, f.watch.maker_usdc, f.user, 5, 6)}),
                              f.watch)
                    .empty());
    EXPECT_TRUE(
        find_deposits(f.fetched({sol::system_transfer(f.user, f.maker, 5), sol::memo(kMemo)}, true),
                      f.watch)
            .empty());
}

// The maker's own payouts and refunds are never deposits, even when they pay the maker's own
// address or USDC account (an EVM deposit may name the maker as its Solana recipient): read back
// as deposits they would be refunded to the maker, whose refund is read back again, for ever.
TEST(SolanaDeposits, TheMakersOwnTransfersAreNotDeposits) {
    Fixture f;
    auto payout = [&](const std::vector<sol::Instruction>& instructions) {
        auto message = sol::compile_message(f.maker, instructions, key_of("blockhash"));
        sol::FetchedTransaction tx;
        tx.message = *message;
        tx.signatures.emplace_back();
        return find_deposits(tx, f.watch);
    };
    auto note = solana_note("payout", "8453:0xab:0");
    EXPECT_TRUE(payout(solana_transfer_instructions(f.maker, f.maker, std::nullopt, 9, 5'000, note))
                    .empty());
    EXPECT_TRUE(
        payout(solana_transfer_instructions(f.maker, f.maker, f.mint, 6, 5'000, note)).empty());
    EXPECT_TRUE(
        payout({sol::token_transfer(f.watch.maker_usdc, f.watch.maker_usdc, f.maker, 5)}).empty());
}

TEST(SolanaDeposits, AMissingOrBadMemoIsStillADepositToRefund) {
    Fixture f;
    auto none = find_deposits(f.fetched({sol::system_transfer(f.user, f.maker, 5)}), f.watch);
    ASSERT_EQ(none.size(), 1U);
    EXPECT_FALSE(none[0].memo.memo);
    EXPECT_EQ(none[0].memo.error, "the deposit has no memo saying where it goes");
    auto bad = find_deposits(f.fetched({sol::system_transfer(f.user, f.maker, 5), sol::memo("gm")}),
                             f.watch);
    ASSERT_EQ(bad.size(), 1U);
    EXPECT_EQ(bad[0].memo.error, "the memo does not start with 'perch:'");
    EXPECT_EQ(bad[0].memo_text, "gm");
    auto two = find_deposits(
        f.fetched({sol::memo(kMemo), sol::system_transfer(f.user, f.maker, 5), sol::memo(kMemo)}),
        f.watch);
    ASSERT_EQ(two.size(), 1U);
    EXPECT_EQ(two[0].memo.error, "the deposit has more than one memo");
}

TEST(SolanaPayouts, InstructionsPaySolOrCreateTheTokenAccountFirst) {
    Fixture f;
    auto note = solana_note("payout", "1:0xab:3");
    EXPECT_EQ(note, "perch:payout:1:0xab:3");
    auto sol_payout = solana_transfer_instructions(f.maker, f.user, std::nullopt, 9, 1234, note);
    ASSERT_EQ(sol_payout.size(), 2U);
    EXPECT_EQ(*sol::decode_instruction(sol_payout[0]),
              sol::DecodedInstruction(sol::SystemTransfer{f.maker, f.user, 1234}));
    EXPECT_EQ(std::get<sol::Memo>(*sol::decode_instruction(sol_payout[1])).text, note);

    auto usdc = solana_transfer_instructions(f.maker, f.user, f.mint, 6, 99, note);
    ASSERT_EQ(usdc.size(), 3U);
    auto create = std::get<sol::CreateAssociatedTokenAccount>(*sol::decode_instruction(usdc[0]));
    EXPECT_TRUE(create.idempotent);
    EXPECT_EQ(create.owner, f.user);
    EXPECT_EQ(create.payer, f.maker);
    auto transfer = std::get<sol::TokenTransferChecked>(*sol::decode_instruction(usdc[1]));
    EXPECT_EQ(transfer.source, f.watch.maker_usdc);
    EXPECT_EQ(transfer.destination, sol::associated_token_address(f.user, f.mint).address);
    EXPECT_EQ(transfer.amount, 99U);
    EXPECT_EQ(transfer.decimals, 6U);
    // The note makes two equal payouts two transactions.
    auto other = solana_transfer_instructions(f.maker, f.user, std::nullopt, 9, 1234,
                                              solana_note("payout", "1:0xab:4"));
    EXPECT_NE(sol::serialize_message(*sol::compile_message(f.maker, sol_payout, key_of("b"))),
              sol::serialize_message(*sol::compile_message(f.maker, other, key_of("b"))));
}

TEST(SolanaPayouts, ANewVersionOnlyOnceTheOldOneCanNeverLand) {
    // Unknown: the same bytes again while the blockhash is valid, a new version only above it.
    EXPECT_EQ(solana_next_step({}, 100, 150), SolanaNext::resend);
    EXPECT_EQ(solana_next_step({}, 150, 150), SolanaNext::resend);  // still valid at the height
    EXPECT_EQ(solana_next_step({}, 151, 150), SolanaNext::rebuild);
    // Seen: never rebuilt, whatever the height.
    EXPECT_EQ(solana_next_step({true, false, false}, 500, 150), SolanaNext::wait);
    EXPECT_EQ(solana_next_step({true, true, false}, 500, 150), SolanaNext::landed);
    EXPECT_EQ(solana_next_step({true, true, true}, 500, 150), SolanaNext::failed);
    EXPECT_EQ(solana_next_step({true, true, false}, 10, 150), SolanaNext::landed);
}

TEST(SolanaPayouts, APriceFromRecentSlotsIsTheirPricedSeventyFifthPercentileWithinFloorAndCap) {
    // Slots where someone paid nothing do not pull the price down; none priced: the floor.
    EXPECT_EQ(solana_compute_unit_price({0, 0, 0}, 0, 1'000'000), 0U);
    EXPECT_EQ(solana_compute_unit_price({}, 500, 1'000'000), 500U);
    // Nearest rank over the priced slots: of 4, the 3rd; of 5, the 4th; of 1, that one.
    EXPECT_EQ(solana_compute_unit_price({0, 4'000, 1'000, 0, 3'000, 2'000}, 0, 1'000'000), 3'000U);
    EXPECT_EQ(solana_compute_unit_price({5, 1, 4, 2, 3}, 0, 1'000'000), 4U);
    EXPECT_EQ(solana_compute_unit_price({0, 20'000, 0}, 0, 1'000'000), 20'000U);
    // Never under the floor, never over the cap (which wins over the floor).
    EXPECT_EQ(solana_compute_unit_price({10, 20}, 1'000, 1'000'000), 1'000U);
    EXPECT_EQ(solana_compute_unit_price({5'000'000}, 0, 1'000'000), 1'000'000U);
    EXPECT_EQ(solana_compute_unit_price({}, 2'000, 1'000), 1'000U);
}

TEST(SolanaPayouts, APricedTransferSetsItsComputeUnitPriceFirstAndPaysItsPriorityFee) {
    Fixture f;
    auto note = solana_note("payout", "1:0xab:3");
    auto plain = solana_transfer_instructions(f.maker, f.user, std::nullopt, 9, 1234, note);
    auto priced = solana_transfer_instructions(f.maker, f.user, std::nullopt, 9, 1234, note, 5'000);
    ASSERT_EQ(priced.size(), plain.size() + 1);
    EXPECT_EQ(*sol::decode_instruction(priced[0]),
              sol::DecodedInstruction(sol::SetComputeUnitPrice{5'000}));
    EXPECT_EQ(priced[1], plain[0]);
    // The devnet node's and the runtime's fee (devnet/test/solana-node.test.mjs): 5,000 lamports
    // a signature + ceil(price x (3,000 per builtin + 200,000 for the memo) / 10^6).
    EXPECT_EQ(solana_fee(plain, 0), 5'000U);
    EXPECT_EQ(solana_fee(priced, 5'000), 5'000U + 1'030U);  // 206,000 units
    EXPECT_EQ(solana_fee(priced, 1), 5'000U + 1U);          // rounded up
    auto usdc = solana_transfer_instructions(f.maker, f.user, f.mint, 6, 99, note, 1'000'000);
    // ATA create, TransferChecked and the memo are programs: 603,000 units with the price's 3,000.
    EXPECT_EQ(solana_fee(usdc, 1'000'000), 5'000U + 603'000U);
}
