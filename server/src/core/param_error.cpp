#include "core/param_error.hpp"

#include "core/error.hpp"

namespace perch::params {
namespace {

// The value as the client sent it, cut short so an error never carries a whole body back.
std::string quoted(std::string_view value) {
    constexpr std::size_t kMaxShown = 100;
    if (value.size() <= kMaxShown) return "'" + std::string(value) + "'";
    return "'" + std::string(value.substr(0, kMaxShown)) + "...'";
}

}  // namespace

std::string describe(Kind kind) {
    switch (kind) {
        case Kind::text:
            return "text";
        case Kind::evm_address:
            return "an EVM address (0x and 40 hex digits; mixed case must be its EIP-55 checksum)";
        case Kind::wallet_address:
            return "a wallet address";
        case Kind::solana_address:
            return "a Solana address (base58 of 32 bytes)";
        case Kind::chain_id:
            return "a chain id";
        case Kind::whole_number:
            return "a whole number";
    }
    return "valid";
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
