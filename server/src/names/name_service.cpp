#include "names/name_service.hpp"

#include <spdlog/spdlog.h>

#include "core/parallel.hpp"
#include "names/ens.hpp"

namespace perch::names {
using chain::rpc::Call;
using chain::rpc::Reply;

namespace {

// An address still in the running, with what the steps so far found for it.
struct Candidate {
    std::size_t index = 0;  // in the caller's list
    chain::Address address;
    chain::Hash32 reverse;  // its reverse node
    chain::Address resolver;
    std::string name;
    chain::Hash32 forward;  // the name's node
};

template <class MakeCall>
std::vector<Call> calls_for(const std::vector<Candidate>& live, MakeCall make) {
    std::vector<Call> calls;
    calls.reserve(live.size());
    for (const auto& c : live) calls.push_back(make(c));
    return calls;
}

// One step: one batch for the candidates left (none: no request at all).
Task<std::vector<Reply>> ask(chain::rpc::RpcClient& rpc, std::vector<Call> calls) {
    if (calls.empty()) co_return std::vector<Reply>{};
    co_return co_await rpc.batch(std::move(calls));
}

// Keeps the candidates whose reply `accept` takes (it records what it read into the candidate).
template <class Accept>
void keep_if(std::vector<Candidate>& live, const std::vector<Reply>& replies, Accept accept) {
    std::vector<Candidate> kept;
    for (std::size_t i = 0; i < live.size(); ++i) {
        if (accept(live[i], replies.at(i))) kept.push_back(std::move(live[i]));
    }
    live = std::move(kept);
}

// Steps 1 and 3: the registry's resolver of each candidate's `node`; those with none drop out.
Task<void> keep_with_resolver(chain::rpc::RpcClient& rpc, const chain::Address& registry,
                              std::vector<Candidate>& live, chain::Hash32 Candidate::*node) {
    auto replies = co_await ask(
        rpc, calls_for(live, [&](const Candidate& c) { return resolver_call(registry, c.*node); }));
    keep_if(live, replies, [](Candidate& c, const Reply& r) {
        auto resolver = address_answer(r);
        if (resolver) c.resolver = *resolver;
        return resolver.has_value();
    });
}

}  // namespace

NameService::NameService(std::vector<NameChain> chains, NameOptions options)
    : cache_(options.ttl, options.max_entries) {
    for (auto& c : chains) {
        if (c.rpc) chains_.emplace(c.chain_id, c);
    }
}

Task<std::vector<std::optional<std::string>>> NameService::resolve(
    const NameChain& chain, std::vector<chain::Address> addresses) {
    auto& rpc = *chain.rpc;
    std::vector<Candidate> live;
    for (std::size_t i = 0; i < addresses.size(); ++i)
        live.push_back(
            {.index = i, .address = addresses[i], .reverse = reverse_node(addresses[i])});

    // 1. The resolver of each reverse node (none: no primary name).
    co_await keep_with_resolver(rpc, chain.registry, live, &Candidate::reverse);
    // 2. The primary name it holds, if it is one we show.
    auto replies = co_await ask(
        rpc, calls_for(live, [](const Candidate& c) { return name_call(c.resolver, c.reverse); }));
    keep_if(live, replies, [](Candidate& c, const Reply& r) {
        auto name = string_answer(r);
        if (!name || !is_plain_name(*name)) return false;
        c.name = std::move(*name);
        c.forward = namehash(c.name);
        return true;
    });
    // 3. The name's own resolver.
    co_await keep_with_resolver(rpc, chain.registry, live, &Candidate::forward);
    // 4. The forward check: the name must resolve to the very address.
    replies = co_await ask(
        rpc, calls_for(live, [](const Candidate& c) { return addr_call(c.resolver, c.forward); }));
    keep_if(live, replies,
            [](Candidate& c, const Reply& r) { return address_answer(r) == c.address; });

    std::vector<std::optional<std::string>> names(addresses.size());
    for (auto& c : live) names[c.index] = std::move(c.name);
    co_return names;
}

Task<std::optional<std::string>> NameService::one_chain(chain::Address address,
                                                        std::int64_t chain_id) {
    Key key{chain_id, address};
    {
        std::lock_guard lock(cache_mutex_);
        if (auto hit = cache_.find(key, std::chrono::steady_clock::now())) co_return *hit;
    }
    std::optional<std::string> name;
    try {
        std::vector<chain::Address> one{address};
        auto names = co_await resolve(chains_.at(chain_id), std::move(one));
        name = std::move(names.at(0));
    } catch (const std::exception& e) {
        spdlog::warn("names: chain {} left out for {}: {}", chain_id, address.lower_hex(),
                     e.what());
        throw;  // not remembered: the next request asks again
    }
    std::lock_guard lock(cache_mutex_);
    cache_.put(key, name, std::chrono::steady_clock::now());
    co_return name;
}

Task<std::vector<AddressName>> NameService::names(chain::Address address,
                                                  std::vector<std::int64_t> chain_ids) {
    std::erase_if(chain_ids, [this](std::int64_t id) { return !has_name_service(id); });
    std::vector<Task<std::optional<std::string>>> reads;
    reads.reserve(chain_ids.size());
    for (auto id : chain_ids) reads.push_back(one_chain(address, id));
    // None: the chain's node failed (one_chain logged it); a chain left out like one without a
    // name.
    auto answers = co_await in_parallel(std::move(reads));
    std::vector<AddressName> out;
    for (std::size_t i = 0; i < answers.size(); ++i)
        if (answers[i] && *answers[i])
            out.push_back({.chain_id = chain_ids[i], .name = std::move(**answers[i])});
    co_return out;
}

}  // namespace perch::names
