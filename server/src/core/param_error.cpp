#include "core/param_error.hpp"

#include "core/enum_table.hpp"
#include "core/error.hpp"

namespace perch::params {
namespace {

// The value as the client sent it, cut short so an error never carries a whole body back.
std::string quoted(std::string_view value) {
    constexpr std::size_t kMaxShown = 100;
    if (value.size() <= kMaxShown) return "'" + std::string(value) + "'";
    return "'" + std::string(value.substr(0, kMaxShown)) + "...'";
}

constexpr EnumRow<Kind, std::string_view> kKindTexts[] = {
    {Kind::text, "text"},
    {Kind::evm_address,
     "an EVM address (0x and 40 hex digits; mixed case must be its EIP-55 checksum)"},
    {Kind::wallet_address, "a wallet address"},
    {Kind::solana_address, "a Solana address (base58 of 32 bytes)"},
    {Kind::chain_id, "a chain id"},
    {Kind::whole_number, "a whole number"}};
static_assert(covers(kKindTexts, Kind::whole_number), "one text per parameter kind");

}  // namespace

std::string describe(Kind kind) {
    return std::string(meaning_of(kKindTexts, kind, std::string_view("valid")));
}

void missing(std::string_view name) {
    throw bad_request("'" + std::string(name) + "' is required");
}

void invalid(std::string_view name, std::string_view value, std::string_view what) {
    throw bad_request("'" + std::string(name) + "': " + quoted(value) + " is not " +
                      std::string(what));
}

void invalid(std::string_view name, std::string_view value, Kind kind) {
    invalid(name, value, describe(kind));
}

}  // namespace perch::params
