#include "bridge/firm_quote.hpp"

#include <algorithm>

#include "chain/hex.hpp"

namespace perch::bridge {
namespace {

void append_word(chain::Bytes& out, const chain::Hash32& hash) {
    out.insert(out.end(), hash.bytes.begin(), hash.bytes.end());
}
void append_word(chain::Bytes& out, const chain::U256& value) {
    auto word = value.to_be_bytes32();
    out.insert(out.end(), word.begin(), word.end());
}
void append_word(chain::Bytes& out, std::int64_t value) {
    append_word(out, chain::U256(static_cast<std::uint64_t>(value)));
}
void append_string(chain::Bytes& out, std::string_view text) {
    append_word(out, chain::keccak256(text));
}

chain::Hash32 domain_separator() {
    chain::Bytes domain;
    append_string(domain, "EIP712Domain(string name,string version)");
    append_string(domain, kQuoteDomainName);
    append_string(domain, kQuoteDomainVersion);
    return chain::keccak256(domain);
}

// An EVM address matches in any letter case; anything else (base58) exactly.
bool same_recipient(std::string_view a, std::string_view b) {
    auto x = chain::Address::from_hex(a);
    auto y = chain::Address::from_hex(b);
    if (x && y) return *x == *y;
    return a == b;
}

}  // namespace

bool is_quote_id(std::string_view text) {
    return text.size() == 1 + kQuoteIdHexDigits && text.front() == 'q' &&
           std::all_of(text.begin() + 1, text.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

chain::Hash32 quote_digest(const FirmQuote& q) {
    chain::Bytes body;
    append_string(body, kQuoteType);
    append_string(body, q.id);
    append_word(body, q.from_chain);
    append_word(body, q.to_chain);
    append_string(body, q.token);
    append_word(body, q.amount);
    append_string(body, q.recipient);
    append_string(body, q.receive_token);
    append_word(body, q.receive_amount);
    append_word(body, q.channel);
    append_word(body, q.expires_at);
    chain::Bytes message{0x19, 0x01};
    append_word(message, domain_separator());
    append_word(message, chain::keccak256(body));
    return chain::keccak256(message);
}

void sign_quote(FirmQuote& quote, const chain::PrivateKey& key) {
    quote.signature = chain::to_hex(key.sign_hash(quote_digest(quote)).to_rsv65());
}

std::optional<chain::Address> quote_signer(const FirmQuote& quote) {
    auto bytes = chain::from_hex(quote.signature);
    if (!bytes) return std::nullopt;
    auto signature = chain::Signature::from_rsv65(*bytes);
    if (!signature) return std::nullopt;
    auto address = chain::recover_address(quote_digest(quote), *signature);
    if (!address) return std::nullopt;
    return *address;
}

std::string quote_mismatch(const std::optional<FirmQuote>& quote, std::string_view quote_id,
                           const QuotedDeposit& d) {
    if (!quote)
        return "the deposit names quote " + std::string(quote_id) +
               ", which this bridge never issued";
    const auto& q = *quote;
    auto differs = [&](const std::string& what, const std::string& quoted,
                       const std::string& deposited) {
        return "the deposit does not match quote " + q.id + ": its " + what + " is " + deposited +
               ", the quote's " + quoted;
    };
    if (d.from_chain != q.from_chain || d.to_chain != q.to_chain)
        return differs("route", std::to_string(q.from_chain) + " -> " + std::to_string(q.to_chain),
                       std::to_string(d.from_chain) + " -> " + std::to_string(d.to_chain));
    if (d.token != q.token) return differs("token", q.token, d.token);
    if (d.amount != q.amount) return differs("amount", q.amount.to_dec(), d.amount.to_dec());
    if (!same_recipient(d.recipient, q.recipient))
        return differs("recipient", q.recipient, d.recipient);
    if (d.channel != q.channel)
        return differs("channel", std::to_string(q.channel), std::to_string(d.channel));
    if (d.block_time <= 0)
        return "the deposit's block time is unknown, so quote " + q.id + " cannot be honoured";
    if (d.block_time > q.expires_at)
        return "quote " + q.id + " had expired when the deposit was included (block time " +
               std::to_string(d.block_time) + ", quote valid until " +
               std::to_string(q.expires_at) + ")";
    return {};
}

}  // namespace perch::bridge
