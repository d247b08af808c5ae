#pragma once
// The operator's key files (maker, badge signer, faucet, Solana maker), read one way: a file that
// group or others can read is refused, never silently used; every error names the config key.
#include <optional>
#include <string>

#include "chain/signer.hpp"
#include "chain/solana/keypair.hpp"

namespace perch::app {

// A whole text file; nullopt when it cannot be read.
std::optional<std::string> read_text_file(const std::string& path);

// The trimmed text of a key file that only its owner can read. `key` names the config key.
std::string read_key_text(const std::string& path, const std::string& key);

chain::PrivateKey read_evm_key(const std::string& path, const std::string& key);
// A 32-byte ed25519 seed in hex.
chain::solana::Keypair read_solana_key(const std::string& path, const std::string& key);

}  // namespace perch::app
