#pragma once
// The bridge's Solana side as the API and the maker share it (docs/solana.md): the node (one
// pooled RpcClient), the maker's address and USDC account, what the maker holds there, and the
// unsigned deposit transaction build_tx hands to a wallet.
#include <boost/json/fwd.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "bridge/solana_deposit.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "chain/solana/pubkey.hpp"
#include "chain/solana/rpc.hpp"
#include "chain/u256.hpp"
#include "core/config.hpp"

namespace perch::bridge {

struct SolanaBridgeSettings {
    std::string rpc_url;
    chain::solana::Pubkey maker;
    chain::solana::Pubkey usdc_mint;
    chain::solana::Commitment commitment = chain::solana::Commitment::finalized;
    std::string maker_key_file;  // the config's, else the profile's; empty: the maker skips Solana
    // The compute-unit price the maker's transactions offer (micro-lamports), from the recent
    // slots' (bridge/solana_payout.hpp): at least the floor, at most the cap (the profile's
    // solana.priority_fee_floor and priority_fee_cap).
    std::uint64_t priority_fee_floor = 0;
    std::uint64_t priority_fee_cap = 1'000'000;  // 1 lamport a unit: 0.000206 SOL a SOL payout
};

// From the chain profile's "solana" entry ({rpc_url | port, usdc_mint, maker, maker_key_file,
// priority_fee_floor, priority_fee_cap})
// with the config's solana settings over it; nullopt when no node, maker or USDC mint is named
// (Solana is then not bridged here). A malformed address is a ConfigError naming it.
std::optional<SolanaBridgeSettings> solana_bridge_settings(const boost::json::value* profile,
                                                           const SolanaSettings& config);

// Lamports the maker keeps for fees and rent: never quoted or paid out.
inline constexpr std::uint64_t kSolanaReserveLamports = 50'000'000;  // 0.05 SOL

class SolanaBridge {
  public:
    explicit SolanaBridge(SolanaBridgeSettings settings, chain::rpc::RpcOptions options = {});

    const SolanaBridgeSettings& settings() const { return settings_; }
    chain::rpc::RpcClient& rpc() { return *rpc_; }
    SolanaWatch watch() const;
    // The token's mint on Solana: nullopt for SOL; the profile's mint for USDC; an error for
    // anything else (no such route).
    std::optional<chain::solana::Pubkey> mint_of(const std::string& symbol) const;
    bool knows_token(const std::string& symbol) const {
        return symbol == "SOL" || symbol == "USDC";
    }
    unsigned decimals_of(const std::string& symbol) const { return symbol == "SOL" ? 9 : 6; }

    // What the maker can pay out of `symbol` now (SOL less the reserve; USDC in its account).
    Task<chain::U256> maker_available(const std::string& symbol);

    // The unsigned deposit (fee payer `sender`, a recent blockhash): a System transfer or a
    // TransferChecked from the sender's USDC account into the maker's, and the memo. Base64 of
    // the wire bytes with zeroed signatures, and the blockhash's lastValidBlockHeight.
    struct UnsignedDeposit {
        std::string transaction;
        std::uint64_t last_valid_block_height = 0;
    };
    Task<UnsignedDeposit> deposit_transaction(const chain::solana::Pubkey& sender,
                                              const std::string& symbol, std::uint64_t amount,
                                              const std::string& memo);

  private:
    SolanaBridgeSettings settings_;
    std::unique_ptr<chain::rpc::RpcClient> rpc_;
};

}  // namespace perch::bridge
