#pragma once
// Wallet balances across chains: native coins with eth_getBalance, ERC-20 tokens with balanceOf,
// one JSON-RPC batch per chain and every chain at once, so a page of networks costs one round trip
// to each node. A chain that fails answers with a status instead of failing the others. Solana,
// when enabled (docs/solana.md): SOL with getBalance, SPL tokens (USDC) as the sum of the owner's
// token accounts of the mint, for base58 owners.
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "chain/address.hpp"
#include "chain/rpc/registry.hpp"
#include "chain/solana/pubkey.hpp"
#include "chain/solana/rpc.hpp"
#include "chain/u256.hpp"
#include "core/task.hpp"

namespace perch::balance {

struct TokenRef {
    std::string symbol;
    std::int64_t chain_id = 0;
    std::string address;  // lower-case 0x address (Solana: the base58 mint); empty or zero address
                          // for the native coin
    unsigned decimals = 18;
    bool native = false;
};

// status_code values of multi-balance (0 is ok, as the spec says).
// kWrongAddressKind: an EVM address asked about Solana, or a Solana address about an EVM chain.
enum StatusCode : int {
    kOk = 0,
    kRpcFailed = 1,
    kTokenNotOnChain = 2,
    kChainUnreachable = 3,
    kWrongAddressKind = 4
};

// The Solana chain's balance source: its node and the SPL tokens listed there (SOL, the native
// coin, comes from the catalog's chain entry).
struct SolanaBalanceSettings {
    std::int64_t chain_id = 0;
    chain::rpc::RpcClient* rpc = nullptr;
    std::vector<TokenRef> tokens;  // address = the base58 mint, e.g. USDC with the profile's mint
    chain::solana::Commitment commitment = chain::solana::Commitment::finalized;
};

// A token list entry's address on Solana: empty for SOL, else a mint (Errc::invalid_address).
chain::Result<std::optional<chain::solana::Pubkey>> solana_mint_of(const TokenRef& token);

struct ChainBalance {
    std::int64_t chain_id = 0;
    std::string view_value;  // formatted with the token's decimals; empty unless ok
    int status_code = kOk;
    std::string status_message;
};

class BalanceService {
  public:
    BalanceService(const catalog::Catalog& catalog, const chain::rpc::ChainRegistry& chains,
                   std::chrono::milliseconds cache_ttl = std::chrono::seconds(5));

    bool knows_chain(std::int64_t chain_id) const;
    bool knows_token(std::string_view symbol) const;
    std::optional<std::int64_t> chain_by_name(std::string_view name) const;
    std::optional<TokenRef> token(std::string_view symbol, std::int64_t chain_id) const;
    // Every listed token on the chain, the native coin first.
    std::vector<TokenRef> tokens_on(std::int64_t chain_id) const;
    // The token at `address` on the chain (the zero address: the native coin), if listed.
    std::optional<TokenRef> token_at(std::int64_t chain_id, const chain::Address& address) const;

    // One entry per requested chain, in request order; never throws for a chain's failure.
    Task<std::vector<ChainBalance>> multi_balance(chain::Address user,
                                                  std::vector<std::int64_t> chain_ids,
                                                  std::string token_symbol);
    // The same for a Solana owner: only the Solana chain has its balances.
    Task<std::vector<ChainBalance>> multi_balance(chain::solana::Pubkey user,
                                                  std::vector<std::int64_t> chain_ids,
                                                  std::string token_symbol);
    // Raw balances of several tokens on one chain in one batch. Throws RpcError when the chain
    // cannot be reached; a token whose call failed gets nullopt.
    Task<std::vector<std::optional<chain::U256>>> token_balances(std::int64_t chain_id,
                                                                 chain::Address user,
                                                                 std::vector<TokenRef> tokens);
    // Raw balances of a Solana owner (token.address: empty for SOL, else the mint). Throws
    // RpcError when Solana is not enabled or its node cannot be reached; a token whose read
    // failed gets nullopt.
    Task<std::vector<std::optional<chain::U256>>> solana_token_balances(
        chain::solana::Pubkey user, std::vector<TokenRef> tokens);
    void enable_solana(SolanaBalanceSettings settings);
    bool is_solana_chain(std::int64_t chain_id) const {
        return solana_ && solana_->chain_id == chain_id;
    }
    std::string unreachable_reason(std::int64_t chain_id) const {
        return chains_.unreachable_reason(chain_id);
    }
    // The chain's RPC client, or null when it cannot be reached.
    chain::rpc::RpcClient* rpc(std::int64_t chain_id) const { return chains_.find(chain_id); }
    // The chain's head follower while `serve` follows it, else null.
    chain::rpc::ChainFollower* follower(std::int64_t chain_id) const {
        return chains_.follower(chain_id);
    }
    bool is_evm_chain(std::int64_t chain_id) const { return evm_chains_.count(chain_id) > 0; }

  private:
    Task<ChainBalance> one_chain(chain::Address user, std::int64_t chain_id,
                                 std::string token_symbol);
    Task<ChainBalance> one_solana(chain::solana::Pubkey user, std::int64_t chain_id,
                                  std::string token_symbol);
    Task<std::vector<ChainBalance>> all_chains(std::vector<Task<ChainBalance>> tasks,
                                               std::vector<std::int64_t> chain_ids);
    // One chain's answer from a read of its one token: the value (remembered under `key`), or
    // the read's failure as kRpcFailed.
    Task<ChainBalance> answer_of(ChainBalance result, std::string key, unsigned decimals,
                                 Task<std::vector<std::optional<chain::U256>>> read);
    std::optional<ChainBalance> cached(const std::string& key) const;
    void remember(const std::string& key, const ChainBalance& value);

    const chain::rpc::ChainRegistry& chains_;
    std::map<std::int64_t, std::string> native_symbol_;
    std::map<std::int64_t, unsigned> native_decimals_;
    std::map<std::string, std::int64_t> chain_names_;  // lower-case chain_name → id
    std::vector<TokenRef> tokens_;
    std::set<std::int64_t> evm_chains_;
    std::optional<SolanaBalanceSettings> solana_;
    std::chrono::milliseconds cache_ttl_;
    mutable std::mutex cache_mutex_;
    std::map<std::string, std::pair<std::chrono::steady_clock::time_point, ChainBalance>> cache_;
};

}  // namespace perch::balance
