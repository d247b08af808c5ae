#pragma once
// The pure parts of resolving an address's name as ENS does on Ethereum (ENSIP-3 reverse
// resolution, then the forward check of ENSIP-19's "primary name"): the namehash (EIP-137), the
// reverse node of an address, which names we accept, and the eth_calls of each step with the
// reading of their answers. names::NameService runs the steps against the chains.
#include <optional>
#include <string>
#include <string_view>

#include "chain/address.hpp"
#include "chain/keccak.hpp"
#include "chain/rpc/rpc_client.hpp"

namespace perch::names {

// EIP-137 namehash: keccak(namehash(parent) ++ keccak(label)), the root ("") being 32 zero bytes.
// It hashes the labels as written; callers pass names that is_plain_name accepted (or reverse
// names).
chain::Hash32 namehash(std::string_view name);

// "<lower-case hex address without 0x>.addr.reverse", the name ENS keeps an address's primary
// name under, and its node.
std::string reverse_name(const chain::Address& address);
chain::Hash32 reverse_node(const chain::Address& address);

// The names we show: ASCII labels of a-z, 0-9, '-' and '_' joined by dots, at most 255 bytes, so
// that the name is its own ENSIP-15 normalisation (hence also: '_' only at a label's start, no
// "--" in a label's third and fourth places, no empty label). Anything else counts as no name.
// Full ENSIP-15 (Unicode, emoji, confusables) is out of scope, and a name that is not normalised
// is a spoofing vector: "Vitalik.eth" or a Cyrillic look-alike resolves to a node of its own,
// owned by whoever registered it, yet reads like the real one.
bool is_plain_name(std::string_view name);

// eth_calls of the resolution: registry.resolver(node), resolver.name(node), resolver.addr(node).
chain::rpc::Call resolver_call(const chain::Address& registry, const chain::Hash32& node);
chain::rpc::Call name_call(const chain::Address& resolver, const chain::Hash32& node);
chain::rpc::Call addr_call(const chain::Address& resolver, const chain::Hash32& node);

// An answer that is an address: nullopt for the node's error (a revert: no such record or no
// such function), malformed data (e.g. "0x" from an account without code) or the zero address.
std::optional<chain::Address> address_answer(const chain::rpc::Reply& reply);
// An answer that is an ABI string: nullopt for an error, malformed data or the empty string.
std::optional<std::string> string_answer(const chain::rpc::Reply& reply);

}  // namespace perch::names
