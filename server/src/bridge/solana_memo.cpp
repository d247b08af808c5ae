#include "bridge/solana_memo.hpp"

#include <algorithm>
#include <vector>

#include "bridge/firm_quote.hpp"
#include "core/text.hpp"

namespace perch::bridge {
namespace {

MemoParse bad(std::string why) {
    return MemoParse{std::nullopt, std::move(why)};
}

// Every field, empty ones too (text::split drops them; a memo must not be read leniently).
std::vector<std::string_view> fields(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        auto end = s.find(':', start);
        out.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
        if (end == std::string_view::npos) return out;
        start = end + 1;
    }
}

bool digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<std::int64_t> id_field(std::string_view s) {
    if (!digits(s) || (s.size() > 1 && s.front() == '0')) return std::nullopt;
    auto n = text::parse_int(s);
    if (!n || *n < 0) return std::nullopt;
    return n;
}

}  // namespace

std::optional<chain::U256> positive_decimal(std::string_view text) {
    if (!digits(text) || (text.size() > 1 && text.front() == '0')) return std::nullopt;
    auto n = chain::U256::from_dec(text);
    if (!n || n->is_zero()) return std::nullopt;
    return *n;
}

MemoParse parse_deposit_memo(std::string_view text) {
    if (text.size() > kMaxMemoBytes) return bad("the memo is longer than 256 bytes");
    auto parts = fields(text);
    if (parts[0] != "perch") return bad("the memo does not start with 'perch:'");
    if (parts.size() < 2 || parts[1] != "1")
        return bad("the memo's version is not 1 (perch:1:...)");
    if (parts.size() != 5 && parts.size() != 6) {
        return bad(
            "the memo must be perch:1:<destination chain id>:<recipient>:<channel>[:<quote "
            "id>]");
    }
    DepositMemo memo;
    auto dst = id_field(parts[2]);
    if (!dst || *dst == 0) return bad("the memo's destination chain id is not a chain id");
    memo.dst_chain_id = *dst;
    const auto& recipient = parts[3];
    if (recipient.empty()) return bad("the memo has no recipient");
    if (std::any_of(recipient.begin(), recipient.end(),
                    [](unsigned char c) { return c <= ' ' || c >= 0x7f; }))
        return bad("the memo's recipient has spaces or characters outside ASCII");
    memo.recipient = recipient;
    auto channel = id_field(parts[4]);
    if (!channel) return bad("the memo's channel is not a whole number");
    memo.channel = *channel;
    if (parts.size() == 6) {
        if (!is_quote_id(parts[5])) return bad("the memo's sixth field is not a quote id");
        memo.quote_id = parts[5];
    }
    return MemoParse{std::move(memo), {}};
}

std::string format_deposit_memo(const DepositMemo& memo) {
    auto text = "perch:1:" + std::to_string(memo.dst_chain_id) + ":" + memo.recipient + ":" +
                std::to_string(memo.channel);
    if (!memo.quote_id.empty()) text += ":" + memo.quote_id;
    return text;
}

}  // namespace perch::bridge
