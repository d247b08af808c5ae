#include "chain/solana/instructions.hpp"

namespace perch::chain::solana {
namespace {

void put_le(Bytes& out, std::uint64_t value, int size) {
    for (int i = 0; i < size; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

std::uint64_t get_le(ByteView in, std::size_t offset, int size) {
    std::uint64_t value = 0;
    for (int i = 0; i < size; ++i)
        value |= static_cast<std::uint64_t>(in[offset + static_cast<std::size_t>(i)]) << (8 * i);
    return value;
}

Error invalid(const std::string& what) {
    return make_error(Errc::sol_invalid_instruction, what);
}

AccountMeta writable(const Pubkey& key, bool signer = false) {
    return AccountMeta{key, signer, true};
}
AccountMeta readonly(const Pubkey& key, bool signer = false) {
    return AccountMeta{key, signer, false};
}

// RFC 3629 UTF-8 (no overlongs, no surrogates, nothing past U+10FFFF), as Rust's from_utf8.
bool valid_utf8(ByteView s) {
    std::size_t i = 0;
    while (i < s.size()) {
        auto c = s[i];
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t n;
        std::uint32_t cp;
        if ((c & 0xe0) == 0xc0) {
            n = 1;
            cp = c & 0x1f;
        } else if ((c & 0xf0) == 0xe0) {
            n = 2;
            cp = c & 0x0f;
        } else if ((c & 0xf8) == 0xf0) {
            n = 3;
            cp = c & 0x07;
        } else {
            return false;
        }
        for (std::size_t k = 1; k <= n; ++k) {
            if (i + k >= s.size() || (s[i + k] & 0xc0) != 0x80) return false;
            cp = (cp << 6) | (s[i + k] & 0x3f);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) ||
            cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return false;
        i += n + 1;
    }
    return true;
}

Result<void> need_accounts(std::span<const Pubkey> accounts, std::size_t n, const char* what) {
    if (accounts.size() < n)
        return invalid(std::string(what) + " needs " + std::to_string(n) + " accounts, has " +
                       std::to_string(accounts.size()));
    return success();
}

bool is_token_program(const Pubkey& program) {
    return program == token_program_id() || program == token_2022_program_id();
}

}  // namespace

Instruction system_transfer(const Pubkey& from, const Pubkey& to, std::uint64_t lamports) {
    Bytes data;
    put_le(data, 2, 4);
    put_le(data, lamports, 8);
    return Instruction{system_program_id(), {writable(from, true), writable(to)}, std::move(data)};
}

Instruction token_transfer(const Pubkey& source, const Pubkey& destination, const Pubkey& authority,
                           std::uint64_t amount, const Pubkey& token_program) {
    Bytes data{3};
    put_le(data, amount, 8);
    return Instruction{token_program,
                       {writable(source), writable(destination), readonly(authority, true)},
                       std::move(data)};
}

Instruction token_transfer_checked(const Pubkey& source, const Pubkey& mint,
                                   const Pubkey& destination, const Pubkey& authority,
                                   std::uint64_t amount, std::uint8_t decimals,
                                   const Pubkey& token_program) {
    Bytes data{12};
    put_le(data, amount, 8);
    data.push_back(decimals);
    return Instruction{
        token_program,
        {writable(source), readonly(mint), writable(destination), readonly(authority, true)},
        std::move(data)};
}

Instruction create_associated_token_account_idempotent(const Pubkey& payer, const Pubkey& owner,
                                                       const Pubkey& mint,
                                                       const Pubkey& token_program) {
    auto ata = associated_token_address(owner, mint, token_program).address;
    return Instruction{associated_token_program_id(),
                       {writable(payer, true), writable(ata), readonly(owner), readonly(mint),
                        readonly(system_program_id()), readonly(token_program)},
                       Bytes{1}};
}

Instruction memo(std::string_view text, const std::vector<Pubkey>& signers) {
    Instruction ix{memo_program_id(), {}, Bytes(text.begin(), text.end())};
    for (const auto& s : signers) ix.accounts.push_back(readonly(s, true));
    return ix;
}

Instruction set_compute_unit_limit(std::uint32_t units) {
    Bytes data{2};
    put_le(data, units, 4);
    return Instruction{compute_budget_program_id(), {}, std::move(data)};
}

Instruction set_compute_unit_price(std::uint64_t micro_lamports) {
    Bytes data{3};
    put_le(data, micro_lamports, 8);
    return Instruction{compute_budget_program_id(), {}, std::move(data)};
}

// Trailing data after a System or Token instruction's fields is accepted, as the runtime's
// deserializers accept it (bincode with allow_trailing_bytes; spl-token reads a prefix).
Result<DecodedInstruction> decode_instruction(const Pubkey& program,
                                              std::span<const Pubkey> accounts, ByteView data) {
    if (program == system_program_id()) {
        if (data.size() < 4) return invalid("system instruction shorter than its tag");
        if (get_le(data, 0, 4) != 2) return DecodedInstruction{OtherInstruction{program}};
        if (data.size() < 12)
            return invalid("system transfer data is " + std::to_string(data.size()) +
                           " bytes, needs 12");
        if (auto ok = need_accounts(accounts, 2, "system transfer"); !ok) return ok.error();
        return DecodedInstruction{SystemTransfer{accounts[0], accounts[1], get_le(data, 4, 8)}};
    }
    if (is_token_program(program)) {
        if (data.empty()) return invalid("token instruction without a tag");
        if (data[0] == 3) {
            if (data.size() < 9) return invalid("token transfer data is too short");
            if (auto ok = need_accounts(accounts, 3, "token transfer"); !ok) return ok.error();
            return DecodedInstruction{
                TokenTransfer{program, accounts[0], accounts[1], accounts[2], get_le(data, 1, 8)}};
        }
        if (data[0] == 12) {
            if (data.size() < 10) return invalid("token transfer_checked data is too short");
            if (auto ok = need_accounts(accounts, 4, "token transfer_checked"); !ok)
                return ok.error();
            return DecodedInstruction{TokenTransferChecked{program, accounts[0], accounts[1],
                                                           accounts[2], accounts[3],
                                                           get_le(data, 1, 8), data[9]}};
        }
        return DecodedInstruction{OtherInstruction{program}};
    }
    if (program == associated_token_program_id()) {
        bool idempotent;
        if (data.empty() || (data.size() == 1 && data[0] == 0)) {
            idempotent = false;
        } else if (data.size() == 1 && data[0] == 1) {
            idempotent = true;
        } else {
            return DecodedInstruction{OtherInstruction{program}};
        }
        if (auto ok = need_accounts(accounts, 6, "create associated token account"); !ok)
            return ok.error();
        return DecodedInstruction{
            CreateAssociatedTokenAccount{accounts[0], accounts[1], accounts[2], accounts[3],
                                         accounts[4], accounts[5], idempotent}};
    }
    if (program == memo_program_id() || program == memo_v1_program_id() ||
        program == memo_v4_program_id()) {
        if (!valid_utf8(data)) return invalid("memo text is not valid UTF-8");
        return DecodedInstruction{Memo{std::string(data.begin(), data.end()),
                                       std::vector<Pubkey>(accounts.begin(), accounts.end())}};
    }
    if (program == compute_budget_program_id()) {
        if (!data.empty() && data[0] == 2) {
            if (data.size() != 5) return invalid("SetComputeUnitLimit data must be 5 bytes");
            return DecodedInstruction{
                SetComputeUnitLimit{static_cast<std::uint32_t>(get_le(data, 1, 4))}};
        }
        if (!data.empty() && data[0] == 3) {
            if (data.size() != 9) return invalid("SetComputeUnitPrice data must be 9 bytes");
            return DecodedInstruction{SetComputeUnitPrice{get_le(data, 1, 8)}};
        }
        return DecodedInstruction{OtherInstruction{program}};
    }
    return DecodedInstruction{OtherInstruction{program}};
}

Result<DecodedInstruction> decode_instruction(const Instruction& instruction) {
    std::vector<Pubkey> keys;
    for (const auto& meta : instruction.accounts) keys.push_back(meta.pubkey);
    return decode_instruction(instruction.program_id, keys, instruction.data);
}

Result<DecodedInstruction> decode_compiled(const CompiledInstruction& instruction,
                                           std::span<const Pubkey> account_keys) {
    if (instruction.program_id_index >= account_keys.size())
        return make_error(Errc::sol_malformed, "program index past the account keys");
    std::vector<Pubkey> keys;
    for (auto index : instruction.accounts) {
        if (index >= account_keys.size())
            return make_error(Errc::sol_malformed, "account index past the account keys");
        keys.push_back(account_keys[index]);
    }
    return decode_instruction(account_keys[instruction.program_id_index], keys, instruction.data);
}

Result<std::vector<DecodedInstruction>> decode_message(const Message& message) {
    if (!message.address_table_lookups.empty())
        return make_error(Errc::sol_malformed,
                          "a message with address-table lookups needs its loaded addresses "
                          "(decode a fetched transaction instead)");
    std::vector<DecodedInstruction> out;
    for (const auto& ix : message.instructions) {
        auto decoded = decode_compiled(ix, message.account_keys);
        if (!decoded) return decoded.error();
        out.push_back(std::move(*decoded));
    }
    return out;
}

}  // namespace perch::chain::solana
