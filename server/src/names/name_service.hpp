#pragma once
// Names of addresses on the chains that have a name service (ENS on Ethereum; the chain profile's
// per-chain `ens_registry`). A name counts only when it is the address's primary (reverse) name
// AND resolves forward to the same address, and is a plain lower-case ASCII name (ens.hpp): a
// reverse record is set by the address's owner alone, so without the forward check anyone could
// claim "vitalik.eth". Each step of the resolution is one JSON-RPC batch on the chain, chains are
// asked in parallel, answers (a name or none) are kept for 10 minutes per (chain, address), and a
// chain whose node fails is left out of the answer (and not remembered).
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chain/address.hpp"
#include "chain/rpc/rpc_client.hpp"
#include "core/task.hpp"
#include "names/ttl_cache.hpp"

namespace perch::names {

// A chain with a name service: its registry and the client of its node.
struct NameChain {
    std::int64_t chain_id = 0;
    chain::Address registry;
    chain::rpc::RpcClient* rpc = nullptr;
};

struct AddressName {
    std::int64_t chain_id = 0;
    std::string name;
};

struct NameOptions {
    std::chrono::steady_clock::duration ttl = std::chrono::minutes(10);
    std::size_t max_entries = 20000;  // (chain, address) answers kept; ~100 bytes each
};

class NameService {
  public:
    explicit NameService(std::vector<NameChain> chains, NameOptions options = {});

    bool has_name_service(std::int64_t chain_id) const { return chains_.count(chain_id) > 0; }

    // The address's verified names on the asked chains that have a name service, in the order
    // asked; chains without a name service, without a name or whose node failed are left out.
    // Never throws for one chain's failure.
    Task<std::vector<AddressName>> names(chain::Address address,
                                         std::vector<std::int64_t> chain_ids);

    // The verified primary names of several addresses on one chain (nullopt: none), one batch per
    // step. Throws chain::rpc::RpcError when the node cannot be heard. Not cached.
    Task<std::vector<std::optional<std::string>>> resolve(const NameChain& chain,
                                                          std::vector<chain::Address> addresses);

  private:
    using Key = std::pair<std::int64_t, chain::Address>;
    // One chain's name of the address (nullopt: none), from the cache or the node; throws when
    // the node failed (logged, not cached), which names() reads as a chain left out.
    Task<std::optional<std::string>> one_chain(chain::Address address, std::int64_t chain_id);

    std::map<std::int64_t, NameChain> chains_;
    mutable std::mutex cache_mutex_;
    TtlCache<Key, std::optional<std::string>> cache_;
};

}  // namespace perch::names
