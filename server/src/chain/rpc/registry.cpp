#include "chain/rpc/registry.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>

namespace perch::chain::rpc {

ChainRegistry::ChainRegistry(const std::vector<ChainEndpoints>& chains, const RpcOptions& options) {
    for (const auto& chain : chains) {
        if (!chain.unsupported.empty()) {
            reasons_[chain.chain_id] = "chain " + std::to_string(chain.chain_id) +
                                       " is not reachable from this server (" + chain.unsupported +
                                       ")";
            continue;
        }
        std::vector<std::string> usable;
        std::string reason = "no RPC URL configured";
        for (const auto& url : chain.urls) {
            try {
                parse_http_url(url);
                usable.push_back(url);
            } catch (const RpcError& e) {
                reason = e.what();
            }
        }
        if (usable.empty()) {
            reasons_[chain.chain_id] = "chain " + std::to_string(chain.chain_id) +
                                       " is not reachable from this server (" + reason + ")";
        } else {
            auto labelled = options;
            labelled.label = std::to_string(chain.chain_id);
            if (chain.requests_per_second > 0)
                labelled.requests_per_second = chain.requests_per_second;
            if (chain.batch_size > 0) labelled.batch_size = chain.batch_size;
            clients_[chain.chain_id] = std::make_unique<RpcClient>(usable, labelled);
            if (chain.follow) followed_[chain.chain_id] = chain.block_time;
        }
    }
}

RpcClient* ChainRegistry::find(std::int64_t chain_id) const {
    auto it = clients_.find(chain_id);
    return it == clients_.end() ? nullptr : it->second.get();
}

std::string ChainRegistry::unreachable_reason(std::int64_t chain_id) const {
    auto it = reasons_.find(chain_id);
    if (it != reasons_.end()) return it->second;
    if (clients_.count(chain_id)) return {};
    return "unknown chain id " + std::to_string(chain_id);
}

ChainFollower* ChainRegistry::follower(std::int64_t chain_id) const {
    auto it = followers_.find(chain_id);
    return it == followers_.end() ? nullptr : it->second.get();
}

void ChainRegistry::start_following(const boost::asio::any_io_executor& executor,
                                    bool head_feed) {
    for (const auto& [id, block_time] : followed_) {
        if (followers_.count(id)) continue;
        auto& rpc = *clients_.at(id);
        FollowOptions options;
        options.block_time = block_time;
        options.head_feed = head_feed;
        auto follower = std::make_unique<ChainFollower>(rpc, options);
        rpc.set_read_cache(follower->cache());
        boost::asio::co_spawn(executor, follower->run(), boost::asio::detached);
        followers_[id] = std::move(follower);
    }
    if (!followed_.empty())
        spdlog::info("following {} chains' heads ({})", followed_.size(),
                     head_feed ? "WebSocket feed where offered, else a poll per block time"
                               : "a poll per block time");
}

void ChainRegistry::stop_following() {
    for (auto& [id, follower] : followers_) follower->stop();
}

}  // namespace perch::chain::rpc
