#include "app/chain_genesis.hpp"

#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <stdexcept>
#include <vector>

#include "app/profile_check.hpp"
#include "bridge/solana_memo.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/clock.hpp"
#include "core/error.hpp"
#include "core/run_blocking.hpp"
#include "core/text.hpp"
#include "store/chain_genesis_store.hpp"

namespace perch::app {
namespace json = boost::json;

namespace {

// A chain to bind: its id, the config key that names it, its URLs and how its genesis is asked.
struct ChainToBind {
    std::int64_t chain_id = 0;
    std::string key;
    std::vector<std::string> urls;
    bool solana = false;
};

std::vector<ChainToBind> chains_to_bind(const catalog::Catalog& catalog,
                                        const bridge::SolanaBridge* solana) {
    std::vector<ChainToBind> out;
    const auto& chains = catalog.profile_chains();
    for (std::size_t i = 0; i < chains.size(); ++i)
        out.push_back({chains[i].chain_id,
                       "chain_profile chains[" + std::to_string(i) + "] (chain " +
                           std::to_string(chains[i].chain_id) + ")",
                       chains[i].rpc_urls, false});
    if (solana)
        out.push_back({bridge::kSolanaChainId,
                       "chain_profile solana (chain Solana)",
                       {solana->settings().rpc_url},
                       true});
    return out;
}

json::array block_zero_params() {
    json::array params;
    params.emplace_back("0x0");
    params.emplace_back(false);
    return params;
}

// The chain's genesis as its node says it (lower case for an EVM hash).
Task<std::string> read_genesis(const ChainToBind& chain) {
    chain::rpc::RpcClient rpc(chain.urls, probe_options());
    if (chain.solana) {
        json::array no_params;
        auto hash = co_await rpc.call("getGenesisHash", std::move(no_params));
        co_return std::string(hash.as_string());
    }
    auto block = co_await rpc.call("eth_getBlockByNumber", block_zero_params());
    if (!block.is_object() || !block.as_object().contains("hash"))
        throw std::runtime_error("the node has no block 0");
    co_return text::to_lower(block.as_object().at("hash").as_string());
}

Task<void> bind_all(store::ChainGenesisStore& genesis, std::vector<ChainToBind> chains) {
    for (const auto& chain : chains) {
        std::string read;
        try {
            read = co_await read_genesis(chain);
        } catch (const std::exception& e) {
            spdlog::warn(
                "{}: its genesis could not be read ({}); the database is bound to it at a "
                "later start",
                chain.key, e.what());
            continue;
        }
        auto held = co_await genesis.bind_genesis(chain.chain_id, read, unix_now());
        if (auto refusal = genesis_mismatch(chain.key, chain.chain_id, held, read))
            throw ConfigError(*refusal);
    }
}

}  // namespace

std::optional<std::string> genesis_mismatch(const std::string& key, std::int64_t chain_id,
                                            const std::string& held, const std::string& read) {
    if (held == read) return std::nullopt;
    return key + ": chain " + std::to_string(chain_id) + " has genesis " + read +
           ", but the database (config key 'database_url') belongs to the chain of genesis " +
           held +
           ": the chain was restarted or reset under the same id. Start with a new database for "
           "the new chain, or point this chain's URL back at the chain the database belongs to";
}

void bind_database_to_chains(store::Store& store, const catalog::Catalog& catalog,
                             const bridge::SolanaBridge* solana) {
    auto genesis = store::open_chain_genesis_store(store);
    run_blocking(bind_all(*genesis, chains_to_bind(catalog, solana)));
}

}  // namespace perch::app
