#pragma once
// A database belongs to the chains it was first started with: each chain's genesis (an EVM
// chain's block 0 hash, Solana's genesis hash) is recorded on the first start, and a later start
// on a chain id whose genesis differs (a restarted devnet, a reset testnet) is refused: the
// database's orders, cursors and nonces describe a chain that no longer exists.
#include <cstdint>
#include <optional>
#include <string>

#include "bridge/solana_bridge.hpp"
#include "catalog/catalog.hpp"
#include "store/store.hpp"

namespace perch::app {

// Pure: the refusal when the database holds `held` for the chain but the node says `read`
// (nullopt when they agree). `key` is the config key of the chain ("chain_profile chains[1]").
std::optional<std::string> genesis_mismatch(const std::string& key, std::int64_t chain_id,
                                            const std::string& held, const std::string& read);

// For `serve`, before anything reads a chain: reads each profile chain's genesis (and Solana's
// when bridged) and binds the database to it. A chain of another genesis is a ConfigError naming
// the chain and its config key; a chain that does not answer now is logged and bound at a later
// start.
void bind_database_to_chains(store::Store& store, const catalog::Catalog& catalog,
                             const bridge::SolanaBridge* solana);

}  // namespace perch::app
