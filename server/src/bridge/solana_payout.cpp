#include "bridge/solana_payout.hpp"

#include "chain/solana/instructions.hpp"

namespace perch::bridge {
namespace sol = chain::solana;

std::vector<sol::Instruction> solana_transfer_instructions(
    const sol::Pubkey& maker, const sol::Pubkey& recipient, const std::optional<sol::Pubkey>& mint,
    std::uint8_t decimals, std::uint64_t amount, std::string_view note) {
    std::vector<sol::Instruction> out;
    if (!mint) {
        out.push_back(sol::system_transfer(maker, recipient, amount));
    } else {
        auto from = sol::associated_token_address(maker, *mint).address;
        auto to = sol::associated_token_address(recipient, *mint).address;
        out.push_back(sol::create_associated_token_account_idempotent(maker, recipient, *mint));
        out.push_back(sol::token_transfer_checked(from, *mint, to, maker, amount, decimals));
    }
    out.push_back(sol::memo(note));
    return out;
}

SolanaNext solana_next_step(const SolanaSeen& seen, std::uint64_t block_height,
                            std::uint64_t valid_until) {
    if (seen.found) {
        if (!seen.final) return SolanaNext::wait;
        return seen.failed ? SolanaNext::failed : SolanaNext::landed;
    }
    // A transaction lands only in a block at a height up to valid_until; once a block above it is
    // at the watched commitment, every block that could hold it is too, and it is not there.
    return block_height > valid_until ? SolanaNext::rebuild : SolanaNext::resend;
}

std::string solana_note(std::string_view kind, std::string_view order_key) {
    return "perch:" + std::string(kind) + ":" + std::string(order_key);
}

}  // namespace perch::bridge
