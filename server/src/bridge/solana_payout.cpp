#include "bridge/solana_payout.hpp"

#include <algorithm>

#include "chain/solana/instructions.hpp"

namespace perch::bridge {
namespace sol = chain::solana;

std::vector<sol::Instruction> solana_transfer_instructions(
    const sol::Pubkey& maker, const sol::Pubkey& recipient, const std::optional<sol::Pubkey>& mint,
    std::uint8_t decimals, std::uint64_t amount, std::string_view note,
    std::uint64_t micro_lamports) {
    std::vector<sol::Instruction> out;
    if (micro_lamports > 0) out.push_back(sol::set_compute_unit_price(micro_lamports));
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

std::uint64_t solana_compute_unit_price(std::vector<std::uint64_t> recent, std::uint64_t floor,
                                        std::uint64_t cap) {
    std::erase(recent, 0);
    if (recent.empty()) return std::min(floor, cap);
    std::sort(recent.begin(), recent.end());
    // Nearest rank: the smallest price at least 75 % of the priced slots did not exceed.
    auto rank = (recent.size() * 75 + 99) / 100;
    return std::clamp(recent[rank - 1], std::min(floor, cap), cap);
}

std::uint64_t solana_fee(const std::vector<sol::Instruction>& instructions,
                         std::uint64_t micro_lamports) {
    constexpr std::uint64_t kBuiltinUnits = 3'000, kProgramUnits = 200'000, kMaxUnits = 1'400'000;
    std::uint64_t units = 0;
    for (const auto& ix : instructions) {
        bool builtin = ix.program_id == sol::system_program_id() ||
                       ix.program_id == sol::compute_budget_program_id();
        units += builtin ? kBuiltinUnits : kProgramUnits;
    }
    units = std::min(units, kMaxUnits);
    // micro_lamports x units fits 64 bits for any price up to 13 million lamports a unit.
    return kSolanaSignatureFee + (micro_lamports * units + 999'999) / 1'000'000;
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
