#pragma once
// What /query was given, pure: a wallet address, a transaction hash (a deposit, payout or refund)
// or an order key ("<source chain id>:<deposit tx hash>:<n>", n the deposit's position in its
// transaction, or its log index for orders stored before that), normalised to
// the lower-case forms the store keeps.
#include <optional>
#include <string>
#include <string_view>

namespace perch::bridge {

enum class LookupKind { address, tx_hash, order_key };

struct Lookup {
    LookupKind kind = LookupKind::address;
    std::string value;  // lower-case address or hash, or the order key with a lower-case hash
};

// Surrounding spaces are ignored; nullopt for anything that is none of the three.
std::optional<Lookup> parse_lookup(std::string_view text);

std::string_view to_string(LookupKind kind);

}  // namespace perch::bridge
