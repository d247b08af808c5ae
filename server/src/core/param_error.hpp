#pragma once
// The one wording of a request parameter's problem, for every handler and the router's path
// parameters: "'{name}' is required" and "'{name}': '{value}' is not {what it must be}".
#include <string>
#include <string_view>

namespace perch::params {

enum class Kind { text, evm_address, wallet_address, solana_address, chain_id, whole_number };

// What a parameter of the kind must be, e.g. "a chain id".
std::string describe(Kind kind);

[[noreturn]] void missing(std::string_view name);
// `what` completes "is not ...": describe(kind) or a narrower rule ("a chain this server swaps
// on").
[[noreturn]] void invalid(std::string_view name, std::string_view value, std::string_view what);
[[noreturn]] void invalid(std::string_view name, std::string_view value, Kind kind);

}  // namespace perch::params
