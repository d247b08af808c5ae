#include "bridge/swap_intent.hpp"

#include <algorithm>

#include "bridge/firm_quote.hpp"
#include "core/text.hpp"

namespace perch::bridge {
namespace {

ParsedRecipient malformed(std::string_view text, std::string why) {
    return ParsedRecipient{std::string(text), std::nullopt, {}, std::move(why)};
}

bool all_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

ParsedRecipient parse_recipient(std::string_view text) {
    auto question = text.find('?');
    if (question == std::string_view::npos) return ParsedRecipient{std::string(text), {}, {}, {}};
    auto address_text = text.substr(0, question);
    auto query = text.substr(question + 1);
    constexpr std::string_view kQuote = "quote=";
    if (query.starts_with(kQuote)) {
        if (address_text.empty()) return malformed(text, "there is no recipient before '?'");
        auto id = query.substr(kQuote.size());
        if (!is_quote_id(id)) return malformed(text, "'quote' is not a quote id and nothing else");
        return ParsedRecipient{std::string(address_text), std::nullopt, std::string(id), {}};
    }
    // The amount the depositor once wrote for itself: never paid, and said plainly.
    if (query.starts_with("out="))
        return malformed(text,
                         "an amount out ('?out=') is not accepted: a cross-asset deposit names the "
                         "firm quote build_tx issued ('?quote=<id>')");
    auto recipient = chain::Address::from_hex(address_text);
    if (!recipient)
        return malformed(text, "the recipient before '?': " + recipient.error().message);
    if (recipient->is_zero())
        return malformed(text, "the recipient before '?' is the zero address");
    constexpr std::string_view kToken = "token=";
    constexpr std::string_view kMin = "&min=";
    if (!query.starts_with(kToken))
        return malformed(text, "the destination swap must start with 'token='");
    auto token_text = query.substr(kToken.size(), 42);
    if (token_text.size() != 42 || !text::is_evm_address(token_text))
        return malformed(text, "'token' is not a 0x address of 40 hex digits");
    auto rest = query.substr(kToken.size() + 42);
    if (!rest.starts_with(kMin))
        return malformed(text, "'token' must be followed by '&min=' and nothing else");
    auto min_text = rest.substr(kMin.size());
    if (!all_digits(min_text))
        return malformed(text, "'min' must be a whole number of the token's base units");
    if (min_text.size() > 1 && min_text.front() == '0')
        return malformed(text, "'min' must not have leading zeros");
    auto min = chain::U256::from_dec(min_text);
    if (!min) return malformed(text, "'min' does not fit 256 bits");
    if (min->is_zero()) return malformed(text, "'min' must be above zero");
    auto token = chain::Address::from_hex(token_text);
    if (!token) return malformed(text, "'token': " + token.error().message);
    return ParsedRecipient{recipient->lower_hex(), SwapIntent{*token, *min}, {}, {}};
}

std::string encode_recipient(const chain::Address& recipient, const SwapIntent& intent) {
    return recipient.lower_hex() + "?token=" + intent.token.lower_hex() +
           "&min=" + intent.min_out.to_dec();
}

std::string encode_quoted_recipient(std::string_view recipient, std::string_view quote_id) {
    return std::string(recipient) + "?quote=" + std::string(quote_id);
}

}  // namespace perch::bridge
