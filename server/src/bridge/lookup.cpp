#include "bridge/lookup.hpp"

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "core/enum_table.hpp"
#include "core/text.hpp"

namespace perch::bridge {
namespace {

bool all_digits(std::string_view s) {
    return !s.empty() && s.size() <= 18 &&
           s.find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<Lookup> parse_order_key(std::string_view text) {
    auto first = text.find(':');
    auto last = text.rfind(':');
    if (first == std::string_view::npos || first == last) return std::nullopt;
    auto chain_id = text.substr(0, first);
    auto hash = chain::Hash32::from_hex(text.substr(first + 1, last - first - 1));
    auto log_index = text.substr(last + 1);
    if (!all_digits(chain_id) || !hash || !all_digits(log_index)) return std::nullopt;
    // The key as the watcher writes it: decimal numbers without leading zeros.
    return Lookup{LookupKind::order_key, std::to_string(*text::parse_int(chain_id)) + ":" +
                                             hash->hex() + ":" +
                                             std::to_string(*text::parse_int(log_index))};
}

}  // namespace

std::optional<Lookup> parse_lookup(std::string_view text) {
    text = text::trim(text);
    if (auto address = chain::Address::from_hex(text))
        return Lookup{LookupKind::address, address->lower_hex()};
    if (auto hash = chain::Hash32::from_hex(text)) return Lookup{LookupKind::tx_hash, hash->hex()};
    return parse_order_key(text);
}

std::string_view to_string(LookupKind kind) {
    static constexpr EnumRow<LookupKind, std::string_view> kNames[] = {
        {LookupKind::address, "address"},
        {LookupKind::tx_hash, "tx_hash"},
        {LookupKind::order_key, "order_key"}};
    static_assert(covers(kNames, LookupKind::order_key), "one name per LookupKind");
    return meaning_of(kNames, kind, std::string_view("address"));
}

}  // namespace perch::bridge
