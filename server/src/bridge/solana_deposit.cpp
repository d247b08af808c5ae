#include "bridge/solana_deposit.hpp"

#include <variant>

#include "chain/solana/instructions.hpp"

namespace perch::bridge {
namespace sol = chain::solana;

std::string SolanaDeposit::order_key() const {
    return std::to_string(kSolanaChainId) + ":" + signature + ":" + std::to_string(index);
}

std::vector<SolanaDeposit> find_deposits(const sol::FetchedTransaction& tx,
                                         const SolanaWatch& watch) {
    std::vector<SolanaDeposit> out;
    if (tx.failed()) return out;  // it moved nothing (only its fee)
    auto keys = tx.account_keys();
    std::vector<std::string> memos;
    for (std::size_t i = 0; i < tx.message.instructions.size(); ++i) {
        auto decoded = sol::decode_compiled(tx.message.instructions[i], keys);
        if (!decoded) continue;  // not one of ours, malformed: nothing was paid by it
        SolanaDeposit d;
        d.index = static_cast<std::uint32_t>(i);
        if (const auto* m = std::get_if<sol::Memo>(&*decoded)) {
            memos.push_back(m->text);
            continue;
        }
        // The maker's own transfers (its payouts and refunds, which may pay its own address)
        // are never deposits: refunded to the maker, they would be read back again, for ever.
        if (const auto* t = std::get_if<sol::SystemTransfer>(&*decoded)) {
            if (!(t->to == watch.maker) || t->from == watch.maker || t->lamports == 0) continue;
            d.sender = t->from.to_base58();
            d.token = "SOL";
            d.decimals = 9;
            d.amount = t->lamports;
        } else if (const auto* c = std::get_if<sol::TokenTransferChecked>(&*decoded)) {
            if (!(c->destination == watch.maker_usdc) || !(c->mint == watch.usdc_mint) ||
                !(c->program == sol::token_program_id()) || c->amount == 0 ||
                c->authority == watch.maker || c->source == watch.maker_usdc)
                continue;
            d.sender = c->authority.to_base58();
            d.token = "USDC";
            d.token_address = watch.usdc_mint.to_base58();
            d.decimals = c->decimals;
            d.amount = c->amount;
        } else if (const auto* p = std::get_if<sol::TokenTransfer>(&*decoded)) {
            // The token program only moves USDC into a USDC account, so the mint is implied.
            if (!(p->destination == watch.maker_usdc) || !(p->program == sol::token_program_id()) ||
                p->amount == 0 || p->authority == watch.maker || p->source == watch.maker_usdc)
                continue;
            d.sender = p->authority.to_base58();
            d.token = "USDC";
            d.token_address = watch.usdc_mint.to_base58();
            d.decimals = 6;
            d.amount = p->amount;
        } else {
            continue;
        }
        d.signature = tx.id();
        d.slot = tx.slot;
        out.push_back(std::move(d));
    }
    for (auto& d : out) {
        if (memos.size() == 1) {
            d.memo_text = memos.front();
            d.memo = parse_deposit_memo(d.memo_text);
        } else {
            d.memo.error = memos.empty() ? kNoMemo : kSeveralMemos;
        }
    }
    return out;
}

}  // namespace perch::bridge
